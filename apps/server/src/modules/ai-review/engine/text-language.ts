/**
 * The language of the patterns to read: Korean when Hangul outweighs Latin letters. Pure text code:
 * the engine's worker thread answers it with a text's labels (engine-worker.ts, op `labels`).
 */
export function textLanguage(text: string): 'ko' | 'en' {
  const sample = text.slice(0, 20_000);
  const hangul = (sample.match(/[\uac00-\ud7a3]/g) ?? []).length;
  const latin = (sample.match(/[A-Za-z]/g) ?? []).length;
  return hangul * 2 >= latin ? 'ko' : 'en';
}
