import type { StatuteKind } from '@legal/api';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { familyTitle } from './law.history';
import { parseArticleLinks } from './law.links';
import { lawStatutes } from './law.table';
import { compareVersions, mainArticlesOf } from './law.versions';

// Which decree (시행령) and rule (시행규칙) articles implement an article of an Act (or a rule, of
// its decree), read from the stored law tables: the lower statutes of the same family (the Act's
// title), in the version in force on the day the upper version takes effect, whose text refers to
// the article ("법 제43조의6제2항에서", "「상법」 제661조", "영 제15조"). The statute-change alerts
// tell records citing those lower articles when the upper article changes.

type StatuteRow = typeof lawStatutes.$inferSelect;

/** The kinds below each kind: an Act's decree and rules, a decree's rules. */
const LOWER_KINDS: Record<StatuteKind, StatuteKind[]> = { 법률: ['시행령', '시행규칙'], 시행령: ['시행규칙'], 시행규칙: [] };

/** The compact titles of the statutes below one (same family); empty for a rule. */
export function lowerTitlesOf(upper: Pick<StatuteRow, 'compactTitle' | 'kind'>): string[] {
  const family = familyTitle(upper.compactTitle);
  return LOWER_KINDS[upper.kind as StatuteKind].map((kind) => `${family}${kind}`);
}

export interface LowerStatuteLinks {
  /** The lower statute's version read: the one in force when the upper version takes effect. */
  version: Pick<StatuteRow, 'lawId' | 'lawSerialNumber' | 'title' | 'compactTitle' | 'kind' | 'effectiveDate'>;
  /** Its stored versions up to that one, oldest first: a record citing the article in any of them rests on it. */
  versions: string[];
  /** Its articles referring to one of the upper articles asked about. */
  links: Array<{ article: string; articleTitle: string | null; implements: string }>;
}

/** The stored versions of the statutes with these compact titles, per 법령ID, oldest first. */
export async function versionsByTitle(db: Db | Tx, compactTitles: readonly string[]): Promise<Map<string, StatuteRow[]>> {
  const byLawId = new Map<string, StatuteRow[]>();
  if (compactTitles.length === 0) return byLawId;
  for (const row of await db.select().from(lawStatutes).where(inArray(lawStatutes.compactTitle, [...compactTitles]))) {
    byLawId.set(row.lawId, [...(byLawId.get(row.lawId) ?? []), row]);
  }
  for (const versions of byLawId.values()) versions.sort(compareVersions);
  return byLawId;
}

/**
 * The lower statutes' articles implementing any of `upperArticles` of the upper version. A lower
 * statute with no version in force that day (enacted later, or repealed) implements nothing of it.
 */
export async function implementingArticles(
  db: Db,
  upper: Pick<StatuteRow, 'compactTitle' | 'kind' | 'title' | 'effectiveDate'>,
  upperArticles: readonly string[],
): Promise<LowerStatuteLinks[]> {
  const lowerTitles = lowerTitlesOf(upper);
  if (lowerTitles.length === 0 || upperArticles.length === 0) return [];
  const wanted = new Set(upperArticles);
  const family = familyTitle(upper.compactTitle);
  // The family's own full names ("「근로기준법」 제17조"): the Act's title, and the decree's for a rule.
  const names = { 법률: family, 시행령: `${family}시행령` };
  const out: LowerStatuteLinks[] = [];
  for (const versions of (await versionsByTitle(db, lowerTitles)).values()) {
    const inForce = versions.filter((v) => v.effectiveDate <= upper.effectiveDate);
    const version = inForce.at(-1);
    if (!version || version.amendmentKind === '폐지') continue;
    const links: LowerStatuteLinks['links'] = [];
    for (const article of await mainArticlesOf(db, version.lawSerialNumber)) {
      if (article.isDeleted) continue;
      const targets = parseArticleLinks(article.text, version.kind as StatuteKind, names).filter((l) => l.to === upper.kind && wanted.has(l.article));
      for (const implemented of new Set(targets.map((l) => l.article))) links.push({ article: article.article, articleTitle: article.title, implements: implemented });
    }
    if (links.length > 0) out.push({ version, versions: inForce.map((v) => v.lawSerialNumber), links });
  }
  return out;
}
