// Parses one statute file of law-data/current (legalize-kr Markdown: YAML front matter, then
// `##### 제N조 (제목)` articles with **①** paragraphs, indented `1\.` items and `가\.` sub-items,
// `## 부칙` addenda). Pure: text in, structure out.

export interface StatuteMeta {
  title: string;
  lawSerialNumber: string;
  lawId: string;
  lawType: string;
  effectiveDate: string;
  promulgationDate: string;
  promulgationNumber: string;
  status: string;
}

export interface ParsedItem {
  number: string;
  text: string;
  subItems: { key: string; text: string }[];
}

export interface ParsedParagraph {
  number: number;
  text: string;
  items: ParsedItem[];
}

export interface ParsedArticle {
  /** '제13조', '제13조의2'. */
  key: string;
  number: number;
  /** The 의M part, 0 when none. */
  branch: number;
  title: string | null;
  /** The 편/장/절/관 headings above the article, joined ' > '; null when none (addenda, flat statutes). */
  heading: string | null;
  /** The whole article text, paragraph marks as ①②… and items on their own lines. */
  text: string;
  paragraphs: ParsedParagraph[];
  /** Amendment notes ('<개정 2025.9.9>', '[본조신설 2013.8.6]') taken out of the text: metadata, not law. */
  amendmentNotes: string[];
  isDeleted: boolean;
  /** Articles under `## 부칙`: kept apart, never found in place of the main text's. */
  isAddendum: boolean;
}

export interface ParsedStatute {
  meta: StatuteMeta;
  articles: ParsedArticle[];
}

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳㉑㉒㉓㉔㉕㉖㉗㉘㉙㉚㉛㉜㉝㉞㉟㊱㊲㊳㊴㊵㊶㊷㊸㊹㊺㊻㊼㊽㊾㊿';
const ARTICLE_HEADING = /^#####\s+제(\d+)조(?:의(\d+))?\s*(?:\((.*)\))?\s*(.*)$/u;
const PARAGRAPH_START = /^\*\*([①-⑳㉑-㉟㊱-㊿])\*\*\s*(.*)$/u;
const ITEM = /^\s+(\d+(?:의\d+)?)\\\.\s*(.*)$/u;
const SUB_ITEM = /^\s+([가-힣])\\\.\s*(.*)$/u;
const DELETED = /^삭제\s*(?:<[^>]*>)?\s*$/u;
/** A structural heading and its rank: 편 above 장 above 절 above 관. */
const STRUCTURE_HEADING = /^#{1,4}\s+(제\d+(편|장|절|관)(?:의\d+)?(?:\s.*)?)$/u;
const STRUCTURE_RANK: Record<string, number> = { 편: 0, 장: 1, 절: 2, 관: 3 };
/** A note's date: 2013.4.5, and 2007ㆍ12ㆍ21 in older versions. */
const NOTE_DATE = String.raw`\d{4}\s*[.ㆍ·]\s*\d{1,2}\s*[.ㆍ·]\s*\d{1,2}\.?`;
/**
 * Amendment notes: `<개정 2013.4.5, 2014.3.1>`, `<신설 …>`, the bare date after 삭제 (`<2013.4.5>`),
 * and bracketed article notes (`[본조신설 2013.8.6]`, `[전문개정 …]`, `[제목개정 …]`,
 * `[종전 제5조는 제6조로 이동 <2013.8.6>]`). Dates only: a bracket that holds words of law stays.
 */
const AMENDMENT_NOTE = new RegExp(
  String.raw`<(?:(?:개정|신설|타법개정|전문개정)\s*)?${NOTE_DATE}(?:\s*[,ㆍ·]\s*${NOTE_DATE})*\s*>` +
    String.raw`|\[(?:본조신설|전문개정|제목개정|본조제목개정|종전\s[^\]]{0,60}이동|제\d+조(?:의\d+)?에서\s이동[^\]]{0,60})[^\]]{0,80}\]`,
  'gu',
);

/** The text without its amendment notes, and the notes in text order. */
export function splitAmendmentNotes(text: string): { text: string; notes: string[] } {
  const notes: string[] = [];
  const stripped = text.replace(AMENDMENT_NOTE, (note) => {
    notes.push(note);
    return '';
  });
  return { text: stripped.replace(/[ \t]+$/gmu, '').replace(/[ \t]{2,}/gu, ' '), notes };
}

/** Splits `---` YAML front matter (flat `key: value` lines are all we read) from the body. */
function splitFrontMatter(source: string): { fields: Map<string, string>; body: string } {
  const fields = new Map<string, string>();
  const text = source.replace(/^\uFEFF/, '');
  if (!text.startsWith('---\n')) return { fields, body: text };
  const end = text.indexOf('\n---', 4);
  if (end < 0) return { fields, body: text };
  for (const line of text.slice(4, end).split('\n')) {
    const match = /^([^\s:][^:]*):\s*(.*)$/u.exec(line);
    if (!match) continue;
    fields.set(match[1]!.trim(), unquote(match[2]!.trim()));
  }
  return { fields, body: text.slice(text.indexOf('\n', end + 1) + 1) };
}

function unquote(value: string): string {
  if (value.length >= 2 && ((value.startsWith("'") && value.endsWith("'")) || (value.startsWith('"') && value.endsWith('"')))) {
    return value.slice(1, -1).replace(/''/g, "'");
  }
  return value;
}

/** Markdown escapes of the source (`1\.`) removed, whitespace tidied. */
function plain(line: string): string {
  return line.replace(/\\([.\-*_()[\]#])/g, '$1').replace(/\*\*([^*]+)\*\*/g, '$1').trim();
}

function parseArticleBody(lines: string[]): { text: string; paragraphs: ParsedParagraph[]; amendmentNotes: string[]; isDeleted: boolean } {
  const paragraphs: ParsedParagraph[] = [];
  const out: string[] = [];
  const amendmentNotes: string[] = [];
  // 삭제 is read before the notes go: '삭제 <2013.4.5>' is a deleted article, not an empty one.
  const isDeleted = DELETED.test(lines.map(plain).filter(Boolean).join('\n').trim());
  let current: ParsedParagraph | null = null;
  let item: ParsedItem | null = null;
  for (const original of lines) {
    const { text: raw, notes } = splitAmendmentNotes(original);
    amendmentNotes.push(...notes);
    if (!raw.trim()) continue;
    const paragraph = PARAGRAPH_START.exec(raw);
    if (paragraph) {
      current = { number: CIRCLED.indexOf(paragraph[1]!) + 1, text: plain(paragraph[2]!), items: [] };
      paragraphs.push(current);
      item = null;
      out.push(`${paragraph[1]} ${current.text}`.trim());
      continue;
    }
    const sub = item ? SUB_ITEM.exec(raw) : null;
    if (sub && item) {
      item.subItems.push({ key: sub[1]!, text: plain(sub[2]!) });
      out.push(`    ${sub[1]}. ${plain(sub[2]!)}`);
      continue;
    }
    const itemMatch = ITEM.exec(raw);
    if (itemMatch) {
      item = { number: itemMatch[1]!, text: plain(itemMatch[2]!), subItems: [] };
      if (!current) {
        // Items directly under an article without numbered paragraphs: one implicit paragraph.
        current = { number: 0, text: '', items: [] };
        paragraphs.push(current);
      }
      current.items.push(item);
      out.push(`  ${itemMatch[1]}. ${item.text}`);
      continue;
    }
    const line = plain(raw);
    if (item) item.text = `${item.text} ${line}`.trim();
    else if (current) current.text = `${current.text} ${line}`.trim();
    out.push(line);
  }
  return { text: out.join('\n'), paragraphs, amendmentNotes, isDeleted };
}

/** Parses a statute file; throws when the front matter lacks 제목 or 법령MST. */
export function parseStatute(source: string): ParsedStatute {
  const { fields, body } = splitFrontMatter(source);
  const meta: StatuteMeta = {
    title: fields.get('제목') ?? '',
    lawSerialNumber: fields.get('법령MST') ?? '',
    lawId: fields.get('법령ID') ?? '',
    lawType: fields.get('법령구분') ?? '',
    effectiveDate: fields.get('시행일자') ?? '',
    promulgationDate: fields.get('공포일자') ?? '',
    promulgationNumber: fields.get('공포번호') ?? '',
    status: fields.get('상태') ?? '',
  };
  if (!meta.title || !meta.lawSerialNumber) throw new Error('statute file without 제목 or 법령MST');

  const articles: ParsedArticle[] = [];
  let inAddenda = false;
  let open: { heading: RegExpExecArray; lines: string[]; isAddendum: boolean; structure: string | null } | null = null;
  // structure[rank] = the 편/장/절/관 heading in force; a higher one clears those below it.
  let structure: string[] = [];
  const close = () => {
    if (!open) return;
    const [, num, branch, rawTitle, rest] = open.heading;
    const { text, paragraphs, amendmentNotes, isDeleted } = parseArticleBody(rest?.trim() ? [rest, ...open.lines] : open.lines);
    const title = splitAmendmentNotes(rawTitle ?? '');
    articles.push({
      key: `제${num}조${branch ? `의${branch}` : ''}`,
      number: Number(num),
      branch: branch ? Number(branch) : 0,
      title: title.text.trim() || null,
      heading: open.structure,
      text,
      paragraphs,
      amendmentNotes: [...title.notes, ...amendmentNotes],
      isDeleted,
      isAddendum: open.isAddendum,
    });
    open = null;
  };
  for (const line of body.split('\n')) {
    const heading = ARTICLE_HEADING.exec(line);
    if (heading) {
      close();
      const path = structure.filter(Boolean);
      open = { heading, lines: [], isAddendum: inAddenda, structure: inAddenda || path.length === 0 ? null : path.join(' > ') };
      continue;
    }
    if (/^#{1,4}\s/.test(line)) {
      close();
      if (/^##\s+부칙/.test(line)) inAddenda = true;
      const part = STRUCTURE_HEADING.exec(line.trim());
      if (part) {
        const rank = STRUCTURE_RANK[part[2]!]!;
        structure = structure.slice(0, rank);
        structure[rank] = splitAmendmentNotes(part[1]!).text.trim();
      }
      continue;
    }
    open?.lines.push(line);
  }
  close();
  return { meta, articles };
}

/** '제13조의2' → {number: 13, branch: 2}; also accepts '13조의2', '13-2', '제13조 의2'. Null when unreadable. */
export function parseArticleKey(input: string): { key: string; number: number; branch: number } | null {
  const match = /^\s*(?:제\s*)?(\d+)\s*(?:조)?\s*(?:(?:의|-)\s*(\d+))?\s*$/u.exec(input);
  if (!match) return null;
  const number = Number(match[1]);
  const branch = match[2] ? Number(match[2]) : 0;
  return { key: `제${number}조${branch ? `의${branch}` : ''}`, number, branch };
}
