import type { StatuteArticle, StatuteSummary, StatuteVersionSummary } from '@legal/api';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type LawIndexEntry, shippedCatalogue } from './law.data';
import { parseArticleKey } from './law.parser';
import { ensureStatute, toStatuteArticle, toStatuteSummary } from './law.service';
import { lawArticles, lawStatutes } from './law.table';

// Versions of a statute (법령ID) as stored: each 법령MST is in force from its 시행일자 until the next
// version takes effect. Several versions may share a 시행일자 (amendments promulgated apart that take
// effect together, 민법 on 2013-07-01): the one promulgated last is the text in force, the others
// were superseded on their first day (their inForceUntil falls before their effectiveDate).

type StatuteRow = typeof lawStatutes.$inferSelect;

/** Oldest first: by 시행일자, then 공포일자, then 법령MST as a number (a later MST is a later edition). */
export function compareVersions(a: Pick<StatuteSummary, 'effectiveDate' | 'promulgationDate' | 'lawSerialNumber'>, b: typeof a): number {
  return (
    a.effectiveDate.localeCompare(b.effectiveDate) ||
    a.promulgationDate.localeCompare(b.promulgationDate) ||
    Number(a.lawSerialNumber) - Number(b.lawSerialNumber)
  );
}

/** The day before a YYYY-MM-DD date. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Versions of one statute, oldest first, each with the day its successor takes effect less one. */
export function withInForceUntil(rows: readonly StatuteRow[]): StatuteVersionSummary[] {
  const sorted = [...rows].sort(compareVersions);
  return sorted.map((row, i) => {
    const next = sorted[i + 1];
    return { ...toStatuteSummary(row), ministries: row.ministries, amendmentKind: row.amendmentKind, inForceUntil: next ? dayBefore(next.effectiveDate) : null };
  });
}

let catalogueByLawId: Map<string, LawIndexEntry[]> | null = null;
let catalogueByMst: Map<string, LawIndexEntry> | null = null;

function shippedOf(lawId: string): readonly LawIndexEntry[] {
  if (!catalogueByLawId) {
    catalogueByLawId = new Map();
    for (const entry of shippedCatalogue()) {
      const list = catalogueByLawId.get(entry.lawId) ?? [];
      list.push(entry);
      catalogueByLawId.set(entry.lawId, list);
    }
  }
  return catalogueByLawId.get(lawId) ?? [];
}

export function shippedVersion(lawSerialNumber: string): LawIndexEntry | null {
  catalogueByMst ??= new Map(shippedCatalogue().map((e) => [e.lawSerialNumber, e]));
  return catalogueByMst.get(lawSerialNumber) ?? null;
}

/** Statutes whose shipped versions are all stored, per database: a family loads once per process. */
const familiesLoaded = new WeakMap<Db, Set<string>>();

/**
 * Makes sure every shipped version of a statute is stored (the lazy path: a history question about
 * 민법 imports 민법's 37 versions, not the corpus). Statutes an operator imported are already stored.
 */
export async function ensureStatuteFamily(db: Db, lawId: string): Promise<void> {
  let loaded = familiesLoaded.get(db);
  if (!loaded) familiesLoaded.set(db, (loaded = new Set()));
  if (loaded.has(lawId)) return;
  for (const entry of shippedOf(lawId)) await ensureStatute(db, entry);
  loaded.add(lawId);
}

/** Every stored version of one statute, oldest first; empty when the statute is unknown. */
export async function listVersionsOf(db: Db, lawId: string): Promise<StatuteVersionSummary[]> {
  await ensureStatuteFamily(db, lawId);
  return withInForceUntil(await db.select().from(lawStatutes).where(eq(lawStatutes.lawId, lawId)));
}

/**
 * The version of a statute (법령ID) in force on a date (YYYY-MM-DD); null when none is stored for
 * that date, or when the version then is the statute's repeal (폐지: nothing of it is in force).
 */
export async function findVersionInForce(db: Db, statuteId: string, date: string): Promise<StatuteSummary | null> {
  await ensureStatuteFamily(db, statuteId);
  const [row] = await db
    .select()
    .from(lawStatutes)
    .where(and(eq(lawStatutes.lawId, statuteId), lte(lawStatutes.effectiveDate, date)))
    .orderBy(desc(lawStatutes.effectiveDate), desc(lawStatutes.promulgationDate), desc(sql`(${lawStatutes.lawSerialNumber})::bigint`))
    .limit(1);
  return row && row.amendmentKind !== '폐지' ? toStatuteSummary(row) : null;
}

/** Every stored version of every statute, each with the day before its successor takes effect (null for the newest). */
export async function listStoredVersions(db: Db): Promise<StatuteVersionSummary[]> {
  const rows = await db.select().from(lawStatutes);
  const byLawId = new Map<string, StatuteRow[]>();
  for (const row of rows) {
    const versions = byLawId.get(row.lawId);
    if (versions) versions.push(row);
    else byLawId.set(row.lawId, [row]);
  }
  return [...byLawId.values()].flatMap(withInForceUntil);
}

/** One stored version (a shipped one not yet stored is imported first, alone); null when unknown. */
export async function findStoredVersion(db: Db, lawSerialNumber: string): Promise<StatuteSummary | null> {
  const shippedEntry = shippedVersion(lawSerialNumber);
  if (shippedEntry) await ensureStatute(db, shippedEntry);
  const [row] = await db.select().from(lawStatutes).where(eq(lawStatutes.lawSerialNumber, lawSerialNumber));
  return row ? toStatuteSummary(row) : null;
}

/** An article of a version's main text (never a 부칙 article of the same number); null when absent. */
export async function articleInVersion(db: Db, lawSerialNumber: string, articleKey: string): Promise<StatuteArticle | null> {
  const key = parseArticleKey(articleKey);
  if (!key) return null;
  const shippedEntry = shippedVersion(lawSerialNumber);
  if (shippedEntry) await ensureStatute(db, shippedEntry);
  const [row] = await db
    .select()
    .from(lawArticles)
    .where(and(eq(lawArticles.lawSerialNumber, lawSerialNumber), eq(lawArticles.articleKey, key.key), eq(lawArticles.isAddendum, false)))
    .orderBy(asc(lawArticles.ordinal))
    .limit(1);
  return row ? toStatuteArticle(row) : null;
}

/** The main-text articles of stored versions, by 법령MST, in text order. */
export async function mainArticlesOf(db: Db, lawSerialNumber: string): Promise<StatuteArticle[]> {
  const rows = await db
    .select()
    .from(lawArticles)
    .where(and(eq(lawArticles.lawSerialNumber, lawSerialNumber), eq(lawArticles.isAddendum, false)))
    .orderBy(asc(lawArticles.ordinal));
  return rows.map(toStatuteArticle);
}
