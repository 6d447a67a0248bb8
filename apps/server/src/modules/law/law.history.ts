import type {
  ClauseHistory, LegalHierarchy, StatuteHistoryV2, StatuteKind, StatuteSummary, StatuteVersion, StatuteVersionSummary,
} from '@legal/api';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notFound, validationError } from '../../platform/http/errors';
import { compactLawName, LAW_ALIASES, shippedCatalogue } from './law.data';
import { diffWords } from './law.diff';
import { parseArticleLinks } from './law.links';
import { parseArticleKey } from './law.parser';
import { ensureStatute, toStatuteSummary } from './law.service';
import { lawArticles, lawStatutes } from './law.table';
import {
  articleInVersion, compareVersions, findStoredVersion, findVersionInForce, listVersionsOf, mainArticlesOf,
} from './law.versions';

// Versions, histories, clause histories and the legal hierarchy, read from the stored corpus
// (shipped statutes of one family are imported on first use).

async function versionsOrNotFound(db: Db, statuteId: string): Promise<StatuteVersionSummary[]> {
  const versions = await listVersionsOf(db, statuteId);
  if (versions.length === 0) throw notFound();
  return versions;
}

/** One version's main-text articles (or one article): by 법령MST, or by 법령ID and a date. 404 when unknown. */
export async function getVersion(
  db: Db,
  query: { lawSerialNumber?: string; statuteId?: string; effectiveDate?: string; article?: string },
  today: string,
): Promise<StatuteVersion> {
  const statute = query.lawSerialNumber
    ? await findStoredVersion(db, query.lawSerialNumber)
    : await findVersionInForce(db, query.statuteId!, query.effectiveDate ?? today);
  if (!statute) throw notFound();
  if (query.article === undefined) return { statute, articles: await mainArticlesOf(db, statute.lawSerialNumber) };
  const article = await articleInVersion(db, statute.lawSerialNumber, query.article);
  if (!article) throw notFound();
  return { statute, articles: [article] };
}

/** Every stored version of a statute, newest first. */
export async function statuteHistories(db: Db, statuteId: string): Promise<StatuteVersionSummary[]> {
  return (await versionsOrNotFound(db, statuteId)).reverse();
}

/** A fingerprint per main-text article of each version, compared in the database (no texts sent over). */
async function articleFingerprints(db: Db, serialNumbers: string[]): Promise<Map<string, Map<string, string>>> {
  const rows = await db
    .select({
      mst: lawArticles.lawSerialNumber,
      key: lawArticles.articleKey,
      fingerprint: sql<string>`md5(coalesce(${lawArticles.title}, '') || '|' || ${lawArticles.text} || '|' || ${lawArticles.isDeleted}::text)`,
    })
    .from(lawArticles)
    .where(and(inArray(lawArticles.lawSerialNumber, serialNumbers), eq(lawArticles.isAddendum, false)));
  const byVersion = new Map<string, Map<string, string>>(serialNumbers.map((mst) => [mst, new Map()]));
  for (const row of rows) {
    const articles = byVersion.get(row.mst)!;
    // The first of a duplicated key wins, as articleInVersion reads it.
    if (!articles.has(row.key)) articles.set(row.key, row.fingerprint);
  }
  return byVersion;
}

function articleOrder(key: string): number {
  const parsed = parseArticleKey(key);
  return parsed ? parsed.number * 1000 + parsed.branch : Number.MAX_SAFE_INTEGER;
}

/** Versions newest first, each with the articles added, changed or removed against the version before it. */
export async function statuteHistoriesV2(db: Db, statuteId: string): Promise<StatuteHistoryV2> {
  const versions = await versionsOrNotFound(db, statuteId);
  const fingerprints = await articleFingerprints(db, versions.map((v) => v.lawSerialNumber));
  const withChanges = versions.map((version, i) => {
    const current = fingerprints.get(version.lawSerialNumber)!;
    const previous = i > 0 ? fingerprints.get(versions[i - 1]!.lawSerialNumber)! : new Map<string, string>();
    const changed = new Set<string>();
    for (const [key, fingerprint] of current) if (previous.get(key) !== fingerprint) changed.add(key);
    for (const key of previous.keys()) if (!current.has(key)) changed.add(key);
    return { ...version, changedArticles: [...changed].sort((a, b) => articleOrder(a) - articleOrder(b)) };
  });
  const newest = versions.at(-1)!;
  return { statuteId, title: newest.title, kind: newest.kind, versions: withChanges.reverse() };
}

/**
 * How one article read across the versions (newest first, one entry per change), and a word diff
 * between two versions of this statute. 404 when no version has the article; 400 when `from` or
 * `to` is not a version of this statute.
 */
export async function clauseHistory(db: Db, statuteId: string, clauseKey: string, range: { from?: string; to?: string }): Promise<ClauseHistory> {
  const key = parseArticleKey(clauseKey);
  if (!key) throw notFound();
  const versions = await versionsOrNotFound(db, statuteId);
  for (const field of ['from', 'to'] as const) {
    const mst = range[field];
    if (mst !== undefined && !versions.some((v) => v.lawSerialNumber === mst)) {
      throw validationError([{ field: `query.${field}`, reason: 'not a version of this statute' }]);
    }
  }
  const rows = await db
    .select({ mst: lawArticles.lawSerialNumber, ordinal: lawArticles.ordinal, title: lawArticles.title, text: lawArticles.text, isDeleted: lawArticles.isDeleted })
    .from(lawArticles)
    .where(and(inArray(lawArticles.lawSerialNumber, versions.map((v) => v.lawSerialNumber)), eq(lawArticles.articleKey, key.key), eq(lawArticles.isAddendum, false)))
    .orderBy(lawArticles.ordinal);
  const byVersion = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byVersion.has(row.mst)) byVersion.set(row.mst, row);
  if (byVersion.size === 0) throw notFound();

  const revisions: ClauseHistory['revisions'] = [];
  let last: { present: boolean; title: string | null; text: string; isDeleted: boolean } | null = null;
  for (const version of versions) {
    const row = byVersion.get(version.lawSerialNumber);
    const state = row ? { present: true, title: row.title, text: row.text, isDeleted: row.isDeleted } : { present: false, title: null, text: '', isDeleted: false };
    const unchanged = last ? last.present === state.present && last.title === state.title && last.text === state.text && last.isDeleted === state.isDeleted : !state.present;
    if (!unchanged) revisions.push({ version, present: state.present, articleTitle: state.title, text: state.text, isDeleted: state.isDeleted });
    last = state;
  }

  const textIn = (mst: string) => byVersion.get(mst)?.text ?? '';
  const to = range.to ?? versions.at(-1)!.lawSerialNumber;
  const newest = versions.at(-1)!;
  return {
    statuteId, title: newest.title, article: key.key, revisions: revisions.reverse(),
    diff: range.from === undefined ? null : { from: range.from, to, segments: diffWords(textIn(range.from), textIn(to)) },
  };
}

const LOWER_SUFFIXES = ['시행규칙', '시행령'] as const;

/** The Act's compact title a statute of the family carries ('근로기준법시행령' → '근로기준법'). */
export function familyTitle(compactTitle: string): string {
  for (const suffix of LOWER_SUFFIXES) if (compactTitle.endsWith(suffix) && compactTitle.length > suffix.length) return compactTitle.slice(0, -suffix.length);
  return compactTitle;
}

/** The newest version of each kind in the statute's family (same Act title), imported first when shipped. */
async function familyNewest(db: Db, family: string): Promise<Partial<Record<StatuteKind, StatuteSummary>>> {
  const titles = [family, `${family}시행령`, `${family}시행규칙`];
  const shippedNewest = new Map<string, (ReturnType<typeof shippedCatalogue>)[number]>();
  for (const entry of shippedCatalogue()) {
    if (!titles.includes(entry.compactTitle)) continue;
    const seen = shippedNewest.get(entry.kind);
    if (!seen || compareVersions(seen, entry) < 0) shippedNewest.set(entry.kind, entry);
  }
  for (const entry of shippedNewest.values()) await ensureStatute(db, entry);
  const rows = await db.select().from(lawStatutes).where(inArray(lawStatutes.compactTitle, titles));
  const newest: Partial<Record<StatuteKind, StatuteSummary>> = {};
  for (const row of rows) {
    const kind = row.kind as StatuteKind;
    const seen = newest[kind];
    if (!seen || compareVersions(seen, row) < 0) newest[kind] = toStatuteSummary(row);
  }
  return newest;
}

/**
 * The Act, decree and rule of a statute's family (newest versions) and the links their texts state:
 * decree → Act ("법 제13조"), rule → Act and rule → decree ("영 제3조"). A link is kept only when
 * the upper article exists in the upper version: the hierarchy never points at nothing.
 */
export async function legalHierarchy(db: Db, statuteId: string): Promise<LegalHierarchy> {
  const versions = await versionsOrNotFound(db, statuteId);
  const family = await familyNewest(db, familyTitle(compactLawName(versions.at(-1)!.title)));
  const links: LegalHierarchy['links'] = [];
  // The articles in force in each upper version (the Act serves the decree and the rule).
  const upperArticles = new Map<string, Set<string>>();
  const upperKeys = async (upper: StatuteSummary) => {
    let keys = upperArticles.get(upper.lawSerialNumber);
    if (!keys) {
      keys = new Set((await mainArticlesOf(db, upper.lawSerialNumber)).filter((a) => !a.isDeleted).map((a) => a.article));
      upperArticles.set(upper.lawSerialNumber, keys);
    }
    return keys;
  };
  const names = { 법률: family.법률?.title, 시행령: family.시행령?.title };
  for (const lower of [family.시행령, family.시행규칙]) {
    if (!lower) continue;
    for (const article of await mainArticlesOf(db, lower.lawSerialNumber)) {
      for (const link of parseArticleLinks(article.text, lower.kind, names)) {
        const upper = family[link.to];
        if (!upper || !(await upperKeys(upper)).has(link.article)) continue;
        links.push({
          from: { lawSerialNumber: lower.lawSerialNumber, kind: lower.kind, article: article.article, articleTitle: article.title },
          to: { lawSerialNumber: upper.lawSerialNumber, kind: upper.kind, article: link.article, paragraph: link.paragraph },
        });
      }
    }
  }
  return { act: family.법률 ?? null, decree: family.시행령 ?? null, rule: family.시행규칙 ?? null, links };
}

const KIND_ORDER: Record<StatuteKind, number> = { 법률: 0, 시행령: 1, 시행규칙: 2 };

/** A repealed statute's last version records the repeal: from then on nothing of it is in force. */
const REPEALED = '폐지';

/**
 * Statutes whose title or short name contains the keyword (spaces ignored), Acts first: each in its
 * newest version, or the one in force on `inForceOn` (a statute without one then is left out, as
 * is a repealed one). Read from the shipped manifests and the stored rows (operator imports), so a
 * search imports nothing.
 */
export async function searchStatutes(db: Db, keyword: string, inForceOn?: string): Promise<StatuteSummary[]> {
  const needle = compactLawName(keyword);
  if (!needle) return [];
  const aliasTitles = Object.entries(LAW_ALIASES).filter(([alias]) => alias.includes(needle)).map(([, folder]) => folder);
  const matches = (compactTitle: string, kind: string) =>
    `${compactTitle}${kind}`.includes(needle) || aliasTitles.includes(familyTitle(compactTitle));
  type Candidate = StatuteSummary & { amendmentKind: string | null; compactTitle: string };
  const candidates = new Map<string, Candidate>();
  for (const entry of shippedCatalogue()) {
    if (matches(entry.compactTitle, entry.kind) || matches(entry.folder, entry.kind)) candidates.set(entry.lawSerialNumber, { ...toStatuteSummary(entry), amendmentKind: entry.amendmentKind, compactTitle: entry.compactTitle });
  }
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const stored = await db.select().from(lawStatutes).where(aliasTitles.length ? sql`${like(lawStatutes.compactTitle, pattern)} or ${inArray(lawStatutes.compactTitle, aliasTitles)}` : like(lawStatutes.compactTitle, pattern));
  for (const row of stored) if (!candidates.has(row.lawSerialNumber)) candidates.set(row.lawSerialNumber, { ...toStatuteSummary(row), amendmentKind: row.amendmentKind, compactTitle: row.compactTitle });

  const chosen = new Map<string, Candidate>();
  for (const candidate of candidates.values()) {
    if (inForceOn !== undefined && candidate.effectiveDate > inForceOn) continue;
    const seen = chosen.get(candidate.lawId);
    if (!seen || compareVersions(seen, candidate) < 0) chosen.set(candidate.lawId, candidate);
  }
  return [...chosen.values()]
    .filter((c) => c.amendmentKind !== REPEALED)
    .sort((a, b) => a.title.length - b.title.length || familyTitle(a.compactTitle).localeCompare(familyTitle(b.compactTitle)) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind])
    .map(({ amendmentKind: _kind, compactTitle: _title, ...summary }) => summary);
}
