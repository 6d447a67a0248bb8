import { type UserOptions, type WorkspaceUserDetail } from '@legal/api';
import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserMutations } from './user-queries';
import './users-i18n';

/** The roles the member holds directly (roles through groups are shown in the account details). */
export function UserRolesForm({ user, options }: { user: WorkspaceUserDetail; options: UserOptions | undefined }) {
  const { t } = useTranslation('users');
  const { setRoles } = useUserMutations(user.userId);
  const [roleIds, setRoleIds] = useState(() => user.roles.map((r) => String(r.id)));
  const data = (options?.roles ?? user.roles).map((role) => ({ value: String(role.id), label: role.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRoles.mutate(roleIds.map(Number), { onSuccess: () => notifications.show({ color: 'green', message: t('roles.saved') }) });
  };

  return (
    <form onSubmit={submit} aria-label={t('roles.title')}>
      <Stack gap="sm">
        {user.isLastSuperManager ? (
          <Alert color="yellow" variant="light">
            {t('roles.lastSuperManager')}
          </Alert>
        ) : null}
        <MultiSelect
          label={t('roles.label')}
          placeholder={roleIds.length ? undefined : t('roles.placeholder')}
          data={data}
          value={roleIds}
          onChange={setRoleIds}
          disabled={!user.abilities.canChangeRoles}
          searchable
          clearable
        />
        {setRoles.isError ? (
          <Text size="sm" c="red" role="alert">
            {setRoles.error.message}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={setRoles.isPending} disabled={!user.abilities.canChangeRoles}>
            {t('roles.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
