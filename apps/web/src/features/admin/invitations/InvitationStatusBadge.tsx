import { type InvitationStatus } from '@legal/api';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './invitations-i18n';

const COLORS: Record<InvitationStatus, string> = { PENDING: 'blue', ACCEPTED: 'green', CANCELED: 'gray' };

/** The status of an invitation, with the expired flag of a pending one. */
export function InvitationStatusBadge({ status, expired }: { status: InvitationStatus; expired: boolean }) {
  const { t } = useTranslation('invitations');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={COLORS[status]} variant="light">
        {t(`status.${status}`)}
      </Badge>
      {expired ? (
        <Badge color="orange" variant="outline">
          {t('status.expired')}
        </Badge>
      ) : null}
    </Group>
  );
}
