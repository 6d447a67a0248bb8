import { useTranslation } from 'react-i18next';
import { FileDropZone as DropZone, type FileDropZoneProps as DropZoneProps } from '../../components/FileDropZone';
import './contracts-i18n';

export type FileDropZoneProps = Omit<DropZoneProps, 'texts'> & {
  /** What is dropped: contract documents and their attachments (default), or the filled bulk-registration sheet. */
  kind?: 'documents' | 'sheet';
};

/** The shared drop zone with the contract screens' words for what it takes. */
export function FileDropZone({ kind = 'documents', ...props }: FileDropZoneProps) {
  const { t } = useTranslation('contracts');
  const words = kind === 'sheet' ? 'upload.sheet' : 'upload';
  return <DropZone {...props} texts={{ drop: t(`${words}.drop`), choose: t(`${words}.choose`), hint: t(`${words}.hint`), input: t(`${words}.input`) }} />;
}
