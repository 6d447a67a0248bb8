import { localName, tokenizeMarkup } from './markup';

/**
 * Word's automatic numbering, written into the text. A heading styled "Heading 1" whose number
 * comes from numbering.xml ("1.", "1.1", "(a)", "제1조", "가.") shows the number on screen, but the
 * number is not in the document's runs: mammoth (and any reader of w:t) sees "Service" instead of
 * "1. Service". Contract clauses are found by their numbers, so the extracted text must carry them.
 *
 * `numberParagraphs` computes each numbered paragraph's label as Word does (levels, formats,
 * lvlText templates, start values and overrides, numbering from a paragraph style) and inserts it
 * as a leading run, so mammoth's HTML and our text read as the document looks. Bullets are left
 * out (mammoth makes them list items). Paragraphs without text take no number, as the documents'
 * own cross-references count them ("Section 2.1" is the first numbered heading under the second).
 * Pure; the XML has passed `checkXmlSafety` before it gets here.
 */

interface Level {
  start: number;
  format: string;
  text: string;
  /** 0 never restarts; n restarts after a paragraph at level n (1-based); undefined: after any higher level. */
  restart?: number;
  isLegal: boolean;
  suffix: 'tab' | 'space' | 'nothing';
  pStyle?: string;
}

interface AbstractNum {
  levels: Map<number, Level>;
  /** numStyleLink: the levels live in the abstract numbering the named style points at. */
  styleLink?: string;
}

interface Num {
  abstractId: string;
  startOverrides: Map<number, number>;
  levelOverrides: Map<number, Partial<Level>>;
}

interface StyleNumbering {
  basedOn?: string;
  numId?: string;
  ilvl?: number;
}

export interface NumberingDefinitions {
  abstracts: Map<string, AbstractNum>;
  nums: Map<string, Num>;
  styles: Map<string, StyleNumbering>;
}

const int = (value: string | undefined): number | undefined => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : undefined;
};

/** The attribute `w:val` (any prefix) of a token. */
function valueOf(attrs: Record<string, string>, name = 'val'): string | undefined {
  for (const [key, value] of Object.entries(attrs)) if (localName(key) === name) return value;
  return undefined;
}

function emptyLevel(): Level {
  return { start: 0, format: 'decimal', text: '', isLegal: false, suffix: 'tab' };
}

/** Reads numbering.xml (abstract numberings and their instances) and the numbering of styles.xml's paragraph styles. */
export function parseNumbering(numberingXml: string | null, stylesXml: string | null): NumberingDefinitions {
  const abstracts = new Map<string, AbstractNum>();
  const nums = new Map<string, Num>();
  let abstract: AbstractNum | null = null;
  let num: Num | null = null;
  let level: Partial<Level> | null = null;
  let levelIndex = 0;
  let overrideIndex: number | null = null;
  // Properties of a level's paragraph or run (w:pPr, w:rPr) are not the level's own.
  let nested = 0;

  for (const token of numberingXml ? tokenizeMarkup(numberingXml) : []) {
    if (token.type === 'text') continue;
    const name = localName(token.name);
    if (token.type === 'close') {
      if (name === 'pPr' || name === 'rPr') nested = Math.max(0, nested - 1);
      else if (name === 'lvl' && level) {
        if (overrideIndex !== null && num) num.levelOverrides.set(levelIndex, level);
        else abstract?.levels.set(levelIndex, { ...emptyLevel(), ...level });
        level = null;
      } else if (name === 'lvlOverride') overrideIndex = null;
      else if (name === 'abstractNum') abstract = null;
      else if (name === 'num') num = null;
      continue;
    }
    if ((name === 'pPr' || name === 'rPr') && !token.selfClosing) nested += 1;
    if (nested > 0) continue;
    const val = valueOf(token.attrs);
    if (name === 'abstractNum') {
      abstract = { levels: new Map() };
      abstracts.set(valueOf(token.attrs, 'abstractNumId') ?? '', abstract);
    } else if (name === 'num' && valueOf(token.attrs, 'numId') !== undefined) {
      num = { abstractId: '', startOverrides: new Map(), levelOverrides: new Map() };
      nums.set(valueOf(token.attrs, 'numId')!, num);
    } else if (name === 'abstractNumId' && num && val !== undefined) num.abstractId = val;
    else if (name === 'numStyleLink' && abstract && val) abstract.styleLink = val;
    else if (name === 'lvlOverride') overrideIndex = int(valueOf(token.attrs, 'ilvl')) ?? 0;
    else if (name === 'startOverride' && num && overrideIndex !== null) num.startOverrides.set(overrideIndex, int(val) ?? 0);
    else if (name === 'lvl') {
      levelIndex = int(valueOf(token.attrs, 'ilvl')) ?? 0;
      level = {};
      if (token.selfClosing) level = null;
    } else if (level) {
      if (name === 'start') level.start = int(val) ?? 0;
      else if (name === 'numFmt') level.format = val ?? 'decimal';
      else if (name === 'lvlText') level.text = val ?? '';
      else if (name === 'lvlRestart') level.restart = int(val);
      else if (name === 'isLgl') level.isLegal = val === undefined || !['0', 'false', 'off'].includes(val);
      else if (name === 'suff') level.suffix = val === 'space' || val === 'nothing' ? val : 'tab';
      else if (name === 'pStyle' && val) level.pStyle = val;
    }
  }
  return { abstracts, nums, styles: parseStyleNumbering(stylesXml) };
}

function parseStyleNumbering(stylesXml: string | null): Map<string, StyleNumbering> {
  const styles = new Map<string, StyleNumbering>();
  let style: StyleNumbering | null = null;
  let inPPr = false;
  let skip = 0;
  for (const token of stylesXml ? tokenizeMarkup(stylesXml) : []) {
    if (token.type === 'text') continue;
    const name = localName(token.name);
    if (token.type === 'close') {
      if (name === 'style') style = null;
      else if (name === 'pPr') inPPr = false;
      else if (name === 'rPr' || name === 'pPrChange') skip = Math.max(0, skip - 1);
      continue;
    }
    if (name === 'style') {
      style = {};
      if (valueOf(token.attrs, 'type') === 'paragraph' || valueOf(token.attrs, 'type') === 'numbering') styles.set(valueOf(token.attrs, 'styleId') ?? '', style);
      continue;
    }
    if (!style) continue;
    if ((name === 'rPr' || name === 'pPrChange') && !token.selfClosing) skip += 1;
    if (skip > 0) continue;
    const val = valueOf(token.attrs);
    if (name === 'basedOn' && val) style.basedOn = val;
    else if (name === 'pPr') inPPr = !token.selfClosing;
    else if (inPPr && name === 'numId' && val !== undefined) style.numId = val;
    else if (inPPr && name === 'ilvl') style.ilvl = int(val);
  }
  return styles;
}

// Formats --------------------------------------------------------------------------------------------

const GANADA = [...'가나다라마바사아자차카타파하'];
const CHOSUNG = [...'ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ'];
const ROMAN: Array<[number, string]> = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];

function roman(n: number): string {
  let out = '';
  let rest = n;
  for (const [value, letters] of ROMAN) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}

/** Word's letters: a..z, then aa..zz, aaa.. (the letter repeated). */
function letters(n: number): string {
  if (n < 1) return String(n);
  return String.fromCharCode(97 + ((n - 1) % 26)).repeat(Math.floor((n - 1) / 26) + 1);
}

const cycle = (list: string[], n: number) => (n >= 1 ? list[(n - 1) % list.length]! : String(n));

/** One counter in a numbering format (decimal when the format is one we do not know). */
export function formatNumber(n: number, format: string): string {
  switch (format) {
    case 'none':
      return '';
    case 'decimalZero':
      return n < 10 && n >= 0 ? `0${n}` : String(n);
    case 'lowerLetter':
      return letters(n);
    case 'upperLetter':
      return letters(n).toUpperCase();
    case 'lowerRoman':
      return n >= 1 ? roman(n) : String(n);
    case 'upperRoman':
      return n >= 1 ? roman(n).toUpperCase() : String(n);
    case 'ganada':
      return cycle(GANADA, n);
    case 'chosung':
      return cycle(CHOSUNG, n);
    case 'decimalEnclosedCircle':
    case 'decimalEnclosedCircleChinese':
      return n >= 1 && n <= 20 ? String.fromCodePoint(0x2460 + n - 1) : String(n);
    case 'decimalEnclosedParen':
      return n >= 1 && n <= 20 ? String.fromCodePoint(0x2474 + n - 1) : `(${n})`;
    case 'decimalFullWidth':
    case 'decimalFullWidth2':
      return [...String(n)].map((d) => String.fromCodePoint(0xff10 + Number(d))).join('');
    default:
      return String(n);
  }
}

// Paragraphs -----------------------------------------------------------------------------------------

interface ResolvedList {
  key: string;
  abstract: AbstractNum;
  num: Num;
}

/** The instance's abstract numbering, following one numStyleLink to the style that owns the levels. */
function resolveList(defs: NumberingDefinitions, numId: string): ResolvedList | null {
  const num = defs.nums.get(numId);
  let abstract = num ? defs.abstracts.get(num.abstractId) : undefined;
  if (!num || !abstract) return null;
  if (abstract.styleLink) {
    const linkedNum = defs.nums.get(defs.styles.get(abstract.styleLink)?.numId ?? '');
    const linked = linkedNum ? defs.abstracts.get(linkedNum.abstractId) : undefined;
    if (linked && !linked.styleLink) abstract = linked;
  }
  // Instances of one abstract numbering continue each other's counting unless one restarts it.
  const key = num.startOverrides.size > 0 ? `num:${numId}` : `abstract:${num.abstractId}`;
  return { key, abstract, num };
}

/** numId and level a paragraph style gives (through basedOn), with the level a numbering ties to the style. */
function styleNumbering(defs: NumberingDefinitions, styleId: string | undefined): { numId?: string; ilvl?: number } {
  const seen = new Set<string>();
  let id = styleId;
  let ilvl: number | undefined;
  while (id && !seen.has(id)) {
    seen.add(id);
    const style = defs.styles.get(id);
    if (!style) break;
    ilvl ??= style.ilvl;
    if (style.numId !== undefined) {
      if (ilvl === undefined) {
        const list = resolveList(defs, style.numId);
        for (const [index, level] of list?.abstract.levels ?? []) if (level.pStyle === styleId) ilvl = index;
      }
      return { numId: style.numId, ilvl };
    }
    id = style.basedOn;
  }
  return {};
}

/** Counters of every list met so far, and the label of the next paragraph in one of them. */
export class NumberingCounter {
  private readonly counters = new Map<string, Array<number | undefined>>();

  constructor(private readonly defs: NumberingDefinitions) {}

  private levelOf(list: ResolvedList, ilvl: number): Level {
    const base = list.abstract.levels.get(ilvl) ?? emptyLevel();
    return { ...base, ...list.num.levelOverrides.get(ilvl) };
  }

  private startOf(list: ResolvedList, ilvl: number): number {
    return list.num.startOverrides.get(ilvl) ?? this.levelOf(list, ilvl).start;
  }

  /** Counts a paragraph of the list `numId` at level `ilvl`; its label ('' for bullets, no list or no template). */
  next(numId: string | undefined, ilvl: number): { label: string; suffix: Level['suffix'] } | null {
    if (numId === undefined || numId === '0') return null;
    const list = resolveList(this.defs, numId);
    if (!list) return null;
    const level = this.levelOf(list, ilvl);
    if (level.format === 'bullet' || !level.text) return null;
    const counters = this.counters.get(list.key) ?? [];
    this.counters.set(list.key, counters);
    counters[ilvl] = counters[ilvl] === undefined ? this.startOf(list, ilvl) : counters[ilvl]! + 1;
    for (let deeper = ilvl + 1; deeper < 9; deeper++) {
      const restart = this.levelOf(list, deeper).restart;
      if (restart === undefined || (restart > 0 && ilvl + 1 <= restart)) counters[deeper] = undefined;
    }
    const label = level.text.replace(/%([1-9])/g, (_, digit: string) => {
      const at = Number(digit) - 1;
      const value = counters[at] ?? this.startOf(list, at);
      return formatNumber(value, level.isLegal && at < ilvl ? 'decimal' : this.levelOf(list, at).format);
    });
    return { label: label.trim(), suffix: level.suffix };
  }
}

interface OpenParagraph {
  prefix: string;
  insertAt: number;
  numId?: string;
  ilvl?: number;
  style?: string;
  hasText: boolean;
}

const TAG = /<(\/?)(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTRS = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attrsOf(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTRS)) attrs[m[1]!] = m[2] ?? m[3] ?? '';
  return attrs;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The main document part with each numbered paragraph's label inserted as its first run
 * (after the paragraph properties). Text boxes' paragraphs inside a paragraph are numbered on their own.
 */
export function numberParagraphs(documentXml: string, defs: NumberingDefinitions): string {
  if (defs.nums.size === 0) return documentXml;
  const counter = new NumberingCounter(defs);
  const inserts: Array<{ at: number; text: string }> = [];
  const stack: OpenParagraph[] = [];
  // Depth inside the current paragraph's w:pPr, and inside parts of it that are not its numbering (rPr, pPrChange).
  let pPrDepth = 0;
  let skipDepth = 0;

  for (const m of documentXml.matchAll(TAG)) {
    const [whole, slash, prefix = '', name = '', rawAttrs = '', selfClose] = m;
    const end = m.index + whole.length;
    const current = stack.at(-1);
    if (slash) {
      if (pPrDepth > 0 && current) {
        if (name === 'rPr' || name === 'pPrChange') skipDepth = Math.max(0, skipDepth - 1);
        if (name === 'pPr') {
          pPrDepth = 0;
          current.insertAt = end;
        }
        continue;
      }
      if (name === 'p' && current) {
        stack.pop();
        if (!current.hasText) continue;
        const style = current.numId === undefined ? styleNumbering(defs, current.style) : {};
        const numId = current.numId ?? style.numId;
        const ilvl = current.ilvl ?? (current.numId === undefined ? style.ilvl : undefined) ?? 0;
        const numbered = counter.next(numId, Math.min(Math.max(ilvl, 0), 8));
        if (numbered?.label) {
          const text = numbered.suffix === 'nothing' ? numbered.label : `${numbered.label} `;
          const p = current.prefix ? `${current.prefix}:` : '';
          inserts.push({ at: current.insertAt, text: `<${p}r><${p}t xml:space="preserve">${escapeXml(text)}</${p}t></${p}r>` });
        }
      }
      continue;
    }
    if (name === 'p' && !selfClose) {
      stack.push({ prefix, insertAt: end, hasText: false });
      pPrDepth = 0;
      skipDepth = 0;
      continue;
    }
    if (!current) continue;
    if (name === 'pPr' && pPrDepth === 0 && !selfClose) {
      pPrDepth = 1;
      continue;
    }
    if (pPrDepth > 0) {
      if ((name === 'rPr' || name === 'pPrChange') && !selfClose) skipDepth += 1;
      if (skipDepth > 0) continue;
      const val = valueOf(attrsOf(rawAttrs));
      if (name === 'pStyle') current.style = val;
      else if (name === 'numId') current.numId = val;
      else if (name === 'ilvl') current.ilvl = int(val);
      continue;
    }
    if (name === 't' && !selfClose) {
      const next = documentXml.indexOf('<', end);
      if (/\S/.test(documentXml.slice(end, next < 0 ? undefined : next))) current.hasText = true;
    }
  }
  if (inserts.length === 0) return documentXml;
  let out = '';
  let from = 0;
  for (const insert of inserts.sort((a, b) => a.at - b.at)) {
    out += documentXml.slice(from, insert.at) + insert.text;
    from = insert.at;
  }
  return out + documentXml.slice(from);
}
