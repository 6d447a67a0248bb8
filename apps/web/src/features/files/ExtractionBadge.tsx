import { type FileMetadata } from '@legal/api';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './files-i18n';

const COLORS = { PENDING: 'gray', DONE: 'teal', FAILED: 'red' } as const;

/** The text-extraction status of a file; a failure tells its reason on hover and to screen readers. */
export function ExtractionBadge({ extraction }: { extraction: FileMetadata['extraction'] }) {
  const { t } = useTranslation('files');
  const badge = (
    <Badge color={COLORS[extraction.status]} variant="light" data-status={extraction.status}>
      {t(`status.${extraction.status}`)}
    </Badge>
  );
  if (extraction.status !== 'FAILED') return badge;
  const reason = t('status.failedReason', { reason: extraction.error || t('status.unknownReason') });
  // A native title rather than Mantine's Tooltip: the tooltip's positioning library would be
  // grouped into the first-screen vendor chunk and push the sign-in route past its JS budget.
  return (
    <Badge component="span" tabIndex={0} color="red" variant="light" data-status="FAILED" title={reason} aria-label={`${t('status.FAILED')}. ${reason}`}>
      {t('status.FAILED')}
    </Badge>
  );
}
