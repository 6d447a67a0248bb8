import { CompleteContractBodySchema, type ContractDetail, type SigningType } from '@legal/api';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { FormFooter } from '../../components/FormFooter';
import { schemaErrors, useCheckedSave, useErrorText } from './contract-form-errors';
import { useVocabulary } from './contract-vocabulary';
import { useCompleteContract } from './completion-mutations';
import './contracts-i18n';

/** Statuses from which a contract signed outside the system may be marked executed (the server decides, 409 otherwise). */
export const COMPLETABLE = ['DRAFT', 'IN_REVIEW'] as const;

const today = () => new Date().toLocaleDateString('sv-SE');

/**
 * "Mark as executed": records the signing of a contract signed outside the system (signed date,
 * signing type) and moves it to SIGNED or ACTIVE. Checked with the server's own schema first.
 */
export function CompletionModal({ contract, opened, onClose }: { contract: ContractDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const errorText = useErrorText();
  const complete = useCompleteContract(contract.id);
  const [signedDate, setSignedDate] = useState(contract.signedDate ?? today());
  const [signingType, setSigningType] = useState<SigningType | null>(contract.signingType);
  const [status, setStatus] = useState<'SIGNED' | 'ACTIVE'>('SIGNED');
  const { errors, failure, submit: save } = useCheckedSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { signedDate, status, ...(signingType ? { signingType } : {}) };
    const found = schemaErrors(CompleteContractBodySchema.safeParse(body));
    if (!signedDate) found.signedDate = { key: 'required' };
    if (await save(found, () => complete.mutateAsync(body))) {
      notifications.show({ color: 'green', message: t('completion.done') });
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('completion.title')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">{t('completion.description')}</Text>
          <DateInput label={t('completion.signedDate')} value={signedDate} onChange={setSignedDate} error={errorText(errors.signedDate)} withAsterisk />
          <Select
            label={t('completion.signingType')}
            data={vocabulary.options('signingType')}
            value={signingType}
            onChange={(value) => setSigningType(value as SigningType | null)}
            clearable
            error={errorText(errors.signingType)}
          />
          <Select
            label={t('completion.status')}
            data={(['SIGNED', 'ACTIVE'] as const).map((value) => ({ value, label: vocabulary.label('status', value) }))}
            value={status}
            onChange={(value) => value && setStatus(value as 'SIGNED' | 'ACTIVE')}
            allowDeselect={false}
          />
          <FormFooter failure={failure} onCancel={onClose} cancelLabel={t('actions.cancel')} submitLabel={t('completion.submit')} isPending={complete.isPending} failureColor="orange" />
        </Stack>
      </form>
    </Modal>
  );
}
