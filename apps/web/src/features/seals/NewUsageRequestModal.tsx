import { UsageRequestBodySchema, type UsageRequest } from '@legal/api';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { isApiError } from '../../lib/api';
import { serverFieldNames } from '../../lib/forms/form-errors';
import { type Person, PeopleMultiPicker } from '../contracts/PeoplePicker';
import { type Attached, WorkflowAttachments } from '../workflows/WorkflowAttachments';
import { ContractPicker, type PickedContract } from './ContractPicker';
import { useSealLabels } from './seal-labels';
import { useCreateUsageRequest, useValidSeals } from './seal-queries';
import './seals-i18n';

type Field = 'sealId' | 'purpose' | 'useDate' | 'count' | 'documents' | 'approverUserIds';

function todayKst(): string {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
}

/**
 * A request to use a seal: one of the VALID seals the caller may request, the purpose, the day
 * (KST), the impressions, the documents (uploaded files and/or a contract whose main document is
 * added), and the approval line in order (members holding seal.usage.approve).
 */
export function NewUsageRequestModal({ canPickContract, onClose, onCreated }: { canPickContract: boolean; onClose: () => void; onCreated: (request: UsageRequest) => void }) {
  const { t } = useTranslation('seals');
  const labels = useSealLabels();
  const seals = useValidSeals();
  const create = useCreateUsageRequest();
  const [sealId, setSealId] = useState<string | null>(null);
  const [purpose, setPurpose] = useState('');
  const [useDate, setUseDate] = useState(todayKst);
  const [count, setCount] = useState<number | string>(1);
  const [files, setFiles] = useState<Attached[]>([]);
  const [contract, setContract] = useState<PickedContract | null>(null);
  const [approvers, setApprovers] = useState<Person[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());
  const onFiles = useCallback((next: Attached[]) => setFiles(next), []);
  const serverInvalid = serverFieldNames(create.error);
  const errorOf = (field: Field) => (invalid.has(field) || serverInvalid.has(field) || (field === 'documents' && (serverInvalid.has('fileKeys') || serverInvalid.has('contractId'))) ? t(`newRequest.errors.${field}`) : undefined);

  const submit = () => {
    const body = {
      sealId: Number(sealId ?? 0),
      purpose,
      useDate,
      count: typeof count === 'number' ? count : Number(count),
      fileKeys: files.map((f) => f.fileKey),
      ...(contract ? { contractId: contract.contractId } : {}),
      approverUserIds: approvers.map((a) => a.userId),
    };
    const parsed = UsageRequestBodySchema.safeParse(body);
    const next = new Set<Field>();
    if (!parsed.success) for (const issue of parsed.error.issues) next.add(String(issue.path[0]) as Field);
    if (body.fileKeys.length === 0 && !contract) next.add('documents');
    setInvalid(next);
    if (next.size > 0 || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (request) => {
        notifications.show({ color: 'green', message: t('newRequest.created') });
        onCreated(request);
      },
    });
  };

  const sealOptions = (seals.data ?? []).map((seal) => ({ value: String(seal.sealId), label: `${seal.name} (${labels.type(seal.type)})` }));
  return (
    <Modal opened onClose={() => !create.isPending && onClose()} title={t('newRequest.title')} size="lg">
      <Stack gap="sm">
        {seals.isSuccess && seals.data.length === 0 ? (
          <Alert color="orange" role="alert">
            {t('newRequest.noSeals')}
          </Alert>
        ) : null}
        <Select
          label={t('newRequest.seal')}
          placeholder={t('newRequest.sealPlaceholder')}
          required
          data={sealOptions}
          value={sealId}
          onChange={setSealId}
          error={errorOf('sealId')}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea label={t('newRequest.purpose')} required autosize minRows={2} maxLength={1000} value={purpose} onChange={(e) => setPurpose(e.currentTarget.value)} error={errorOf('purpose')} />
        <Group grow align="flex-start">
          <DateInput label={t('newRequest.useDate')} required value={useDate} onChange={setUseDate} error={errorOf('useDate')} />
          <NumberInput label={t('newRequest.count')} required min={1} max={1000} allowDecimal={false} value={count} onChange={setCount} error={errorOf('count')} />
        </Group>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('newRequest.documents')}
          </Text>
          <Text size="xs" c={errorOf('documents') ? 'red' : 'dimmed'} role={errorOf('documents') ? 'alert' : undefined}>
            {errorOf('documents') ?? t('newRequest.documentsHint')}
          </Text>
          {canPickContract ? <ContractPicker label={t('newRequest.contract')} value={contract} onChange={setContract} /> : null}
          <WorkflowAttachments label={t('newRequest.files')} onChange={onFiles} onUploadingChange={setIsUploading} />
        </Stack>
        <PeopleMultiPicker label={t('newRequest.approvers')} kind="sealApprovers" value={approvers} onChange={setApprovers} error={errorOf('approverUserIds')} />
        <Text size="xs" c="dimmed" mt={-6}>
          {t('newRequest.approversHint')}
        </Text>
        {create.error && serverInvalid.size === 0 ? (
          <Alert color="red" role="alert">
            {isApiError(create.error) ? create.error.message : t('newRequest.failed')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending} disabled={isUploading}>
            {t('newRequest.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
