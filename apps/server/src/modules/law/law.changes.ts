import type { ArticleChangeKind, NewerArticleVersion } from '@legal/api';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { lawArticles, lawStatutes } from './law.table';
import { compareVersions } from './law.versions';

// How the articles of one stored version read in a later one: the statute-change alerts compare a
// new version with the one it supersedes, and AI review flags a legal basis whose article reads
// differently in the newest version. Amendment notes (<개정 …>, [본조신설 …]) were taken out of the
// text by the parser and are not compared: a change only in them is no change.

/** An article as compared: its main-text row of one version (null when the version has none). */
export interface ComparedArticle {
  article: string;
  title: string | null;
  text: string;
  isDeleted: boolean;
  amendmentNotes: string[];
}

/** White space runs as one space, ends trimmed: a re-wrapped line is not a change. */
export function comparableText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * How an article that was in force reads afterwards: null when unchanged (notes apart), or when it
 * was absent or already deleted before (nothing of it could be cited).
 */
export function articleChange(before: Pick<ComparedArticle, 'text' | 'isDeleted'> | null, after: Pick<ComparedArticle, 'text' | 'isDeleted'> | null): ArticleChangeKind | null {
  if (!before || before.isDeleted) return null;
  if (!after) return 'REMOVED';
  if (after.isDeleted) return 'DELETED';
  return comparableText(before.text) === comparableText(after.text) ? null : 'CHANGED';
}

const MOVED_NOTE = /종전\s*(제\d+조(?:의\d+)?)\s*(?:은|는)?\s*(제\d+조(?:의\d+)?)\s*(?:으로|로)\s*이동/u;

/**
 * Where a removed article went in the new version: the article whose note says so ("[종전 제4조는
 * 제5조로 이동 <2021.12.28>]"), else a new article with exactly its text. Null when neither.
 */
export function movedTo(removed: ComparedArticle, before: ReadonlyMap<string, ComparedArticle>, after: ReadonlyMap<string, ComparedArticle>): string | null {
  for (const article of after.values()) {
    for (const note of article.amendmentNotes) {
      const match = MOVED_NOTE.exec(note);
      if (match?.[1] === removed.article && match[2] === article.article) return article.article;
    }
  }
  const text = comparableText(removed.text);
  for (const article of after.values()) {
    if (article.isDeleted || comparableText(article.text) !== text) continue;
    // A number that is new, or whose words are new there: not the article that always stood there.
    const was = before.get(article.article);
    if (!was || articleChange(was, article) !== null) return article.article;
  }
  return null;
}

/** The main-text articles of a version by key (the first of a duplicated key, as articleInVersion reads it). */
export async function comparedArticles(db: Db | Tx, lawSerialNumber: string, keys?: readonly string[]): Promise<Map<string, ComparedArticle>> {
  if (keys && keys.length === 0) return new Map();
  const rows = await db
    .select({ article: lawArticles.articleKey, title: lawArticles.title, text: lawArticles.text, isDeleted: lawArticles.isDeleted, amendmentNotes: lawArticles.amendmentNotes })
    .from(lawArticles)
    .where(and(eq(lawArticles.lawSerialNumber, lawSerialNumber), eq(lawArticles.isAddendum, false), keys ? inArray(lawArticles.articleKey, [...keys]) : undefined))
    .orderBy(asc(lawArticles.ordinal));
  const byKey = new Map<string, ComparedArticle>();
  for (const row of rows) if (!byKey.has(row.article)) byKey.set(row.article, row);
  return byKey;
}

export interface ArticleChange {
  article: string;
  changeKind: ArticleChangeKind;
  movedTo: string | null;
  before: ComparedArticle;
  after: ComparedArticle | null;
}

/** The articles of `older` (main text, not deleted there) that changed, were deleted or went away in `newer`. */
export async function versionChanges(db: Db | Tx, older: string, newer: string): Promise<ArticleChange[]> {
  const before = await comparedArticles(db, older);
  const after = await comparedArticles(db, newer);
  const changes: ArticleChange[] = [];
  for (const article of before.values()) {
    const next = after.get(article.article) ?? null;
    const changeKind = articleChange(article, next);
    if (changeKind) changes.push({ article: article.article, changeKind, movedTo: changeKind === 'REMOVED' ? movedTo(article, before, after) : null, before: article, after: next });
  }
  return changes;
}

type VersionRow = Pick<typeof lawStatutes.$inferSelect, 'lawSerialNumber' | 'lawId' | 'effectiveDate' | 'promulgationDate' | 'importedAt'>;

/** The stored versions of these statutes (법령ID), oldest first per statute. */
export async function versionsOfStatutes(db: Db | Tx, lawIds: readonly string[]): Promise<Map<string, VersionRow[]>> {
  const byLawId = new Map<string, VersionRow[]>();
  if (lawIds.length === 0) return byLawId;
  const rows = await db
    .select({
      lawSerialNumber: lawStatutes.lawSerialNumber, lawId: lawStatutes.lawId, effectiveDate: lawStatutes.effectiveDate, promulgationDate: lawStatutes.promulgationDate, importedAt: lawStatutes.importedAt,
    })
    .from(lawStatutes)
    .where(inArray(lawStatutes.lawId, [...new Set(lawIds)]));
  for (const row of rows) byLawId.set(row.lawId, [...(byLawId.get(row.lawId) ?? []), row]);
  for (const versions of byLawId.values()) versions.sort(compareVersions);
  return byLawId;
}

export const articleRefKey = (ref: { lawSerialNumber: string; article: string }) => `${ref.lawSerialNumber}\u0000${ref.article}`;

/**
 * For cited articles (version and article key): the newest stored version of the statute when the
 * article reads differently there (changed, deleted or gone), keyed by articleRefKey. References to
 * the newest version, to an unknown version, or to an article unchanged since are left out.
 */
export async function newerArticleVersions(db: Db, refs: ReadonlyArray<{ lawSerialNumber: string; article: string }>): Promise<Map<string, NewerArticleVersion>> {
  const out = new Map<string, NewerArticleVersion>();
  if (refs.length === 0) return out;
  const cited = await db
    .select({ lawSerialNumber: lawStatutes.lawSerialNumber, lawId: lawStatutes.lawId })
    .from(lawStatutes)
    .where(inArray(lawStatutes.lawSerialNumber, [...new Set(refs.map((r) => r.lawSerialNumber))]));
  const lawIdOf = new Map(cited.map((r) => [r.lawSerialNumber, r.lawId]));
  const versions = await versionsOfStatutes(db, cited.map((r) => r.lawId));
  // Per pair of versions compared (the cited one, the newest), the articles asked about.
  const pairs = new Map<string, { older: string; newest: VersionRow; articles: Set<string> }>();
  for (const ref of refs) {
    if (!lawIdOf.has(ref.lawSerialNumber)) continue;
    const all = versions.get(lawIdOf.get(ref.lawSerialNumber)!)!;
    const newest = all.at(-1)!;
    const own = all.find((v) => v.lawSerialNumber === ref.lawSerialNumber)!;
    if (compareVersions(own, newest) >= 0) continue;
    const pairKey = `${ref.lawSerialNumber}>${newest.lawSerialNumber}`;
    const pair = pairs.get(pairKey) ?? { older: ref.lawSerialNumber, newest, articles: new Set<string>() };
    pair.articles.add(ref.article);
    pairs.set(pairKey, pair);
  }
  for (const pair of pairs.values()) {
    const keys = [...pair.articles];
    const { older, newest } = pair;
    const [before, after] = await Promise.all([comparedArticles(db, older, keys), comparedArticles(db, newest.lawSerialNumber, keys)]);
    // Where a removed article went needs the whole of both versions: read only when one went away.
    let whole: [Map<string, ComparedArticle>, Map<string, ComparedArticle>] | null = null;
    for (const article of keys) {
      const old = before.get(article) ?? null;
      const changeKind = articleChange(old, after.get(article) ?? null);
      if (!old || !changeKind) continue;
      if (changeKind === 'REMOVED') whole ??= await Promise.all([comparedArticles(db, older), comparedArticles(db, newest.lawSerialNumber)]);
      out.set(articleRefKey({ lawSerialNumber: older, article }), {
        statuteId: newest.lawId, lawSerialNumber: newest.lawSerialNumber, effectiveDate: newest.effectiveDate, changeKind,
        movedTo: changeKind === 'REMOVED' && whole ? movedTo(old, whole[0], whole[1]) : null,
      });
    }
  }
  return out;
}
