import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { eachInTurn } from '../../platform/jobs/in-turns';
import { type AnyJob, defineJob } from '../../platform/jobs/jobs';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { notify } from '../../platform/notifications/notifications';
import { localDate } from '../../platform/time';
import { peopleByIds } from '../admin';
import { findWorkspaceName } from '../auth';
import { contractStatusOf } from './workflows.people';
import * as repo from './workflows.repo';
import { deadlineMailTemplate } from './workflows.mail';
import { workflowEvents, workflowStepMembers, workflows } from './workflows.table';

type Services = Pick<AppServices, 'db' | 'database' | 'mailer' | 'logger'>;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const HOME_TIME_ZONE = 'Asia/Seoul';
/** The review steps the desired review deadline is about. */
const UNDER_REVIEW = ['REQUESTED', 'IN_REVIEW'] as const;

/**
 * The desired review deadline (a Korean calendar date): the day before it, the reviewers (or,
 * before assignment, the assigners) get a reminder; once it has passed, the assigners get an
 * escalation and the workflow a DEADLINE_PASSED event. `deadline_notified_at` marks the reminder,
 * the event marks the escalation (both per step: moving on clears the mark), each written with its
 * mails in one transaction under the workflow's row lock, so a crash sends nothing twice.
 */
export async function sweepDeadlines(services: Services, options: { now?: Date } = {}): Promise<{ reminded: number; escalated: number }> {
  const now = options.now ?? new Date();
  const today = localDate(now, HOME_TIME_ZONE);
  const tomorrow = localDate(new Date(now.getTime() + DAY_MS), HOME_TIME_ZONE);
  const due = await services.db
    .select({ id: workflows.id, tenantId: workflows.tenantId, workspaceId: workflows.workspaceId })
    .from(workflows)
    .where(
      and(
        inArray(workflows.processStatus, [...UNDER_REVIEW]),
        isNotNull(workflows.desiredReviewDeadline),
        or(and(isNull(workflows.deadlineNotifiedAt), lte(workflows.desiredReviewDeadline, tomorrow)), sql`${workflows.desiredReviewDeadline} < ${today}`),
      ),
    )
    .orderBy(asc(workflows.id))
    .limit(500);
  const counts = { reminded: 0, escalated: 0 };
  await eachInTurn(services.database, due, async (d) => {
    try {
      const done = await sweepOne(services, { tenantId: d.tenantId, workspaceId: d.workspaceId }, d.id, now, today, tomorrow);
      if (done.reminded) counts.reminded += 1;
      if (done.escalated) counts.escalated += 1;
    } catch (err) {
      services.logger.error({ err, workflowId: d.id }, 'workflow deadline notice failed; the next run retries');
    }
  });
  return counts;
}

async function sweepOne(services: Services, scope: TenantScope, workflowId: number, now: Date, today: string, tomorrow: string) {
  return services.db.transaction(async (tx) => {
    const wf = await repo.lockWorkflow(tx, scope, workflowId);
    const result = { reminded: false, escalated: false };
    if (!wf || !wf.desiredReviewDeadline || !(UNDER_REVIEW as readonly string[]).includes(wf.processStatus)) return result;
    const members = await tx
      .select({ userId: workflowStepMembers.userId, stepCode: workflowStepMembers.stepCode, role: workflowStepMembers.role })
      .from(workflowStepMembers)
      .where(and(inScope(workflowStepMembers, scope), eq(workflowStepMembers.workflowId, wf.id), inArray(workflowStepMembers.role, ['ASSIGNER', 'REVIEWER'])));
    const assigners = members.filter((m) => m.role === 'ASSIGNER').map((m) => m.userId);
    const reviewers = members.filter((m) => m.role === 'REVIEWER').map((m) => m.userId);
    const contract = await contractStatusOf(tx, scope, wf.contractId);
    const workspaceName = (await findWorkspaceName(tx, scope)) ?? '';
    // A mail each and the same news in-app, in this transaction (as the workflow's actions tell theirs).
    const mail = async (kind: 'REMINDER' | 'ESCALATION', to: number[]) => {
      const people = await peopleByIds(tx, scope, [...new Set(to)]);
      for (const p of people.values()) {
        await services.mailer.send(
          deadlineMailTemplate,
          { to: p.loginId, locale: p.locale, ...scope, data: { kind, workspaceName, contractId: contract.id, contractTitle: contract.title, deadline: wf.desiredReviewDeadline! } },
          tx,
        );
      }
      await notify(tx, scope, {
        kind: kind === 'REMINDER' ? 'workflow.DEADLINE_REMINDER' : 'workflow.DEADLINE_PASSED',
        recipientUserIds: [...people.keys()],
        record: { type: 'CONTRACT', id: contract.id },
        title: contract.title,
        data: { deadline: wf.desiredReviewDeadline },
        actorUserId: null,
      });
    };
    if (wf.deadlineNotifiedAt === null && wf.desiredReviewDeadline <= tomorrow && wf.desiredReviewDeadline >= today) {
      await mail('REMINDER', wf.processStatus === 'IN_REVIEW' && reviewers.length > 0 ? reviewers : assigners);
      await tx.update(workflows).set({ deadlineNotifiedAt: now }).where(eq(workflows.id, wf.id));
      result.reminded = true;
    }
    if (wf.desiredReviewDeadline < today) {
      const [escalated] = await tx
        .select({ id: workflowEvents.id })
        .from(workflowEvents)
        .where(and(inScope(workflowEvents, scope), eq(workflowEvents.workflowId, wf.id), eq(workflowEvents.type, 'DEADLINE_PASSED'), gte(workflowEvents.createdAt, wf.stepStartedAt)))
        .limit(1);
      if (!escalated) {
        await mail('ESCALATION', assigners);
        const [bumped] = await tx.update(workflows).set({ lastEventSeq: sql`${workflows.lastEventSeq} + 1`, deadlineNotifiedAt: now }).where(eq(workflows.id, wf.id)).returning({ seq: workflows.lastEventSeq });
        await tx.insert(workflowEvents).values({
          ...scope, workflowId: wf.id, contractId: wf.contractId, seq: bumped!.seq, round: wf.round, type: 'DEADLINE_PASSED', stepCode: wf.currentStepCode, actionId: null,
          actorUserId: null, fromStatus: wf.processStatus, toStatus: wf.processStatus, comment: `desired review deadline ${wf.desiredReviewDeadline}`,
        });
        result.escalated = true;
      }
    }
    return result;
  });
}

const hourKey = (at: number) => new Date(Math.floor(at / HOUR_MS) * HOUR_MS).toISOString();

/** Every hour: deadline reminders and escalations. It books its next run first, so a failed run never ends the chain. */
export const deadlineSweepJob = defineJob<{ hour: string }, AppServices>({
  name: 'workflows.deadline-sweep',
  payload: z.object({ hour: z.string() }),
  policy: { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 10 * 60 },
  async handler(_payload, services) {
    await scheduleDeadlineSweep(services, HOUR_MS);
    const done = await sweepDeadlines(services);
    if (done.reminded + done.escalated > 0) services.logger.info({ job: 'workflows.deadline-sweep', ...done }, 'workflow deadline notices sent');
  },
});

export async function scheduleDeadlineSweep(services: Pick<AppServices, 'jobs'>, delayMs = 60_000) {
  const at = Date.now() + delayMs;
  await services.jobs.send(deadlineSweepJob, { hour: hourKey(at) }, { idempotencyKey: `workflows.deadline-sweep:${hourKey(at)}`, startAfter: at });
}

export function workflowJobs(): Array<AnyJob<AppServices>> {
  return [deadlineSweepJob as AnyJob<AppServices>];
}

