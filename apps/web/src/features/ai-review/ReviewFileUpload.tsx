import { Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../components/FileDropZone';
import { UploadList } from '../files/FileUploadPanel';
import { useFileUploads } from '../files/use-file-uploads';
import './ai-review-i18n';

/** One contract file up (arxive files v2) with its progress or failure; `onUploaded` once it is stored. */
export function ReviewFileUpload({ onUploaded, input }: { onUploaded: (fileKey: string, fileName: string) => void; /** the file input's label */ input?: string }) {
  const { t } = useTranslation('aiReview');
  const { items, upload } = useFileUploads();
  const last = items.at(-1);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (last?.status !== 'done' || handled.current === last.id) return;
    handled.current = last.id;
    onUploaded(last.file.fileKey, last.name);
  }, [last, onUploaded]);
  return (
    <Stack gap="xs">
      <FileDropZone
        isMultiple={false}
        onFiles={(files) => void upload(files)}
        texts={{ drop: t('start.drop'), choose: t('start.choose'), hint: t('start.hint'), input: input ?? t('start.input') }}
      />
      {last ? <UploadList items={[last]} label={t('start.uploadList')} /> : null}
    </Stack>
  );
}
