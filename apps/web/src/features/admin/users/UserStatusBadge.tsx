import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type UserStatus } from '@legal/api';
import './users-i18n';

/** Active or deactivated, and locked when the sign-in lock is on. */
export function UserStatusBadge({ status, isLocked }: { status: UserStatus; isLocked: boolean }) {
  const { t } = useTranslation('users');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={status === 'ACTIVE' ? 'green' : 'gray'}>
        {t(`status.${status}`)}
      </Badge>
      {isLocked ? (
        <Badge variant="light" color="red">
          {t('status.locked')}
        </Badge>
      ) : null}
    </Group>
  );
}
