import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { IconLayoutGrid, IconLogout, IconUser } from '../../components/icons';
import { useSession, type SessionState } from '../../lib/session';
import { useSignOut } from './sign-out';

const selectName = (s: SessionState) => s.userInfo?.name ?? s.userInfo?.loginId ?? '';
const selectHasWorkspaces = (s: SessionState) => s.launcher.length > 0;

/** The signed-in user's menu (their name beside an avatar): profile, launcher (for members of a workspace), sign-out. */
export function UserMenu() {
  const { t } = useTranslation('auth');
  const name = useSession(selectName);
  const hasWorkspaces = useSession(selectHasWorkspaces);
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        {/* The name is the visible text, so the accessible name starts with it (WCAG 2.5.3, label in name). */}
        <UnstyledButton aria-label={`${name} · ${t('session.userMenu')}`}>
          <Group gap={8} wrap="nowrap">
            <Avatar name={name} color="initials" size={34} radius="xl">
              <IconUser size={18} aria-hidden="true" />
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="lg" maw={160} truncate>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to={PATHS.profile} leftSection={<IconUser size={16} aria-hidden="true" />}>
          {t('session.profile')}
        </Menu.Item>
        {hasWorkspaces ? (
          <Menu.Item component={Link} to={PATHS.launcher} leftSection={<IconLayoutGrid size={16} aria-hidden="true" />}>
            {t('session.launcher')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void signOut()}>
          {t('session.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
