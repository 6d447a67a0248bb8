import { Button, Group, Stack, Text } from '@mantine/core';
import { type PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { isRenderCancelled, openPdfDocument } from '../../lib/pdf-document';
import './files-i18n';

const MAX_WIDTH = 720;

/** A PDF drawn one page at a time with pdf.js (this module loads only when a PDF preview opens). */
export function PdfPreview({ blob }: { blob: Blob }) {
  const { t } = useTranslation('files');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let isCurrent = true;
    let loaded: PDFDocumentProxy | null = null;
    void (async () => {
      try {
        const pdf = await openPdfDocument(blob);
        loaded = pdf;
        if (isCurrent) setDoc(pdf);
        else void pdf.destroy();
      } catch (cause) {
        if (isCurrent) setError(cause);
      }
    })();
    return () => {
      isCurrent = false;
      void loaded?.destroy();
    };
  }, [blob]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas) return;
    let isCurrent = true;
    let cancel: (() => void) | null = null;
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (!isCurrent) return;
        const base = page.getViewport({ scale: 1 });
        const scale = Math.min(2, MAX_WIDTH / base.width) * (window.devicePixelRatio || 1);
        const viewport = page.getViewport({ scale });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / (window.devicePixelRatio || 1))}px`;
        const render = page.render({ canvas, viewport });
        cancel = () => render.cancel();
        await render.promise;
      } catch (cause) {
        if (isCurrent && !isRenderCancelled(cause)) setError(cause);
      }
    })();
    return () => {
      isCurrent = false;
      cancel?.();
    };
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
