import { type UserOptions, type WorkspaceUserDetail } from '@legal/api';
import { Divider, Drawer, Stack, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsTable } from '../../../components/DetailsTable';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { useFormatDateTime } from '../../../lib/i18n';
import { UserActions } from './UserActions';
import { UserProfileForm } from './UserProfileForm';
import { UserRolesForm } from './UserRolesForm';
import { UserStatusBadge } from './UserStatusBadge';
import { useUserDetail } from './user-queries';
import './users-i18n';

function AccountDetails({ user }: { user: WorkspaceUserDetail }) {
  const { t } = useTranslation('users');
  const formatDateTime = useFormatDateTime();
  const none = t('details.none');
  const rows: Array<readonly [string, ReactNode]> = [
    [t('details.loginId'), user.loginId],
    [t('details.accountName'), user.name],
    [
      t('details.status'),
      <Stack key="status" gap={2}>
        <UserStatusBadge status={user.status} isLocked={user.isLocked} />
        {user.accountStatus === 'DISABLED' ? <Text size="xs" c="red">{t('details.accountDisabled')}</Text> : null}
      </Stack>,
    ],
    ...(user.deactivatedAt ? [[t('details.deactivatedAt'), formatDateTime(user.deactivatedAt)] as const] : []),
    [
      t('details.lock'),
      user.isLocked && user.lockedUntil
        ? t('details.lockedUntil', { time: formatDateTime(user.lockedUntil), count: user.failedLoginCount })
        : t('details.notLocked', { count: user.failedLoginCount }),
    ],
    [t('details.lastSignIn'), user.lastSignIn ? `${formatDateTime(user.lastSignIn.at)}${user.lastSignIn.ip ? ` · ${user.lastSignIn.ip}` : ''}` : t('never')],
    [t('details.passwordExpiresAt'), user.passwordExpiresAt ? formatDateTime(user.passwordExpiresAt) : none],
    [t('details.sessions'), t('details.sessionCount', { count: user.liveSessionCount })],
    [t('details.groups'), user.groups.map((g) => g.name).join(', ') || none],
    [t('details.groupRoles'), user.groupRoles.map((r) => t('details.groupRole', { role: r.name, group: r.groupName })).join(', ') || none],
    [t('details.joinedAt'), formatDateTime(user.createdAt)],
  ];
  return <DetailsTable rows={rows} labelWidth={140} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The open member: account facts, account actions, the profile form and the roles form. */
export function UserDrawer({ userId, options, onClose }: { userId: number | null; options: UserOptions | undefined; onClose: () => void }) {
  const { t } = useTranslation('users');
  const query = useUserDetail(userId);
  const user = query.data;
  let body: ReactNode = null;
  if (userId !== null) {
    if (query.isPending) body = <LoadingState />;
    else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
    else if (user) {
      body = (
        <Stack gap="lg">
          <Section title={t('details.title')}>
            <AccountDetails user={user} />
            <UserActions user={user} />
          </Section>
          <Divider />
          <Section title={t('profile.title')}>
            <UserProfileForm key={`${user.userId}:${user.status}`} user={user} options={options} />
          </Section>
          <Divider />
          <Section title={t('roles.title')}>
            <UserRolesForm key={`${user.userId}:${user.roles.map((r) => r.id).join(',')}`} user={user} options={options} />
          </Section>
        </Stack>
      );
    }
  }
  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Text fw={600}>{user?.displayName ?? t('drawer.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
    >
      {body}
    </Drawer>
  );
}
