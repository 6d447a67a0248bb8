import { type ContractDetail } from '@legal/api';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirmAction } from '../admin/confirm';
import { BookmarkToggle } from './BookmarkToggle';
import { IconTrash } from './contract-icons';
import { useDeleteContract } from './contract-mutations';
import { ContractStatusBadge } from './ContractStatusBadge';
import { contractsPath } from './contracts-path';
import './contracts-i18n';

/** The contract's name, status and bookmark, and its deletion (soft, for who may delete it). */
export function ContractHeader({ contract, workspaceName, canDelete }: { contract: ContractDetail; workspaceName: string; canDelete: boolean }) {
  const { t } = useTranslation('contracts');
  const navigate = useNavigate();
  const remove = useDeleteContract();
  const confirmDelete = () =>
    confirmAction({
      title: t('detail.deleteTitle'),
      message: t('detail.deleteMessage', { title: contract.title }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      isDestructive: true,
      onConfirm: () =>
        remove.mutate(contract.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('detail.deleted') });
            void navigate(contractsPath(workspaceName));
          },
        }),
    });
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={contractsPath(workspaceName)} size="sm">
        {t('title')}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" align="center" style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {contract.title}
          </Title>
          <ContractStatusBadge status={contract.status} />
          {contract.abilities.canBookmark ? <BookmarkToggle contractId={contract.id} title={contract.title} isBookmarked={contract.isBookmarked} /> : null}
        </Group>
        {canDelete ? (
          <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={confirmDelete} loading={remove.isPending}>
            {t('actions.delete')}
          </Button>
        ) : null}
      </Group>
      {contract.conhubContractId ? (
        <Text size="sm" c="dimmed">
          {t('detail.conhubId', { id: contract.conhubContractId })}
        </Text>
      ) : null}
    </Stack>
  );
}
