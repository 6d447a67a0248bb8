import { type ContractDetail } from '@legal/api';
import { Checkbox, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormFooter } from '../../components/FormFooter';
import { isApiError } from '../../lib/api';
import { useCopyContract } from './completion-mutations';
import { contractPath } from './contracts-path';
import './contracts-i18n';

/** "Copy": a new DRAFT from this contract (files on request), then its page opens. */
export function CopyContractModal({ contract, workspaceName, opened, onClose }: { contract: ContractDetail; workspaceName: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const navigate = useNavigate();
  const copy = useCopyContract(contract.id);
  const [copyFiles, setCopyFiles] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    setFailure(null);
    copy.mutate(
      { copyFiles },
      {
        onSuccess: (created) => {
          notifications.show({ color: 'green', message: t('completion.copied', { title: created.title }) });
          onClose();
          void navigate(contractPath(workspaceName, created.id));
        },
        onError: (error) => setFailure(isApiError(error) ? error.message : t('errors.saveFailed')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('completion.copyTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{t('completion.copyMessage', { title: contract.title })}</Text>
        {contract.files.length > 0 ? (
          <Checkbox label={t('completion.copyFiles')} checked={copyFiles} onChange={(e) => setCopyFiles(e.currentTarget.checked)} />
        ) : null}
        <FormFooter failure={failure} onCancel={onClose} cancelLabel={t('actions.cancel')} submitLabel={t('completion.copy')} isPending={copy.isPending} onSubmit={submit} />
      </Stack>
    </Modal>
  );
}
