import type { AiFeature, CreditEntry, Credits } from '@legal/api';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import { AppError } from '../../platform/http/errors';
import type { TenantScope } from '../../platform/http/context';
import { users } from '../auth';
import { creditAccounts, creditEntries } from './credits.table';

/** Who is charged: the workspace, and the user acting (null for system work). */
export interface CreditScope extends TenantScope {
  userId: number | null;
}

export interface DebitInput {
  feature: AiFeature;
  credits: number;
  reference?: string | null;
  /** AI_STARTER_CREDITS: granted when this is the workspace's first credit event. */
  starterCredits: number;
}

const insufficient = (balance: number, needed: number) =>
  new AppError('ERROR_INSUFFICIENT_CREDITS', {
    message: {
      ko: `크레딧이 부족합니다. 필요: ${needed}, 잔액: ${balance}. 관리자에게 크레딧 충전을 요청해 주세요.`,
      en: `Not enough credits: ${needed} needed, ${balance} left. Ask an administrator to add credits.`,
    },
    data: { needed, balance },
  });

/**
 * Opens the workspace's account with the starter grant when it has none (idempotent: under
 * concurrency exactly one opening wins and writes the grant), then locks its row (SELECT ... FOR
 * UPDATE) for the rest of the transaction and answers the balance.
 */
async function lockAccount(tx: Tx, scope: TenantScope, starterCredits: number): Promise<number> {
  const opened = await tx
    .insert(creditAccounts)
    .values({ tenantId: scope.tenantId, workspaceId: scope.workspaceId, balance: starterCredits })
    .onConflictDoNothing()
    .returning({ balance: creditAccounts.balance });
  if (opened.length > 0 && starterCredits > 0) {
    await tx.insert(creditEntries).values({ ...scopeOnly(scope), kind: 'GRANT', credits: starterCredits, memo: 'starter' });
  }
  const [row] = await tx.select({ balance: creditAccounts.balance }).from(creditAccounts).where(inScope(creditAccounts, scope)).for('update');
  if (!row) throw new Error('credit account vanished');
  return row.balance;
}

const scopeOnly = (scope: TenantScope) => ({ tenantId: scope.tenantId, workspaceId: scope.workspaceId });

async function addToBalance(tx: Tx, scope: TenantScope, delta: number): Promise<number> {
  const [row] = await tx
    .update(creditAccounts)
    .set({ balance: sql`${creditAccounts.balance} + ${delta}`, updatedAt: sql`now()` })
    .where(inScope(creditAccounts, scope))
    .returning({ balance: creditAccounts.balance });
  return row!.balance;
}

/**
 * Debits credits inside the caller's transaction, under the account's row lock: a debit that
 * would take the balance below zero throws 402 ERROR_INSUFFICIENT_CREDITS and writes nothing.
 * A debit of 0 credits writes nothing and answers entryId null.
 */
export async function debitCredits(tx: Tx, scope: CreditScope, input: DebitInput): Promise<{ entryId: number | null; balance: number }> {
  if (!Number.isSafeInteger(input.credits) || input.credits < 0) throw new Error(`bad debit: ${input.credits}`);
  const balance = await lockAccount(tx, scope, input.starterCredits);
  if (input.credits === 0) return { entryId: null, balance };
  if (balance < input.credits) throw insufficient(balance, input.credits);
  const [entry] = await tx
    .insert(creditEntries)
    .values({ ...scopeOnly(scope), kind: 'DEBIT', credits: input.credits, feature: input.feature, reference: input.reference ?? null, userId: scope.userId })
    .returning({ id: creditEntries.id });
  return { entryId: entry!.id, balance: await addToBalance(tx, scope, -input.credits) };
}

/** The REFUND row of a debit; false when the debit was refunded already (one refund per debit, a unique index). */
async function insertRefund(tx: Tx, scope: CreditScope, debit: typeof creditEntries.$inferSelect): Promise<boolean> {
  const inserted = await tx
    .insert(creditEntries)
    .values({
      ...scopeOnly(scope), kind: 'REFUND', credits: debit.credits, feature: debit.feature, reference: debit.reference, refundOfEntryId: debit.id, userId: scope.userId,
    })
    .onConflictDoNothing({ target: creditEntries.refundOfEntryId })
    .returning({ id: creditEntries.id });
  return inserted.length > 0;
}

/**
 * Gives a debit back, at most once (the refund row is unique per debit, and the debit's row is
 * read under the account lock). Answers whether this call refunded it; another workspace's
 * debit is never found.
 */
export async function refundDebit(db: Db, scope: CreditScope, debitEntryId: number): Promise<{ refunded: boolean; balance: number }> {
  return db.transaction(async (tx) => {
    const balance = await lockAccount(tx, scope, 0);
    const [debit] = await tx
      .select()
      .from(creditEntries)
      .where(and(inScope(creditEntries, scope), eq(creditEntries.id, debitEntryId), eq(creditEntries.kind, 'DEBIT')));
    if (!debit) return { refunded: false, balance };
    if (!(await insertRefund(tx, scope, debit))) return { refunded: false, balance };
    return { refunded: true, balance: await addToBalance(tx, scope, debit.credits) };
  });
}

/**
 * Settles an estimated debit to its real price inside the caller's transaction, under the account
 * lock: the estimate is refunded in full (a REFUND naming it) and the price debited anew under
 * `reference`, so the charge keeps one live debit that a later failure refunds. A price equal to
 * the estimate writes nothing. A price the balance (estimate given back) cannot cover throws 402
 * ERROR_INSUFFICIENT_CREDITS, and the caller's rollback leaves the estimate as it was. An estimate
 * already refunded, or not a debit of this workspace, is refused.
 */
export async function settleDebit(
  tx: Tx,
  scope: CreditScope,
  input: { debitEntryId: number; credits: number; reference: string; starterCredits: number },
): Promise<{ entryId: number | null; balance: number; isChanged: boolean }> {
  if (!Number.isSafeInteger(input.credits) || input.credits < 0) throw new Error(`bad settlement: ${input.credits}`);
  const balance = await lockAccount(tx, scope, input.starterCredits);
  const [estimate] = await tx
    .select()
    .from(creditEntries)
    .where(and(inScope(creditEntries, scope), eq(creditEntries.id, input.debitEntryId), eq(creditEntries.kind, 'DEBIT')));
  if (!estimate) throw new Error(`settlement of an unknown debit: ${input.debitEntryId}`);
  if (estimate.credits === input.credits) return { entryId: estimate.id, balance, isChanged: false };
  if (!(await insertRefund(tx, scope, estimate))) throw new Error(`settlement of a refunded debit: ${estimate.id}`);
  const available = balance + estimate.credits;
  if (input.credits === 0) return { entryId: null, balance: await addToBalance(tx, scope, estimate.credits), isChanged: true };
  if (available < input.credits) throw insufficient(available, input.credits);
  const [entry] = await tx
    .insert(creditEntries)
    .values({ ...scopeOnly(scope), kind: 'DEBIT', credits: input.credits, feature: estimate.feature, reference: input.reference, userId: scope.userId })
    .returning({ id: creditEntries.id });
  return { entryId: entry!.id, balance: await addToBalance(tx, scope, estimate.credits - input.credits), isChanged: true };
}

/** Adds a grant (a super admin's, until billing exists) in the caller's transaction. */
export async function grantCreditsTx(tx: Tx, scope: CreditScope, input: { credits: number; memo: string; starterCredits: number }) {
  await lockAccount(tx, scope, input.starterCredits);
  const [entry] = await tx
    .insert(creditEntries)
    .values({ ...scopeOnly(scope), kind: 'GRANT', credits: input.credits, memo: input.memo, userId: scope.userId })
    .returning({ id: creditEntries.id });
  return { entryId: entry!.id, balance: await addToBalance(tx, scope, input.credits) };
}

/** The balance, opening the account with the starter grant if need be. */
export async function creditBalance(db: Db, scope: TenantScope, starterCredits: number): Promise<number> {
  return db.transaction((tx) => lockAccount(tx, scope, starterCredits));
}

/** Balance, totals and a page of the ledger, newest first. */
export async function readCredits(db: Db, scope: TenantScope, starterCredits: number, page: { page: number; size: number }): Promise<Credits> {
  const balance = await creditBalance(db, scope, starterCredits);
  const refund = db
    .select({ refundOf: creditEntries.refundOfEntryId })
    .from(creditEntries)
    .where(and(inScope(creditEntries, scope), eq(creditEntries.kind, 'REFUND')))
    .as('refund');
  const rows = await db
    .select({ entry: creditEntries, userName: users.name, refundedBy: refund.refundOf })
    .from(creditEntries)
    .leftJoin(users, eq(users.id, creditEntries.userId))
    .leftJoin(refund, eq(refund.refundOf, creditEntries.id))
    .where(inScope(creditEntries, scope))
    .orderBy(desc(creditEntries.id))
    .limit(page.size)
    .offset(page.page * page.size);
  const [totals] = await db
    .select({
      total: count(),
      granted: sql<string>`coalesce(sum(${creditEntries.credits}) filter (where ${creditEntries.kind} = 'GRANT'), 0)`,
      debited: sql<string>`coalesce(sum(${creditEntries.credits}) filter (where ${creditEntries.kind} = 'DEBIT'), 0)`,
      refunded: sql<string>`coalesce(sum(${creditEntries.credits}) filter (where ${creditEntries.kind} = 'REFUND'), 0)`,
    })
    .from(creditEntries)
    .where(inScope(creditEntries, scope));
  const content: CreditEntry[] = rows.map(({ entry, userName, refundedBy }) => ({
    entryId: entry.id,
    kind: entry.kind,
    credits: entry.credits,
    feature: entry.feature,
    reference: entry.reference,
    memo: entry.memo,
    refundOf: entry.refundOfEntryId,
    isRefunded: entry.kind === 'DEBIT' && refundedBy !== null,
    user: entry.userId === null ? null : { userId: entry.userId, name: userName ?? null },
    createdAt: entry.createdAt.toISOString(),
  }));
  return {
    ...scopeOnly(scope),
    balance,
    granted: Number(totals?.granted ?? 0),
    spent: Number(totals?.debited ?? 0) - Number(totals?.refunded ?? 0),
    ledger: pageOf(page, content, totals?.total ?? 0),
  };
}

export function entryOf(row: typeof creditEntries.$inferSelect, userName: string | null): CreditEntry {
  return {
    entryId: row.id, kind: row.kind, credits: row.credits, feature: row.feature, reference: row.reference, memo: row.memo,
    refundOf: row.refundOfEntryId, isRefunded: false, user: row.userId === null ? null : { userId: row.userId, name: userName }, createdAt: row.createdAt.toISOString(),
  };
}
