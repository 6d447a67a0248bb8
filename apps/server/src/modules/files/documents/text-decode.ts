/** Decodes text bytes: UTF-8 (BOM optional), UTF-16 LE/BE with BOM, else EUC-KR as a last resort. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWithCharset(bytes, 'euc-kr');
  }
}

/** Decodes with a declared charset (mail parts, legacy files); unknown labels fall back to UTF-8. */
export function decodeWithCharset(bytes: Uint8Array, charset: string | undefined): string {
  const label = (charset ?? 'utf-8').trim().toLowerCase().replace(/^"|"$/g, '');
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Normalizes line endings and strips NULs so downstream code sees one text shape. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '');
}

/**
 * Main language by script: Hangul syllables against Latin letters (about 2.5 letters per
 * syllable). Undefined when there is too little text to tell.
 */
export function detectLanguage(text: string): 'ko' | 'en' | 'mixed' | undefined {
  const hangul = text.match(/[\uAC00-\uD7A3]/g)?.length ?? 0;
  const latin = (text.match(/[A-Za-z]/g)?.length ?? 0) / 2.5;
  if (hangul + latin < 5) return undefined;
  const share = hangul / (hangul + latin);
  if (share >= 0.8) return 'ko';
  if (share <= 0.2) return 'en';
  return 'mixed';
}
