import { useTranslation } from 'react-i18next';
import { FileDropZone as DropZone, type FileDropZoneProps as DropZoneProps } from '../../components/FileDropZone';
import './contracts-i18n';

export type FileDropZoneProps = Omit<DropZoneProps, 'texts'>;

/** The shared drop zone with the contract screens' words (contract documents and their attachments). */
export function FileDropZone(props: FileDropZoneProps) {
  const { t } = useTranslation('contracts');
  return <DropZone {...props} texts={{ drop: t('upload.drop'), choose: t('upload.choose'), hint: t('upload.hint'), input: t('upload.input') }} />;
}
