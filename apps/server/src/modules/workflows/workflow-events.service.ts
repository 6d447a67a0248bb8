import type { StepCode, WorkflowEvent } from '@legal/api';
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { readableContract } from '../contracts';
import * as repo from './workflows.repo';
import { workflowEvents, workflows } from './workflows.table';
import { callerOf, currentOf, eventDtos, type EventRow, type Services, workflowById } from './workflow-read';
import { appendEvent, assertMentionable, readableFiles, sendMails } from './workflow-write';

/** The workflow hub's event log reads (by contract, step, comments, raw by id) and comments. */

export async function listEvents(services: Services, ctx: RequestContext, contractId: number, query: { page: number; size: number; stepCode?: StepCode | undefined; type?: EventRow['type'][] | undefined }) {
  const caller = await callerOf(services, ctx);
  await readableContract(services.db, caller.scope, caller.actor, contractId);
  const where = and(
    inScope(workflowEvents, caller.scope),
    eq(workflowEvents.contractId, contractId),
    query.stepCode ? eq(workflowEvents.stepCode, query.stepCode) : undefined,
    query.type?.length ? inArray(workflowEvents.type, query.type) : undefined,
  );
  const page = await fetchPage(
    query,
    (limit, offset) => services.db.select().from(workflowEvents).where(where).orderBy(desc(workflowEvents.id)).limit(limit).offset(offset),
    async () => Number((await services.db.select({ n: sql<number>`count(*)::int` }).from(workflowEvents).where(where))[0]?.n ?? 0),
  );
  return { ...page, content: await eventDtos(services.db, caller.scope, page.content) };
}

export async function listStepEvents(services: Services, ctx: RequestContext, contractId: number, stepCode: StepCode) {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  const rows = await services.db
    .select()
    .from(workflowEvents)
    .where(and(inScope(workflowEvents, caller.scope), eq(workflowEvents.workflowId, wf.id), eq(workflowEvents.stepCode, stepCode)))
    .orderBy(asc(workflowEvents.seq));
  return eventDtos(services.db, caller.scope, rows);
}

export async function listCommentEvents(services: Services, ctx: RequestContext, contractId: number) {
  const caller = await callerOf(services, ctx);
  await readableContract(services.db, caller.scope, caller.actor, contractId);
  const rows = await services.db
    .select()
    .from(workflowEvents)
    .where(and(inScope(workflowEvents, caller.scope), eq(workflowEvents.contractId, contractId), or(eq(workflowEvents.type, 'COMMENT'), isNotNull(workflowEvents.comment))))
    .orderBy(asc(workflowEvents.id));
  return eventDtos(services.db, caller.scope, rows);
}

export async function listRawEvents(services: Services, ctx: RequestContext, query: { workflowId: number; afterEventId: number; size: number }) {
  const caller = await callerOf(services, ctx);
  const { wf } = await workflowById(services, caller, query.workflowId);
  const rows = await services.db
    .select()
    .from(workflowEvents)
    .where(and(inScope(workflowEvents, caller.scope), eq(workflowEvents.workflowId, wf.id), gt(workflowEvents.id, query.afterEventId)))
    .orderBy(asc(workflowEvents.seq))
    .limit(query.size);
  return eventDtos(services.db, caller.scope, rows);
}

/** A comment on the current workflow (at its current step, or at `stepCode`). */
export async function addComment(services: Services, ctx: RequestContext, contractId: number, body: { comment: string; mentionUserIds: number[]; fileKeys: string[] }, stepCode?: StepCode): Promise<WorkflowEvent> {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  if (stepCode === 'APPROVAL' && wf.currentStepCode !== 'APPROVAL') throw conflict({ ko: '결재 단계가 아닙니다.', en: 'The workflow is not at approval.' }, { reason: 'not at approval' });
  const files = await readableFiles(services, ctx, body.fileKeys);
  await assertMentionable(services, caller, contractId, body.mentionUserIds);
  return services.db.transaction(async (tx) => {
    const locked = await repo.lockWorkflow(tx, caller.scope, wf.id);
    if (!locked) throw notFound();
    const { contract } = await currentOf(services, caller, contractId, tx);
    const event = await appendEvent(tx, caller.scope, locked, locked.round, {
      type: 'COMMENT', stepCode: stepCode ?? locked.currentStepCode, actionId: null, actorUserId: caller.actor.userId, from: null, to: null, comment: body.comment, mentionUserIds: body.mentionUserIds, files,
    });
    await tx.update(workflows).set({ updatedAt: new Date() }).where(eq(workflows.id, locked.id));
    await sendMails(services, tx, caller, contract, [{ kind: 'MENTIONED', to: body.mentionUserIds }], body.comment);
    return (await eventDtos(tx, caller.scope, [event]))[0]!;
  });
}
