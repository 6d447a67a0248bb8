import { CloseButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../components/FileDropZone';
import { ProgressBar } from '../../components/ProgressBar';
import { useContractUploads } from '../contracts/use-contract-uploads';
import './workflows-i18n';

export interface Attached {
  fileKey: string;
  displayName: string;
}

/**
 * Files attached to a request, an action or a comment: uploaded as attachments (with a progress
 * bar each), then referenced by file key. `isSingle` keeps one file (the executed copy).
 */
export function WorkflowAttachments({ label, onChange, onUploadingChange, isSingle = false }: {
  label: string;
  onChange: (files: Attached[]) => void;
  onUploadingChange?: (isUploading: boolean) => void;
  isSingle?: boolean;
}) {
  const { t } = useTranslation('workflows');
  const [attached, setAttached] = useState<Attached[]>([]);
  const uploads = useContractUploads((item) =>
    setAttached((all) => {
      const next = { fileKey: item.file.fileKey, displayName: item.file.displayName };
      return isSingle ? [next] : [...all, next];
    }),
  );
  useEffect(() => onChange(attached), [attached, onChange]);
  useEffect(() => onUploadingChange?.(uploads.isUploading), [uploads.isUploading, onUploadingChange]);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <FileDropZone
        isMultiple={!isSingle}
        onFiles={(files) => void uploads.upload(files)}
        texts={{ drop: t('files.drop'), choose: t('files.choose'), hint: t('files.hint'), input: label }}
      />
      {uploads.items.map((item) =>
        item.status === 'uploading' ? (
          <ProgressBar key={item.id} value={item.percent ?? undefined} label={t('files.uploading', { name: item.name })} />
        ) : item.status === 'failed' ? (
          <Text key={item.id} size="sm" c="red" role="alert">
            {t('files.failed', { name: item.name, message: item.errorKey ? t(`files.errors.${item.errorKey}`) : item.message })}
          </Text>
        ) : null,
      )}
      {attached.length > 0 ? (
        <Stack gap={4} component="ul" aria-label={t('files.attachedList')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {attached.map((file) => (
            <Group key={file.fileKey} component="li" gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {file.displayName}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('files.remove', { name: file.displayName })}
                onClick={() => setAttached((all) => all.filter((f) => f.fileKey !== file.fileKey))}
              />
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
