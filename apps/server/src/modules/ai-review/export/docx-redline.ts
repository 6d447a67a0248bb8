import JSZip from 'jszip';

/**
 * The contract as a Word document whose accepted edits are tracked changes (w:del / w:ins), so the
 * counterparty sees an ordinary redline with the reviewer as author.
 *
 * Edits are offsets into `text`, the document's extracted text (modules/files/documents: for a DOCX,
 * mammoth's paragraphs joined by blank lines, table cells by tabs, whitespace collapsed, Word's
 * automatic numbers such as "1." or "제1조" written in front although they are not in the runs).
 *
 * A DOCX original keeps its document.xml: each paragraph's run text is located in `text` (in order,
 * ignoring whitespace, so numbering labels and collapsed spaces do not matter), and only the
 * paragraphs an edit touches are rewritten, their runs split at the edit boundaries with the run
 * properties kept. When an edit reaches text no paragraph accounts for (a numbering label, a text
 * box, a paragraph that could not be located) the document is rebuilt from `text` instead and the
 * outcome says so (`mode: 'rebuilt'`, `fallbackReason`). A text original is always built from `text`.
 */

export interface RedlineEdit {
  start: number;
  end: number;
  insert: string;
}

export interface RedlineInput {
  original: { kind: 'docx'; bytes: Buffer } | { kind: 'text' };
  text: string;
  edits: RedlineEdit[];
  author: string;
  date: Date;
  title?: string;
}

export interface RedlineOutcome {
  bytes: Buffer;
  /** `in-place`: the original DOCX with only the edited paragraphs rewritten; `rebuilt`: a new DOCX from the text. */
  mode: 'in-place' | 'rebuilt';
  /** Why a DOCX original was rebuilt from the text. */
  fallbackReason?: string;
}

export class RedlineInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedlineInputError';
  }
}

export async function redlineDocx(input: RedlineInput): Promise<Buffer> {
  return (await buildRedline(input)).bytes;
}

export async function buildRedline(input: RedlineInput): Promise<RedlineOutcome> {
  const edits = checkEdits(input.edits, input.text.length);
  const revision = new Revisions(input.author, input.date);
  if (input.original.kind === 'docx') {
    const inPlace = await redlineInPlace(input.original.bytes, input.text, edits, revision);
    if ('bytes' in inPlace) return { bytes: inPlace.bytes, mode: 'in-place' };
    return { bytes: await rebuildFromText(input, edits, new Revisions(input.author, input.date)), mode: 'rebuilt', fallbackReason: inPlace.reason };
  }
  return { bytes: await rebuildFromText(input, edits, revision), mode: 'rebuilt' };
}

function checkEdits(edits: readonly RedlineEdit[], length: number): RedlineEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let previousEnd = 0;
  for (const edit of sorted) {
    if (!Number.isInteger(edit.start) || !Number.isInteger(edit.end) || edit.start < 0 || edit.end < edit.start || edit.end > length) {
      throw new RedlineInputError(`edit ${edit.start}-${edit.end} is outside the text (0-${length})`);
    }
    if (edit.start < previousEnd) throw new RedlineInputError(`edit ${edit.start}-${edit.end} overlaps the previous one`);
    previousEnd = edit.end;
  }
  return sorted.filter((edit) => edit.end > edit.start || edit.insert.length > 0);
}

// XML ----------------------------------------------------------------------------------------

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[entity.toLowerCase()]) return named[entity.toLowerCase()]!;
    const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

/** Text as w:t content, a line break as w:br, a tab as w:tab. */
function textContent(text: string, element: 't' | 'delText'): string {
  return text
    .split(/(\n|\t)/)
    .map((part) => (part === '\n' ? '<w:br/>' : part === '\t' ? '<w:tab/>' : part ? `<w:${element} xml:space="preserve">${escapeXml(part)}</w:${element}>` : ''))
    .join('');
}

class Revisions {
  private nextId = 1;
  private readonly attrs: string;

  constructor(author: string, date: Date) {
    this.attrs = `w:author="${escapeXml(author)}" w:date="${date.toISOString().replace(/\.\d{3}Z$/, 'Z')}"`;
  }

  startAfter(maxId: number): void {
    this.nextId = Math.max(this.nextId, maxId + 1);
  }

  del(text: string, rPr: string): string {
    return `<w:del w:id="${this.nextId++}" ${this.attrs}><w:r>${rPr}${textContent(text, 'delText')}</w:r></w:del>`;
  }

  ins(text: string, rPr: string): string {
    return `<w:ins w:id="${this.nextId++}" ${this.attrs}><w:r>${rPr}${textContent(text, 't')}</w:r></w:ins>`;
  }
}

// Pieces of a paragraph --------------------------------------------------------------------

type Span = { kind: 'same' | 'del'; from: number; to: number };
type Insertion = { kind: 'ins'; at: number; text: string };
type Piece = Span | Insertion;

/**
 * What the edits do to a span [from, to) of a coordinate space: kept and deleted ranges, and the
 * insertions placed here (`homes`: the edits whose insertion belongs to this span).
 */
function piecesOf(from: number, to: number, edits: readonly RedlineEdit[], homes: ReadonlySet<RedlineEdit>, map: (offset: number) => number): Piece[] {
  const pieces: Piece[] = [];
  let cursor = from;
  for (const edit of edits) {
    const isHome = homes.has(edit);
    const a = Math.max(map(edit.start), from);
    const b = Math.min(map(edit.end), to);
    if (!isHome && b <= a) continue;
    if (a > cursor) pieces.push({ kind: 'same', from: cursor, to: a });
    if (b > a) pieces.push({ kind: 'del', from: Math.max(a, cursor), to: b });
    if (isHome && edit.insert) pieces.push({ kind: 'ins', at: Math.max(b, a), text: edit.insert });
    cursor = Math.max(cursor, b);
  }
  if (cursor < to) pieces.push({ kind: 'same', from: cursor, to });
  return pieces;
}

// Rebuilt from the text -----------------------------------------------------------------------

async function rebuildFromText(input: RedlineInput, edits: readonly RedlineEdit[], revisions: Revisions): Promise<Buffer> {
  const { text } = input;
  // Paragraphs: the non-empty lines, with their offsets.
  const paragraphs: Array<{ from: number; to: number }> = [];
  for (const match of text.matchAll(/[^\n]+/g)) paragraphs.push({ from: match.index, to: match.index + match[0].length });
  if (paragraphs.length === 0) paragraphs.push({ from: 0, to: 0 });
  const homeOf = new Map<RedlineEdit, number>();
  for (const edit of edits) {
    const index = paragraphs.findIndex((p) => p.to >= edit.start);
    homeOf.set(edit, index === -1 ? paragraphs.length - 1 : index);
  }
  const body = paragraphs
    .map((paragraph, index) => {
      const homes = new Set(edits.filter((edit) => homeOf.get(edit) === index));
      const runs = piecesOf(paragraph.from, paragraph.to, edits, homes, (offset) => offset).map((piece) => {
        if (piece.kind === 'ins') return revisions.ins(piece.text, '');
        const slice = text.slice(piece.from, piece.to);
        return piece.kind === 'del' ? revisions.del(slice, '') : `<w:r>${textContent(slice, 't')}</w:r>`;
      });
      return `<w:p>${runs.join('')}</w:p>`;
    })
    .join('');
  return newDocx(body, input.title ?? '', input.author, input.date);
}

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

async function newDocx(body: string, title: string, author: string, date: Date): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
      '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>' +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/></Relationships>',
  );
  // A Hangul-capable default font, and paragraph spacing that reads like the extracted text.
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W_NS}"><w:docDefaults><w:rPrDefault><w:rPr>` +
      '<w:rFonts w:ascii="Malgun Gothic" w:hAnsi="Malgun Gothic" w:eastAsia="Malgun Gothic" w:cs="Malgun Gothic"/><w:sz w:val="21"/><w:lang w:val="ko-KR" w:eastAsia="ko-KR"/>' +
      '</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="300" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults></w:styles>',
  );
  // Further changes in Word are tracked too.
  zip.file('word/settings.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings xmlns:w="${W_NS}"><w:trackRevisions/></w:settings>`);
  zip.file(
    'docProps/core.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
      'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<dc:title>${escapeXml(title)}</dc:title><dc:creator>${escapeXml(author)}</dc:creator>` +
      `<dcterms:modified xsi:type="dcterms:W3CDTF">${date.toISOString().replace(/\.\d{3}Z$/, 'Z')}</dcterms:modified></cp:coreProperties>`,
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W_NS}"><w:body>${body}` +
      '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr></w:body></w:document>',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

// In place, in the original DOCX --------------------------------------------------------------

interface Paragraph {
  start: number;
  end: number;
  xml: string;
  /** The run text (w:t contents) of the paragraph. */
  text: string;
  /** Where the paragraph's non-whitespace characters sit in the extracted text; null when not located. */
  located: { textStart: number; textEnd: number; map: Map<number, number> } | null;
}

const RUN = /<w:r(?:\s[^>]*)?(?<!\/)>[\s\S]*?<\/w:r>/g;
const T = /<w:t(?:\s[^>]*)?(?<!\/)>([\s\S]*?)<\/w:t>/g;

/** Paragraphs that hold no other paragraph (a text box's paragraphs are their own entries). */
function findParagraphs(xml: string): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  const stack: Array<{ start: number; hasChild: boolean }> = [];
  for (const match of xml.matchAll(/<w:p(?=[\s>/])[^>]*>|<\/w:p>/g)) {
    const tag = match[0];
    if (tag === '</w:p>') {
      const open = stack.pop();
      if (open && !open.hasChild) found.push({ start: open.start, end: match.index + tag.length });
      continue;
    }
    if (tag.endsWith('/>')) continue;
    if (stack.length) stack.at(-1)!.hasChild = true;
    stack.push({ start: match.index, hasChild: false });
  }
  return found.sort((a, b) => a.start - b.start);
}

function runText(runXml: string): string {
  let text = '';
  for (const t of runXml.matchAll(T)) text += unescapeXml(t[1]!);
  return text;
}

function paragraphText(xml: string): string {
  let text = '';
  for (const run of xml.matchAll(RUN)) text += runText(run[0]);
  return text;
}

/** The non-whitespace characters of a string with their offsets. */
function visible(text: string): { chars: string; offsets: number[] } {
  let chars = '';
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) continue;
    chars += text[i];
    offsets.push(i);
  }
  return { chars, offsets };
}

async function redlineInPlace(bytes: Buffer, text: string, edits: readonly RedlineEdit[], revisions: Revisions): Promise<{ bytes: Buffer } | { reason: string }> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return { reason: 'the original is not a readable DOCX' };
  }
  const mainPart = 'word/document.xml';
  const xml = await zip.file(mainPart)?.async('string');
  if (!xml) return { reason: 'the original has no word/document.xml' };

  // Locate each paragraph's visible characters in the text, in document order.
  const target = visible(text);
  let cursor = 0;
  const paragraphs: Paragraph[] = findParagraphs(xml).map(({ start, end }) => {
    const paragraphXml = xml.slice(start, end);
    const runs = paragraphText(paragraphXml);
    const own = visible(runs);
    if (!own.chars) return { start, end, xml: paragraphXml, text: runs, located: null };
    const at = target.chars.indexOf(own.chars, cursor);
    if (at === -1) return { start, end, xml: paragraphXml, text: runs, located: null };
    cursor = at + own.chars.length;
    // text offset of each visible character → its offset in the run text
    const map = new Map<number, number>();
    own.offsets.forEach((runOffset, k) => map.set(target.offsets[at + k]!, runOffset));
    return {
      start, end, xml: paragraphXml, text: runs,
      located: { textStart: target.offsets[at]!, textEnd: target.offsets[at + own.chars.length - 1]! + 1, map },
    };
  });
  const located = paragraphs.filter((p) => p.located);

  // Every visible character an edit deletes must belong to a located paragraph; each insertion needs a home.
  const homeOf = new Map<RedlineEdit, Paragraph>();
  for (const edit of edits) {
    for (let i = edit.start; i < edit.end; i++) {
      if (/\s/.test(text[i]!)) continue;
      if (!located.some((p) => p.located!.map.has(i))) {
        return { reason: `edit ${edit.start}-${edit.end} reaches text that is not in the document's runs (a numbering label or an unlocated paragraph)` };
      }
    }
    const home = located.find((p) => p.located!.textEnd >= edit.start) ?? located.at(-1);
    if (!home) return { reason: 'no paragraph of the document could be located in the text' };
    homeOf.set(edit, home);
  }

  let maxId = 0;
  for (const match of xml.matchAll(/\sw:id="(\d+)"/g)) maxId = Math.max(maxId, Number(match[1]));
  revisions.startAfter(maxId);

  let out = '';
  let last = 0;
  for (const paragraph of located) {
    const { textStart, textEnd, map } = paragraph.located!;
    const touching = edits.filter((edit) => homeOf.get(edit) === paragraph || (edit.end > textStart && edit.start < textEnd));
    if (touching.length === 0) continue;
    const homes = new Set(touching.filter((edit) => homeOf.get(edit) === paragraph));
    const toRun = (offset: number) => runOffset(offset, map, paragraph.text.length, textStart, textEnd);
    const pieces = piecesOf(0, paragraph.text.length, touching, homes, toRun);
    out += xml.slice(last, paragraph.start) + rewriteParagraph(paragraph.xml, pieces, revisions);
    last = paragraph.end;
  }
  out += xml.slice(last);
  zip.file(mainPart, out);
  return { bytes: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }) };
}

/** A text offset as an offset into the paragraph's run text; inside whitespace, counted from the visible character before. */
function runOffset(offset: number, map: Map<number, number>, length: number, textStart: number, textEnd: number): number {
  if (offset <= textStart) return 0;
  if (offset >= textEnd) return length;
  const exact = map.get(offset);
  if (exact !== undefined) return exact;
  let previous = offset - 1;
  while (previous > textStart && !map.has(previous)) previous--;
  let next = offset + 1;
  while (next < textEnd && !map.has(next)) next++;
  return Math.min(map.get(previous)! + (offset - previous), map.get(next) ?? length);
}

/** The paragraph with its runs split at the pieces' boundaries: kept text as is, deletions in w:del, insertions in w:ins. */
function rewriteParagraph(paragraphXml: string, pieces: readonly Piece[], revisions: Revisions): string {
  const insertions = pieces.filter((p): p is Insertion => p.kind === 'ins');
  const deleted = pieces.filter((p): p is Span => p.kind === 'del');
  const isDeleted = (offset: number) => deleted.some((d) => offset >= d.from && offset < d.to);
  const placed = new Set<Piece>();
  let runStart = 0;
  let lastRunPr = '';

  const rewritten = paragraphXml.replace(RUN, (runXml) => {
    const open = /^<w:r(?:\s[^>]*)?>/.exec(runXml)![0];
    const inner = runXml.slice(open.length, -'</w:r>'.length);
    const children = splitChildren(inner);
    const rPr = children[0] && /^<w:rPr[\s>/]/.test(children[0]) ? children[0] : '';
    lastRunPr = rPr;
    const length = runText(runXml).length;
    const from = runStart;
    const to = from + length;
    runStart = to;
    const hasWork = insertions.some((i) => !placed.has(i) && i.at >= from && i.at < to) || deleted.some((d) => d.from < to && d.to > from);
    if (!hasWork) return runXml;

    // Walk the run's children: w:t split at the boundaries, anything else (tab, break, drawing) kept in place.
    const segments: string[] = [];
    let kept = '';
    const flushKept = () => {
      if (kept) segments.push(`${open}${rPr}${kept}</w:r>`);
      kept = '';
    };
    let offset = from;
    for (const part of rPr ? children.slice(1) : children) {
      const t = /^<w:t(?:\s[^>]*)?(?<!\/)>([\s\S]*?)<\/w:t>$/.exec(part);
      if (!t) {
        kept += part;
        continue;
      }
      const value = unescapeXml(t[1]!);
      let i = 0;
      while (i <= value.length) {
        for (const insertion of insertions) {
          if (!placed.has(insertion) && insertion.at === offset + i && (insertion.at < to || i === value.length)) {
            flushKept();
            segments.push(revisions.ins(insertion.text, rPr));
            placed.add(insertion);
          }
        }
        if (i === value.length) break;
        // The longest stretch with one state (kept or deleted) and no insertion inside.
        const state = isDeleted(offset + i);
        let j = i + 1;
        while (j < value.length && isDeleted(offset + j) === state && !insertions.some((ins) => !placed.has(ins) && ins.at === offset + j)) j++;
        const slice = value.slice(i, j);
        if (state) {
          flushKept();
          segments.push(revisions.del(slice, rPr));
        } else kept += `<w:t xml:space="preserve">${escapeXml(slice)}</w:t>`;
        i = j;
      }
      offset += value.length;
    }
    flushKept();
    return segments.join('');
  });

  // Insertions at the very end of the paragraph (after its last run), with that run's properties.
  const trailing = insertions.filter((i) => !placed.has(i));
  if (trailing.length === 0) return rewritten;
  const additions = trailing.map((i) => revisions.ins(i.text, lastRunPr)).join('');
  return rewritten.replace(/<\/w:p>$/, `${additions}</w:p>`);
}

/** The top-level child elements of an XML fragment (text between them dropped). */
function splitChildren(xml: string): string[] {
  const children: string[] = [];
  let depth = 0;
  let start = -1;
  for (const match of xml.matchAll(/<(\/?)[\w:.-]+[^>]*?(\/?)>/g)) {
    const [tag, closing, selfClosing] = match;
    if (depth === 0) start = match.index;
    if (closing) depth--;
    else if (!selfClosing) depth++;
    if (depth === 0) children.push(xml.slice(start, match.index + tag.length));
  }
  return children;
}
