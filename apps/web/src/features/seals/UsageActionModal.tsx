import { type UsageRequest } from '@legal/api';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { type Attached, WorkflowAttachments } from '../workflows/WorkflowAttachments';
import { useSealLabels } from './seal-labels';
import { type UsageAction, useContractEnvelopes, useUsageAction } from './seal-queries';
import './seals-i18n';

function failureText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error) && error.code === 'ERROR_CONFLICT') return t('act.conflict');
  if (isApiError(error) && error.code === 'ERROR_FORBIDDEN') return t('act.forbidden');
  return isApiError(error) ? error.message : t('act.failed');
}

/** The envelopes in progress of the request's contract, to put the seal image on its company SEAL fields. */
function EnvelopeSelect({ contractId, value, onChange, error }: { contractId: number | null; value: string | null; onChange: (id: string | null) => void; error?: string }) {
  const { t } = useTranslation('seals');
  const envelopes = useContractEnvelopes(contractId);
  if (contractId === null) return <Text size="sm" c="dimmed">{t('act.noContract')}</Text>;
  if (envelopes.isError) return <Alert color="red" role="alert">{t('act.envelopesFailed')}</Alert>;
  const data = (envelopes.data?.content ?? []).map((e) => ({ value: String(e.envelopeId), label: t('act.envelopeLabel', { id: e.envelopeId, title: e.title, round: e.round }) }));
  if (envelopes.isSuccess && data.length === 0) return <Text size="sm" c="orange.8">{t('act.noEnvelope')}</Text>;
  return (
    <Select
      label={t('act.envelope')}
      placeholder={t('act.envelopePlaceholder')}
      required
      data={data}
      value={value}
      onChange={onChange}
      disabled={envelopes.isPending}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * One step of a request: approve or reject (a reason is required) on the approver's turn, cancel
 * by the requester, or apply by the custodian: PHYSICAL with the stamped scan, ELECTRONIC on an
 * envelope in progress of the referenced contract. A 409 (someone acted first) reloads the request.
 */
export function UsageActionModal({ request, action, onClose }: { request: UsageRequest; action: UsageAction; onClose: () => void }) {
  const { t } = useTranslation('seals');
  const labels = useSealLabels();
  const send = useUsageAction(request);
  const [comment, setComment] = useState('');
  const [method, setMethod] = useState<'PHYSICAL' | 'ELECTRONIC'>('PHYSICAL');
  const [scan, setScan] = useState<Attached | null>(null);
  const [envelopeId, setEnvelopeId] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onFiles = useCallback((files: Attached[]) => setScan(files[0] ?? null), []);
  const contractId = request.referenceType === 'CONTRACT' ? request.referenceId : null;

  const submit = () => {
    setProblem(null);
    if (action === 'REJECT' && !comment.trim()) return setProblem(t('act.commentMissing'));
    if (action === 'APPLY' && method === 'PHYSICAL' && !scan) return setProblem(t('act.scanRequired'));
    if (action === 'APPLY' && method === 'ELECTRONIC' && !envelopeId) return setProblem(t('act.envelopeRequired'));
    const body =
      action === 'APPLY'
        ? method === 'PHYSICAL' ? { method, stampedFileKey: scan?.fileKey } : { method, envelopeId: Number(envelopeId) }
        : comment.trim() ? { comment: comment.trim() } : {};
    send.mutate(
      { action, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(`act.done.${action}`) });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={() => !send.isPending && onClose()} title={t(`act.${action}`)} size={action === 'APPLY' ? 'lg' : 'md'}>
      <Stack gap="sm">
        {action === 'CANCEL' ? <Text size="sm">{t('act.cancelConfirm')}</Text> : null}
        {action === 'APPLY' ? (
          <>
            <Radio.Group label={t('act.method')} value={method} onChange={(v) => setMethod(v as 'PHYSICAL' | 'ELECTRONIC')}>
              <Group mt={6}>
                <Radio value="PHYSICAL" label={labels.method('PHYSICAL')} />
                <Radio value="ELECTRONIC" label={labels.method('ELECTRONIC')} />
              </Group>
            </Radio.Group>
            {method === 'PHYSICAL' ? (
              <WorkflowAttachments label={t('act.stampedScan')} isSingle onChange={onFiles} onUploadingChange={setIsUploading} />
            ) : (
              <EnvelopeSelect contractId={contractId} value={envelopeId} onChange={setEnvelopeId} />
            )}
          </>
        ) : null}
        {action === 'APPROVE' || action === 'REJECT' ? (
          <Textarea
            label={action === 'REJECT' ? t('act.commentRequired') : t('act.comment')}
            required={action === 'REJECT'}
            autosize
            minRows={3}
            maxLength={1000}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
        ) : null}
        {problem || send.error ? (
          <Alert color="red" role="alert">
            {problem ?? failureText(send.error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            {t('actions.close')}
          </Button>
          <Button onClick={submit} loading={send.isPending} disabled={isUploading} color={action === 'REJECT' || action === 'CANCEL' ? 'red' : undefined}>
            {t(`act.${action}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
