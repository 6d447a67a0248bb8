import { setTimeout as sleep } from 'node:timers/promises';
import type { StepCode, Workflow, WorkflowAction } from '@legal/api';
import { and, eq, sql } from 'drizzle-orm';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, type TenantScope } from '../../platform/http/context';
import { conflict, forbidden, notFound, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { changeContractStatus, discardExecutedCopy, fileExecutedCopy, mainDocumentRevision, prepareExecutedCopy, readableContract } from '../contracts';
import { type ReadableFile } from '../files';
import { PERMISSIONS, type PresetType, stepGroupOf } from './workflow.presets';
import { planForStart, presetOfWorkflow } from './workflow-presets.service';
import { allowedActions, apply, contractStatusFor, type EngineOp, type EngineState, FINAL_STATUSES, startState, switchPreset, waitingApprovers } from './workflow.state';
import { contractStatusOf } from './workflows.people';
import * as repo from './workflows.repo';
import { type MailKind } from './workflows.mail';
import { workflowApprovals, workflowApprovers, workflows, workflowStepMembers, workflowSteps } from './workflows.table';
import { type Caller, callerOf, currentOf, type EventRow, type Exec, factsOf, load, refusalError, type Services, staleError, workflowById, workflowDto } from './workflow-read';
import { appendEvent, assertHolders, assertMentionable, audit, lineFieldOf, mailsFor, persist, readableFiles, sendMails, syncContract } from './workflow-write';
import { memberPermissionOf, memberStepRefusal, presetSwitchRefusal, withdrawRefusal } from './workflow-abilities';
import { assertNoOpenEnvelope, ENVELOPE_GUARDED_OPS } from './workflow-signing.service';
import './workflows.audit';

/**
 * The workflow hub's action core: every action is one transaction that locks the workflow row
 * (FOR UPDATE), checks the caller's `revision`, asks the state machine (workflow.state.ts), then
 * writes the workflow, steps, members, approval line, signing, one event (next gap-free seq),
 * the contract's status (changeContractStatus), an audit entry and the mails of the next actors,
 * all committed together or not at all. Approvals, signing (with the e-sign seam) and events live
 * beside it (workflow-approvals.service.ts, workflow-signing.service.ts, workflow-events.service.ts);
 * the shared reads and writes in workflow-read.ts and workflow-write.ts.
 */

// Actions -------------------------------------------------------------------------------------------

export interface ActInput {
  op: EngineOp;
  stepCode: StepCode;
  revision: number;
  comment?: string | undefined;
  assigneeUserIds?: number[] | undefined;
  fileKeys?: string[];
  mentionUserIds?: number[];
  lines?: number[][];
  /** The body path a 400 names for an approver who may not approve (default: `body.lines.<line>.userIds.<i>`). */
  linesFieldOf?: (userId: number) => string;
  /** Events with no WORKFLOW_ACTION (approval line, signing management) are recorded as this type. */
  eventType?: EventRow['type'];
}

/**
 * One action on a workflow: everything the caller sent is checked before the transaction (files
 * readable, assignees and approvers able to act, mentioned members able to read the contract);
 * inside it, the workflow is locked, the revision compared and the engine asked.
 */
export async function act(services: Services, caller: Caller, locate: (db: Exec) => Promise<{ contract: { id: number; title: string; ownerUserId: number }; wf: repo.WorkflowRow }>, input: ActInput): Promise<Workflow> {
  const first = await locate(services.db);
  const contractId = first.contract.id;
  const files = await readableFiles(services, caller.ctx, input.fileKeys ?? []);
  if (input.assigneeUserIds) await assertHolders(services, caller.scope, input.assigneeUserIds, PERMISSIONS.review, 'body.assigneeUserIds');
  if (input.lines) await assertHolders(services, caller.scope, input.lines.flat(), PERMISSIONS.approve, input.linesFieldOf ?? lineFieldOf('body.lines', input.lines));
  await assertMentionable(services, caller, contractId, input.mentionUserIds ?? []);
  const executedCopy = input.op === 'COMPLETE_SIGNING' && files.length === 1 ? await prepareExecutedCopy(services, caller.scope, files[0]!) : null;
  let restarted = false;
  try {
    const result = await services.db.transaction(async (tx) => {
      const locked = await repo.lockWorkflow(tx, caller.scope, first.wf.id);
      if (!locked) throw notFound();
      const { contract } = await locate(tx);
      if (locked.revision !== input.revision) throw staleError(locked.revision);
      // An e-sign envelope in progress owns the signing step: void it before canceling or completing by hand.
      if (ENVELOPE_GUARDED_OPS.has(input.op)) await assertNoOpenEnvelope(tx, caller.scope, locked.id);
      const loaded = await load(tx, caller.scope, locked);
      const documentRevision = input.op === 'APPROVE' || input.op === 'REJECT' ? await mainDocumentRevision(tx, caller.scope, contractId) : null;
      const outcome = apply(loaded.state, factsOf(caller.actor, contract.ownerUserId), {
        op: input.op,
        stepCode: input.stepCode,
        assigneeIds: input.assigneeUserIds,
        lines: input.lines,
        fileCount: files.length,
        documentRevision,
      });
      if (!outcome.ok) throw refusalError(outcome);
      restarted = outcome.approvalRestarted;
      let executedFileKey: string | null = null;
      if (executedCopy) {
        // The executed copy becomes the main document's current revision before the contract turns SIGNED.
        const saved = await fileExecutedCopy(tx, services, { scope: caller.scope, contractId, userId: caller.actor.userId, ctx: caller.ctx, bytes: executedCopy, sourceFileKey: files[0]!.file.fileKey });
        executedFileKey = saved.fileKey;
      }
      const { assignerIds } = await persist(tx, caller.scope, loaded, outcome.state, {
        userId: caller.actor.userId,
        executedFileKey,
        approvalComment: input.op === 'SET_APPROVAL_LINE' || input.op === 'APPROVE' || input.op === 'REJECT' ? (input.comment ?? null) : null,
      });
      const op = input.op;
      const workflowAction: WorkflowAction | null = op === 'SET_APPROVAL_LINE' || op === 'CANCEL_APPROVAL' || op === 'CANCEL_SIGNING' ? null : op;
      await appendEvent(tx, caller.scope, locked, outcome.state.round, {
        type: input.eventType ?? 'ACTION',
        stepCode: input.stepCode,
        actionId: workflowAction,
        actorUserId: caller.actor.userId,
        from: outcome.from,
        to: outcome.to,
        comment: restarted ? 'APPROVAL_RESTARTED: the main document changed since earlier approvals' : (input.comment ?? null),
        mentionUserIds: input.mentionUserIds ?? [],
        files,
      });
      await syncContract(tx, caller, contractId, outcome.to, `workflow ${locked.id}: ${input.op}`);
      await audit(tx, caller, { type: 'workflow.action', data: { workflowId: locked.id, contractId, action: input.op, stepCode: input.stepCode, from: outcome.from, to: outcome.to, round: outcome.state.round } });
      const mails = mailsFor(outcome.notices, outcome.state, assignerIds);
      if (input.mentionUserIds?.length) mails.push({ kind: 'MENTIONED', to: input.mentionUserIds });
      await sendMails(services, tx, caller, contract, mails, input.comment ?? null);
      if (services.config.workflows.testPauseActionMs > 0) {
        // Tests only (the kill -9 test): everything is written, nothing committed yet.
        services.logger.info({ workflowId: locked.id, action: input.op }, 'workflow action paused (WORKFLOW_TEST_PAUSE_ACTION_MS)');
        await sleep(services.config.workflows.testPauseActionMs);
      }
      const [after] = await tx.select().from(workflows).where(eq(workflows.id, locked.id));
      return workflowDto(tx, caller.scope, caller.actor, contract, after!);
    });
    if (restarted) {
      throw conflict(
        { ko: '결재 중에 계약 문서가 바뀌어 결재를 처음부터 다시 받습니다. 새 문서를 확인한 뒤 다시 결재해 주세요.', en: 'The document changed during the approval, so the approval restarted. Check the new document and decide again.' },
        { reason: 'approval restarted', revision: result.revision },
      );
    }
    return result;
  } catch (err) {
    if (executedCopy) await discardExecutedCopy(services, executedCopy);
    throw err;
  }
}

export const byContract = (services: Services, caller: Caller, contractId: number) => (db: Exec) => currentOf(services, caller, contractId, db).then(({ contract, wf }) => ({ contract, wf }));
export const byWorkflow = (services: Services, caller: Caller, workflowId: number) => (db: Exec) => workflowById(services, caller, workflowId, db);

export async function actOnCurrent(services: Services, ctx: RequestContext, contractId: number, body: ActInput): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  return act(services, caller, byContract(services, caller, contractId), body);
}

export async function actOnWorkflow(services: Services, ctx: RequestContext, workflowId: number, body: ActInput): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  const locate = byWorkflow(services, caller, workflowId);
  // The path's workflow must be the contract's running one.
  const { wf } = await locate(services.db);
  if (FINAL_STATUSES.includes(wf.processStatus)) throw conflict({ ko: '끝난 워크플로입니다.', en: 'The workflow has ended.' }, { reason: 'the workflow has ended' });
  return act(services, caller, locate, body);
}

/** Recall by workflow id (approvals/workflows/{id}/recall). */
export async function recall(services: Services, ctx: RequestContext, workflowId: number, body: { reason?: string | undefined; revision: number }) {
  return actOnWorkflow(services, ctx, workflowId, { op: 'RECALL', stepCode: 'APPROVAL', revision: body.revision, comment: body.reason });
}

export async function cancel(services: Services, ctx: RequestContext, body: { workflowId: number; reason: string; revision: number }) {
  const caller = await callerOf(services, ctx);
  const locate = byWorkflow(services, caller, body.workflowId);
  const { wf } = await locate(services.db);
  return act(services, caller, locate, { op: 'CANCEL', stepCode: wf.currentStepCode ?? 'REQUEST', revision: body.revision, comment: body.reason });
}

/** The optional body of the approval's and the signing's DELETE: the revision read (409 when stale; the current one without it) and a comment for the event. */
export interface CancelStepInput {
  revision?: number | undefined;
  comment?: string | undefined;
}

/** Cancels the signing step (here beside `act` rather than in workflow-signing.service.ts, which `act` imports its envelope guard from). */
export async function cancelCurrentSigning(services: Services, ctx: RequestContext, contractId: number, body: CancelStepInput = {}): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  return act(services, caller, byContract(services, caller, contractId), { op: 'CANCEL_SIGNING', stepCode: 'SIGNING', revision: body.revision ?? wf.revision, comment: body.comment || undefined });
}

export async function listStepActions(services: Services, ctx: RequestContext, workflowId: number, stepCode: StepCode): Promise<WorkflowAction[]> {
  const caller = await callerOf(services, ctx);
  const { contract, wf } = await workflowById(services, caller, workflowId);
  if (wf.currentStepCode !== stepCode) return [];
  const loaded = await load(services.db, caller.scope, wf);
  return allowedActions(loaded.state, factsOf(caller.actor, contract.ownerUserId)).map((a) => a.actionId);
}

// Start, read, delete --------------------------------------------------------------------------------

export interface StartInput {
  presetType: string;
  message?: string | undefined;
  desiredReviewDeadline?: string | undefined;
  fileKeys: string[];
  approvalLines?: Array<{ userIds: number[] }> | undefined;
}

/**
 * Starts a workflow on a contract inside the caller's transaction (the contract locked by the
 * caller or here): for the start route and for standard-forms drafting (workflowPresetType).
 * 409 when another workflow runs or the contract is not a DRAFT.
 */
export async function startWorkflowForContract(
  tx: Tx,
  scope: TenantScope,
  input: { contractId: number; requesterUserId: number; presetType: PresetType; presetField?: string; message: string | null; desiredReviewDeadline: string | null; approvalLines: number[][] | null; files: ReadableFile[]; ctx: RequestContext | null },
  services: Pick<AppServices, 'mailer'>,
): Promise<repo.WorkflowRow> {
  const contract = await contractStatusOf(tx, scope, input.contractId, { forUpdate: true });
  const running = await tx
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(inScope(workflows, scope), eq(workflows.contractId, input.contractId), sql`${workflows.processStatus} not in ('EXECUTED', 'CANCELED')`))
    .limit(1);
  if (running.length > 0) throw conflict({ ko: '이미 진행 중인 워크플로가 있습니다.', en: 'A workflow already runs on this contract.' }, { reason: 'a workflow runs', workflowId: running[0]!.id });
  if (contract.status !== 'DRAFT') throw conflict({ ko: '초안 상태의 계약만 워크플로를 시작할 수 있습니다.', en: 'Only a draft contract can start a workflow.' }, { reason: 'contract status', status: contract.status });
  // The workspace's adaptation of the preset (workflow-presets.service.ts): 409 when it does not offer it.
  const started = await planForStart(tx, scope, input.presetType, input.presetField);
  const { state, notices } = startState(started.plan, input.requesterUserId, input.approvalLines, started.reviewerIds);
  const [row] = await tx
    .insert(workflows)
    .values({
      ...scope, contractId: input.contractId, presetType: input.presetType, processStatus: 'REQUESTED', currentStepCode: 'REQUEST', round: 1, revision: -1,
      requesterUserId: input.requesterUserId, message: input.message, desiredReviewDeadline: input.desiredReviewDeadline ?? started.defaultDeadline, offStepCodes: [...state.offSteps],
    })
    .returning();
  await tx.insert(workflowSteps).values(state.steps.map((s, i) => ({ ...scope, workflowId: row!.id, stepCode: s.stepCode, order: i + 1, stepGroup: stepGroupOf(s.stepCode), status: 'WAITING' as const })));
  await tx.insert(workflowStepMembers).values({ ...scope, workflowId: row!.id, stepCode: 'REQUEST', userId: input.requesterUserId, role: 'REQUESTER' });
  if (state.approval) {
    const [draft] = await tx.insert(workflowApprovals).values({ ...scope, workflowId: row!.id, contractId: input.contractId, status: 'DRAFT', round: 1, requestedByUserId: input.requesterUserId }).returning();
    await tx.insert(workflowApprovers).values(state.approval.approvers.map((a) => ({ ...scope, approvalId: draft!.id, userId: a.userId, lineOrder: a.lineOrder })));
  }
  // Persist the started state over the blank one (revision -1 -> 0).
  const blank = await load(tx, scope, row!);
  const requesterCaller: Caller = { scope, actor: { userId: input.requesterUserId, permissions: new Set(), groupIds: new Set() }, ctx: input.ctx ?? ({ ip: '', userAgent: undefined } as RequestContext) };
  const { assignerIds } = await persist(tx, scope, blank, state, { userId: input.requesterUserId });
  await appendEvent(tx, scope, row!, 1, { type: 'STARTED', stepCode: 'REQUEST', actionId: 'SUBMIT', actorUserId: input.requesterUserId, from: null, to: state.processStatus, comment: input.message, mentionUserIds: [], files: input.files });
  await changeContractStatus(tx, scope, input.contractId, contractStatusFor(state.processStatus), { actorUserId: input.requesterUserId, reason: `workflow ${row!.id} started`, ctx: input.ctx });
  await recordAudit(tx, { type: 'workflow.started', data: { workflowId: row!.id, contractId: input.contractId, presetType: input.presetType, processStatus: state.processStatus } }, { ...auditMetaOf(input.ctx, input.requesterUserId), ...scope });
  await sendMails(services, tx, requesterCaller, { id: input.contractId, title: contract.title }, mailsFor(notices, state, assignerIds), input.message);
  const [after] = await tx.select().from(workflows).where(eq(workflows.id, row!.id));
  return after!;
}

export async function start(services: Services, ctx: RequestContext, contractId: number, body: StartInput): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  const { row: contract } = await readableContract(services.db, caller.scope, caller.actor, contractId);
  if (contract.ownerUserId !== caller.actor.userId && !caller.actor.permissions.has(PERMISSIONS.contractAdmin)) throw forbidden();
  if (body.presetType === 'NONE') throw validationError([{ field: 'body.presetType', reason: 'choose a workflow' }]);
  const files = await readableFiles(services, ctx, body.fileKeys);
  const lines = body.approvalLines?.map((l) => l.userIds) ?? null;
  if (lines) await assertHolders(services, caller.scope, lines.flat(), PERMISSIONS.approve, lineFieldOf('body.approvalLines', lines));
  if (lines && new Set(lines.flat()).size !== lines.flat().length) throw validationError([{ field: 'body.approvalLines', reason: 'each approver once' }]);
  const presetType = body.presetType;
  return services.db.transaction(async (tx) => {
    const row = await startWorkflowForContract(
      tx,
      caller.scope,
      { contractId, requesterUserId: caller.actor.userId, presetType, message: body.message ?? null, desiredReviewDeadline: body.desiredReviewDeadline ?? null, approvalLines: lines, files, ctx },
      services,
    );
    return workflowDto(tx, caller.scope, caller.actor, contract, row);
  });
}

export async function getCurrent(services: Services, ctx: RequestContext, contractId: number): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  const { contract, wf } = await currentOf(services, caller, contractId);
  return workflowDto(services.db, caller.scope, caller.actor, contract, wf);
}

export async function getPresetOfCurrent(services: Services, ctx: RequestContext, contractId: number) {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  return presetOfWorkflow(services.db, caller.scope, wf, (await repo.listSteps(services.db, caller.scope, wf.id)).map((s) => s.stepCode));
}

/** DELETE workflows/current/v2: withdraws a request nobody acted on (only its STARTED event). */
export async function deleteCurrent(services: Services, ctx: RequestContext, contractId: number): Promise<null> {
  const caller = await callerOf(services, ctx);
  const { contract: readable, wf } = await currentOf(services, caller, contractId);
  await services.db.transaction(async (tx) => {
    const locked = await repo.lockWorkflow(tx, caller.scope, wf.id);
    if (!locked) throw notFound();
    const refused = withdrawRefusal(locked, factsOf(caller.actor, readable.ownerUserId));
    if (refused?.status === 403) throw refusalError(refused);
    if (refused) {
      throw conflict({ ko: '이미 처리가 시작된 요청은 철회할 수 없습니다. 취소해 주세요.', en: 'Somebody acted on this request already: cancel it instead.' }, { reason: 'acted on' });
    }
    await tx.delete(workflows).where(and(inScope(workflows, caller.scope), eq(workflows.id, locked.id)));
    const contract = await contractStatusOf(tx, caller.scope, contractId);
    if (contract.status !== 'DRAFT') await changeContractStatus(tx, caller.scope, contractId, 'DRAFT', { actorUserId: caller.actor.userId, reason: `workflow ${locked.id} withdrawn`, ctx });
    await audit(tx, caller, { type: 'workflow.deleted', data: { workflowId: locked.id, contractId } });
  });
  return null;
}

/** preset-transitions: switch the running workflow's preset at a step both share. */
export async function transitionPreset(services: Services, ctx: RequestContext, contractId: number, body: { presetType: string; revision: number }): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  if (body.presetType === 'NONE') throw validationError([{ field: 'body.presetType', reason: 'choose a workflow' }]);
  const to = body.presetType;
  return services.db.transaction(async (tx) => {
    const locked = await repo.lockWorkflow(tx, caller.scope, wf.id);
    if (!locked) throw notFound();
    const { contract } = await currentOf(services, caller, contractId, tx);
    if (locked.revision !== body.revision) throw staleError(locked.revision);
    const loaded = await load(tx, caller.scope, locked);
    const refused = presetSwitchRefusal(loaded.state, factsOf(caller.actor, contract.ownerUserId));
    if (refused) throw refusalError(refused);
    const target = await planForStart(tx, caller.scope, to);
    const switched = switchPreset(loaded.state, target.plan);
    if ('ok' in switched) throw refusalError(switched);
    const next = switched.reviewerIds.length > 0 ? switched : { ...switched, reviewerIds: target.reviewerIds };
    await persist(tx, caller.scope, loaded, next, { userId: caller.actor.userId });
    await appendEvent(tx, caller.scope, locked, next.round, { type: 'PRESET_CHANGED', stepCode: next.currentStepCode, actionId: null, actorUserId: caller.actor.userId, from: loaded.state.processStatus, to: next.processStatus, comment: `${locked.presetType} -> ${to}`, mentionUserIds: [], files: [] });
    await syncContract(tx, caller, contractId, next.processStatus, `workflow ${locked.id}: preset ${to}`);
    await audit(tx, caller, { type: 'workflow.preset_changed', data: { workflowId: locked.id, contractId, from: locked.presetType, to } });
    const [after] = await tx.select().from(workflows).where(eq(workflows.id, locked.id));
    return workflowDto(tx, caller.scope, caller.actor, contract, after!);
  });
}

/** PUT steps/members: who acts at a step that has not finished. */
export async function setStepMembers(services: Services, ctx: RequestContext, body: { workflowId: number; stepCode: StepCode; userIds: number[]; revision: number }): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  const { wf } = await workflowById(services, caller, body.workflowId);
  const permission = memberPermissionOf(body.stepCode);
  if (!permission) throw validationError([{ field: 'body.stepCode', reason: 'members are set for ASSIGNMENT, LEGAL_REVIEW and APPROVAL' }]);
  // A 400 names each user who may not act there by their place in the body (body.userIds.<i>).
  await assertHolders(services, caller.scope, body.userIds, permission, (userId) => `body.userIds.${body.userIds.indexOf(userId)}`);
  return services.db.transaction(async (tx) => {
    const locked = await repo.lockWorkflow(tx, caller.scope, wf.id);
    if (!locked) throw notFound();
    const { contract } = await workflowById(services, caller, body.workflowId, tx);
    if (locked.revision !== body.revision) throw staleError(locked.revision);
    const loaded = await load(tx, caller.scope, locked);
    const refused = memberStepRefusal(loaded.state, factsOf(caller.actor, contract.ownerUserId), body.stepCode);
    if (refused) throw refusalError(refused);
    let next: EngineState = loaded.state;
    if (body.stepCode === 'LEGAL_REVIEW') next = { ...next, reviewerIds: [...body.userIds] };
    if (body.stepCode === 'APPROVAL') {
      const line = loaded.state.approval;
      const open = line && (line.status === 'DRAFT' || line.status === 'IN_PROGRESS') ? line : null;
      // Approvers who decided stay; the undecided ones are replaced, one line each after the decided ones (sequential).
      const decided = open ? open.approvers.filter((a) => a.decision !== 'PENDING') : [];
      const again = body.userIds.filter((id) => decided.some((a) => a.userId === id));
      if (again.length > 0) throw validationError(again.map((id) => ({ field: `body.userIds.${body.userIds.indexOf(id)}`, reason: 'an approver who decided already stays as is' })));
      const base = decided.reduce((m, a) => Math.max(m, a.lineOrder), 0);
      const approvers = [...decided, ...body.userIds.map((userId, i) => ({ userId, lineOrder: base + i + 1, decision: 'PENDING' as const, documentRevision: null }))];
      next = { ...next, approval: { approvalId: null, status: open?.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'DRAFT', approvers } };
    }
    const { assignerIds } = await persist(tx, caller.scope, loaded, next, { userId: caller.actor.userId });
    if (body.stepCode === 'ASSIGNMENT') {
      await tx.delete(workflowStepMembers).where(and(inScope(workflowStepMembers, caller.scope), eq(workflowStepMembers.workflowId, locked.id), eq(workflowStepMembers.stepCode, 'ASSIGNMENT')));
      await tx.insert(workflowStepMembers).values(body.userIds.map((userId) => ({ ...caller.scope, workflowId: locked.id, stepCode: 'ASSIGNMENT' as const, userId, role: 'ASSIGNER' as const })));
    }
    void assignerIds;
    await appendEvent(tx, caller.scope, locked, next.round, { type: 'MEMBERS_CHANGED', stepCode: body.stepCode, actionId: null, actorUserId: caller.actor.userId, from: locked.processStatus, to: locked.processStatus, comment: null, mentionUserIds: [], files: [] });
    await audit(tx, caller, { type: 'workflow.members_changed', data: { workflowId: locked.id, contractId: locked.contractId, stepCode: body.stepCode, userIds: body.userIds } });
    const kind: MailKind | null = locked.currentStepCode === body.stepCode ? (body.stepCode === 'LEGAL_REVIEW' ? 'ASSIGNED' : body.stepCode === 'ASSIGNMENT' ? 'SUBMITTED' : locked.processStatus === 'IN_APPROVAL' ? 'APPROVAL_TURN' : null) : null;
    if (kind) await sendMails(services, tx, caller, contract, [{ kind, to: kind === 'APPROVAL_TURN' ? waitingApprovers(next.approval) : body.userIds }], null);
    const [after] = await tx.select().from(workflows).where(eq(workflows.id, locked.id));
    return workflowDto(tx, caller.scope, caller.actor, contract, after!);
  });
}
