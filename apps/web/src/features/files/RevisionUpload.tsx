import { Button, Stack } from '@mantine/core';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconUpload } from './file-icons';
import { UploadRow } from './FileUploadPanel';
import { useFileUploads } from './use-file-uploads';
import './files-i18n';

/** Uploads a new revision of a file (it becomes the current one), with its progress and outcome. */
export function RevisionUpload({ fileKey }: { fileKey: string }) {
  const { t } = useTranslation('files');
  const { items, upload } = useFileUploads({ revisionOf: fileKey });
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const latest = items.at(-1);
  return (
    <Stack gap="xs">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconUpload size={16} aria-hidden="true" />}
        loading={latest?.status === 'uploading'}
        onClick={() => inputRef.current?.click()}
      >
        {t('revisions.upload')}
      </Button>
      <label htmlFor={inputId} style={{ display: 'none' }}>
        {t('revisions.uploadInput')}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        hidden
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])].slice(0, 1);
          event.currentTarget.value = '';
          void upload(files);
        }}
      />
      {latest ? <UploadRow item={latest} /> : null}
    </Stack>
  );
}
