import { type Envelope, ESIGN_LIMITS } from '@legal/api';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { isApiError } from '../../lib/api';
import { type EnvelopeAction, runEnvelopeAction } from './esign-queries';
import { addDays, expiryInstant, kstToday } from './wizard-model';
import './esign-i18n';

/** Void (a required reason) or resend (a new expiry, required once expired) in a dialog. */
export function EnvelopeActionDialog({ envelope, kind, onClose, onDone, onConflict }: {
  envelope: Envelope;
  kind: 'void' | 'resend';
  onClose: () => void;
  onDone: (envelope: Envelope) => void;
  onConflict: () => void;
}) {
  const { t } = useTranslation('esign');
  const today = kstToday();
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(envelope.status === 'EXPIRED' ? addDays(today, 14) : '');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (action: EnvelopeAction) => runEnvelopeAction(envelope.envelopeId, action),
    onSuccess: onDone,
    onError: (failure) => {
      if (isApiError(failure) && failure.status === 409) onConflict();
      else setError(failure instanceof Error ? failure.message : String(failure));
    },
  });
  const submit = () => {
    setError(null);
    if (kind === 'void') {
      if (!reason.trim()) return setError(t('form.required'));
      if (reason.trim().length > 500) return setError(t('form.tooLong'));
      return send.mutate({ kind: 'void', reason: reason.trim() });
    }
    if (envelope.status === 'EXPIRED' && !date) return setError(t('actions2.expiredNeedsDate'));
    if (date && (date <= today || date > addDays(today, ESIGN_LIMITS.maxExpiryDays))) return setError(t('form.expiryRange', { days: ESIGN_LIMITS.maxExpiryDays }));
    return send.mutate(date ? { kind: 'resend', expiresAt: expiryInstant(date) } : { kind: 'resend' });
  };
  const title = t(kind === 'void' ? 'actions2.voidTitle' : 'actions2.resendTitle');
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">{t(kind === 'void' ? 'actions2.voidHint' : 'actions2.resendHint')}</Text>
        {kind === 'void' ? (
          <Textarea label={t('actions2.reason')} required autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        ) : (
          <DateInput
            label={t('actions2.newExpiry')}
            required={envelope.status === 'EXPIRED'}
            min={addDays(today, 1)}
            max={addDays(today, ESIGN_LIMITS.maxExpiryDays)}
            isRangeCheckedByForm
            value={date}
            onChange={setDate}
          />
        )}
        {error ? <Alert color="red" role="alert">{error}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('actions.cancel')}</Button>
          <Button color={kind === 'void' ? 'red' : undefined} loading={send.isPending} onClick={submit}>
            {t(kind === 'void' ? 'actions2.void' : 'actions2.resend')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
