import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n';
import { splitSize } from './file-format';
import './files-i18n';

/** A byte count in a readable unit; the exact count in the title. */
export function FileSize({ bytes }: { bytes: number }) {
  const { t } = useTranslation('files');
  const format = useLocaleFormat();
  const { value, unit } = splitSize(bytes);
  return <span title={`${format.number(bytes)} B`}>{t(`size.${unit}`, { value: format.number(value) })}</span>;
}
