import type { AdminRule, LocalOrdinance, Precedent, PrecedentPage, PrecedentSummary } from '@legal/api';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { adminRuleUrl, createDrfClient, type DrfClient, DrfError, type DrfPrecedent, ordinanceUrl, precedentUrl } from './drf-client';
import { lawAdminRules, lawLocalOrdinances, lawPrecedents } from './legal-sources.table';

type Services = Pick<AppServices, 'config' | 'db' | 'outbound'>;

/** The Open API client, or null when the operator configured no OC key. */
export function drfClientOf(services: Pick<AppServices, 'config' | 'outbound'>): DrfClient | null {
  const { oc, baseUrl } = services.config.lawOpenApi;
  return oc ? createDrfClient({ oc, baseUrl }, services.outbound.fetch) : null;
}

type PrecedentRow = typeof lawPrecedents.$inferSelect;

function toSummary(row: PrecedentRow): PrecedentSummary {
  return {
    precedentId: row.precedentId, caseNumber: row.caseNumber, caseName: row.caseName, courtName: row.courtName,
    decisionDate: row.decisionDate, caseType: row.caseType, judgmentType: row.judgmentType,
  };
}

function toPrecedent(row: PrecedentRow): Precedent {
  return {
    ...toSummary(row),
    holdings: row.holdings, summary: row.summary, referencedArticles: row.referencedArticles, referencedCases: row.referencedCases, text: row.text,
    sourceUrl: precedentUrl(row.precedentId),
    syncedAt: row.syncedAt.toISOString(),
  };
}

/** Stores a precedent read from the source (a later read of the same one refreshes it). */
export async function storePrecedent(db: Db, precedent: DrfPrecedent): Promise<PrecedentRow> {
  const searchText = [precedent.caseName, precedent.caseNumber, precedent.courtName, precedent.caseType, precedent.holdings, precedent.summary].filter(Boolean).join('\n').toLowerCase();
  const values = { ...precedent, searchText, syncedAt: new Date() };
  const [row] = await db.insert(lawPrecedents).values(values).onConflictDoUpdate({ target: lawPrecedents.precedentId, set: values }).returning();
  return row!;
}

/** The ids among these that are already stored. */
export async function storedPrecedentIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: lawPrecedents.precedentId }).from(lawPrecedents).where(inArray(lawPrecedents.precedentId, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** A read from the Open API; its failures answer 503 ERROR_LAW_SOURCE_UNAVAILABLE (the log keeps the cause). */
async function fromSource<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DrfError) throw new AppError('ERROR_LAW_SOURCE_UNAVAILABLE', { cause: error });
    throw error;
  }
}

/** `%`, `_` and `\` are literal in what a user types. */
const likeLiteral = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest decision first; precedents without a date last; the id breaks ties (a total order, for search-after). */
const orderKey = sql<string>`coalesce(${lawPrecedents.decisionDate}::text, '')`;

export async function searchPrecedents(
  services: Services,
  query: { searchWord: string; previousSortValues?: string[]; fetchSize: number },
): Promise<PrecedentPage> {
  const words = query.searchWord.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  const conditions: SQL[] = words.map((word) => ilike(lawPrecedents.searchText, `%${likeLiteral(word)}%`));
  const [afterDate, afterId] = query.previousSortValues ?? [];
  if (afterDate !== undefined && afterId !== undefined) {
    conditions.push(or(sql`${orderKey} < ${afterDate}`, and(sql`${orderKey} = ${afterDate}`, sql`${lawPrecedents.precedentId} < ${afterId}`))!);
  }
  const rows = await services.db
    .select()
    .from(lawPrecedents)
    .where(and(...conditions))
    .orderBy(desc(orderKey), desc(lawPrecedents.precedentId))
    .limit(query.fetchSize + 1);
  const page = rows.slice(0, query.fetchSize);
  const last = page.at(-1);
  const sourceConfigured = services.config.lawOpenApi.oc !== null || (page.length > 0 || (await anyPrecedentStored(services.db)));
  return {
    sourceConfigured,
    items: page.map(toSummary),
    nextSortValues: rows.length > query.fetchSize && last ? [last.decisionDate ?? '', last.precedentId] : null,
  };
}

async function anyPrecedentStored(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: lawPrecedents.precedentId }).from(lawPrecedents).limit(1);
  return row !== undefined;
}

/**
 * A precedent by court and case number: stored, or (with a key) found at the source by its case
 * number, stored and answered. 404 otherwise.
 */
export async function getPrecedent(services: Services, courtName: string, caseNumber: string): Promise<Precedent> {
  const drf = drfClientOf(services);
  const [stored] = await services.db
    .select()
    .from(lawPrecedents)
    .where(and(eq(lawPrecedents.caseNumber, caseNumber), eq(lawPrecedents.courtName, courtName)))
    .orderBy(desc(lawPrecedents.decisionDate))
    .limit(1);
  if (stored) return toPrecedent(stored);
  if (!drf) throw notFound();
  const precedent = await fromSource(async () => {
    const { items } = await drf.searchPrecedents({ caseNumber, page: 1, display: 20 });
    const hit = items.find((item) => item.caseNumber === caseNumber && item.courtName === courtName);
    return hit ? drf.precedent(hit.precedentId) : null;
  });
  if (!precedent || precedent.caseNumber !== caseNumber || precedent.courtName !== courtName) throw notFound();
  return toPrecedent(await storePrecedent(services.db, precedent));
}

/**
 * A rule or ordinance by its serial number: the stored row, or one read from the source (and
 * stored); null when no key is configured. 404 when the source has none.
 */
async function readThrough<Row>(
  services: Services,
  stored: () => Promise<Row | undefined>,
  fetch: (drf: DrfClient) => Promise<Row | null>,
  store: (row: Row) => Promise<Row>,
): Promise<Row | null> {
  const row = await stored();
  if (row) return row;
  const drf = drfClientOf(services);
  if (!drf) return null;
  const fetched = await fromSource(() => fetch(drf));
  if (!fetched) throw notFound();
  return store(fetched);
}

/** An administrative rule; `govId` must be its agency's code when given. */
export async function getAdminRule(services: Services, serialNumber: string, govId?: string): Promise<{ sourceConfigured: boolean; rule: AdminRule | null }> {
  const row = await readThrough(
    services,
    async () => (await services.db.select().from(lawAdminRules).where(eq(lawAdminRules.serialNumber, serialNumber)))[0],
    async (drf) => {
      const rule = await drf.adminRule(serialNumber);
      return rule && { ...rule, fetchedAt: new Date() };
    },
    async (rule) => (await services.db.insert(lawAdminRules).values(rule).onConflictDoUpdate({ target: lawAdminRules.serialNumber, set: rule }).returning())[0]!,
  );
  if (!row) return { sourceConfigured: false, rule: null };
  if (govId !== undefined && row.agencyCode !== govId) throw notFound();
  const { fetchedAt: _fetchedAt, ...rule } = row;
  return { sourceConfigured: true, rule: { ...rule, sourceUrl: adminRuleUrl(rule.serialNumber) } };
}

/** A local ordinance; `govId` must be its government's code when given. */
export async function getLocalOrdinance(services: Services, serialNumber: string, govId?: string): Promise<{ sourceConfigured: boolean; ordinance: LocalOrdinance | null }> {
  const row = await readThrough(
    services,
    async () => (await services.db.select().from(lawLocalOrdinances).where(eq(lawLocalOrdinances.serialNumber, serialNumber)))[0],
    async (drf) => {
      const ordinance = await drf.ordinance(serialNumber);
      return ordinance && { ...ordinance, fetchedAt: new Date() };
    },
    async (ordinance) =>
      (await services.db.insert(lawLocalOrdinances).values(ordinance).onConflictDoUpdate({ target: lawLocalOrdinances.serialNumber, set: ordinance }).returning())[0]!,
  );
  if (!row) return { sourceConfigured: false, ordinance: null };
  if (govId !== undefined && row.governmentCode !== govId) throw notFound();
  const { fetchedAt: _fetchedAt, ...ordinance } = row;
  return { sourceConfigured: true, ordinance: { ...ordinance, sourceUrl: ordinanceUrl(ordinance.serialNumber) } };
}
