import * as mammothModule from 'mammoth/mammoth.browser.min.js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { previewHtml } from './docx-preview';
import classes from './DocxPreview.module.css';
import './files-i18n';

type Mammoth = typeof mammothModule;
// A UMD bundle: depending on the bundler's interop its API is the namespace or its default export.
const mammoth: Mammoth = (mammothModule as Mammoth & { default?: Mammoth }).default ?? mammothModule;

/**
 * A DOCX converted to HTML by mammoth's browser build (loads only when a DOCX preview opens), then
 * sanitized, with Word's heading styles at modest sizes and paragraphs spaced (DocxPreview.module.css).
 */
export function DocxPreview({ blob }: { blob: Blob }) {
  const { t } = useTranslation('files');
  const [state, setState] = useState<{ blob: Blob; html: string | null; error: unknown }>({ blob, html: null, error: null });

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      try {
        const result = await mammoth.convertToHtml({ arrayBuffer: await blob.arrayBuffer() });
        if (isCurrent) setState({ blob, html: previewHtml(result.value), error: null });
      } catch (error) {
        if (isCurrent) setState({ blob, html: null, error });
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [blob]);

  if (state.error) return <ErrorState message={t('preview.failed')} />;
  if (state.blob !== blob || state.html === null) return <LoadingState label={t('preview.loading')} />;
  return (
    // Sanitized above: no scripts, no on* attributes, no javascript: links.
    <div className={classes.document} dangerouslySetInnerHTML={{ __html: state.html }} />
  );
}
