import { type FileMetadata } from '@legal/api';
import { useTranslation } from 'react-i18next';
import './files-i18n';

/** Who uploaded a file: their name in this workspace, or why there is none. */
export function Uploader({ file }: { file: Pick<FileMetadata, 'uploadedByUserId' | 'uploaderName'> }) {
  const { t } = useTranslation('files');
  if (file.uploaderName) return <>{file.uploaderName}</>;
  return <>{file.uploadedByUserId === null ? t('table.unknownUploader') : t('table.formerMember')}</>;
}
