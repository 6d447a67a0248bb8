import { type ComponentProps, Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/LoadingState';

// pdf.js loads with the document, not with the verification screen.
const PdfPages = lazy(async () => ({ default: (await import('./PdfPages')).PdfPages }));

export function PdfPagesLazy(props: ComponentProps<typeof PdfPages>) {
  const { t } = useTranslation('esignSigner');
  return (
    <Suspense fallback={<LoadingState label={t('document.pdfLoading')} />}>
      <PdfPages {...props} />
    </Suspense>
  );
}
