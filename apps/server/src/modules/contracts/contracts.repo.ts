import type { ContractStatus, FileKind } from '@legal/api';
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { fileRevisions, files } from '../files';
import { groups } from '../admin';
import { memberDisplayNames } from '../auth';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import type { ContractFacts } from './contracts.policy';
import { HOME_TIME_ZONE, LAPSING_STATUSES } from './contracts.state';
import { contractBookmarks, contractFiles, contractHashtags, contractReferences, contracts, contractUsers, contractWatchers, hashtags } from './contracts.table';
import { counterparties } from './counterparties.table';

export type Executor = Db | Tx;
/** Every column but the bigram and reader arrays (large, and only ever used inside WHERE). */
export const contractColumns = (() => {
  const { grams: _grams, readerUserIds: _readers, ...columns } = getTableColumns(contracts);
  return columns;
})();
export type ContractRow = Omit<typeof contracts.$inferSelect, 'grams' | 'readerUserIds'>;
/** The columns a contract summary shows (lists and page search): half of them, read and mapped for every row of a page. */
export const summaryColumns = (() => {
  const { id, title, contractType, status, counterpartyNames, hashtagNames, ownerUserId, groupId, signedDate, startDate, endDate, amount, currency, createdAt, updatedAt } = contractColumns;
  return { id, title, contractType, status, counterpartyNames, hashtagNames, ownerUserId, groupId, signedDate, startDate, endDate, amount, currency, createdAt, updatedAt };
})();
export type SummaryRow = Pick<ContractRow, keyof typeof summaryColumns>;

/**
 * `presentedStatus` (contracts.state.ts) in SQL, for the search filter, the status sort and the
 * stats: an executed contract whose end date is before today in the home time zone is EXPIRED.
 */
// Constants written into the statement (no parameters), so the expression is the same text in
// SELECT and GROUP BY (the stats group by it).
const LAPSING_LIST = sql.raw(LAPSING_STATUSES.map((s) => `'${s}'`).join(', '));
const HOME_TODAY = sql.raw(`(now() AT TIME ZONE '${HOME_TIME_ZONE}')::date`);
export const presentedStatusSql = sql<ContractStatus>`(CASE WHEN ${contracts.status} IN (${LAPSING_LIST}) AND ${contracts.endDate} < ${HOME_TODAY} THEN 'EXPIRED' ELSE ${contracts.status} END)`;
export type ContractInsert = typeof contracts.$inferInsert;
export type CounterpartyRow = typeof counterparties.$inferSelect;

/** A live (not deleted) contract of the scope, without any read check: callers apply the policy. */
export async function unsafeFindContract(db: Executor, scope: TenantScope, contractId: number, options: { forUpdate?: boolean } = {}): Promise<ContractRow | null> {
  const query = db
    .select(contractColumns)
    .from(contracts)
    .where(and(inScope(contracts, scope), eq(contracts.id, contractId), isNull(contracts.deletedAt)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

async function linkedUserIds(db: Executor, scope: TenantScope, table: typeof contractWatchers | typeof contractUsers, contractId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: table.userId })
    .from(table)
    .where(and(inScope(table, scope), eq(table.contractId, contractId)))
    .orderBy(asc(table.createdAt), asc(table.userId));
  return rows.map((r) => r.userId);
}

export const watcherIdsOf = (db: Executor, scope: TenantScope, contractId: number) => linkedUserIds(db, scope, contractWatchers, contractId);
export const relatedUserIdsOf = (db: Executor, scope: TenantScope, contractId: number) => linkedUserIds(db, scope, contractUsers, contractId);

/** The facts the read rule needs. */
export async function factsOf(db: Executor, scope: TenantScope, row: ContractRow): Promise<ContractFacts & { watcherIds: number[]; relatedIds: number[] }> {
  const [watcherIds, relatedIds] = await Promise.all([watcherIdsOf(db, scope, row.id), relatedUserIdsOf(db, scope, row.id)]);
  return { ownerUserId: row.ownerUserId, groupId: row.groupId, watcherUserIds: new Set(watcherIds), relatedUserIds: new Set(relatedIds), watcherIds, relatedIds };
}

/** Writes columns of one contract and bumps its version. */
export async function writeContract(tx: Tx, scope: TenantScope, contractId: number, set: Partial<ContractInsert>): Promise<ContractRow> {
  const [row] = await tx
    .update(contracts)
    .set({ ...set, version: sql`${contracts.version} + 1`, updatedAt: new Date() })
    .where(and(inScope(contracts, scope), eq(contracts.id, contractId)))
    .returning(contractColumns);
  return row!;
}

/**
 * Copies the names of the contract's counterparties and hashtags onto the contract, one per line,
 * so its generated bigram column covers them. Run in the transaction that changed them.
 */
export async function refreshSearchText(tx: Tx, scope: TenantScope, contractId: number): Promise<void> {
  const oneLine = (column: unknown) => sql`regexp_replace(${column}, '\\s+', ' ', 'g')`;
  await tx
    .update(contracts)
    .set({
      counterpartyNames: sql`coalesce((SELECT string_agg(${oneLine(counterparties.name)}, E'\\n' ORDER BY ${counterparties.displayOrder}, ${counterparties.id})
        FROM ${counterparties} WHERE ${and(inScope(counterparties, scope), eq(counterparties.contractId, contractId))}), '')`,
      hashtagNames: sql`coalesce((SELECT string_agg(${hashtags.name}, E'\\n' ORDER BY ${contractHashtags.displayOrder})
        FROM ${contractHashtags} JOIN ${hashtags} ON ${hashtags.id} = ${contractHashtags.hashtagId}
        WHERE ${and(inScope(contractHashtags, scope), eq(contractHashtags.contractId, contractId))}), '')`,
    })
    .where(and(inScope(contracts, scope), eq(contracts.id, contractId)));
}

// Children, as the detail answer shows them ------------------------------------------------------

export async function counterpartiesOf(db: Executor, scope: TenantScope, contractId: number): Promise<CounterpartyRow[]> {
  return db
    .select()
    .from(counterparties)
    .where(and(inScope(counterparties, scope), eq(counterparties.contractId, contractId)))
    .orderBy(asc(counterparties.displayOrder), asc(counterparties.id));
}

export async function hashtagsOf(db: Executor, scope: TenantScope, contractId: number) {
  return db
    .select({ id: hashtags.id, name: hashtags.name })
    .from(contractHashtags)
    .innerJoin(hashtags, eq(hashtags.id, contractHashtags.hashtagId))
    .where(and(inScope(contractHashtags, scope), eq(contractHashtags.contractId, contractId)))
    .orderBy(asc(contractHashtags.displayOrder));
}

/** Attached files that still exist in arxive, with their current revision. */
export async function filesOf(db: Executor, scope: TenantScope, contractId: number) {
  const rows = await db
    .select({
      fileKey: contractFiles.fileKey,
      role: contractFiles.role,
      displayName: files.displayName,
      fileType: fileRevisions.fileType,
      size: fileRevisions.size,
      extractionStatus: fileRevisions.extractionStatus,
    })
    .from(contractFiles)
    .innerJoin(files, and(eq(files.fileKey, contractFiles.fileKey), inScope(files, scope), isNull(files.deletedAt)))
    .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision)))
    .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId)))
    .orderBy(asc(contractFiles.displayOrder), asc(contractFiles.id));
  // file_type holds one of FILE_KINDS: the upload detects it from the content.
  return rows.map((r) => ({ ...r, fileType: r.fileType as FileKind }));
}

export async function referencesOf(db: Executor, scope: TenantScope, contractId: number) {
  return db
    .select()
    .from(contractReferences)
    .where(and(inScope(contractReferences, scope), eq(contractReferences.contractId, contractId)))
    .orderBy(asc(contractReferences.displayOrder), asc(contractReferences.id));
}

/** Contract ids among `contractIds` that `userId` bookmarked. */
export async function bookmarkedAmong(db: Executor, scope: TenantScope, userId: number, contractIds: number[]): Promise<Set<number>> {
  if (contractIds.length === 0) return new Set();
  const rows = await db
    .select({ contractId: contractBookmarks.contractId })
    .from(contractBookmarks)
    .where(and(inScope(contractBookmarks, scope), eq(contractBookmarks.userId, userId), inArray(contractBookmarks.contractId, contractIds)));
  return new Set(rows.map((r) => r.contractId));
}

/** Display names of users in this workspace (absent: no longer a member). */
export const displayNames: (db: Executor, scope: TenantScope, userIds: Iterable<number>) => Promise<Map<number, string>> = memberDisplayNames;

export async function groupNames(db: Executor, scope: TenantScope, groupIds: Iterable<number | null>): Promise<Map<number, string>> {
  const ids = [...new Set([...groupIds].filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: groups.id, name: groups.name }).from(groups).where(and(inScope(groups, scope), inArray(groups.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
