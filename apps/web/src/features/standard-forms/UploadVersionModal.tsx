import { type StandardFormDetail } from '@legal/api';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../components/FileDropZone';
import { ProgressBar } from '../../components/ProgressBar';
import { isApiError } from '../../lib/api';
import { useFormsKey, useUploadVersion } from './standard-form-queries';
import { uploadFailureText } from './upload-failure';
import { TEMPLATE_ACCEPT } from './template-downloads';
import './standard-forms-i18n';

/**
 * A new template version from a Word file, with progress. It sends the form `version` the page
 * read: when someone changed the form since, the server answers 409 and the dialog says so and
 * offers to reload the form.
 */
export function UploadVersionModal({ form, isOpen, onClose }: { form: StandardFormDetail; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('standardForms');
  const upload = useUploadVersion(form.standardFormId);
  const client = useQueryClient();
  const base = useFormsKey();
  const [file, setFile] = useState<File | null>(null);
  const [comment, setComment] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const isStale = isApiError(upload.error) && upload.error.code === 'ERROR_CONFLICT';
  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    setComment('');
    upload.reset();
    onClose();
  };
  const submit = () => {
    if (!file) return;
    setPercent(0);
    upload.mutate({ file, version: form.version, comment: comment.trim() || undefined, onProgress: setPercent }, { onSuccess: close });
  };
  const reload = () => {
    upload.reset();
    void client.invalidateQueries({ queryKey: [...base, 'form', form.standardFormId] });
  };
  return (
    <Modal opened={isOpen} onClose={close} title={t('versions.uploadTitle', { version: form.latestVersion + 1 })} size="lg">
      <Stack gap="sm">
        <FileDropZone isMultiple={false} disabled={upload.isPending} onFiles={([chosen]) => setFile(chosen ?? null)} accept={TEMPLATE_ACCEPT} texts={{ drop: t('upload.drop'), choose: t('upload.choose'), hint: t('upload.hint'), input: t('upload.input') }} />
        {file ? <Text size="sm">{t('upload.chosen', { name: file.name })}</Text> : null}
        <TextInput label={t('versions.comment')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={500} />
        {upload.isPending ? <ProgressBar value={percent ?? undefined} label={t('upload.progress', { name: file?.name ?? '' })} /> : null}
        {isStale ? (
          <Alert color="orange" role="alert" title={t('errors.staleTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('errors.stale')}</Text>
              <Button size="xs" variant="light" onClick={reload}>{t('actions.reload')}</Button>
            </Stack>
          </Alert>
        ) : upload.error ? (
          <Alert color="red" role="alert">{uploadFailureText(upload.error, t)}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={upload.isPending}>{t('actions.cancel')}</Button>
          <Button onClick={submit} disabled={!file} loading={upload.isPending}>{t('versions.uploadSubmit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
