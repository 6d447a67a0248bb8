/**
 * The rule for every string a client sends: path params, query, JSON body values and keys
 * (route.ts) and the text fields and file name of a multipart upload (files.upload.ts).
 *
 * - TAB, LF and CR are text (memos, notices and clauses are multi-line); NUL, the other C0
 *   controls and DEL are not: PostgreSQL refuses NUL in text, and the rest only hide content
 *   from the people who read it.
 * - Ill-formed UTF-16 (a lone surrogate) is refused: it has no UTF-8 form, so it would be stored
 *   as U+FFFD (a different string than the one the request was checked with) or break a JSON
 *   column.
 * - Of the bidirectional controls, the overrides LEFT-TO-RIGHT OVERRIDE (U+202D) and
 *   RIGHT-TO-LEFT OVERRIDE (U+202E) are refused: they force glyphs into an order against their
 *   own direction, which is how `계약서\u202Excod.exe` reads as `계약서exe.docx` in a file list or a
 *   name reads as another in the audit log. Arabic and Hebrew display correctly without them (the
 *   Unicode bidi algorithm orders them), so no text a person types needs them. The embeddings,
 *   isolates and marks (U+200E, U+200F, U+202A-U+202C, U+2066-U+2069) stay allowed: editors and
 *   Word insert them into pasted mixed-direction text, and they cannot reverse a run of letters.
 */
const REFUSED_SOURCE = String.raw`[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202d\u202e]|\p{Cs}`;
const REFUSED = new RegExp(REFUSED_SOURCE, 'u');
const REFUSED_ALL = new RegExp(REFUSED_SOURCE, 'gu');

/** At most this many string issues are listed in one answer (a body of 10,000 bad strings answers 100). */
const MAX_ISSUES = 100;

export type FieldIssue = { field: string; reason: string };

/** Why a string breaks the rule, or undefined when it does not. */
export function stringFault(value: string): string | undefined {
  const found = REFUSED.exec(value);
  if (!found) return undefined;
  const c = found[0].charCodeAt(0);
  if (c >= 0xd800 && c <= 0xdfff) return 'ill-formed Unicode (lone surrogate)';
  if (c === 0x202d || c === 0x202e) return 'no bidirectional override characters';
  return 'no control characters';
}

/** A key as it can be named in a field path: refused characters written as \uXXXX, at most 100 characters. */
function printableKey(key: string): string {
  const shown = key.replace(REFUSED_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return shown.length > 100 ? `${shown.slice(0, 100)}...` : shown;
}

/** Parsed input is walked; bytes and streams (raw bodies) are not. */
function isParsedObject(value: object): value is Record<string, unknown> {
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/**
 * Adds an issue for every string (value or object key) under `value` that breaks the rule, named
 * by its path from `location` (`body.title`, `query.keyword`, `body.items.2.name`). Buffers and
 * streams (raw bodies) are not walked. JSON bodies are at most 64 levels deep.
 */
export function collectStringIssues(location: string, value: unknown, issues: FieldIssue[]): void {
  if (issues.length >= MAX_ISSUES) return;
  if (typeof value === 'string') {
    const reason = stringFault(value);
    if (reason) issues.push({ field: location, reason });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && issues.length < MAX_ISSUES; i++) collectStringIssues(`${location}.${i}`, value[i], issues);
    return;
  }
  if (!isParsedObject(value)) return;
  for (const key of Object.keys(value)) {
    if (issues.length >= MAX_ISSUES) return;
    const keyFault = stringFault(key);
    const field = `${location}.${keyFault ? printableKey(key) : key}`;
    if (keyFault) issues.push({ field, reason: `${keyFault} in a key` });
    else collectStringIssues(field, value[key], issues);
  }
}
