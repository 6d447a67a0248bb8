import { type WorkspaceUserDetail } from '@legal/api';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../confirm';
import { useUserMutations } from './user-queries';
import '../admin-i18n';
import './users-i18n';

/** Deactivate, reactivate, unlock and force a password reset: each asks first and shows only when the abilities allow it. */
export function UserActions({ user }: { user: WorkspaceUserDetail }) {
  const { t } = useTranslation('users');
  const { t: ta } = useTranslation('admin');
  const mutations = useUserMutations(user.userId);
  const name = user.displayName;
  const ask = (action: 'deactivate' | 'reactivate' | 'unlock' | 'forceReset', run: () => void) =>
    confirmAction({
      title: t(`actions.${action}Title`),
      message: t(`actions.${action}Message`, { name }),
      confirmLabel: t(`actions.${action}`),
      cancelLabel: ta('actions.cancel'),
      isDestructive: action === 'deactivate' || action === 'forceReset',
      onConfirm: run,
    });
  const done = (message: string) => () => notifications.show({ color: 'green', message });
  const { abilities } = user;

  return (
    <Group gap="xs" role="group" aria-label={t('actions.title')}>
      {abilities.canDeactivate ? (
        <Button size="xs" variant="light" color="red" loading={mutations.deactivate.isPending} onClick={() => ask('deactivate', () => mutations.deactivate.mutate(undefined, { onSuccess: done(t('actions.deactivated')) }))}>
          {t('actions.deactivate')}
        </Button>
      ) : null}
      {abilities.canReactivate ? (
        <Button size="xs" variant="light" loading={mutations.reactivate.isPending} onClick={() => ask('reactivate', () => mutations.reactivate.mutate(undefined, { onSuccess: done(t('actions.reactivated')) }))}>
          {t('actions.reactivate')}
        </Button>
      ) : null}
      {abilities.canUnlock ? (
        <Button size="xs" variant="light" loading={mutations.unlock.isPending} onClick={() => ask('unlock', () => mutations.unlock.mutate(undefined, { onSuccess: done(t('actions.unlocked')) }))}>
          {t('actions.unlock')}
        </Button>
      ) : null}
      {abilities.canForcePasswordReset ? (
        <Button
          size="xs"
          variant="light"
          color="orange"
          loading={mutations.forceReset.isPending}
          onClick={() =>
            ask('forceReset', () =>
              mutations.forceReset.mutate(undefined, { onSuccess: (data) => notifications.show({ color: 'green', message: t('actions.forceResetDone', { count: data.revokedSessions }) }) }),
            )
          }
        >
          {t('actions.forceReset')}
        </Button>
      ) : null}
    </Group>
  );
}
