import { type VariableConfig, type VariableValue } from '@legal/api';

/**
 * The template's plain text (GET templates/latest: paragraphs separated by newlines, markers kept)
 * read as pieces: `{{key}}` variables and the `{{#key}}`/`{{/key}}` bounds of optional clauses.
 * The preview highlights them; the drafting preview substitutes the values (client side, so it
 * follows every keystroke; the server renders the real document from the same markers).
 */
export type TemplatePiece =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; key: string }
  | { kind: 'open'; key: string }
  | { kind: 'close'; key: string };

const MARKER = /\{\{\s*([#/]?)\s*([A-Za-z가-힣_][A-Za-z0-9가-힣_]{0,63})\s*\}\}/g;

export function splitTemplate(text: string): TemplatePiece[] {
  const pieces: TemplatePiece[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const index = match.index;
    if (index > last) pieces.push({ kind: 'text', text: text.slice(last, index) });
    const [, sigil, key = ''] = match;
    pieces.push(sigil === '#' ? { kind: 'open', key } : sigil === '/' ? { kind: 'close', key } : { kind: 'variable', key });
    last = index + match[0].length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** The distinct marker names of a text, in order of first use (variables and optional clauses). */
export function markerKeys(text: string): string[] {
  return [...new Set(splitTemplate(text).flatMap((p) => (p.kind === 'variable' || p.kind === 'open' ? [p.key] : [])))];
}

/** A piece of the filled preview: plain text, a filled value, or a blank still to fill. */
export type FilledPiece = { kind: 'text'; text: string } | { kind: 'value'; key: string; text: string } | { kind: 'blank'; key: string; label: string };

/** A value as the document shows it (amounts with thousands separators and currency, a party by name). */
export function displayValue(value: VariableValue | undefined, locale: string): string {
  if (value === undefined || typeof value === 'boolean') return '';
  if (typeof value === 'string') return value;
  if ('amount' in value) {
    if (!value.amount) return '';
    const [integer = '', fraction] = value.amount.split('.');
    const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${fraction ? `${grouped}.${fraction}` : grouped} ${value.currency}`.trim();
  }
  void locale;
  return value.name;
}

/**
 * The text with the values in place: an unchecked optional clause disappears with its content, a
 * checked one stays without its markers, an empty variable is a blank labelled with its name.
 */
export function fillTemplate(text: string, configs: readonly VariableConfig[], values: Readonly<Record<string, VariableValue | undefined>>, locale: 'ko' | 'en'): FilledPiece[] {
  const byKey = new Map(configs.map((c) => [c.key, c]));
  const out: FilledPiece[] = [];
  const skipping: string[] = [];
  for (const piece of splitTemplate(text)) {
    if (piece.kind === 'open') {
      if (skipping.length > 0 || values[piece.key] !== true) skipping.push(piece.key);
      continue;
    }
    if (piece.kind === 'close') {
      if (skipping.at(-1) === piece.key) skipping.pop();
      continue;
    }
    if (skipping.length > 0) continue;
    if (piece.kind === 'text') {
      out.push(piece);
      continue;
    }
    const shown = displayValue(values[piece.key], locale);
    out.push(shown ? { kind: 'value', key: piece.key, text: shown } : { kind: 'blank', key: piece.key, label: byKey.get(piece.key)?.label[locale] ?? piece.key });
  }
  return out;
}
