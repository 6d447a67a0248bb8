import { type RoleRequestStatus } from '@legal/api';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './role-requests-i18n';

const COLORS: Record<RoleRequestStatus, string> = { PENDING: 'blue', APPROVED: 'green', REJECTED: 'red', CANCELED: 'gray' };

export function RoleRequestStatusBadge({ status }: { status: RoleRequestStatus }) {
  const { t } = useTranslation('roleRequests');
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
