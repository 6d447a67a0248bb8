import type { StatuteKind } from '@legal/api';

// Which upper article a decree or rule article implements, read from its own words. A decree
// (시행령) names its Act "법" ("법 제13조제1항에 따른", "법 제5조에서 대통령령으로 정하는"); a rule
// (시행규칙) names its Act "법" and its decree "영" ("영 제3조제2항에 따른"). Pure.

export interface ArticleLink {
  /** The kind of statute referred to: '법률' for 법, '시행령' for 영. */
  to: StatuteKind;
  article: string;
  paragraph: number | null;
}

/**
 * "법" or "영" as a word of its own (not the tail of 「근로기준법」, 운영 or 같은 법, which name
 * another statute), then 제N조(의M) and an optional 제K항.
 */
const REFERENCE = /(^|[^\p{Script=Hangul}」』])(법|영)\s*제(\d+)조(?:의(\d+))?(?:\s*제(\d+)항)?/gu;
/** 같은 법 / 동법 / 이 법 refer to a statute named just before, or to the Act itself in an Act. */
const NAMED_JUST_BEFORE = /(?:같은|동|이|그)\s*$/u;

/** The upper articles a lower statute's article refers to, each once, in text order. */
export function parseArticleLinks(text: string, lowerKind: StatuteKind): ArticleLink[] {
  if (lowerKind === '법률') return [];
  const links: ArticleLink[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(REFERENCE)) {
    const [, lead, word, number, branch, paragraph] = match;
    const before = text.slice(0, match.index + lead!.length);
    if (NAMED_JUST_BEFORE.test(before)) continue;
    // A decree's "영" would be itself: only a rule refers to its decree that way.
    if (word === '영' && lowerKind !== '시행규칙') continue;
    const link: ArticleLink = {
      to: word === '법' ? '법률' : '시행령',
      article: `제${Number(number)}조${branch ? `의${Number(branch)}` : ''}`,
      paragraph: paragraph ? Number(paragraph) : null,
    };
    const key = `${link.to}|${link.article}|${link.paragraph ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(link);
  }
  return links;
}
