import PizZip from 'pizzip';

// Reading a DOCX's body as paragraphs, without a DOM: the text of each <w:p> (runs joined, so a
// marker Word split across runs reads whole again), its style, and the label of its automatic
// numbering (1., 가., 제1조...) computed from numbering.xml the way Word counts. Pure.

/** One paragraph of the body, in document order (table cells and text boxes included). */
export interface DocxParagraph {
  text: string;
  /** The numbering label Word would show before it ("1.", "가.", "제3조"), or null. */
  label: string | null;
  styleId: string | null;
  /** The style's name as Word shows it ("heading 1", "Title"), or null. */
  styleName: string | null;
  /** 0-based outline level (headings), from the paragraph or its style; null for body text. */
  outlineLevel: number | null;
}

/** Unpacked, a DOCX may not be larger than this (a zip bomb would exhaust the server's memory). */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

export const NOT_A_DOCX = 'The file is not a Word document (DOCX): it is not a zip with word/document.xml.';
export const TOO_LARGE = `The file is too large once unpacked (over ${MAX_UNPACKED_BYTES / 1024 / 1024} MB).`;

/** Opens a DOCX, or says why it cannot: not a zip, no word/document.xml, too large unpacked. */
export function readDocx(docx: Buffer | Uint8Array): { zip: PizZip; problem: null } | { zip: null; problem: string } {
  let zip: PizZip;
  try {
    zip = new PizZip(docx);
  } catch {
    return { zip: null, problem: NOT_A_DOCX };
  }
  if (!zip.file('word/document.xml')) return { zip: null, problem: NOT_A_DOCX };
  return unpackedBytes(zip) > MAX_UNPACKED_BYTES ? { zip: null, problem: TOO_LARGE } : { zip, problem: null };
}

/** What the zip's entries declare they inflate to. */
export function unpackedBytes(zip: PizZip): number {
  let unpacked = 0;
  for (const entry of Object.values(zip.files)) unpacked += (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
  return unpacked;
}

/** Opens a DOCX; null when readDocx finds a problem. */
export function openDocx(docx: Buffer | Uint8Array): PizZip | null {
  return readDocx(docx).zip;
}

/** The zip's entry as text ('' when absent). */
export function entryText(zip: PizZip, name: string): string {
  return zip.file(name)?.asText() ?? '';
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

function attr(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return match ? decodeXml(match[1]!) : null;
}

// Numbering ---------------------------------------------------------------------------------------

interface Level {
  start: number;
  format: string;
  text: string;
}
interface Numbering {
  /** numId -> levels by ilvl */
  levels: Map<string, Map<number, Level>>;
  /** numId -> start overrides by ilvl */
  overrides: Map<string, Map<number, number>>;
}

function readNumbering(xml: string): Numbering {
  const abstract = new Map<string, Map<number, Level>>();
  for (const m of xml.matchAll(/<w:abstractNum\b([^>]*)>([\s\S]*?)<\/w:abstractNum>/g)) {
    const id = attr(m[1]!, 'w:abstractNumId');
    if (id === null) continue;
    abstract.set(id, readLevels(m[2]!));
  }
  const levels = new Map<string, Map<number, Level>>();
  const overrides = new Map<string, Map<number, number>>();
  for (const m of xml.matchAll(/<w:num\b([^>]*)>([\s\S]*?)<\/w:num>/g)) {
    const numId = attr(m[1]!, 'w:numId');
    const abstractId = /<w:abstractNumId\b([^>]*)\/>/.exec(m[2]!);
    if (numId === null || !abstractId) continue;
    const own = new Map(abstract.get(attr(abstractId[1]!, 'w:val') ?? '') ?? []);
    const starts = new Map<number, number>();
    for (const o of m[2]!.matchAll(/<w:lvlOverride\b([^>]*)>([\s\S]*?)<\/w:lvlOverride>/g)) {
      const ilvl = Number(attr(o[1]!, 'w:ilvl') ?? 0);
      const start = /<w:startOverride\b([^>]*)\/>/.exec(o[2]!);
      if (start) starts.set(ilvl, Number(attr(start[1]!, 'w:val') ?? 1));
      for (const [lvl, level] of readLevels(o[2]!)) own.set(lvl, level);
    }
    levels.set(numId, own);
    overrides.set(numId, starts);
  }
  return { levels, overrides };
}

function readLevels(xml: string): Map<number, Level> {
  const levels = new Map<number, Level>();
  for (const l of xml.matchAll(/<w:lvl\b([^>]*)>([\s\S]*?)<\/w:lvl>/g)) {
    const ilvl = Number(attr(l[1]!, 'w:ilvl') ?? 0);
    const body = l[2]!;
    const val = (tag: string) => {
      const t = new RegExp(`<${tag}\\b([^>]*)/>`).exec(body);
      return t ? attr(t[1]!, 'w:val') : null;
    };
    levels.set(ilvl, { start: Number(val('w:start') ?? 1), format: val('w:numFmt') ?? 'decimal', text: val('w:lvlText') ?? '' });
  }
  return levels;
}

const GANADA = '가나다라마바사아자차카타파하';
const CHOSUNG = 'ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ';
const KOREAN_DIGITS = ['영', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];

function roman(n: number): string {
  const table: Array<[number, string]> = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
  let out = '';
  for (const [value, letters] of table) {
    while (n >= value) {
      out += letters;
      n -= value;
    }
  }
  return out;
}

function koreanCounting(n: number): string {
  if (n <= 0 || n >= 10000) return String(n);
  const units = ['', '십', '백', '천'];
  const digits = String(n).split('').map(Number);
  return digits
    .map((d, i) => {
      const unit = units[digits.length - 1 - i]!;
      if (d === 0) return '';
      return (d === 1 && unit ? '' : KOREAN_DIGITS[d]) + unit;
    })
    .join('');
}

/** A counter in one of Word's number formats (the common ones; others fall back to decimal). */
export function formatCounter(n: number, format: string): string {
  const cycle = (alphabet: string) => alphabet[(n - 1) % alphabet.length]!;
  switch (format) {
    case 'none':
      return '';
    case 'lowerLetter':
    case 'upperLetter': {
      const letter = String.fromCharCode(97 + ((n - 1) % 26)).repeat(Math.floor((n - 1) / 26) + 1);
      return format === 'upperLetter' ? letter.toUpperCase() : letter;
    }
    case 'lowerRoman':
      return roman(n);
    case 'upperRoman':
      return roman(n).toUpperCase();
    case 'ganada':
      return cycle(GANADA);
    case 'chosung':
      return cycle(CHOSUNG);
    case 'decimalEnclosedCircle':
    case 'decimalEnclosedCircleChinese':
      return n >= 1 && n <= 20 ? String.fromCodePoint(0x2460 + n - 1) : String(n);
    case 'decimalZero':
      return n < 10 ? `0${n}` : String(n);
    case 'koreanDigital':
    case 'koreanDigital2':
      return String(n).split('').map((d) => KOREAN_DIGITS[Number(d)]).join('');
    case 'koreanCounting':
    case 'koreanLegal':
      return koreanCounting(n);
    default:
      return String(n);
  }
}

/** Word's counters for one document: counts per list and level, deeper levels restarting. */
class NumberingCounter {
  private readonly counts = new Map<string, number[]>();
  constructor(private readonly numbering: Numbering) {}

  next(numId: string, ilvl: number): string | null {
    const levels = this.numbering.levels.get(numId);
    const level = levels?.get(ilvl);
    if (!levels || !level) return null;
    const starts = this.numbering.overrides.get(numId);
    const startOf = (lvl: number) => starts?.get(lvl) ?? levels.get(lvl)?.start ?? 1;
    const counts = this.counts.get(numId) ?? [];
    for (let lvl = 0; lvl < ilvl; lvl++) if (counts[lvl] === undefined) counts[lvl] = startOf(lvl);
    counts[ilvl] = counts[ilvl] === undefined ? startOf(ilvl) : counts[ilvl]! + 1;
    counts.length = ilvl + 1; // deeper levels restart
    this.counts.set(numId, counts);
    if (level.format === 'bullet') return level.text.replace(/[\uE000-\uF8FF]/g, '•') || '•';
    return level.text.replace(/%(\d)/g, (_, d: string) => {
      const lvl = Number(d) - 1;
      return formatCounter(counts[lvl] ?? startOf(lvl), levels.get(lvl)?.format ?? 'decimal');
    });
  }
}

// Styles ----------------------------------------------------------------------------------------

interface StyleInfo {
  name: string | null;
  basedOn: string | null;
  numId: string | null;
  ilvl: number | null;
  outlineLevel: number | null;
}

function readStyles(xml: string): Map<string, StyleInfo> {
  const styles = new Map<string, StyleInfo>();
  for (const m of xml.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
    const id = attr(m[1]!, 'w:styleId');
    if (id === null) continue;
    const body = m[2]!;
    const val = (tag: string) => {
      const t = new RegExp(`<${tag}\\b([^>]*?)/?>`).exec(body);
      return t ? attr(t[1]!, 'w:val') : null;
    };
    const ilvl = val('w:ilvl');
    const outline = val('w:outlineLvl');
    styles.set(id, { name: val('w:name'), basedOn: val('w:basedOn'), numId: val('w:numId'), ilvl: ilvl === null ? null : Number(ilvl), outlineLevel: outline === null ? null : Number(outline) });
  }
  return styles;
}

function styleChain(styles: Map<string, StyleInfo>, id: string | null): StyleInfo[] {
  const chain: StyleInfo[] = [];
  for (let at = id, depth = 0; at && depth < 10; depth++) {
    const style = styles.get(at);
    if (!style) break;
    chain.push(style);
    at = style.basedOn;
  }
  return chain;
}

// Paragraphs ------------------------------------------------------------------------------------

const TOKEN = /<(\/?)(w:p|w:pPr|w:t|w:tab|w:br|w:cr|w:noBreakHyphen|w:pStyle|w:numId|w:ilvl|w:outlineLvl)\b([^>]*?)(\/?)>/g;

/**
 * The paragraphs of the DOCX's body in order, with their text, style and numbering label. Text in
 * tables and text boxes counts (each of their paragraphs in turn); deleted revisions and field codes
 * do not. A tab is "\t", a line break "\n".
 */
export function readParagraphs(zip: PizZip): DocxParagraph[] {
  const xml = entryText(zip, 'word/document.xml').replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  const numbering = readNumbering(entryText(zip, 'word/numbering.xml'));
  const styles = readStyles(entryText(zip, 'word/styles.xml'));
  const counter = new NumberingCounter(numbering);

  interface Open {
    text: string;
    styleId: string | null;
    numId: string | null;
    ilvl: number | null;
    outline: number | null;
  }
  const out: DocxParagraph[] = [];
  const stack: Open[] = [];
  let pPrDepth = 0; // a tracked change (w:pPrChange) nests the old w:pPr inside the current one
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(xml); m; m = TOKEN.exec(xml)) {
    const [, closing, name, attrs, selfClosing] = m;
    const top = stack.at(-1);
    if (name === 'w:p') {
      if (!closing && !selfClosing) stack.push({ text: '', styleId: null, numId: null, ilvl: null, outline: null });
      else if (!closing) out.push(finish({ text: '', styleId: null, numId: null, ilvl: null, outline: null }));
      else if (top) out.push(finish(stack.pop()!));
      continue;
    }
    if (name === 'w:pPr') {
      if (selfClosing) continue;
      pPrDepth = closing ? Math.max(0, pPrDepth - 1) : pPrDepth + 1;
      continue;
    }
    if (!top || closing) continue;
    if (pPrDepth > 0) {
      if (pPrDepth > 1) continue;
      const val = attr(attrs!, 'w:val');
      if (name === 'w:pStyle') top.styleId = val;
      else if (name === 'w:numId') top.numId = val;
      else if (name === 'w:ilvl') top.ilvl = val === null ? null : Number(val);
      else if (name === 'w:outlineLvl') top.outline = val === null ? null : Number(val);
      continue;
    }
    if (name === 'w:t' && !selfClosing) {
      const end = xml.indexOf('</w:t>', TOKEN.lastIndex);
      if (end < 0) break;
      top.text += decodeXml(xml.slice(TOKEN.lastIndex, end));
      TOKEN.lastIndex = end + 6;
    } else if (name === 'w:tab') top.text += '\t';
    else if (name === 'w:br' || name === 'w:cr') top.text += attr(attrs!, 'w:type') === 'page' ? '' : '\n';
    else if (name === 'w:noBreakHyphen') top.text += '-';
  }
  return out;

  function finish(p: Open): DocxParagraph {
    const chain = styleChain(styles, p.styleId);
    const numId = p.numId ?? chain.find((s) => s.numId !== null)?.numId ?? null;
    const ilvl = p.ilvl ?? chain.find((s) => s.ilvl !== null)?.ilvl ?? 0;
    const label = numId && numId !== '0' ? counter.next(numId, ilvl) : null;
    // The nearest style that says: its own outline level, or its name (heading 2 -> level 1).
    const levelOf = (s: StyleInfo) => s.outlineLevel ?? (/^heading\s*(\d)$/i.exec(s.name ?? '') ? Number(/\d/.exec(s.name!)![0]) - 1 : null);
    const outlineLevel = p.outline ?? chain.map(levelOf).find((level) => level !== null) ?? null;
    return { text: p.text, label: label || null, styleId: p.styleId, styleName: chain[0]?.name ?? null, outlineLevel: outlineLevel !== null && outlineLevel < 9 ? outlineLevel : null };
  }
}

/** A paragraph as a line of plain text: its numbering label, a space, its text. */
export function paragraphLine(p: DocxParagraph): string {
  return p.label ? `${p.label} ${p.text}` : p.text;
}
