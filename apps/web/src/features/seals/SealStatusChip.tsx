import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { type SessionState, useSession } from '../../lib/session';
import { findEntryByName } from '../workspaces/workspace-selection';
import { useSealSyncStatus } from './seal-queries';
import { usageRequestPath } from './seals-path';
import './seals-i18n';

const selectLauncher = (s: SessionState) => s.launcher;
const COLOR = { PENDING: 'blue', SYNCED: 'teal', MISMATCH: 'red' } as const;

/**
 * The contract page's seal chip (signatures/sync-status): whether the seals applied to the
 * contract match its approved usage requests. Nothing when the workspace has no seals or no seal
 * is involved; a link to the contract's latest request when there is one.
 */
export function SealStatusChip({ contractId, workspaceName }: { contractId: number; workspaceName: string }) {
  const { t } = useTranslation('seals');
  const launcher = useSession(selectLauncher);
  const hasSeals = findEntryByName(launcher, workspaceName)?.products.some((p) => p.type === 'SEAL') ?? false;
  const sync = useSealSyncStatus(contractId, hasSeals);
  if (!hasSeals || sync.isPending) return null;
  if (sync.isError) {
    if (isApiError(sync.error) && (sync.error.status === 403 || sync.error.status === 404)) return null;
    return (
      <Badge variant="outline" color="gray" size="sm">
        {t('chip.failed')}
      </Badge>
    );
  }
  const { status, requests, applications } = sync.data;
  if (status === 'NONE') return null;
  const label = t('chip.label', { status: t(`vocab.sync.${status}`) });
  const latest = requests.at(-1);
  const badge = (
    <Badge variant="light" color={COLOR[status]} size="sm" style={latest ? { cursor: 'pointer' } : undefined}>
      {label}
    </Badge>
  );
  return (
    <Tooltip label={`${t('chip.requests', { count: requests.length })} · ${t('chip.applications', { count: applications })}`} withArrow>
      {latest ? (
        <Link to={usageRequestPath(workspaceName, latest.requestId)} aria-label={label} style={{ textDecoration: 'none' }}>
          {badge}
        </Link>
      ) : (
        <span>{badge}</span>
      )}
    </Tooltip>
  );
}
