import { type AttachedRecord } from '@legal/api';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { bulkContractsPath, contractPath } from '../contracts/contracts-path';
import './files-i18n';

/** Where a record of a known type lives in the app (null: shown without a link). */
function addressOf(workspaceName: string, record: AttachedRecord): string | null {
  switch (record.type) {
    case 'CONTRACT': return contractPath(workspaceName, Number(record.id));
    case 'CONTRACT_BULK_REQUEST': return bulkContractsPath(workspaceName);
    case 'NOTICE': return `/${encodeURIComponent(workspaceName)}/notices`;
    default: return null;
  }
}

const KNOWN_TYPES = ['CONTRACT', 'CONTRACT_BULK_REQUEST', 'NOTICE'] as const;
type KnownType = (typeof KNOWN_TYPES)[number];
const isKnown = (type: string): type is KnownType => (KNOWN_TYPES as readonly string[]).includes(type);

/**
 * What a file is attached to, as the server lists it (only records the caller may read): "계약:
 * <title>" linking to the contract, and so on. Nothing for a free file unless `showNone`.
 */
export function AttachedTo({ records, showNone = false }: { records: readonly AttachedRecord[]; showNone?: boolean }) {
  const { t } = useTranslation('files');
  const { workspaceName } = useParams();
  if (records.length === 0) return showNone ? <Text size="sm" c="dimmed">{t('attached.none')}</Text> : null;
  return (
    <Group gap={4} wrap="wrap" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('attached.label')}>
      {records.map((record) => {
        const kind = t(`attached.types.${isKnown(record.type) ? record.type : 'OTHER'}`);
        const to = workspaceName ? addressOf(workspaceName, record) : null;
        return (
          <Text component="li" key={`${record.type}:${record.id}`} size="xs" c="dimmed" maw={320} truncate title={`${kind}: ${record.label}`}>
            {kind}:{' '}
            {to ? (
              <Anchor component={Link} to={to} size="xs">
                {record.label}
              </Anchor>
            ) : (
              record.label
            )}
          </Text>
        );
      })}
    </Group>
  );
}
