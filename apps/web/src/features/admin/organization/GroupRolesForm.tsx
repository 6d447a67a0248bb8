import type { GroupDetail } from '@legal/api';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllRoles, useGroupMutations } from './organization-queries';
import { roleLabel } from './role-names';
import { useUiLocale } from './use-ui-locale';
import '../admin-i18n';
import './organization-i18n';

/** The roles a group gives its members (replaced as a whole on save). */
export function GroupRolesForm({ group, canEdit }: { group: GroupDetail; canEdit: boolean }) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const locale = useUiLocale();
  const roles = useAllRoles();
  const { setRoles } = useGroupMutations();
  const saved = group.roles.map((r) => String(r.id));
  const [value, setValue] = useState<string[]>(saved);
  const isDirty = value.length !== saved.length || value.some((v) => !saved.includes(v));
  const data = (roles.data?.content ?? group.roles).map((r) => ({ value: String(r.id), label: roleLabel(r, locale) }));

  return (
    <Stack gap="xs">
      <MultiSelect
        label={t('groups.rolesLabel')}
        description={t('groups.rolesDescription')}
        data={data}
        value={value}
        onChange={setValue}
        searchable
        clearable
        disabled={!canEdit}
        nothingFoundMessage={t('groups.noRoleFound')}
        error={roles.isError ? t('groups.rolesLoadFailed') : undefined}
      />
      {canEdit ? (
        <Group justify="flex-end" gap="xs">
          {isDirty ? (
            <Text size="xs" c="dimmed">
              {t('groups.rolesUnsaved')}
            </Text>
          ) : null}
          <Button variant="default" size="xs" disabled={!isDirty} onClick={() => setValue(saved)}>
            {ta('actions.reset')}
          </Button>
          <Button
            size="xs"
            disabled={!isDirty}
            loading={setRoles.isPending}
            onClick={() => setRoles.mutate({ groupId: group.id, roleIds: value.map(Number) }, { onSuccess: () => notifications.show({ color: 'green', message: t('groups.rolesSaved') }) })}
          >
            {ta('actions.save')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
