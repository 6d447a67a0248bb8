import { Badge, Button, Divider, Drawer, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { confirmAction } from '../confirm';
import { MembersPanel } from './MembersPanel';
import { IconPencil, IconTrash } from './organization-icons';
import { usePermissionCatalogue, useRoleDetail, useRoleMutations } from './organization-queries';
import { roleLabel } from './role-names';
import { RoleFormModal } from './RoleFormModal';
import { useUiLocale } from './use-ui-locale';
import '../admin-i18n';
import './organization-i18n';

/** One role: what it allows, who holds it (editable) and which groups give it; edit and delete. */
export function RoleDrawer({ roleId, onClose }: { roleId: number | null; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const locale = useUiLocale();
  const detail = useRoleDetail(roleId);
  const catalogue = usePermissionCatalogue();
  const { remove, setMembers } = useRoleMutations();
  const [isEditing, setEditing] = useState(false);
  const role = detail.data;
  const name = role ? roleLabel(role, locale) : '';
  const describe = (permission: string) =>
    catalogue.data?.areas.flatMap((a) => a.permissions).find((p) => p.name === permission)?.description[locale] ?? permission;

  const askDelete = () =>
    role &&
    confirmAction({
      title: t('roles.deleteTitle'),
      message: t('roles.deleteMessage', { name }),
      confirmLabel: ta('actions.delete'),
      cancelLabel: ta('actions.cancel'),
      isDestructive: true,
      onConfirm: () =>
        remove.mutate(role.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: ta('feedback.deleted') });
            onClose();
          },
        }),
    });

  return (
    <Drawer opened={roleId !== null} onClose={onClose} position="right" size="lg" title={name || t('roles.title')}>
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : role ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light" color={role.isBuiltIn ? 'gray' : 'blue'}>
              {role.isBuiltIn ? t('roles.builtIn') : t('roles.custom')}
            </Badge>
            {role.isLocked ? <Badge variant="light" color="gray">{t('roles.locked')}</Badge> : null}
          </Group>
          {role.description ? <Text size="sm">{role.description}</Text> : null}
          <Group gap="xs">
            <Button variant="light" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setEditing(true)} disabled={!role.abilities.canEditDescription}>
              {ta('actions.edit')}
            </Button>
            <Tooltip label={t('roles.cannotDelete')} disabled={role.abilities.canDelete}>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={askDelete} disabled={!role.abilities.canDelete} loading={remove.isPending}>
                {ta('actions.delete')}
              </Button>
            </Tooltip>
          </Group>
          <Divider />
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('roles.permissionCount', { count: role.permissions.length })}
            </Text>
            <List size="sm" spacing={2}>
              {role.permissions.map((p) => (
                <List.Item key={p}>{describe(p)}</List.Item>
              ))}
            </List>
          </Stack>
          <Divider />
          <MembersPanel
            members={role.members}
            targetName={name}
            canEdit={role.abilities.canEditMembers}
            isSaving={setMembers.isPending}
            onChange={(userIds) => setMembers.mutate({ roleId: role.id, userIds }, { onSuccess: () => notifications.show({ color: 'green', message: t('members.saved') }) })}
          />
          <Divider />
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('roles.groupsTitle')}
            </Text>
            {role.groups.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('roles.noGroups')}
              </Text>
            ) : (
              <List size="sm" spacing={2}>
                {role.groups.map((g) => (
                  <List.Item key={g.id}>{t('roles.groupLine', { name: g.name, count: g.memberCount })}</List.Item>
                ))}
              </List>
            )}
          </Stack>
          <RoleFormModal role={isEditing ? role : null} opened={isEditing} onClose={() => setEditing(false)} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
