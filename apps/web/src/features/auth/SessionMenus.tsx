import { Group } from '@mantine/core';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher';
import { UserMenu } from './UserMenu';

/** The signed-in part of the header, loaded only once someone is signed in. */
export function SessionMenus() {
  return (
    <Group gap="xs" wrap="nowrap">
      <WorkspaceSwitcher />
      <UserMenu />
    </Group>
  );
}
