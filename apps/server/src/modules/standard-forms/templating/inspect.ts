import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import { VariableKeySchema } from '@legal/api';
import { MAX_UNPACKED_BYTES, paragraphLine, readDocx, readParagraphs, TOO_LARGE, unpackedBytes } from './docx-xml';
import { createHwpxModule, hwpxOptions, isHwpxZip, readHwpxLines } from './hwpx-xml';

// Compiling a template with docxtemplater (markers `{{key}}` and `{{#key}}...{{/key}}`, found even
// when Word or Hangul split them across runs) and reading what it declares. A template is a Word
// file (DOCX) or a Hangul one (HWPX, through the file type of hwpx-xml.ts). Pure.

export type TemplateFormat = 'DOCX' | 'HWPX';

export const NOT_A_TEMPLATE = 'The file is neither a Word (DOCX) nor a Hangul (HWPX) document.';

/** Opens a template and tells its format, or says why it cannot: not a DOCX or HWPX zip, too large unpacked. */
export function openTemplate(bytes: Buffer | Uint8Array): { zip: PizZip; format: TemplateFormat; problem: null } | { zip: null; format: null; problem: string } {
  const docx = readDocx(bytes);
  if (docx.zip) return { zip: docx.zip, format: 'DOCX', problem: null };
  if (docx.problem === TOO_LARGE) return { zip: null, format: null, problem: TOO_LARGE };
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    return { zip: null, format: null, problem: NOT_A_TEMPLATE };
  }
  if (!isHwpxZip(zip)) return { zip: null, format: null, problem: NOT_A_TEMPLATE };
  if (unpackedBytes(zip) > MAX_UNPACKED_BYTES) return { zip: null, format: null, problem: TOO_LARGE };
  return { zip, format: 'HWPX', problem: null };
}

/** The template's format (DOCX or HWPX), or null for anything else. */
export function templateFormatOf(bytes: Buffer | Uint8Array): TemplateFormat | null {
  return openTemplate(bytes).format;
}

/** What fills an unfilled value marker in a preview or a blank form. */
export const BLANK = '＿＿＿＿';

export type MarkerKind = 'VALUE' | 'SECTION';
export interface TemplateMarker {
  key: string;
  kind: MarkerKind;
}
export interface TemplateInspection {
  /** Each marker once, in order of first appearance (body, then headers and footers). */
  markers: TemplateMarker[];
  /** The body's plain text with its markers and numbering labels, one paragraph per line. */
  text: string;
  /** Why the template cannot be used, readable; empty when it can. */
  problems: string[];
}

/** The options every template is compiled with (docs/decisions/0006-docx-templating.md). */
export function templateOptions() {
  return {
    delimiters: { start: '{{', end: '}}' },
    paragraphLoop: true,
    linebreaks: true,
    errorLogging: false,
    // A value with a control character (pasted from elsewhere) would make the XML invalid.
    stripInvalidXMLChars: true,
    // Keys are looked up trimmed, so `{{ 계약금액 }}` is the same marker as `{{계약금액}}`.
    parser: (tag: string) => {
      const key = tag.trim();
      // Own keys only: a marker named `constructor` must not read Object.prototype.
      return { get: (scope: unknown) => (scope !== null && typeof scope === 'object' && Object.hasOwn(scope, key) ? (scope as Record<string, unknown>)[key] : undefined) };
    },
    nullGetter: blankNullGetter,
  };
}

/** A value marker without a value shows a blank line; an optional clause without one is left out. */
function blankNullGetter(part: { module?: string }): unknown {
  return part.module ? false : BLANK;
}

interface DxtPart {
  type: string;
  value: string;
  module?: string;
  raw?: string;
  inverted?: boolean;
  subparsed?: DxtPart[];
}

type Compiled = { ok: true; doc: Docxtemplater; inspect: InstanceType<typeof InspectModule>; format: TemplateFormat } | { ok: false; problems: string[] };

/**
 * Compiles the template. Never throws: a file that is not a DOCX or HWPX, a corrupt one, or markers
 * that do not parse come back as problems.
 */
export function compileTemplate(bytes: Buffer | Uint8Array): Compiled {
  const opened = openTemplate(bytes);
  return opened.zip ? compileZip(opened.zip, opened.format) : { ok: false, problems: [opened.problem] };
}

function compileZip(zip: PizZip, format: TemplateFormat): Compiled {
  const inspect = new InspectModule();
  try {
    const doc = format === 'HWPX'
      ? new Docxtemplater(zip, { ...templateOptions(), ...hwpxOptions(), modules: [createHwpxModule(), inspect] })
      : new Docxtemplater(zip, { ...templateOptions(), modules: [inspect] });
    return { ok: true, doc, inspect, format };
  } catch (error) {
    return { ok: false, problems: describeTemplateError(error) };
  }
}

/** Reads the template's markers, text and problems. Never throws. */
export function inspectTemplate(bytes: Buffer | Uint8Array): TemplateInspection {
  const opened = openTemplate(bytes);
  if (!opened.zip) return { markers: [], text: '', problems: [opened.problem] };
  const text = safeText(opened.zip, opened.format); // before compiling: docxtemplater takes the zip over
  const compiled = compileZip(opened.zip, opened.format);
  if (!compiled.ok) return { markers: [], text, problems: compiled.problems };
  return { ...markersOf(compiled.inspect), text };
}

/**
 * The markers of a compiled template, and problems for what our syntax does not allow: raw XML
 * `{{@x}}` and inverted `{{^x}}` tags, names outside VariableKeySchema, one name used both ways.
 */
export function markersOf(inspect: InstanceType<typeof InspectModule>): { markers: TemplateMarker[]; problems: string[] } {
  const markers: TemplateMarker[] = [];
  const problems: string[] = [];
  const seen = new Map<string, MarkerKind>();
  const visit = (parts: DxtPart[]) => {
    for (const part of parts) {
      if (part.type !== 'placeholder') continue;
      const key = part.value.trim();
      const kind: MarkerKind = part.module === 'loop' ? 'SECTION' : 'VALUE';
      const shown = part.module === 'loop' ? `{{#${key}}}` : `{{${part.raw ?? key}}}`;
      if (part.module && part.module !== 'loop') problems.push(`${shown}: only {{name}} and {{#name}}...{{/name}} markers are supported.`);
      else if (part.inverted) problems.push(`{{^${key}}}: only {{name}} and {{#name}}...{{/name}} markers are supported.`);
      else if (!VariableKeySchema.safeParse(key).success) problems.push(`${shown}: a marker name is letters (Hangul too), digits and _, not starting with a digit, up to 64 characters.`);
      else {
        const before = seen.get(key);
        if (before === undefined) {
          seen.set(key, kind);
          markers.push({ key, kind });
        } else if (before !== kind) problems.push(`"${key}" is used both as a value {{${key}}} and as an optional clause {{#${key}}}; use one name for each.`);
      }
      if (part.subparsed) visit(part.subparsed);
    }
  };
  // The body first, then headers, footers and the rest: the order a reader meets them.
  const rank = (file: string) => (file === 'word/document.xml' || /^Contents\/section\d+\.xml$/i.test(file) ? 0 : /header/.test(file) ? 1 : /footer/.test(file) ? 2 : 3);
  const files = Object.keys(inspect.fullInspected).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
  for (const file of files) visit(inspect.getStructuredTags(file) as DxtPart[]);
  return { markers, problems: [...new Set(problems)] };
}

function safeText(zip: PizZip, format: TemplateFormat): string {
  try {
    return format === 'HWPX' ? readHwpxLines(zip).join('\n') : readParagraphs(zip).map(paragraphLine).join('\n');
  } catch {
    return '';
  }
}

const PLACES: Array<[RegExp, string]> = [
  [/^word\/document\.xml$/, 'the body'],
  [/^word\/header\d*\.xml$/, 'a header'],
  [/^word\/footer\d*\.xml$/, 'a footer'],
  [/^word\/footnotes\.xml$/, 'the footnotes'],
  [/^Contents\/section\d+\.xml$/i, 'the body'],
];

/** docxtemplater's compile errors as sentences a form author can act on. */
export function describeTemplateError(error: unknown): string[] {
  const props = (error as { properties?: { id?: string; errors?: unknown[] } } | null)?.properties;
  if (!props) return [`The template could not be read: ${error instanceof Error ? error.message : String(error)}`];
  const errors = props.id === 'multi_error' && Array.isArray(props.errors) ? props.errors : [error];
  return [...new Set(errors.map(describeOne))];
}

function describeOne(error: unknown): string {
  const p = ((error as { properties?: Record<string, unknown> }).properties ?? {}) as Record<string, unknown>;
  const file = typeof p.file === 'string' ? p.file : '';
  const place = PLACES.find(([re]) => re.test(file))?.[1] ?? (file ? file : 'the document');
  const tag = String(p.xtag ?? '').replace(/^\{+/, '').trim();
  const at = ` (in ${place})`;
  switch (p.id) {
    case 'unclosed_tag':
      return `A marker is not closed: "{{${tag.slice(0, 30)}" needs "}}"${at}.`;
    case 'unopened_tag':
      return `"}}" without an opening "{{"${tag && tag !== '}' ? ` near "${tag.slice(0, 30)}"` : ''}${at}.`;
    case 'duplicate_open_tag':
      return `A marker is opened twice: "{{{{${tag.slice(0, 30)}"${at}.`;
    case 'duplicate_close_tag':
      return `A marker is closed twice: "${tag.slice(0, 30)}}}}}"${at}.`;
    case 'unclosed_loop':
      return `The optional clause {{#${tag}}} has no closing {{/${tag}}}${at}.`;
    case 'unopened_loop':
      return `{{/${tag}}} closes an optional clause that was never opened with {{#${tag}}}${at}.`;
    case 'closing_tag_does_not_match_opening_tag':
      return `The optional clause {{#${String(p.openingtag ?? '').trim()}}} is closed by {{/${String(p.closingtag ?? '').trim()}}}${at}.`;
    case 'unbalanced_loop_tags':
      return `Optional clauses overlap: close the inner one before the outer one${at}.`;
    case 'loop_position_invalid':
      return `{{#${tag}}} and {{/${tag}}} must both be inside the same table cell, or both outside tables${at}.`;
    case 'raw_xml_tag_should_be_only_text_in_paragraph':
      return `{{@${tag}}}: only {{name}} and {{#name}}...{{/name}} markers are supported${at}.`;
    case 'malformed_xml':
    case 'file_has_invalid_xml':
      return `The file is corrupt: its XML cannot be read${at}.`;
    case 'filetype_not_identified':
    case 'filetype_not_handled':
      return NOT_A_TEMPLATE;
    default:
      return `${String(p.explanation ?? (error instanceof Error ? error.message : 'The template cannot be read'))}${at}.`;
  }
}
