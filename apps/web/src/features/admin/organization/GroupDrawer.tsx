import { Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { confirmAction } from '../confirm';
import { GroupFormModal } from './GroupFormModal';
import { GroupRolesForm } from './GroupRolesForm';
import { MembersPanel } from './MembersPanel';
import { IconPencil, IconTrash } from './organization-icons';
import { useGroupDetail, useGroupMutations } from './organization-queries';
import '../admin-i18n';
import './organization-i18n';

/** One group: name and description, the roles it gives, its members; edit and delete. */
export function GroupDrawer({ groupId, canEdit, onClose }: { groupId: number | null; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const detail = useGroupDetail(groupId);
  const { remove, setMembers } = useGroupMutations();
  const [isEditing, setEditing] = useState(false);
  const group = detail.data;

  const askDelete = () =>
    group &&
    confirmAction({
      title: t('groups.deleteTitle'),
      message: t('groups.deleteMessage', { name: group.name, count: group.memberCount }),
      confirmLabel: ta('actions.delete'),
      cancelLabel: ta('actions.cancel'),
      isDestructive: true,
      onConfirm: () =>
        remove.mutate(group.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: ta('feedback.deleted') });
            onClose();
          },
        }),
    });

  return (
    <Drawer opened={groupId !== null} onClose={onClose} position="right" size="lg" title={group?.name ?? t('groups.title')}>
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : group ? (
        <Stack gap="md">
          {group.description ? <Text size="sm">{group.description}</Text> : null}
          {canEdit ? (
            <Group gap="xs">
              <Button variant="light" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setEditing(true)}>
                {ta('actions.edit')}
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={askDelete} loading={remove.isPending}>
                {ta('actions.delete')}
              </Button>
            </Group>
          ) : null}
          <Divider />
          <GroupRolesForm key={group.roles.map((r) => r.id).join(',')} group={group} canEdit={canEdit} />
          <Divider />
          <MembersPanel
            members={group.members}
            targetName={group.name}
            canEdit={canEdit}
            isSaving={setMembers.isPending}
            onChange={(userIds) => setMembers.mutate({ groupId: group.id, userIds }, { onSuccess: () => notifications.show({ color: 'green', message: t('members.saved') }) })}
          />
          <GroupFormModal group={isEditing ? group : null} opened={isEditing} onClose={() => setEditing(false)} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
