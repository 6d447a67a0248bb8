import { and, asc, eq, isNull, lte, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { eachInTurn } from '../../../platform/jobs/in-turns';
import { type AnyJob, defineJob } from '../../../platform/jobs/jobs';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { findWorkspaceName } from '../../auth';
import { factsOf, unsafeFindContract } from '../contracts.repo';
import { contracts } from '../contracts.table';
import { deliverableRecipients } from './reminder-recipients';
import { reminderMailTemplate } from './reminders.mail';
import { contractReminders } from './reminders.table';

type Services = Pick<AppServices, 'db' | 'database' | 'mailer' | 'logger'>;

const MINUTE_MS = 60_000;
const BATCH = 200;

export interface SweepOptions {
  /** What counts as due (tests move the clock). */
  now?: Date;
  /** Called after the mails are written and before the reminder is marked SENT (tests simulate a crash there). */
  afterMail?: (reminderId: number) => Promise<void> | void;
}

/**
 * Mails one due reminder and marks it SENT in a single transaction: the outbox rows and the mark
 * commit together or not at all, so a crash in between leaves the reminder SCHEDULED with no mail,
 * and the next run sends it once. The row is locked (SKIP LOCKED) and re-read as SCHEDULED, so two
 * runs at once never both send it. Answers whether this run sent it.
 */
async function sendReminder(services: Services, scope: TenantScope, reminderId: number, now: Date, options: SweepOptions): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const [reminder] = await tx
      .select()
      .from(contractReminders)
      .where(and(inScope(contractReminders, scope), eq(contractReminders.id, reminderId), eq(contractReminders.status, 'SCHEDULED'), lte(contractReminders.remindAt, now)))
      .for('update', { skipLocked: true });
    if (!reminder) return false;
    const contract = await unsafeFindContract(tx, scope, reminder.contractId);
    if (!contract) return false;
    // Only those who can still read the contract are mailed (a watcher removed since is left out).
    const recipients = await deliverableRecipients(tx, scope, await factsOf(tx, scope, contract), reminder.recipients);
    const workspaceName = (await findWorkspaceName(tx, scope)) ?? '';
    for (const r of recipients) {
      await services.mailer.send(
        reminderMailTemplate,
        {
          to: r.email,
          locale: r.locale,
          tenantId: scope.tenantId,
          workspaceId: scope.workspaceId,
          meta: { reminderId: reminder.id, contractId: contract.id, userId: r.userId },
          data: {
            recipientName: r.displayName,
            title: reminder.title,
            memo: reminder.memo,
            kind: reminder.kind,
            remindAt: reminder.remindAt.toISOString(),
            contractId: contract.id,
            workspaceName,
            contractTitle: contract.title,
            endDate: contract.endDate,
          },
        },
        tx,
      );
    }
    await options.afterMail?.(reminder.id);
    const sentAt = new Date();
    await tx.update(contractReminders).set({ status: 'SENT', sentAt, updatedAt: sentAt }).where(and(inScope(contractReminders, scope), eq(contractReminders.id, reminder.id)));
    const mailedTo = recipients.map((r) => r.userId);
    await recordAudit(
      tx,
      { type: 'contract.reminder_sent', data: { contractId: contract.id, reminderId: reminder.id, mailedTo, skipped: reminder.recipients.filter((id) => !mailedTo.includes(id)) } },
      { ...auditMetaOf(null, null), ...scope },
    );
    return true;
  });
}

/**
 * Sends every reminder due by `now`, each in its own transaction (one failure does not hold the
 * others back; it is retried on the next run), taking turns with requests (eachInTurn). The only query across tenants: it finds what is due,
 * and everything after it runs in the reminder's own scope. Answers how many were sent.
 */
export async function sendDueReminders(services: Services, options: SweepOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  let sent = 0;
  // Reminders this run could not send (failed, or taken by another run): not asked for again.
  const passed = new Set<number>();
  for (;;) {
    const due = await services.db
      .select({ id: contractReminders.id, tenantId: contractReminders.tenantId, workspaceId: contractReminders.workspaceId })
      .from(contractReminders)
      .innerJoin(contracts, and(eq(contracts.id, contractReminders.contractId), isNull(contracts.deletedAt)))
      .where(and(eq(contractReminders.status, 'SCHEDULED'), lte(contractReminders.remindAt, now), passed.size > 0 ? notInArray(contractReminders.id, [...passed]) : undefined))
      .orderBy(asc(contractReminders.remindAt), asc(contractReminders.id))
      .limit(BATCH);
    if (due.length === 0) return sent;
    await eachInTurn(services.database, due, async (d) => {
      try {
        if (await sendReminder(services, { tenantId: d.tenantId, workspaceId: d.workspaceId }, d.id, now, options)) sent += 1;
        else passed.add(d.id);
      } catch (err) {
        services.logger.error({ err, reminderId: d.id }, 'reminder could not be sent; the next run retries');
        passed.add(d.id);
      }
    });
  }
}

const minuteKey = (at: number) => new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS).toISOString();

/** Every minute: sends the due reminders. It books its next run first, so a failed run never ends the chain. */
export const reminderSweepJob = defineJob<{ minute: string }, AppServices>({
  name: 'contracts.reminder-sweep',
  payload: z.object({ minute: z.string() }),
  policy: { retryLimit: 1, retryDelaySeconds: 30, expireInSeconds: 10 * 60 },
  async handler(_payload, services) {
    await scheduleReminderSweep(services, MINUTE_MS);
    const sent = await sendDueReminders(services);
    if (sent > 0) services.logger.info({ job: 'contracts.reminder-sweep', sent }, 'due reminders sent');
  },
});

export async function scheduleReminderSweep(services: Pick<AppServices, 'jobs'>, delayMs = MINUTE_MS) {
  const at = Date.now() + delayMs;
  await services.jobs.send(reminderSweepJob, { minute: minuteKey(at) }, { idempotencyKey: `contracts.reminder-sweep:${minuteKey(at)}`, startAfter: at });
}

export function contractJobs(): Array<AnyJob<AppServices>> {
  return [reminderSweepJob as AnyJob<AppServices>];
}
