import type { StatuteKind } from '@legal/api';
import { compactLawName } from './law.data';

// Which upper article a decree or rule article implements, read from its own words. A decree
// (시행령) names its Act "법" ("법 제13조제1항에 따른", "법 제5조에서 대통령령으로 정하는"); a rule
// (시행규칙) names its Act "법" and its decree "영" ("영 제3조제2항에 따른"). Either may also name
// them in full ("「근로기준법」 제17조", "「근로기준법 시행령」 제15조") and then "같은 법 제N조"; a full
// name counts only when it is the family's own (the caller gives the titles). Pure.

export interface ArticleLink {
  /** The kind of statute referred to: '법률' for 법, '시행령' for 영. */
  to: StatuteKind;
  article: string;
  paragraph: number | null;
}

/** The titles of the lower statute's own Act and decree (spaces do not matter), for references by full name. */
export interface FamilyNames {
  법률?: string;
  시행령?: string;
}

/**
 * One reference: a full name in 「」, "같은 법" / "동법" (optionally "시행령") naming the statute named
 * last, or "법" / "영" as a word of its own (not the tail of 운영 or 「근로기준법」); then
 * 제N조(의M) and an optional 제K항.
 */
const REFERENCE =
  /(?:「(?<named>[^「」]{1,100})」|(?<same>(?:같은|동)\s*법)(?:\s*(?<sameDecree>시행령))?|(?<=^|[^\p{Script=Hangul}」』])(?<word>법|영))\s*제(?<number>\d+)조(?:의(?<branch>\d+))?(?:\s*제(?<paragraph>\d+)항)?/gu;
/** Any full name, followed by an article or not ("「국민건강보험법」에 따른 … 같은 법 제62조"). */
const NAMED = /「([^「」]{1,100})」/gu;
/** 이 법 / 그 법 (and 이 영) mean the statute itself, or one named just before. */
const NAMED_JUST_BEFORE = /(?:같은|동|이|그)\s*$/u;

/** The kind a full name stands for in this family, or null for another statute. */
function kindOfName(name: string, family: FamilyNames): StatuteKind | null {
  const compact = compactLawName(name);
  if (family.법률 && compact === compactLawName(family.법률)) return '법률';
  if (family.시행령 && compact === compactLawName(family.시행령)) return '시행령';
  return null;
}

type Groups = Partial<Record<'named' | 'same' | 'sameDecree' | 'word', string>>;

/** The kind of statute one match refers to, or null when it is another statute (or the lower one itself). */
function targetOf(text: string, at: number, groups: Groups, lastNamed: string | null, family: FamilyNames): StatuteKind | null {
  if (groups.named !== undefined) return kindOfName(groups.named, family);
  if (groups.same !== undefined) {
    const named = lastNamed === null ? null : kindOfName(lastNamed, family);
    if (named !== '법률') return null;
    return groups.sameDecree ? '시행령' : '법률';
  }
  if (NAMED_JUST_BEFORE.test(text.slice(0, at))) return null;
  return groups.word === '법' ? '법률' : '시행령';
}

/** The upper articles a lower statute's article refers to, each once, in text order. */
export function parseArticleLinks(text: string, lowerKind: StatuteKind, family: FamilyNames = {}): ArticleLink[] {
  if (lowerKind === '법률') return [];
  const names = [...text.matchAll(NAMED)].map((m) => ({ end: m.index + m[0].length, name: m[1]! }));
  const links: ArticleLink[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(REFERENCE)) {
    const groups = match.groups!;
    const lastNamed = names.filter((n) => n.end <= match.index).at(-1)?.name ?? null;
    const to = targetOf(text, match.index, groups, lastNamed, family);
    // A decree's "영" would be itself: only a rule refers to its decree.
    if (to === null || (to === '시행령' && lowerKind !== '시행규칙')) continue;
    const link: ArticleLink = {
      to,
      article: `제${Number(groups.number)}조${groups.branch ? `의${Number(groups.branch)}` : ''}`,
      paragraph: groups.paragraph ? Number(groups.paragraph) : null,
    };
    const key = `${link.to}|${link.article}|${link.paragraph ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(link);
  }
  return links;
}
