import { type FileMetadata } from '@legal/api';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useFileBytes } from './file-queries';
import { ImagePreview } from './ImagePreview';
import { previewKindOf } from './preview-kind';
import { TextPreview } from './TextPreview';
import './files-i18n';

// pdf.js and mammoth are large: their modules load only when such a preview opens.
const PdfPreview = lazy(async () => ({ default: (await import('./PdfPreview')).PdfPreview }));
const DocxPreview = lazy(async () => ({ default: (await import('./DocxPreview')).DocxPreview }));

/** The preview of the current revision, by type. */
export function FilePreview({ file }: { file: FileMetadata }) {
  const { t } = useTranslation('files');
  const kind = previewKindOf(file.fileType);
  const bytes = useFileBytes(file.fileKey, file.revision, kind !== 'text');
  if (kind === 'text') return <TextPreview fileKey={file.fileKey} revision={file.revision} />;
  if (bytes.isPending) return <LoadingState label={t('preview.loading')} />;
  if (bytes.isError) return <ErrorState error={bytes.error} onRetry={() => void bytes.refetch()} />;
  return (
    <Suspense fallback={<LoadingState label={t('preview.loading')} />}>
      {kind === 'pdf' ? <PdfPreview blob={bytes.data} /> : null}
      {kind === 'docx' ? <DocxPreview blob={bytes.data} /> : null}
      {kind === 'image' ? <ImagePreview blob={bytes.data} name={file.displayName} /> : null}
    </Suspense>
  );
}
