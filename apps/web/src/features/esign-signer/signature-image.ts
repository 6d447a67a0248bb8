import { ESIGN_LIMITS } from '@legal/api';

/** The part of an image that carries ink. */
export interface InkBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels at least this opaque count as ink (anti-aliasing leaves fainter ones at the edges). */
const INK_ALPHA = 8;
/** Transparent margin kept around the ink. */
const MARGIN = 4;

/** The smallest box holding every inked pixel of RGBA data, or null for a blank image. */
export function inkBounds(data: Uint8ClampedArray, width: number, height: number): InkBox | null {
  let top = height;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! < INK_ALPHA) continue;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (right < 0) return null;
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

type CanvasMaker = (width: number, height: number) => HTMLCanvasElement;

const makeCanvas: CanvasMaker = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
};

/**
 * The drawn signature as a PNG (base64, no data: prefix): cut to the ink with a small margin, on
 * a transparent background (the pad is never filled, so what is not ink stays transparent).
 * Null for a blank pad.
 */
export function trimmedSignaturePng(source: HTMLCanvasElement, create: CanvasMaker = makeCanvas): string | null {
  const context = source.getContext('2d');
  if (!context) return null;
  const { data } = context.getImageData(0, 0, source.width, source.height);
  const box = inkBounds(data, source.width, source.height);
  if (!box) return null;
  const x = Math.max(0, box.x - MARGIN);
  const y = Math.max(0, box.y - MARGIN);
  const width = Math.min(source.width, box.x + box.width + MARGIN) - x;
  const height = Math.min(source.height, box.y + box.height + MARGIN) - y;
  const out = create(width, height);
  out.getContext('2d')!.drawImage(source, x, y, width, height, 0, 0, width, height);
  return out.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A Blob's bytes (FileReader where a Blob has no arrayBuffer, as in older engines and jsdom). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(blob);
  });
}

export type UploadCheck = { ok: true; pngBase64: string } | { ok: false; reason: 'notPng' | 'tooLarge' };

/** An uploaded signature image: a PNG (by its bytes, not its name) within the server's size limit. */
export async function readSignatureUpload(file: Blob): Promise<UploadCheck> {
  if (file.size > ESIGN_LIMITS.maxSignatureBytes) return { ok: false, reason: 'tooLarge' };
  const bytes = await bytesOf(file);
  if (bytes.length < PNG_MAGIC.length || PNG_MAGIC.some((b, i) => bytes[i] !== b)) return { ok: false, reason: 'notPng' };
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { ok: true, pngBase64: btoa(binary) };
}
