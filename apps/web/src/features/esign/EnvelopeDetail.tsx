import { type Envelope } from '@legal/api';
import { Alert, Badge, Button, Group, List, Stack, Tabs, Text, Timeline } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { isApiError } from '../../lib/api';
import { useFormatDateTime } from '../../lib/i18n';
import { EnvelopeActionDialog } from './EnvelopeActionDialog';
import { EnvelopeEvents } from './EnvelopeEvents';
import { IconDownload, IconShieldCheck } from './esign-icons';
import { ENVELOPE_STATUS_COLOR, SIGNER_STATUS_COLOR } from './esign-labels';
import { runEnvelopeAction, saveEnvelopePdf, useEsignRefresh, useVerifyEnvelope } from './esign-queries';
import './esign-i18n';

/** The parties in order, each with when it was sent, viewed, signed or declined (with the reason). */
function PartiesTimeline({ envelope }: { envelope: Envelope }) {
  const { t } = useTranslation('esign');
  const formatDateTime = useFormatDateTime();
  const parties = [...envelope.parties].sort((a, b) => a.order - b.order);
  const active = parties.reduce((last, p, index) => (p.status === 'WAITING' ? last : index), -1);
  return (
    <Timeline active={active} bulletSize={18} lineWidth={2} aria-label={t('panel.parties')}>
      {parties.map((party) => (
        <Timeline.Item
          key={party.partyId}
          color={SIGNER_STATUS_COLOR[party.status]}
          title={
            <Group gap="xs">
              <Text size="sm" fw={600}>{`${party.order}. ${party.name}`}{party.role ? ` (${party.role})` : ''}</Text>
              <Badge size="xs" variant="light" color={SIGNER_STATUS_COLOR[party.status]} data-testid={`party-status-${party.order}`}>
                {t(`vocab.signerStatus.${party.status}`)}
              </Badge>
              {party.kind === 'COMPANY' ? <Badge size="xs" variant="outline">{t('vocab.kind.COMPANY')}</Badge> : null}
            </Group>
          }
        >
          <Text size="xs" c="dimmed">
            {[party.email, party.sentAt && t('panel.sentAt', { at: formatDateTime(party.sentAt) }), party.viewedAt && t('panel.viewedAt', { at: formatDateTime(party.viewedAt) }),
              party.signedAt && t('panel.signedAt', { at: formatDateTime(party.signedAt) }), party.declinedAt && t('panel.declinedAt', { at: formatDateTime(party.declinedAt) }),
              party.verifiedBy && t('panel.verifiedBy', { method: t(`vocab.method.${party.verifiedBy}`) })].filter(Boolean).join(' · ')}
          </Text>
          {party.declineReason ? <Text size="xs" c="red">{t('panel.declineReason', { reason: party.declineReason })}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function VerificationResult({ envelopeId }: { envelopeId: number }) {
  const { t } = useTranslation('esign');
  const verify = useVerifyEnvelope(envelopeId);
  const result = verify.data;
  const line = (isOk: boolean | null, ok: string, bad: string, pending?: string) => (
    <List.Item c={isOk === null ? 'dimmed' : isOk ? 'green' : 'red'}>{isOk === null ? pending : isOk ? ok : bad}</List.Item>
  );
  return (
    <Stack gap="xs">
      <Group>
        <Button size="xs" variant="light" leftSection={<IconShieldCheck size={16} />} loading={verify.isPending} onClick={() => verify.mutate()}>
          {t('verify.run')}
        </Button>
      </Group>
      {verify.isError ? <ErrorState error={verify.error} onRetry={() => verify.mutate()} /> : null}
      {result ? (
        <List size="sm" spacing={2} aria-label={t('verify.run')} data-testid="verification">
          {line(result.chainValid, t('verify.chainOk'), result.brokenAtSeq !== null ? t('verify.chainBroken', { seq: result.brokenAtSeq }) : t('verify.chainBrokenUnknown'))}
          {line(result.pdfSignatureValid, t('verify.pdfOk'), t('verify.pdfBad'), t('verify.pdfPending'))}
          {result.signedSha256Matches !== null ? line(result.signedSha256Matches, t('verify.hashOk'), t('verify.hashBad')) : null}
          {result.certificateSubject ? <List.Item c="dimmed">{t('verify.subject', { subject: result.certificateSubject })}</List.Item> : null}
        </List>
      ) : null}
    </Stack>
  );
}

/**
 * One envelope for its sender: status, whom it waits on, the parties' progress, the actions its
 * status allows (remind, void, resend, download) and, in tabs, the event log and the integrity check.
 */
export function EnvelopeDetail({ envelope }: { envelope: Envelope }) {
  const { t } = useTranslation('esign');
  const formatDateTime = useFormatDateTime();
  const refresh = useEsignRefresh();
  const [dialog, setDialog] = useState<'void' | 'resend' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remind = useMutation({
    mutationFn: () => runEnvelopeAction(envelope.envelopeId, { kind: 'remind' }),
    onSuccess: (next) => {
      refresh(next);
      notifications.show({ color: 'green', message: t('actions2.reminded') });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 429) setNotice(t('actions2.tooSoon'));
      else if (isApiError(error) && error.status === 409) {
        setNotice(t('actions2.conflict'));
        refresh();
      } else setNotice(error instanceof Error ? error.message : String(error));
    },
  });
  const download = useMutation({ mutationFn: () => saveEnvelopePdf(envelope) });
  const isOpen = envelope.status === 'IN_PROGRESS';
  const mayResend = isOpen || envelope.status === 'DECLINED' || envelope.status === 'EXPIRED';

  return (
    <Stack gap="sm" data-testid="envelope-detail">
      <Group gap="xs">
        <Badge color={ENVELOPE_STATUS_COLOR[envelope.status]} data-testid="envelope-status">{t(`vocab.status.${envelope.status}`)}</Badge>
        <Badge variant="outline">{t('panel.round', { round: envelope.round })}</Badge>
        <Badge variant="outline">{t(`vocab.order.${envelope.signingOrder}`)}</Badge>
        <Text size="sm">{t('panel.progress', { signed: envelope.signedCount, total: envelope.partyCount })}</Text>
        <Text size="xs" c="dimmed">
          {envelope.completedAt ? t('panel.completedAt', { at: formatDateTime(envelope.completedAt) }) : t('panel.expiresAt', { at: formatDateTime(envelope.expiresAt) })}
        </Text>
      </Group>
      {envelope.waitingOn.length > 0 ? <Text size="sm" fw={500}>{t('panel.waitingOn', { names: envelope.waitingOn.join(', ') })}</Text> : null}
      {envelope.voidReason ? <Text size="sm" c="dimmed">{t('panel.voidReason', { reason: envelope.voidReason })}</Text> : null}
      {notice ? <Alert color="orange" role="alert" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={t('actions.close')}>{notice}</Alert> : null}
      <Group gap="xs" role="group" aria-label={t('actions2.group')}>
        {isOpen ? <Button size="xs" onClick={() => remind.mutate()} loading={remind.isPending}>{t('actions2.remind')}</Button> : null}
        {mayResend ? <Button size="xs" variant="light" onClick={() => setDialog('resend')}>{t('actions2.resend')}</Button> : null}
        {isOpen ? <Button size="xs" variant="light" color="red" onClick={() => setDialog('void')}>{t('actions2.void')}</Button> : null}
        <Button size="xs" variant="default" leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
          {t(envelope.status === 'COMPLETED' ? 'actions2.downloadSigned' : 'actions2.download')}
        </Button>
      </Group>
      <PartiesTimeline envelope={envelope} />
      <Tabs defaultValue="events" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="events">{t('events.title')}</Tabs.Tab>
          <Tabs.Tab value="verify">{t('verify.run')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="events" pt="sm"><EnvelopeEvents envelopeId={envelope.envelopeId} /></Tabs.Panel>
        <Tabs.Panel value="verify" pt="sm"><VerificationResult envelopeId={envelope.envelopeId} /></Tabs.Panel>
      </Tabs>
      {dialog ? (
        <EnvelopeActionDialog
          envelope={envelope}
          kind={dialog}
          onClose={() => setDialog(null)}
          onDone={(next) => {
            setDialog(null);
            refresh(next);
            notifications.show({ color: 'green', message: t('actions2.done') });
          }}
          onConflict={() => {
            setDialog(null);
            setNotice(t('actions2.conflict'));
            refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}
