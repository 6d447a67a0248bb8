import { type ContractDetail } from '@legal/api';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useHasAnyPermission } from '../../lib/session';
import { confirmAction } from '../admin/confirm';
import { BookmarkToggle } from './BookmarkToggle';
import { COMPLETABLE, CompletionModal } from './CompletionModal';
import { IconTrash } from './contract-icons';
import { useDeleteContract } from './contract-mutations';
import { CREATE_PERMISSIONS } from './contract-permissions';
import { CopyContractModal } from './CopyContractModal';
import { SealStatusChip } from '../seals/SealStatusChip';
import { ContractStatusBadge } from './ContractStatusBadge';
import { contractsPath } from './contracts-path';
import './contracts-i18n';

/** The contract's name, status and bookmark; marking it executed, copying it and its deletion (soft), for who may. */
export function ContractHeader({ contract, workspaceName, canDelete }: { contract: ContractDetail; workspaceName: string; canDelete: boolean }) {
  const { t } = useTranslation('contracts');
  const navigate = useNavigate();
  const remove = useDeleteContract();
  const canCopy = useHasAnyPermission(CREATE_PERMISSIONS);
  const canComplete = contract.abilities.canUpdate && (COMPLETABLE as readonly string[]).includes(contract.status);
  const [dialog, setDialog] = useState<'complete' | 'copy' | null>(null);
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
          <SealStatusChip contractId={contract.id} workspaceName={workspaceName} />
          {contract.abilities.canBookmark ? <BookmarkToggle contractId={contract.id} title={contract.title} isBookmarked={contract.isBookmarked} /> : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {canComplete ? (
            <Button variant="light" onClick={() => setDialog('complete')}>
              {t('completion.markExecuted')}
            </Button>
          ) : null}
          {canCopy ? (
            <Button variant="default" onClick={() => setDialog('copy')}>
              {t('completion.copy')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={confirmDelete} loading={remove.isPending}>
              {t('actions.delete')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {dialog === 'complete' ? <CompletionModal contract={contract} opened onClose={() => setDialog(null)} /> : null}
      {dialog === 'copy' ? <CopyContractModal contract={contract} workspaceName={workspaceName} opened onClose={() => setDialog(null)} /> : null}
      {contract.conhubContractId ? (
        <Text size="sm" c="dimmed">
          {t('detail.conhubId', { id: contract.conhubContractId })}
        </Text>
      ) : null}
    </Stack>
  );
}
