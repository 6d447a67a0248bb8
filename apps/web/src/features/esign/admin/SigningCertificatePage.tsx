import { SIGNING_CERTIFICATE_LIMITS, SIGNING_CERTIFICATE_PROBLEMS, type SigningCertificateDetails, type SigningCertificateView } from '@legal/api';
import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsTable } from '../../../components/DetailsTable';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { FileDropZone } from '../../../components/FileDropZone';
import { LoadingState } from '../../../components/LoadingState';
import { ProgressBar } from '../../../components/ProgressBar';
import { ApiError } from '../../../lib/api';
import { useLocaleFormat } from '../../../lib/i18n';
import { RequireProduct } from '../../auth/guards/RequireProduct';
import { AdminPageHeader } from '../../admin/AdminPageHeader';
import { confirmAction } from '../../admin/confirm';
import { ESIGN_PRODUCT } from '../esign-permissions';
import '../esign-i18n';
import { useSigningCertificate, useSigningCertificateMutations } from './signing-certificate-queries';

type Problem = (typeof SIGNING_CERTIFICATE_PROBLEMS)[number];

/** The problem the server named for an upload (`fieldErrors[].reason`), or null for another failure. */
function problemOf(error: unknown): Problem | null {
  if (!(error instanceof ApiError) || error.code !== 'ERROR_VALIDATION') return null;
  const reasons = ((error.data as { fieldErrors?: Array<{ reason: string }> } | undefined)?.fieldErrors ?? []).map((f) => f.reason);
  return (SIGNING_CERTIFICATE_PROBLEMS as readonly string[]).find((p) => reasons.includes(p)) as Problem | undefined ?? null;
}

/**
 * `/:workspaceName/admin/esign-certificate`: the certificate completed envelopes are signed with.
 * The generated one by default; an admin uploads the organisation's PKCS#12 (with progress), sees
 * its subject, issuer and validity, and deletes it (after a confirmation) to return to the generated one.
 */
export function SigningCertificatePage() {
  const { t } = useTranslation('esign');
  useDocumentTitle(t('certificate.documentTitle'));
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('certificate.title')} description={t('certificate.description')} />
      <RequireProduct type={ESIGN_PRODUCT}>
        <CertificateContent />
      </RequireProduct>
    </Stack>
  );
}

function CertificateContent() {
  const { t } = useTranslation('esign');
  const query = useSigningCertificate();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} title={t('certificate.loadError')} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="lg">
      <CurrentCertificate view={query.data} />
      <UploadForm hasUpload={query.data.uploaded !== null} />
    </Stack>
  );
}

function CertificateDetails({ details, extra = [] }: { details: SigningCertificateDetails; extra?: ReadonlyArray<readonly [string, string]> }) {
  const { t } = useTranslation('esign');
  const format = useLocaleFormat();
  return (
    <DetailsTable
      labelWidth={140}
      rows={[
        [t('certificate.subject'), details.subject],
        [t('certificate.issuer'), details.issuer],
        [t('certificate.validity'), t('certificate.validityRange', { from: format.dateTime(details.notBefore), to: format.dateTime(details.notAfter) })],
        [t('certificate.serialNumber'), <Text key="serial" size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>{details.serialNumber}</Text>],
        [t('certificate.fingerprint'), <Text key="fingerprint" size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>{details.fingerprintSha256}</Text>],
        ...extra,
      ]}
    />
  );
}

function CurrentCertificate({ view }: { view: SigningCertificateView }) {
  const { t } = useTranslation('esign');
  const format = useLocaleFormat();
  const { remove } = useSigningCertificateMutations();
  const { uploaded, generated } = view;
  const onDelete = () =>
    confirmAction({
      title: t('certificate.deleteTitle'),
      message: t('certificate.deleteMessage'),
      confirmLabel: t('certificate.delete'),
      cancelLabel: t('certificate.cancel'),
      isDestructive: true,
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => notifications.show({ color: 'green', message: t('certificate.deleted') }) }),
    });
  return (
    <Stack gap="md">
      {uploaded ? (
        <Card withBorder radius="md" padding="md">
          <Group justify="space-between" mb="sm">
            <Group gap="sm">
              <Title order={3} size="h5">{t('certificate.uploadedTitle')}</Title>
              {view.inUse === 'UPLOADED' ? <Badge color="green">{t('certificate.inUse')}</Badge> : null}
              {uploaded.isExpired ? <Badge color="red">{t('certificate.expired')}</Badge> : null}
            </Group>
            <Button color="red" variant="light" onClick={onDelete} loading={remove.isPending}>{t('certificate.delete')}</Button>
          </Group>
          {uploaded.isExpired ? <Alert color="red" mb="sm">{t('certificate.expiredNotice')}</Alert> : null}
          <CertificateDetails
            details={uploaded}
            extra={[[t('certificate.uploadedAt'), `${format.dateTime(uploaded.uploadedAt)}${uploaded.uploadedBy?.displayName ? ` · ${uploaded.uploadedBy.displayName}` : ''}`]]}
          />
        </Card>
      ) : null}
      <Card withBorder radius="md" padding="md">
        <Group gap="sm" mb="sm">
          <Title order={3} size="h5">{t('certificate.generatedTitle')}</Title>
          {view.inUse === 'GENERATED' ? <Badge color="green">{t('certificate.inUse')}</Badge> : null}
        </Group>
        {generated ? <CertificateDetails details={generated} /> : <EmptyState title={t('certificate.noneYet')} description={t('certificate.noneYetDescription')} />}
      </Card>
    </Stack>
  );
}

function UploadForm({ hasUpload }: { hasUpload: boolean }) {
  const { t } = useTranslation('esign');
  const { upload } = useSigningCertificateMutations();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [isTooLarge, setIsTooLarge] = useState(false);
  const problem = problemOf(upload.error);
  const onFiles = (files: File[]) => {
    const chosen = files[0] ?? null;
    setIsTooLarge(chosen !== null && chosen.size > SIGNING_CERTIFICATE_LIMITS.maxFileBytes);
    setFile(chosen);
    upload.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || isTooLarge) return;
    setProgress(0);
    upload.mutate(
      { file, password, onProgress: setProgress },
      {
        onSuccess: () => {
          setFile(null);
          setPassword('');
          notifications.show({ color: 'green', message: t('certificate.uploaded') });
        },
        onSettled: () => setProgress(null),
      },
    );
  };
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} aria-label={t('certificate.uploadTitle')}>
      <Stack gap="sm">
        <Title order={3} size="h5">{hasUpload ? t('certificate.replaceTitle') : t('certificate.uploadTitle')}</Title>
        <Text size="sm" c="dimmed">{t('certificate.uploadHint')}</Text>
        <FileDropZone
          isMultiple={false}
          disabled={upload.isPending}
          onFiles={onFiles}
          texts={{ drop: t('certificate.drop'), choose: t('certificate.choose'), hint: t('certificate.fileHint', { kb: SIGNING_CERTIFICATE_LIMITS.maxFileBytes / 1024 }), input: t('certificate.fileInput') }}
        />
        {file ? <Text size="sm">{t('certificate.chosen', { name: file.name })}</Text> : null}
        {isTooLarge ? <Alert color="red">{t('certificate.tooLarge', { kb: SIGNING_CERTIFICATE_LIMITS.maxFileBytes / 1024 })}</Alert> : null}
        <PasswordInput
          label={t('certificate.password')}
          description={t('certificate.passwordHint')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          maxLength={SIGNING_CERTIFICATE_LIMITS.maxPasswordLength}
          error={problem === 'WRONG_PASSWORD' ? t('certificate.problems.WRONG_PASSWORD') : undefined}
          autoComplete="off"
        />
        {progress !== null ? <ProgressBar value={progress} label={t('certificate.uploading', { name: file?.name ?? '' })} /> : null}
        {upload.isError && problem !== 'WRONG_PASSWORD' ? (
          <Alert color="red" title={t('certificate.refused')}>
            {problem ? t(`certificate.problems.${problem}`) : upload.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={!file || isTooLarge} loading={upload.isPending}>{hasUpload ? t('certificate.replace') : t('certificate.upload')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
