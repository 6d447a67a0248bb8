import type { ResearchCitation, StatuteArticle, StatuteKind } from '@legal/api';
import type { Db } from '../../platform/db/client';
import { articleInVersion, LAW_ALIASES, lawIndex, type LawIndexEntry } from '../law';
import { versionInForce } from './statute-versions';

/**
 * The citation gate: every article reference an answer's text makes, and every citation it
 * carries, is resolved against the corpus in the version in force on the date the answer rests on
 * (same 법령ID, the article exists there and is not deleted, the paragraph exists). What does not
 * resolve is removed and counted; nothing the gate did not resolve leaves the server.
 */

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳㉑㉒㉓㉔㉕㉖㉗㉘㉙㉚㉛㉜㉝㉞㉟㊱㊲㊳㊴㊵㊶㊷㊸㊹㊺㊻㊼㊽㊾㊿';

/** An article reference found in text: `statute` null when the text names none before it ("제5조에 따라"). */
export interface TextReference {
  start: number;
  end: number;
  /** The name as written, "same Act" words (같은 법, 이 법) as SAME, or null when no name precedes. */
  statute: string | null;
  kind: StatuteKind;
  article: string;
  paragraph: number | null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let referencePattern: RegExp | null = null;

/** Known names (titles as written and without spaces, short names) longest first, then any word that looks like a statute's name. */
function pattern(): RegExp {
  if (referencePattern) return referencePattern;
  const names = new Set<string>();
  for (const e of lawIndex().entries) {
    if (e.kind !== '법률') continue;
    names.add(e.title);
    names.add(e.compactTitle);
    names.add(e.folder);
  }
  for (const alias of Object.keys(LAW_ALIASES)) names.add(alias);
  const known = [...names].sort((a, b) => b.length - a.length).map((n) => escape(n).replace(/ /g, '\\s*')).join('|');
  const name = `(?:「\\s*)?(같은\\s*법|동법|이\\s*법|${known}|[가-힣ㆍ·]{1,40}?(?:법률|법))\\s*(시행령|시행규칙)?(?:\\s*」)?`;
  referencePattern = new RegExp(
    `(?:${name}\\s*)?제\\s*(\\d+)\\s*조(?:\\s*의\\s*(\\d+))?(?:\\s*(?:제\\s*(\\d+)\\s*항|([${CIRCLED}])))?`,
    'gu',
  );
  return referencePattern;
}

/** The article references of a text, in order. Pure. */
export function findReferences(text: string): TextReference[] {
  const out: TextReference[] = [];
  for (const m of text.matchAll(pattern())) {
    const [whole, rawName, kindWord, number, branch, paragraphNumber, circled] = m;
    const name = rawName ? rawName.replace(/\s+/g, ' ').trim() : null;
    const same = name !== null && /^(같은 ?법|동법|이 ?법)$/u.test(name);
    out.push({
      start: m.index ?? 0,
      end: (m.index ?? 0) + whole.length,
      statute: same ? 'SAME' : name,
      kind: (kindWord as StatuteKind | undefined) ?? '법률',
      article: `제${Number(number)}조${branch ? `의${Number(branch)}` : ''}`,
      paragraph: paragraphNumber ? Number(paragraphNumber) : circled ? CIRCLED.indexOf(circled) + 1 : null,
    });
  }
  return out;
}

/** The offsets of paragraph n (①=1) in an article's text; the whole text when the article has no such mark. */
export function paragraphSpan(articleText: string, paragraph: number | null): { start: number; end: number } | null {
  if (paragraph === null) return { start: 0, end: articleText.length };
  const mark = CIRCLED[paragraph - 1];
  if (!mark) return null;
  const at = articleText.indexOf(mark);
  if (at < 0) return null;
  const nextMark = CIRCLED[paragraph];
  const next = nextMark ? articleText.indexOf(nextMark, at + 1) : -1;
  let end = next < 0 ? articleText.length : next;
  while (end > at && /\s/u.test(articleText[end - 1]!)) end--;
  return { start: at, end };
}

/** The shipped statute a written name designates, of the given kind. */
function entryFor(name: string, kind: StatuteKind): LawIndexEntry | null {
  const compact = name.normalize('NFC').replace(/[\s「」]/gu, '').replace(/[·・･]/gu, 'ㆍ');
  const folder = LAW_ALIASES[compact] ?? compact;
  return lawIndex().entries.find((e) => e.kind === kind && (e.folder === folder || e.compactTitle === folder)) ?? null;
}

const isDeletedText = (s: string) => /^\s*(?:[①-⑳]\s*)?삭제\s*(?:<[^>]*>)?\s*$/u.test(s);

export interface ResolvedArticle {
  entry: { lawId: string; title: string; kind: StatuteKind };
  lawSerialNumber: string;
  effectiveDate: string;
  article: StatuteArticle;
  paragraph: number | null;
}

/** One reference against the version of its statute in force on asOf; null when it does not resolve. */
export async function resolveReference(db: Db, ref: { lawId: string; article: string; paragraph: number | null }, asOf: string, today: string): Promise<ResolvedArticle | null> {
  const version = await versionInForce(db, ref.lawId, asOf, today);
  if (!version) return null;
  const article = await articleInVersion(db, version.lawSerialNumber, ref.article);
  if (!article || article.isDeleted) return null;
  if (ref.paragraph !== null) {
    const paragraph = article.paragraphs.find((p) => p.number === ref.paragraph);
    if (!paragraph || isDeletedText(paragraph.text) || !paragraphSpan(article.text, ref.paragraph)) return null;
  }
  return {
    entry: { lawId: version.lawId, title: version.title, kind: version.kind as StatuteKind },
    lawSerialNumber: version.lawSerialNumber, effectiveDate: version.effectiveDate, article, paragraph: ref.paragraph,
  };
}

export function citationOf(resolved: ResolvedArticle, span?: { start: number; end: number }): ResearchCitation {
  const { start, end } = span ?? paragraphSpan(resolved.article.text, resolved.paragraph)!;
  return {
    statuteId: resolved.entry.lawId, lawSerialNumber: resolved.lawSerialNumber, statuteTitle: resolved.entry.title, kind: resolved.entry.kind,
    effectiveDate: resolved.effectiveDate, article: resolved.article.article, articleTitle: resolved.article.title, paragraph: resolved.paragraph,
    quote: resolved.article.text.slice(start, end), start, end,
  };
}

/**
 * Gates answer text as it is written (sentence by sentence): references that resolve become
 * citations, the others are cut out of the text. "같은 법" and a bare "제5조" refer to the statute
 * named last; before any, to the statute of the answer's best passage (`defaultLawId`).
 */
export class CitationGate {
  removed = 0;
  readonly citations: ResearchCitation[] = [];
  private lastLawId: string | null;

  constructor(private readonly db: Db, private readonly asOf: string, private readonly today: string, defaultLawId: string | null) {
    this.lastLawId = defaultLawId;
  }

  async pass(text: string): Promise<string> {
    let out = '';
    let at = 0;
    for (const ref of findReferences(text)) {
      const resolved = await this.resolve(ref);
      out += text.slice(at, ref.start);
      if (resolved) {
        out += text.slice(ref.start, ref.end);
        this.addCitation(citationOf(resolved));
      } else {
        this.removed++;
      }
      at = ref.end;
    }
    out += text.slice(at);
    return out.replace(/[ \t]{2,}/g, ' ');
  }

  private async resolve(ref: TextReference): Promise<ResolvedArticle | null> {
    let lawId: string | null;
    if (ref.statute === null || ref.statute === 'SAME') {
      lawId = this.lastLawId;
    } else {
      lawId = entryFor(ref.statute, ref.kind)?.lawId ?? null;
      // An unknown statute is still "the statute named last": a following bare 제N조 must not fall back to another one.
      this.lastLawId = lawId;
    }
    if (!lawId) return null;
    return resolveReference(this.db, { lawId, article: ref.article, paragraph: ref.paragraph }, this.asOf, this.today);
  }

  private addCitation(citation: ResearchCitation) {
    const same = this.citations.some((c) => c.lawSerialNumber === citation.lawSerialNumber && c.article === citation.article && c.paragraph === citation.paragraph);
    if (!same) this.citations.push(citation);
  }

  /** Keeps the citations that resolve in the version in force on asOf, with the quote their offsets say; counts the others. */
  async gateCitations(citations: readonly ResearchCitation[]): Promise<ResearchCitation[]> {
    const kept: ResearchCitation[] = [];
    for (const c of citations) {
      const resolved = await resolveReference(this.db, { lawId: c.statuteId, article: c.article, paragraph: c.paragraph }, this.asOf, this.today);
      const exact = resolved && resolved.lawSerialNumber === c.lawSerialNumber && resolved.article.text.slice(c.start, c.end) === c.quote && c.end > c.start;
      if (exact) kept.push(c);
      else this.removed++;
    }
    return kept;
  }
}
