import type { DeletionRequestStatus } from '@legal/api';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './workspace-settings-i18n';

const COLORS: Record<DeletionRequestStatus, string> = { PENDING: 'yellow', APPROVED: 'red', REJECTED: 'gray', CANCELED: 'gray', PURGED: 'dark' };

/** The status of a deletion request in the interface language. */
export function DeletionStatusBadge({ status }: { status: DeletionRequestStatus }) {
  const { t } = useTranslation('workspaceSettings');
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`deletion.status.${status}`)}
    </Badge>
  );
}
