import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { isRenderCancelled, renderPdfPage, usePdfDocument } from '../../lib/pdf-document';
import './files-i18n';

const MAX_WIDTH = 720;

/** A PDF drawn one page at a time with pdf.js (this module loads only when a PDF preview opens). */
export function PdfPreview({ blob }: { blob: Blob }) {
  const { t } = useTranslation('files');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { doc, error: loadError } = usePdfDocument(blob);
  const [pageNumber, setPageNumber] = useState(1);
  const [renderError, setRenderError] = useState<unknown>(null);
  const error = loadError ?? renderError;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas) return;
    const task = renderPdfPage(doc, pageNumber, canvas, (pageWidth) => Math.min(2 * pageWidth, MAX_WIDTH));
    task.done.then(
      () => {
        canvas.style.width = `${Math.floor(canvas.width / Math.min(2, window.devicePixelRatio || 1))}px`;
      },
      (cause: unknown) => {
        if (!isRenderCancelled(cause)) setRenderError(cause);
      },
    );
    return task.cancel;
  }, [doc, pageNumber]);

  if (error) return <ErrorState message={t('preview.failed')} />;
  if (!doc) return <LoadingState label={t('preview.loading')} />;
  return (
    <Stack gap="sm" align="center">
      <Group gap="xs" justify="center">
        <Button size="xs" variant="default" disabled={pageNumber <= 1} onClick={() => setPageNumber((n) => n - 1)}>
          {t('preview.previousPage')}
        </Button>
        <Text size="sm" aria-live="polite">
          {t('preview.pdfPage', { page: pageNumber, total: doc.numPages })}
        </Text>
        <Button size="xs" variant="default" disabled={pageNumber >= doc.numPages} onClick={() => setPageNumber((n) => n + 1)}>
          {t('preview.nextPage')}
        </Button>
      </Group>
      <canvas ref={canvasRef} style={{ maxWidth: '100%', border: '1px solid var(--mantine-color-default-border)' }} />
    </Stack>
  );
}
