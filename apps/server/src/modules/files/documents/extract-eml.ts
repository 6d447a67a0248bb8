import { donePage, errorMessage, failedPage, type FormatExtraction } from './extract-common';
import { decodeEntities } from './markup';
import { decodeWithCharset, normalizeText } from './text-decode';

/**
 * EML (RFC 5322 / MIME): the main headers and the text body. Decodes quoted-printable and base64,
 * RFC 2047 encoded words and charsets (UTF-8, EUC-KR/ks_c_5601-1987, ISO-8859-x...); prefers
 * text/plain, falls back to text/html stripped of tags. Attachments are listed, not extracted.
 */
export function extractEml(bytes: Buffer): FormatExtraction {
  try {
    const message = parsePart(bytes);
    const lines: string[] = [];
    for (const name of ['from', 'to', 'cc', 'date', 'subject']) {
      const value = headerValue(message.headers, name);
      if (value) lines.push(`${name === 'cc' ? 'Cc' : name[0]?.toUpperCase() + name.slice(1)}: ${decodeEncodedWords(value)}`);
    }
    const collected: { text: string[]; html: string[]; attachments: string[] } = { text: [], html: [], attachments: [] };
    collectBodies(message, collected);
    const body = collected.text.length > 0 ? collected.text.join('\n\n') : collected.html.map(htmlToText).join('\n\n');
    const attachments = collected.attachments.map((name) => `[Attachment: ${name}]`);
    const text = normalizeText([lines.join('\n'), body.trim(), attachments.join('\n')].filter(Boolean).join('\n\n'));
    return { pages: [donePage(1, text)], totalPages: 1 };
  } catch (error) {
    return { pages: [failedPage(1, `Could not read the e-mail: ${errorMessage(error)}`)] };
  }
}

interface MimePart {
  headers: [string, string][];
  body: Buffer;
}

const MAX_DEPTH = 10;

function parsePart(bytes: Buffer): MimePart {
  const raw = bytes.toString('latin1');
  const match = /\r?\n\r?\n/.exec(raw);
  const headerText = match ? raw.slice(0, match.index) : raw;
  const bodyStart = match ? match.index + match[0].length : raw.length;
  const headers: [string, string][] = [];
  for (const line of headerText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  // Header bytes may be raw UTF-8 (RFC 6532): re-decode them from latin1.
  for (const h of headers) h[1] = Buffer.from(h[1], 'latin1').toString('utf8');
  return { headers, body: bytes.subarray(bodyStart) };
}

function headerValue(headers: [string, string][], name: string): string | undefined {
  return headers.find(([n]) => n === name)?.[1];
}

function parseParams(value: string): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq > 0) params[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim().replace(/^"|"$/g, '');
  }
  return { type: type.trim().toLowerCase(), params };
}

function collectBodies(part: MimePart, out: { text: string[]; html: string[]; attachments: string[] }, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  const { type, params } = parseParams(headerValue(part.headers, 'content-type') ?? 'text/plain; charset=us-ascii');
  const disposition = parseParams(headerValue(part.headers, 'content-disposition') ?? '');
  if (type.startsWith('multipart/') && params.boundary) {
    for (const child of splitMultipart(part.body, params.boundary)) collectBodies(parsePart(child), out, depth + 1);
    return;
  }
  const fileName = disposition.params.filename ?? params.name;
  if (disposition.type === 'attachment' || (fileName && !type.startsWith('text/'))) {
    out.attachments.push(decodeEncodedWords(fileName ?? type));
    return;
  }
  if (type === 'message/rfc822') {
    collectBodies(parsePart(part.body), out, depth + 1);
    return;
  }
  if (type !== 'text/plain' && type !== 'text/html' && type !== '') return;
  const decoded = decodeTransfer(part.body, headerValue(part.headers, 'content-transfer-encoding'));
  const text = decodeWithCharset(decoded, params.charset);
  if (type === 'text/html') out.html.push(text);
  else out.text.push(text);
}

function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const raw = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const parts: Buffer[] = [];
  let index = raw.indexOf(delimiter);
  while (index >= 0) {
    const start = index + delimiter.length;
    if (raw.startsWith('--', start)) break;
    const next = raw.indexOf(delimiter, start);
    const end = next < 0 ? raw.length : next;
    const content = raw.slice(start, end).replace(/^[ \t]*\r?\n/, '').replace(/\r?\n$/, '');
    parts.push(Buffer.from(content, 'latin1'));
    index = next;
  }
  return parts;
}

function decodeTransfer(body: Buffer, encoding: string | undefined): Buffer {
  const kind = (encoding ?? '').trim().toLowerCase();
  if (kind === 'base64') return Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body.toString('latin1'));
  return body;
}

export function decodeQuotedPrintable(text: string, isHeader = false): Buffer {
  const source = isHeader ? text.replace(/_/g, ' ') : text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i += 1) {
    const ch = source.charCodeAt(i);
    const hex = source.slice(i + 1, i + 3);
    if (ch === 0x3d && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(ch & 0xff);
  }
  return Buffer.from(bytes);
}

/** RFC 2047: `=?charset?B?...?=` and `=?charset?Q?...?=`, adjacent words joined without space. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, charset: string, kind: string, data: string) => {
      const bytes = kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data, true);
      return decodeWithCharset(bytes, charset.split('*')[0]);
    });
}

function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}
