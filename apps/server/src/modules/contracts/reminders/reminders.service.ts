import {
  type CreateReminderBodySchema, type ListRemindersQuerySchema, type MyReminder, type MyRemindersQuerySchema, type Page, type Reminder, REMINDER_LIMITS,
  type ReminderSuggestions, type UpdateReminderBodySchema,
} from '@legal/api';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/client';
import { fetchPage } from '../../../platform/db/paging';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { type FieldProblem, throwIfAny } from '../contract-inputs';
import { parseSort } from '../../../platform/db/sorting';
import type { ContractActor, ContractFacts } from '../contracts.policy';
import type { Executor } from '../contracts.repo';
import { authorize, contractContext, readableContract } from '../contracts.service';
import { contracts } from '../contracts.table';
import { visibleTo } from '../contracts.visibility';
import { readersAmong, recipientProblems } from './reminder-recipients';
import { suggestReminders } from './reminder-suggestions';
import { addressedTo, findReminder, reminderDto, reminderDtos, type ReminderRow } from './reminders.repo';
import { contractReminders } from './reminders.table';

/**
 * Reminders of a contract (7.6): readers of the contract see them, writers manage them (the same
 * rules as the contract, through `readableContract` and `authorize`). A SENT reminder is the
 * record of a mail and stays as it is (409).
 */

type Services = Pick<AppServices, 'db'>;
type CreateInput = z.output<typeof CreateReminderBodySchema>;
type UpdateInput = z.output<typeof UpdateReminderBodySchema>;

const audit = (tx: Tx, ctx: RequestContext, scope: TenantScope, actor: ContractActor, event: AuditEvent) =>
  recordAudit(tx, event, { ...auditMetaOf(ctx, actor.userId), ...scope });

/** The contract of a reminder route: readable (404), and writable (403) when `write`. */
async function guardedContract(db: Executor, scope: TenantScope, actor: ContractActor, contractId: number, write: boolean) {
  const found = await readableContract(db, scope, actor, contractId);
  if (write) authorize(actor, 'contract.update', found.facts);
  return found;
}

/** The checks of a reminder's fields that need the contract or the clock (400). */
async function inputProblems(db: Executor, scope: TenantScope, facts: ContractFacts, input: CreateInput, now: Date): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  if (new Date(input.remindAt) <= now) problems.push({ field: 'body.remindAt', reason: 'must be in the future' });
  problems.push(...(await recipientProblems(db, scope, facts, input.recipients, 'body.recipients')));
  return problems;
}

function assertChangeable(row: ReminderRow): void {
  if (row.status === 'SENT') {
    throw conflict({ ko: '이미 발송된 알림은 바꾸거나 삭제할 수 없습니다.', en: 'This reminder was already sent; it can no longer change.' }, { status: row.status, sentAt: row.sentAt?.toISOString() ?? null });
  }
}

// Reads -------------------------------------------------------------------------------------------

const SORT_COLUMNS = { remindAt: contractReminders.remindAt, createdAt: contractReminders.createdAt } as const;

export async function listContractReminders(services: Services, ctx: RequestContext, contractId: number, query: z.output<typeof ListRemindersQuerySchema>): Promise<Page<Reminder>> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  await guardedContract(db, scope, actor, contractId, false);
  const where = and(
    inScope(contractReminders, scope),
    eq(contractReminders.contractId, contractId),
    query.status?.length ? inArray(contractReminders.status, query.status) : undefined,
  );
  const order = parseSort(query.sort, ['remindAt', 'createdAt'] as const, { fallback: { field: 'remindAt', direction: 'asc' } }).map((s) =>
    s.direction === 'asc' ? asc(SORT_COLUMNS[s.field]) : desc(SORT_COLUMNS[s.field]),
  );
  return fetchPage(
    query,
    async (limit, offset) => reminderDtos(db, scope, await db.select().from(contractReminders).where(where).orderBy(...order, asc(contractReminders.id)).limit(limit).offset(offset)),
    async () => Number((await db.select({ n: sql<number>`count(*)::int` }).from(contractReminders).where(where))[0]?.n ?? 0),
  );
}

export async function getContractReminder(services: Services, ctx: RequestContext, contractId: number, reminderId: number): Promise<Reminder> {
  const { scope, actor } = await contractContext(services, ctx);
  await guardedContract(services.db, scope, actor, contractId, false);
  const row = await findReminder(services.db, scope, contractId, reminderId);
  if (!row) throw notFound();
  return reminderDto(services.db, scope, row);
}

// Writes ------------------------------------------------------------------------------------------

export async function createContractReminder(services: Services, ctx: RequestContext, contractId: number, input: CreateInput): Promise<Reminder> {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const { facts } = await guardedContract(tx, scope, actor, contractId, true);
    throwIfAny(await inputProblems(tx, scope, facts, input, new Date()));
    const [row] = await tx
      .insert(contractReminders)
      .values({ ...scope, contractId, title: input.title, memo: input.memo || null, remindAt: new Date(input.remindAt), recipients: input.recipients, kind: input.kind, createdByUserId: actor.userId })
      .returning();
    await audit(tx, ctx, scope, actor, {
      type: 'contract.reminder_created',
      data: { contractId, reminderId: row!.id, title: row!.title, kind: row!.kind, remindAt: row!.remindAt.toISOString(), recipients: row!.recipients },
    });
    return reminderDto(tx, scope, row!);
  });
}

const auditedFields = (r: Pick<ReminderRow, 'title' | 'memo' | 'remindAt' | 'recipients' | 'kind' | 'status'>) => ({
  title: r.title, memo: r.memo, remindAt: r.remindAt.toISOString(), recipients: r.recipients, kind: r.kind, status: r.status,
});

export async function updateContractReminder(services: Services, ctx: RequestContext, contractId: number, reminderId: number, input: UpdateInput): Promise<Reminder> {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const { facts } = await guardedContract(tx, scope, actor, contractId, true);
    const row = await findReminder(tx, scope, contractId, reminderId, { forUpdate: true });
    if (!row) throw notFound();
    assertChangeable(row);
    // A canceled reminder keeps whatever time it had; planning it again needs a future time.
    const problems = await inputProblems(tx, scope, facts, input, new Date());
    throwIfAny(input.status === 'CANCELED' ? problems.filter((p) => p.field !== 'body.remindAt') : problems);
    const [updated] = await tx
      .update(contractReminders)
      .set({ title: input.title, memo: input.memo || null, remindAt: new Date(input.remindAt), recipients: input.recipients, kind: input.kind, status: input.status, updatedAt: new Date() })
      .where(and(inScope(contractReminders, scope), eq(contractReminders.id, reminderId)))
      .returning();
    await audit(tx, ctx, scope, actor, { type: 'contract.reminder_updated', data: { contractId, reminderId, before: auditedFields(row), after: auditedFields(updated!) } });
    return reminderDto(tx, scope, updated!);
  });
}

export async function deleteContractReminder(services: Services, ctx: RequestContext, contractId: number, reminderId: number): Promise<Reminder> {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    await guardedContract(tx, scope, actor, contractId, true);
    const row = await findReminder(tx, scope, contractId, reminderId, { forUpdate: true });
    if (!row) throw notFound();
    assertChangeable(row);
    const answer = await reminderDto(tx, scope, row);
    await tx.delete(contractReminders).where(and(inScope(contractReminders, scope), eq(contractReminders.id, reminderId)));
    await audit(tx, ctx, scope, actor, { type: 'contract.reminder_deleted', data: { contractId, reminderId, title: row.title } });
    return answer;
  });
}

// The caller's reminders ------------------------------------------------------------------------------

const DAY_MS = 24 * 3600 * 1000;

/** Reminders addressed to the caller, of live contracts they can still read. */
export async function listMyReminders(services: Services, ctx: RequestContext, query: z.output<typeof MyRemindersQuerySchema>): Promise<Page<MyReminder>> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const isUpcoming = query.view === 'UPCOMING';
  const where = and(
    inScope(contractReminders, scope),
    addressedTo(actor.userId),
    isUpcoming
      ? eq(contractReminders.status, 'SCHEDULED')
      : and(eq(contractReminders.status, 'SENT'), gte(contractReminders.sentAt, new Date(Date.now() - REMINDER_LIMITS.recentDays * DAY_MS))),
    inScope(contracts, scope),
    isNull(contracts.deletedAt),
    visibleTo(actor),
  );
  const order = isUpcoming ? [asc(contractReminders.remindAt), asc(contractReminders.id)] : [desc(contractReminders.sentAt), desc(contractReminders.id)];
  const joined = () => db.select({ reminder: contractReminders, contract: { id: contracts.id, title: contracts.title, endDate: contracts.endDate } }).from(contractReminders).innerJoin(contracts, eq(contracts.id, contractReminders.contractId));
  return fetchPage(
    query,
    async (limit, offset) => {
      const rows = await joined().where(where).orderBy(...order).limit(limit).offset(offset);
      const dtos = await reminderDtos(db, scope, rows.map((r) => r.reminder));
      return dtos.map((dto, i) => ({ ...dto, contract: rows[i]!.contract }));
    },
    async () =>
      Number((await db.select({ n: sql<number>`count(*)::int` }).from(contractReminders).innerJoin(contracts, eq(contracts.id, contractReminders.contractId)).where(where))[0]?.n ?? 0),
  );
}

// Suggestions -------------------------------------------------------------------------------------------

/** Suggested reminders from the end date, addressed to the owner and the watchers who can read it. */
export async function getReminderSuggestions(services: Services, ctx: RequestContext, contractId: number, noticeDays: number = REMINDER_LIMITS.defaultNoticeDays): Promise<ReminderSuggestions> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const { row, facts } = await guardedContract(db, scope, actor, contractId, false);
  const suggestions = suggestReminders({ endDate: row.endDate, noticeDays, now: new Date(), locale: ctx.locale });
  const candidates = [...new Set([row.ownerUserId, ...facts.watcherIds])];
  const readers = await readersAmong(db, scope, facts, candidates);
  const recipients = candidates.filter((id) => readers.has(id));
  const existing = await db
    .select({ kind: contractReminders.kind, remindAt: contractReminders.remindAt })
    .from(contractReminders)
    .where(and(inScope(contractReminders, scope), eq(contractReminders.contractId, contractId), inArray(contractReminders.status, ['SCHEDULED', 'SENT'])));
  const taken = new Set(existing.map((e) => `${e.kind}@${e.remindAt.getTime()}`));
  return {
    endDate: row.endDate,
    noticeDays,
    suggestions: suggestions.map((s) => ({
      kind: s.kind,
      title: s.title,
      remindAt: s.remindAt.toISOString(),
      recipients,
      isAlreadyScheduled: taken.has(`${s.kind}@${s.remindAt.getTime()}`),
    })),
  };
}
