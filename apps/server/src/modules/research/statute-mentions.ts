import type { StatuteKind } from '@legal/api';
import type { StatuteName } from './query-understanding';

// The statute articles a team's own document cites by name ("민법 제750조", "「근로기준법」 제23조제1항",
// "근기법 시행령 제7조"). Stricter than a question's reading (citedArticles): a document is long, so an
// article counts only right after its statute's name, in a list that follows it ("민법 제750조 및
// 제751조", "제3조제1항, 제5조"), or after "같은 법" / "동법" naming the statute named last; "민법상 … 제3조"
// is not read as 민법 제3조. Pure; the names come from the caller (the shipped index and aliases).

export interface StatuteMention {
  folder: string;
  kind: StatuteKind;
  article: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name as a word of its own (not the tail of 난민법), spaces allowed inside (근로 기준법), in 「」 or not. */
function namePattern(names: readonly StatuteName[]): RegExp {
  const alternatives = [...new Set(names.map((n) => n.name))].sort((a, b) => b.length - a.length).map((name) => [...name].map(escape).join('\\s*'));
  return new RegExp(`(?<!\\p{Script=Hangul})(?:「\\s*)?(${alternatives.join('|')})`, 'gu');
}

const patterns = new WeakMap<readonly StatuteName[], RegExp>();

/** After a name (or 같은 법): the closing 」, 시행령 or 시행규칙, then the first article. */
const FIRST_ARTICLE = /\s*」?\s*(시행령|시행규칙)?\s*」?\s*제(\d+)조(?:의(\d+))?/uy;
/** One more article of the same list: paragraphs, items and connectors, then 제N조(의M). */
const NEXT_ARTICLE = /(?:\s*(?:제\d+(?:항|호|목)|[①-⑳]|본문|단서|전단|후단|각\s*호|및|또는|내지|부터|까지|와|과|[,ㆍ、]))*\s*제(\d+)조(?:의(\d+))?/uy;
const SAME_LAW = /(?:같은|동)\s*법/gu;

const articleKey = (number: string, branch: string | undefined) => `제${Number(number)}조${branch ? `의${Number(branch)}` : ''}`;

/** The articles cited from `at` on (just after a statute's name), in order; the patterns are sticky (read at `at`, no copies of a long text). */
function articlesAfter(text: string, at: number): { kind: StatuteKind; articles: string[] } | null {
  FIRST_ARTICLE.lastIndex = at;
  const first = FIRST_ARTICLE.exec(text);
  if (!first) return null;
  const articles = [articleKey(first[2]!, first[3])];
  NEXT_ARTICLE.lastIndex = FIRST_ARTICLE.lastIndex;
  for (let next = NEXT_ARTICLE.exec(text); next; next = NEXT_ARTICLE.exec(text)) articles.push(articleKey(next[1]!, next[2]));
  return { kind: (first[1] as StatuteKind | undefined) ?? '법률', articles };
}

/** The articles a document's text cites by statute name, each once, in text order. */
export function documentArticleMentions(source: string, names: readonly StatuteName[]): StatuteMention[] {
  const text = source.normalize('NFC').replace(/[·・･]/gu, 'ㆍ');
  let pattern = patterns.get(names);
  if (!pattern) patterns.set(names, (pattern = namePattern(names)));
  const folderOf = new Map(names.map((n) => [n.name, n.folder]));
  const named = [...text.matchAll(pattern)].map((m) => ({ at: m.index, end: m.index + m[0].length, folder: folderOf.get(m[1]!.replace(/\s+/gu, ''))! }));
  const starts = [
    ...named.map((n) => ({ at: n.at, end: n.end, folder: n.folder })),
    // 같은 법 / 동법: the statute named last before it.
    ...[...text.matchAll(SAME_LAW)].flatMap((m) => {
      const last = named.filter((n) => n.end <= m.index).at(-1);
      return last ? [{ at: m.index, end: m.index + m[0].length, folder: last.folder }] : [];
    }),
  ].sort((a, b) => a.at - b.at);
  const out: StatuteMention[] = [];
  const seen = new Set<string>();
  for (const start of starts) {
    const cited = articlesAfter(text, start.end);
    for (const article of cited?.articles ?? []) {
      const key = `${start.folder}|${cited!.kind}|${article}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ folder: start.folder, kind: cited!.kind, article });
    }
  }
  return out;
}
