import { useTranslation } from 'react-i18next';
import { splitSize } from './file-format';
import './files-i18n';

/** A byte count in a readable unit; the exact count in the title. */
export function FileSize({ bytes }: { bytes: number }) {
  const { t } = useTranslation('files');
  const { value, unit } = splitSize(bytes);
  return <span title={`${bytes.toLocaleString()} B`}>{t(`size.${unit}`, { value })}</span>;
}
