import { Box, Stack, Text } from '@mantine/core';
import { type PDFDocumentProxy } from 'pdfjs-dist';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/LoadingState';
import { isRenderCancelled, renderPdfPage, usePdfDocument } from '../../lib/pdf-document';

/** Pages are drawn for this CSS width at most (and the device's pixel ratio, up to 2). */
const MAX_WIDTH = 900;

interface Props {
  blob: Blob;
  /** What lies over a page (the fields): positioned in fractions of the page, so any width fits. */
  renderOverlay: (page: number) => ReactNode;
  /** Shown instead of the pages when pdf.js cannot read the file. */
  failure: ReactNode;
}

/** Every page of a PDF, stacked, as wide as the screen allows (this module loads pdf.js). */
export function PdfPages({ blob, renderOverlay, failure }: Props) {
  const { t } = useTranslation('esignSigner');
  const { doc, error: loadError } = usePdfDocument(blob);
  const [renderError, setRenderError] = useState<unknown>(null);
  const error = loadError ?? renderError;

  if (error) return <>{failure}</>;
  if (!doc) return <LoadingState label={t('document.pdfLoading')} />;
  return (
    <Stack gap="md">
      {Array.from({ length: doc.numPages }, (_, i) => (
        <PdfPage key={i + 1} doc={doc} pageNumber={i + 1} total={doc.numPages} overlay={renderOverlay(i + 1)} onError={setRenderError} />
      ))}
    </Stack>
  );
}

function PdfPage({ doc, pageNumber, total, overlay, onError }: { doc: PDFDocumentProxy; pageNumber: number; total: number; overlay: ReactNode; onError: (e: unknown) => void }) {
  const { t } = useTranslation('esignSigner');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [aspect, setAspect] = useState<number | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const task = renderPdfPage(doc, pageNumber, canvas, Math.min(MAX_WIDTH, canvas.parentElement?.clientWidth || MAX_WIDTH));
    task.done.then(
      (size) => setAspect(size.height / size.width),
      (cause: unknown) => {
        if (!isRenderCancelled(cause)) onError(cause);
      },
    );
    return task.cancel;
  }, [doc, pageNumber, onError]);

  return (
    <Box component="section" aria-label={t('document.page', { page: pageNumber, total })}>
      <Box
        pos="relative"
        w="100%"
        maw={MAX_WIDTH}
        mx="auto"
        bg="white"
        style={{
          aspectRatio: aspect ? `1 / ${aspect}` : '1 / 1.414',
          boxShadow: 'var(--mantine-shadow-sm)',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <canvas ref={canvasRef} aria-hidden="true" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
        <Box pos="absolute" inset={0}>
          {overlay}
        </Box>
      </Box>
      <Text size="xs" c="dimmed" ta="center" mt={4}>
        {t('document.page', { page: pageNumber, total })}
      </Text>
    </Box>
  );
}

