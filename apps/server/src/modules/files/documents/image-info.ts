/** Reads image dimensions from headers (no decoding), to refuse pixel bombs before OCR. */
export interface ImageSize {
  width: number;
  height: number;
}

/** Images above this are refused for OCR (a 600 dpi A4 scan is ~35 MP). */
export const MAX_OCR_PIXELS = 80_000_000;

export function readImageSize(bytes: Buffer, type: 'png' | 'jpeg' | 'tiff'): ImageSize | null {
  try {
    if (type === 'png') return readPngSize(bytes);
    if (type === 'jpeg') return readJpegSize(bytes);
    return readTiffSize(bytes);
  } catch {
    return null; // header runs past the end: truncated
  }
}

function readPngSize(bytes: Buffer): ImageSize | null {
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function readJpegSize(bytes: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

function readTiffSize(bytes: Buffer): ImageSize | null {
  const isLittle = bytes[0] === 0x49;
  const u16 = (at: number) => (isLittle ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (isLittle ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const ifd = u32(4);
  const count = u16(ifd);
  let width = 0;
  let height = 0;
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    const value = u16(entry + 2) === 3 ? u16(entry + 8) : u32(entry + 8);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width > 0 && height > 0 ? { width, height } : null;
}
