import { type FileKind } from '@legal/api';

export type PreviewKind = 'pdf' | 'docx' | 'image' | 'text';

/** How a file is previewed: PDF pages, DOCX as HTML, browser-drawable images, else its extracted text. */
export function previewKindOf(fileType: FileKind): PreviewKind {
  switch (fileType) {
    case 'pdf': return 'pdf';
    case 'docx': return 'docx';
    case 'png':
    case 'jpeg': return 'image';
    default: return 'text';
  }
}
