import { Alert, Badge, Box, Button, Checkbox, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n';
import { DeclineDialog } from './DeclineDialog';
import { IconArrowDown, IconDownload } from './esign-signer-icons';
import { FieldOverlay, fieldDomId } from './FieldOverlay';
import { PdfPagesLazy } from './PdfPagesLazy';
import { SignatureDialog } from './SignatureDialog';
import { signerApi, type SignerDocument } from './signer-api';
import { downloadSignerPdf } from './signer-download';
import { readSignerFailure, type SignerFailure } from './signer-errors';
import { buildSignBody, initialDraft, myFields, signingProgress, type SigningDraft } from './signing-form';

export type SigningOutcome = 'signed' | 'completed' | 'declined';

interface Props {
  signerToken: string;
  onFailure: (failure: SignerFailure) => void;
  onDone: (outcome: SigningOutcome, document: SignerDocument) => void;
}

export const signerKeys = {
  document: (signerToken: string) => ['esign-signer', 'document', signerToken] as const,
  pdf: (signerToken: string) => ['esign-signer', 'pdf', signerToken] as const,
};

/** The document to sign: the PDF with the signer's fields, the guide to the next one, sign and decline. */
export function SigningView({ signerToken, onFailure, onDone }: Props) {
  const { t } = useTranslation('esignSigner');
  const document = useQuery({ queryKey: signerKeys.document(signerToken), queryFn: () => signerApi.document(signerToken), staleTime: Infinity });
  const failure = document.error ? readSignerFailure(document.error) : null;

  useEffect(() => {
    if (failure && (failure.kind === 'closed' || failure.kind === 'unauthorized')) onFailure(failure);
  }, [failure?.kind, failure, onFailure]);

  if (document.isPending) return <LoadingState label={t('document.loading')} />;
  if (document.error) {
    if (failure?.kind === 'closed' || failure?.kind === 'unauthorized') return <LoadingState label={t('document.loading')} />;
    return <ErrorState error={document.error} title={t('document.loadFailed')} onRetry={() => void document.refetch()} />;
  }
  return <SigningForm key={document.data.me.partyId} signerToken={signerToken} document={document.data} onFailure={onFailure} onDone={onDone} />;
}

function SigningForm({ signerToken, document, onFailure, onDone }: Props & { document: SignerDocument }) {
  const { t } = useTranslation('esignSigner');
  const format = useLocaleFormat();
  const fields = useMemo(() => myFields(document), [document]);
  const [draft, setDraft] = useState<SigningDraft>(() => initialDraft(fields));
  const [isSignatureOpen, setSignatureOpen] = useState(false);
  const [isDeclineOpen, setDeclineOpen] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isSigning, setSigning] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const viewed = useRef(false);
  const progress = signingProgress(fields, draft);
  const pdf = useQuery({ queryKey: signerKeys.pdf(signerToken), queryFn: () => signerApi.pdf(signerToken), staleTime: Infinity });

  // Opening the document is recorded once (the server ignores later calls too).
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    signerApi.markViewed(signerToken).catch((cause: unknown) => {
      const failure = readSignerFailure(cause);
      if (failure.kind === 'closed' || failure.kind === 'unauthorized') onFailure(failure);
    });
  }, [signerToken, onFailure]);

  const goTo = useCallback((key: string) => {
    const element = window.document.getElementById(fieldDomId(key));
    element?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    element?.focus({ preventScroll: true });
  }, []);

  const download = async () => {
    setDownloadError(null);
    try {
      await downloadSignerPdf(signerToken, document.envelopeTitle, false);
    } catch {
      setDownloadError(t('downloadFailed'));
    }
  };

  const sign = async () => {
    setSubmitError(null);
    if (progress.next) {
      setSubmitError(t('sign.missing', { count: progress.total - progress.done }));
      goTo(progress.next.key);
      return;
    }
    if (!agreed) {
      setSubmitError(t('sign.needsAgree'));
      return;
    }
    setSigning(true);
    try {
      const result = await signerApi.sign(signerToken, buildSignBody(fields, draft));
      onDone(result.status === 'COMPLETED' ? 'completed' : 'signed', result);
    } catch (cause) {
      const failure = readSignerFailure(cause);
      if (failure.kind === 'closed' || failure.kind === 'unauthorized') onFailure(failure);
      else setSubmitError(failure.kind === 'other' && failure.message ? failure.message : t('sign.failed'));
    } finally {
      setSigning(false);
    }
  };

  const decline = async (reason: string) => {
    try {
      const result = await signerApi.decline(signerToken, reason);
      setDeclineOpen(false);
      onDone('declined', result);
    } catch (cause) {
      const failure = readSignerFailure(cause);
      if (failure.kind === 'closed' || failure.kind === 'unauthorized') {
        setDeclineOpen(false);
        onFailure(failure);
        return;
      }
      throw new Error(failure.kind === 'other' && failure.message ? failure.message : t('decline.failed'));
    }
  };

  // The guide points at the first field still to fill; a focused field shows the browser's focus ring.
  const currentKey = progress.next?.key ?? null;
  const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100);

  return (
    <Stack gap="md" pb="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Title order={1} size="h3">
            {document.envelopeTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {t('sentBy', { sender: document.senderName })} · {t('document.expires', { date: format.dateTime(document.expiresAt) })}
          </Text>
          {document.message ? (
            <Alert variant="light" color="blue" title={t('document.message')} mt={4}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {document.message}
              </Text>
            </Alert>
          ) : null}
          <Group gap={6} mt={4} aria-label={t('document.parties')} role="list">
            {document.parties.map((party) => (
              <Badge key={party.order} role="listitem" variant="light" color={party.status === 'SIGNED' ? 'teal' : party.status === 'DECLINED' ? 'red' : 'gray'} tt="none">
                {party.order}. {party.order === document.me.order ? `${party.name} (${t('document.you')})` : party.name} · {t(`document.partyStatus.${party.status}`)}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Paper>

      <Paper
        withBorder
        radius="md"
        p="sm"
        pos="sticky"
        top={0}
        style={{ zIndex: 5 }}
        bg="var(--mantine-color-body)"
        aria-label={t('fields.progress', { done: progress.done, total: progress.total })}
        role="region"
      >
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Box style={{ flex: 1 }} miw={0}>
            <Text size="sm" fw={500} aria-live="polite">
              {progress.total === 0 ? t('document.noFields') : progress.next ? t('fields.progress', { done: progress.done, total: progress.total }) : t('fields.allDone')}
            </Text>
            <Progress value={percent} size="sm" mt={4} color={progress.next ? 'orange' : 'teal'} aria-label={t('fields.progress', { done: progress.done, total: progress.total })} />
          </Box>
          {progress.next ? (
            <Button size="xs" leftSection={<IconArrowDown size={14} aria-hidden="true" />} onClick={() => progress.next && goTo(progress.next.key)}>
              {t('fields.next')}
            </Button>
          ) : null}
          <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden="true" />} onClick={() => void download()} aria-label={t('document.download')}>
            <Box component="span" visibleFrom="sm">
              {t('document.download')}
            </Box>
            <Box component="span" hiddenFrom="sm">
              PDF
            </Box>
          </Button>
        </Group>
        {downloadError ? (
          <Text size="xs" c="red" role="alert" mt={4}>
            {downloadError}
          </Text>
        ) : null}
      </Paper>

      {pdf.isPending ? <LoadingState label={t('document.loading')} /> : null}
      {pdf.error ? <ErrorState error={pdf.error} title={t('document.loadFailed')} onRetry={() => void pdf.refetch()} /> : null}
      {pdf.data ? (
        <PdfPagesLazy
          blob={pdf.data}
          failure={<ErrorState message={t('document.pdfFailed')} onRetry={() => void download()} retryLabel={t('document.download')} />}
          renderOverlay={(page) => (
            <FieldOverlay
              fields={document.fields.filter((f) => f.page === page)}
              draft={draft}
              currentKey={currentKey}
              onValue={(key, value) => setDraft((d) => ({ ...d, values: { ...d.values, [key]: value } }))}
              onOpenSignature={() => setSignatureOpen(true)}
            />
          )}
        />
      ) : null}

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Checkbox checked={agreed} onChange={(event) => setAgreed(event.currentTarget.checked)} label={t('sign.agree')} />
          {submitError ? (
            <Alert color="red" variant="light" role="alert">
              {submitError}
            </Alert>
          ) : null}
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" color="red" onClick={() => setDeclineOpen(true)}>
              {t('decline.open')}
            </Button>
            <Button size="md" onClick={() => void sign()} loading={isSigning}>
              {t('sign.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <SignatureDialog
        opened={isSignatureOpen}
        defaultName={document.me.name}
        onClose={() => setSignatureOpen(false)}
        onApply={(signature) => {
          setDraft((d) => ({ ...d, signature }));
          setSignatureOpen(false);
        }}
      />
      <DeclineDialog opened={isDeclineOpen} onClose={() => setDeclineOpen(false)} onDecline={decline} />
    </Stack>
  );
}
