import type { OrganizationMember } from '@legal/api';
import { ActionIcon, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { confirmAction } from '../confirm';
import { MemberOrgLine, MemberPicker } from './MemberPicker';
import { IconX } from './organization-icons';
import '../admin-i18n';
import './organization-i18n';

export interface MembersPanelProps {
  members: OrganizationMember[];
  /** What the members belong to, for the removal question ("법무팀"). */
  targetName: string;
  /** Saves the complete new set of user ids. */
  onChange: (userIds: number[]) => void;
  isSaving: boolean;
  canEdit: boolean;
}

/** The members of a role, group or division: a picker to add, a list with a remove button (asked first). */
export function MembersPanel({ members, targetName, onChange, isSaving, canEdit }: MembersPanelProps) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const ids = members.map((m) => m.userId);
  const askRemove = (member: OrganizationMember) =>
    confirmAction({
      title: t('members.removeTitle'),
      message: t('members.removeMessage', { name: member.displayName, target: targetName }),
      confirmLabel: t('members.remove'),
      cancelLabel: ta('actions.cancel'),
      isDestructive: true,
      onConfirm: () => onChange(ids.filter((id) => id !== member.userId)),
    });

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('members.title', { count: members.length })}
      </Title>
      {canEdit ? <MemberPicker excludeIds={new Set(ids)} onAdd={(added) => onChange([...ids, ...added])} isSaving={isSaving} /> : null}
      {members.length === 0 ? (
        <EmptyState title={t('members.emptyTitle')} description={t('members.emptyDescription')} />
      ) : (
        <Table verticalSpacing="xs" aria-label={t('members.caption', { target: targetName })}>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.userId}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {member.displayName}
                    </Text>
                    {member.status === 'DEACTIVATED' ? (
                      <Badge size="xs" color="gray" variant="light">
                        {t('members.deactivated')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {member.loginId}
                  </Text>
                  <MemberOrgLine member={member} />
                </Table.Td>
                {canEdit ? (
                  <Table.Td w={48} ta="right">
                    <ActionIcon variant="subtle" color="red" aria-label={t('members.removeLabel', { name: member.displayName })} onClick={() => askRemove(member)} disabled={isSaving}>
                      <IconX size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
