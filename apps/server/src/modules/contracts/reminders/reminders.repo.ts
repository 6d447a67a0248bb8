import type { Reminder } from '@legal/api';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { displayNames, type Executor } from '../contracts.repo';
import { contractReminders } from './reminders.table';

export type ReminderRow = typeof contractReminders.$inferSelect;

/** One reminder of one contract of the scope (a reminder is only ever reached through its contract). */
export async function findReminder(db: Executor, scope: TenantScope, contractId: number, reminderId: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(contractReminders)
    .where(and(inScope(contractReminders, scope), eq(contractReminders.contractId, contractId), eq(contractReminders.id, reminderId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Reminders addressed to this user (GIN-indexed `recipients @> {userId}`). */
export const addressedTo = (userId: number): SQL => sql`${contractReminders.recipients} @> ARRAY[${userId}]::bigint[]`;

/** The answer shape, with the names of recipients and creators looked up once for all rows. */
export async function reminderDtos(db: Executor, scope: TenantScope, rows: ReminderRow[]): Promise<Reminder[]> {
  const names = await displayNames(db, scope, rows.flatMap((r) => [...r.recipients, ...(r.createdByUserId ? [r.createdByUserId] : [])]));
  const ref = (userId: number) => ({ userId, displayName: names.get(userId) ?? null });
  return rows.map((r) => ({
    id: r.id,
    contractId: r.contractId,
    title: r.title,
    memo: r.memo,
    remindAt: r.remindAt.toISOString(),
    kind: r.kind,
    status: r.status,
    sentAt: r.sentAt?.toISOString() ?? null,
    recipients: r.recipients.map(ref),
    createdBy: r.createdByUserId ? ref(r.createdByUserId) : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function reminderDto(db: Executor, scope: TenantScope, row: ReminderRow): Promise<Reminder> {
  return (await reminderDtos(db, scope, [row]))[0]!;
}
