import type { ContractFileInputSchema, CounterpartyInputSchema, ReferenceInputSchema } from '@legal/api';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { claimPendingAttachments } from '../files';
import { contractFiles, contractHashtags, contractReferences, type contractUsers, type contractWatchers, hashtags } from './contracts.table';
import { type ContactRow, counterparties } from './counterparties.table';

/**
 * Writers of a contract's child lists. Each replaces the whole list in the caller's transaction;
 * callers have checked the inputs (contract-inputs.ts) and refresh the search text afterwards.
 */

export type CounterpartyFields = z.output<typeof CounterpartyInputSchema>;
export type ContractFileInput = z.output<typeof ContractFileInputSchema>;
export type ReferenceFields = z.output<typeof ReferenceInputSchema>;

/** The stored columns of a counterparty (or a counterparty bookmark). */
export function counterpartyColumns(c: CounterpartyFields) {
  const contacts: ContactRow[] = c.contacts.map((k) => ({ name: k.name ?? null, email: k.email ?? null, phone: k.phone ?? null, department: k.department ?? null }));
  return {
    counterpartyType: c.counterpartyType,
    name: c.name,
    businessRegistrationNumber: c.businessRegistrationNumber ?? null,
    representative: c.representative ?? null,
    address: c.address ?? null,
    contacts,
  };
}

export async function replaceCounterparties(tx: Tx, scope: TenantScope, contractId: number, list: readonly CounterpartyFields[]): Promise<void> {
  await tx.delete(counterparties).where(and(inScope(counterparties, scope), eq(counterparties.contractId, contractId)));
  if (list.length === 0) return;
  await tx.insert(counterparties).values(list.map((c, i) => ({ ...scope, contractId, ...counterpartyColumns(c), displayOrder: i })));
}

/** Appends counterparties after the existing ones; answers the new rows in order. */
export async function appendCounterparties(tx: Tx, scope: TenantScope, contractId: number, list: readonly CounterpartyFields[]) {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${counterparties.displayOrder}), -1)::int` })
    .from(counterparties)
    .where(and(inScope(counterparties, scope), eq(counterparties.contractId, contractId)));
  const start = Number(last?.n ?? -1) + 1;
  return tx
    .insert(counterparties)
    .values(list.map((c, i) => ({ ...scope, contractId, ...counterpartyColumns(c), displayOrder: start + i })))
    .returning();
}

/**
 * The workspace hashtags of these names, adding the missing ones (names match regardless of
 * case). Answers each hashtag once, in the order its first name was given, and which were new.
 */
export async function ensureHashtags(tx: Tx, scope: TenantScope, names: readonly string[], userId: number) {
  if (names.length === 0) return { tags: [], created: [] };
  const created = await tx
    .insert(hashtags)
    .values(names.map((name) => ({ ...scope, name, createdByUserId: userId })))
    .onConflictDoNothing()
    .returning({ id: hashtags.id, name: hashtags.name });
  // Matched by PostgreSQL's lower(), the one the unique index uses: JavaScript's toLowerCase
  // differs outside ASCII (final sigma, dotted I, anything under the C locale), and a name it
  // lowers differently would find no row although the index refused a second one.
  const given = sql.join(names.map((name, i) => sql`(${name}::text, ${i}::int)`), sql`, `);
  const result = (await tx.execute(sql`
    SELECT ${hashtags.id} AS id, ${hashtags.name} AS name, min(given.ord) AS ord
    FROM ${hashtags} JOIN (VALUES ${given}) AS given(name, ord) ON lower(${hashtags.name}) = lower(given.name)
    WHERE ${inScope(hashtags, scope)}
    GROUP BY ${hashtags.id}, ${hashtags.name}
    ORDER BY ord`)) as unknown as { rows: Array<{ id: number | string; name: string }> };
  return { tags: result.rows.map((r) => ({ id: Number(r.id), name: r.name })), created };
}

export async function replaceHashtags(tx: Tx, scope: TenantScope, contractId: number, names: readonly string[], userId: number) {
  const { tags, created } = await ensureHashtags(tx, scope, names, userId);
  await tx.delete(contractHashtags).where(and(inScope(contractHashtags, scope), eq(contractHashtags.contractId, contractId)));
  if (tags.length > 0) await tx.insert(contractHashtags).values(tags.map((t, i) => ({ ...scope, contractId, hashtagId: t.id, displayOrder: i })));
  return { tags, created };
}

/** Watchers or related users: the new set, keeping when each existing one was added. */
export async function replaceLinkedUsers(tx: Tx, scope: TenantScope, table: typeof contractWatchers | typeof contractUsers, contractId: number, userIds: readonly number[]) {
  const own = and(inScope(table, scope), eq(table.contractId, contractId));
  await tx.delete(table).where(userIds.length > 0 ? and(own, notInArray(table.userId, [...userIds])) : own);
  if (userIds.length > 0) await tx.insert(table).values(userIds.map((userId) => ({ ...scope, contractId, userId }))).onConflictDoNothing();
}

export async function replaceFiles(tx: Tx, scope: TenantScope, contractId: number, list: readonly ContractFileInput[], userId: number): Promise<void> {
  await tx.delete(contractFiles).where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId)));
  if (list.length === 0) return;
  await tx.insert(contractFiles).values(list.map((f, i) => ({ ...scope, contractId, fileKey: f.fileKey, role: f.role, displayOrder: i, addedByUserId: userId })));
  await claimPendingAttachments(tx, scope, list.map((f) => f.fileKey));
}

export async function appendFile(tx: Tx, scope: TenantScope, contractId: number, file: ContractFileInput, userId: number): Promise<boolean> {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${contractFiles.displayOrder}), -1)::int` })
    .from(contractFiles)
    .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId)));
  const inserted = await tx
    .insert(contractFiles)
    .values({ ...scope, contractId, fileKey: file.fileKey, role: file.role, displayOrder: Number(last?.n ?? -1) + 1, addedByUserId: userId })
    .onConflictDoNothing()
    .returning({ id: contractFiles.id });
  await claimPendingAttachments(tx, scope, [file.fileKey]);
  return inserted.length > 0;
}

export async function removeFile(tx: Tx, scope: TenantScope, contractId: number, fileKey: string): Promise<boolean> {
  const removed = await tx
    .delete(contractFiles)
    .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId), eq(contractFiles.fileKey, fileKey)))
    .returning({ id: contractFiles.id });
  return removed.length > 0;
}

/** Reference groups (kind GROUP, each entry with its group's name) or related references (kind RELATED). */
export async function replaceReferences(
  tx: Tx,
  scope: TenantScope,
  contractId: number,
  kind: 'GROUP' | 'RELATED',
  entries: ReadonlyArray<ReferenceFields & { groupName: string | null }>,
): Promise<void> {
  await tx.delete(contractReferences).where(and(inScope(contractReferences, scope), eq(contractReferences.contractId, contractId), eq(contractReferences.kind, kind)));
  if (entries.length === 0) return;
  await tx.insert(contractReferences).values(
    entries.map((r, i) => ({
      ...scope,
      contractId,
      kind,
      groupName: r.groupName,
      referenceType: r.referenceType,
      referenceId: r.referenceId ?? null,
      label: r.label,
      displayOrder: i,
    })),
  );
}
