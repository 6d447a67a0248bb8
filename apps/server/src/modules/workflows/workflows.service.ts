import type { Approval, ProcessStatus, StepCode, Workflow, WorkflowAction, WorkflowEvent, WorkflowStep } from '@legal/api';
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../platform/audit/audit';
import type { Db, Tx } from '../../platform/db/client';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, type TenantScope } from '../../platform/http/context';
import { AppError, conflict, forbidden, notFound, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { membersWithPermission, peopleByIds } from '../admin';
import { findWorkspaceName, memberDisplayNames } from '../auth';
import {
  addContractParticipants, canTransition, changeContractStatus, type ContractActor, contractContext, contracts, discardExecutedCopy, fileExecutedCopy, mainDocumentRevision, prepareExecutedCopy, readableContract,
} from '../contracts';
import { findReadableFiles, type FoundFile } from '../files';
import { PERMISSIONS, type PresetType, stepGroupOf } from './workflow.presets';
import { planForStart, presetOfWorkflow } from './workflow-presets.service';
import {
  type ActorFacts, allowedActions, apply, contractStatusFor, type EngineOp, type EngineState, FINAL_STATUSES, type Notice, type Refusal, startState, switchPreset, waitingApprovers,
} from './workflow.state';
import { actorOfMember, contractStatusOf } from './workflows.people';
import * as repo from './workflows.repo';
import { type MailKind, workflowNoticeMailTemplate } from './workflows.mail';
import {
  workflowApprovals, workflowApprovers, workflowEventFiles, workflowEvents, workflowSignings, workflowStepMembers, workflowSteps, workflows,
} from './workflows.table';
import './workflows.audit';

/**
 * The workflow hub's service: every action is one transaction that locks the workflow row
 * (FOR UPDATE), checks the caller's `revision`, asks the state machine (workflow.state.ts), then
 * writes the workflow, steps, members, approval line, signing, one event (next gap-free seq),
 * the contract's status (changeContractStatus), an audit entry and the mails of the next actors,
 * all committed together or not at all.
 */

type Services = Pick<AppServices, 'db' | 'mailer' | 'attachments' | 'storage' | 'jobs' | 'config' | 'logger'>;
type Exec = Db | Tx;

interface Caller {
  scope: TenantScope;
  actor: ContractActor;
  ctx: RequestContext;
}

async function callerOf(services: Services, ctx: RequestContext): Promise<Caller> {
  const { scope, actor } = await contractContext(services, ctx);
  return { scope, actor, ctx };
}

const refusalError = (r: Refusal): AppError => {
  if (r.status === 400) return validationError([{ field: r.field ?? 'body', reason: r.reason }]);
  if (r.status === 403) return new AppError('ERROR_FORBIDDEN', { data: { reason: r.reason } });
  return conflict({ ko: '지금은 이 작업을 할 수 없습니다.', en: 'This action is not allowed now.' }, { reason: r.reason });
};
const staleError = (revision: number) =>
  conflict({ ko: '그사이 다른 사람이 처리했습니다. 새로 고친 뒤 다시 시도해 주세요.', en: 'Someone acted on this workflow since you read it. Reload and try again.' }, { reason: 'stale revision', revision });

// Loading the state -------------------------------------------------------------------------------

interface Loaded {
  row: repo.WorkflowRow;
  steps: repo.WorkflowStepRow[];
  members: repo.StepMemberRow[];
  approval: repo.ApprovalRow | undefined;
  approvers: repo.ApproverRow[];
  state: EngineState;
}

async function latestApproval(db: Exec, scope: TenantScope, workflowId: number) {
  const [row] = await db
    .select()
    .from(workflowApprovals)
    .where(and(inScope(workflowApprovals, scope), eq(workflowApprovals.workflowId, workflowId)))
    .orderBy(desc(workflowApprovals.id))
    .limit(1);
  return row;
}

async function load(db: Exec, scope: TenantScope, row: repo.WorkflowRow): Promise<Loaded> {
  const [steps, members, approval] = await Promise.all([repo.listSteps(db, scope, row.id), repo.listStepMembers(db, scope, [row.id]), latestApproval(db, scope, row.id)]);
  const approvers = approval ? await repo.listApprovers(db, scope, [approval.id]) : [];
  const state: EngineState = {
    presetType: row.presetType,
    processStatus: row.processStatus,
    currentStepCode: row.currentStepCode,
    round: row.round,
    steps: steps.map((s) => ({ stepCode: s.stepCode, status: s.status })),
    offSteps: row.offStepCodes,
    requesterUserId: row.requesterUserId,
    reviewerIds: members.filter((m) => m.stepCode === 'LEGAL_REVIEW' && m.role === 'REVIEWER').map((m) => m.userId),
    approval: approval
      ? {
          approvalId: approval.id,
          status: approval.status,
          approvers: approvers.map((a) => ({ userId: a.userId, lineOrder: a.lineOrder, decision: a.decision, documentRevision: a.documentRevision })),
        }
      : null,
  };
  return { row, steps, members, approval, approvers, state };
}

function factsOf(actor: ContractActor, ownerUserId: number): ActorFacts {
  return { userId: actor.userId, permissions: actor.permissions, isOwner: actor.userId === ownerUserId };
}

/** The contract (readable by the caller, 404 otherwise) and its current workflow (404 when none). */
async function currentOf(services: Services, caller: Caller, contractId: number, db: Exec = services.db) {
  const { row: contract } = await readableContract(db, caller.scope, caller.actor, contractId);
  const wf = await repo.findCurrentWorkflowOfContract(db, caller.scope, contractId);
  if (!wf) throw notFound();
  return { contract, wf };
}

/** The workflow by id, its contract readable by the caller (404 otherwise). */
async function workflowById(services: Services, caller: Caller, workflowId: number, db: Exec = services.db) {
  const wf = await repo.findWorkflow(db, caller.scope, workflowId);
  if (!wf) throw notFound();
  const { row: contract } = await readableContract(db, caller.scope, caller.actor, wf.contractId);
  return { contract, wf };
}

// DTOs ---------------------------------------------------------------------------------------------

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const ref = (names: Map<number, string>, userId: number) => ({ userId, displayName: names.get(userId) ?? null });

function stepDtos(loaded: Pick<Loaded, 'steps' | 'members'>, names: Map<number, string>): WorkflowStep[] {
  return loaded.steps.map((s) => ({
    stepCode: s.stepCode,
    order: s.order,
    group: s.stepGroup,
    status: s.status,
    members: loaded.members.filter((m) => m.stepCode === s.stepCode).map((m) => ({ ...ref(names, m.userId), role: m.role })),
    startedAt: iso(s.startedAt),
    completedAt: iso(s.completedAt),
  }));
}

function approvalDto(approval: repo.ApprovalRow, approvers: repo.ApproverRow[], contractTitle: string, names: Map<number, string>): Approval {
  return {
    approvalId: approval.id,
    workflowId: approval.workflowId,
    contractId: approval.contractId,
    contractTitle,
    status: approval.status,
    round: approval.round,
    approvers: approvers.map((a) => ({ ...ref(names, a.userId), lineOrder: a.lineOrder, decision: a.decision, decidedAt: iso(a.decidedAt), comment: a.comment, documentRevision: a.documentRevision })),
    requestedBy: approval.requestedByUserId === null ? null : ref(names, approval.requestedByUserId),
    comment: approval.comment,
    createdAt: approval.createdAt.toISOString(),
    completedAt: iso(approval.completedAt),
  };
}

async function workflowDto(db: Exec, scope: TenantScope, actor: ContractActor, contract: { ownerUserId: number; title: string }, row: repo.WorkflowRow): Promise<Workflow> {
  const loaded = await load(db, scope, row);
  const names = await memberDisplayNames(db, scope, [row.requesterUserId, ...loaded.members.map((m) => m.userId), ...loaded.approvers.map((a) => a.userId), loaded.approval?.requestedByUserId ?? null]);
  // The current line: not a draft waiting for the step, nor one canceled (the workflow waits for a new one).
  const showApproval = loaded.approval && loaded.approval.status !== 'DRAFT' && loaded.approval.status !== 'CANCELED' ? loaded.approval : undefined;
  return {
    workflowId: row.id,
    contractId: row.contractId,
    presetType: row.presetType,
    processStatus: row.processStatus,
    currentStepCode: row.currentStepCode,
    round: row.round,
    revision: row.revision,
    requester: ref(names, row.requesterUserId),
    message: row.message,
    desiredReviewDeadline: row.desiredReviewDeadline,
    steps: stepDtos(loaded, names),
    approval: showApproval ? approvalDto(showApproval, loaded.approvers, contract.title, names) : null,
    allowedActions: allowedActions(loaded.state, factsOf(actor, contract.ownerUserId)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

type EventRow = typeof workflowEvents.$inferSelect;
async function eventDtos(db: Exec, scope: TenantScope, rows: EventRow[]): Promise<WorkflowEvent[]> {
  if (rows.length === 0) return [];
  const fileRows = await db
    .select()
    .from(workflowEventFiles)
    .where(and(inScope(workflowEventFiles, scope), inArray(workflowEventFiles.eventId, rows.map((r) => r.id))))
    .orderBy(asc(workflowEventFiles.id));
  const names = await memberDisplayNames(db, scope, rows.flatMap((r) => [r.actorUserId, ...r.mentionUserIds]));
  return rows.map((r) => ({
    eventId: r.id,
    workflowId: r.workflowId,
    round: r.round,
    type: r.type,
    stepCode: r.stepCode,
    actionId: r.actionId,
    actor: r.actorUserId === null ? null : ref(names, r.actorUserId),
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    comment: r.comment,
    mentions: r.mentionUserIds.map((id) => ref(names, id)),
    files: fileRows.filter((f) => f.eventId === r.id).map((f) => ({ fileKey: f.fileKey, displayName: f.displayName })),
    createdAt: r.createdAt.toISOString(),
  }));
}

// Writing ------------------------------------------------------------------------------------------

interface EventInput {
  type: EventRow['type'];
  stepCode: StepCode | null;
  actionId: WorkflowAction | null;
  actorUserId: number | null;
  from: ProcessStatus | null;
  to: ProcessStatus | null;
  comment: string | null;
  mentionUserIds: number[];
  files: FoundFile[];
}

/** Appends the next event (seq = last + 1, under the workflow's row lock) with its files. */
async function appendEvent(tx: Tx, scope: TenantScope, row: repo.WorkflowRow, round: number, e: EventInput): Promise<EventRow> {
  const [bumped] = await tx
    .update(workflows)
    .set({ lastEventSeq: sql`${workflows.lastEventSeq} + 1` })
    .where(and(inScope(workflows, scope), eq(workflows.id, row.id)))
    .returning({ seq: workflows.lastEventSeq });
  const [event] = await tx
    .insert(workflowEvents)
    .values({
      ...scope, workflowId: row.id, contractId: row.contractId, seq: bumped!.seq, round, type: e.type, stepCode: e.stepCode, actionId: e.actionId,
      actorUserId: e.actorUserId, fromStatus: e.from, toStatus: e.to, comment: e.comment, mentionUserIds: e.mentionUserIds,
    })
    .returning();
  if (e.files.length > 0) {
    await tx.insert(workflowEventFiles).values(e.files.map((f) => ({ ...scope, eventId: event!.id, contractId: row.contractId, fileKey: f.file.fileKey, displayName: f.file.displayName })));
  }
  return event!;
}

const audit = (tx: Tx, caller: Caller, event: AuditEvent) => recordAudit(tx, event, { ...auditMetaOf(caller.ctx, caller.actor.userId), ...caller.scope });

/** The files a body names: each readable by the caller (400 naming the key otherwise). */
async function readableFiles(services: Services, ctx: RequestContext, fileKeys: readonly string[], field = 'body.fileKeys'): Promise<FoundFile[]> {
  if (fileKeys.length === 0) return [];
  const found = await findReadableFiles(services, ctx, fileKeys);
  const missing = fileKeys.filter((k) => !found.has(k));
  if (missing.length > 0) throw validationError(missing.map((k) => ({ field, reason: `no such file: ${k}` })));
  return fileKeys.map((k) => found.get(k)!);
}

/** Users must be active members holding `permission` (400 naming the first one who is not). */
async function assertHolders(services: Services, scope: TenantScope, userIds: readonly number[], permission: string, field: string): Promise<void> {
  const holders = new Set((await membersWithPermission(services.db, scope, permission)).map((m) => m.userId));
  const wrong = userIds.filter((id) => !holders.has(id));
  if (wrong.length > 0) throw validationError(wrong.map((id) => ({ field, reason: `user ${id} may not act here (needs ${permission})` })));
}

/** Mentioned users must be able to read the contract (400 naming the first one who may not). */
async function assertMentionable(services: Services, caller: Caller, contractId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  for (const userId of userIds) {
    const actor = await actorOfMember(services.db, caller.scope, userId);
    const readable = actor ? await readableContract(services.db, caller.scope, actor, contractId).then(() => true, () => false) : false;
    if (!readable) throw validationError([{ field: 'body.mentionUserIds', reason: `user ${userId} may not read this contract` }]);
  }
}

interface Mail {
  kind: MailKind;
  to: number[];
}

async function sendMails(services: Pick<AppServices, 'mailer'>, tx: Tx, caller: Caller, contract: { id: number; title: string }, mails: Mail[], comment: string | null) {
  const ids = [...new Set(mails.flatMap((m) => m.to))].filter((id) => id !== caller.actor.userId);
  if (ids.length === 0) return;
  const people = await peopleByIds(tx, caller.scope, [...ids, caller.actor.userId]);
  const workspaceName = (await findWorkspaceName(tx, caller.scope)) ?? '';
  const actorName = people.get(caller.actor.userId)?.displayName ?? '';
  const sent = new Set<string>();
  for (const mail of mails) {
    for (const id of mail.to) {
      const person = people.get(id);
      const key = `${mail.kind}:${id}`;
      if (!person || id === caller.actor.userId || sent.has(key)) continue;
      sent.add(key);
      await services.mailer.send(
        workflowNoticeMailTemplate,
        { to: person.loginId, locale: person.locale, ...caller.scope, data: { kind: mail.kind, workspaceName, contractId: contract.id, contractTitle: contract.title, actorName, comment } },
        tx,
      );
    }
  }
}

function mailsFor(notices: Notice[], next: EngineState, assignerIds: number[]): Mail[] {
  return notices.map((kind) => {
    switch (kind) {
      case 'SUBMITTED':
        return { kind, to: assignerIds };
      case 'ASSIGNED':
        return { kind, to: next.reviewerIds };
      case 'APPROVAL_TURN':
        return { kind, to: waitingApprovers(next.approval) };
      default:
        return { kind, to: [next.requesterUserId] };
    }
  });
}

/** Writes the next state over the loaded one: workflow row, steps, members, approval, signing. */
async function persist(
  tx: Tx,
  scope: TenantScope,
  loaded: Loaded,
  next: EngineState,
  extra: { executedFileKey?: string | null; userId: number; approvalComment?: string | null; documentRevision?: number | null },
): Promise<{ assignerIds: number[] }> {
  const now = new Date();
  const before = loaded.state;
  const row = loaded.row;
  const moved = before.currentStepCode !== next.currentStepCode || before.processStatus !== next.processStatus;
  await tx
    .update(workflows)
    .set({
      presetType: next.presetType,
      offStepCodes: [...next.offSteps],
      processStatus: next.processStatus,
      currentStepCode: next.currentStepCode,
      round: next.round,
      revision: sql`${workflows.revision} + 1`,
      updatedAt: now,
      ...(moved ? { stepStartedAt: now, deadlineNotifiedAt: null } : {}),
      completedAt: FINAL_STATUSES.includes(next.processStatus) ? now : null,
    })
    .where(and(inScope(workflows, scope), eq(workflows.id, row.id)));

  // Steps: insert those a preset switch added, update those whose status changed, drop removed ones.
  const existing = new Map(loaded.steps.map((s) => [s.stepCode, s]));
  for (const [i, s] of next.steps.entries()) {
    const old = existing.get(s.stepCode);
    const times = s.status === 'ACTIVE' ? { startedAt: now, completedAt: null } : s.status === 'DONE' || s.status === 'SKIPPED' ? { completedAt: now } : {};
    if (!old) {
      await tx.insert(workflowSteps).values({ ...scope, workflowId: row.id, stepCode: s.stepCode, order: i + 1, stepGroup: stepGroupOf(s.stepCode), status: s.status, ...times });
    } else if (old.status !== s.status || old.order !== i + 1) {
      await tx.update(workflowSteps).set({ status: s.status, order: i + 1, ...(old.status !== s.status ? times : {}) }).where(eq(workflowSteps.id, old.id));
    }
  }
  const removed = loaded.steps.filter((s) => !next.steps.some((n) => n.stepCode === s.stepCode)).map((s) => s.id);
  if (removed.length > 0) await tx.delete(workflowSteps).where(and(inScope(workflowSteps, scope), inArray(workflowSteps.id, removed)));

  // Members: reviewers as the engine says; assigners when the request reaches assignment; the signer at signing.
  let assignerIds = loaded.members.filter((m) => m.stepCode === 'ASSIGNMENT' && m.role === 'ASSIGNER').map((m) => m.userId);
  const setMembers = async (stepCode: StepCode, role: repo.StepMemberRow['role'], userIds: number[]) => {
    await tx.delete(workflowStepMembers).where(and(inScope(workflowStepMembers, scope), eq(workflowStepMembers.workflowId, row.id), eq(workflowStepMembers.stepCode, stepCode), eq(workflowStepMembers.role, role)));
    if (userIds.length > 0) await tx.insert(workflowStepMembers).values(userIds.map((userId) => ({ ...scope, workflowId: row.id, stepCode, userId, role })));
    // Whoever is given a step reads the contract they act on.
    if (role === 'REVIEWER' || role === 'APPROVER') await addContractParticipants(tx, scope, row.contractId, userIds);
  };
  if (next.currentStepCode === 'ASSIGNMENT' && before.currentStepCode !== 'ASSIGNMENT') {
    assignerIds = (await membersWithPermission(tx, scope, PERMISSIONS.assign)).map((m) => m.userId);
    await setMembers('ASSIGNMENT', 'ASSIGNER', assignerIds);
  }
  if (next.reviewerIds.join() !== before.reviewerIds.join()) await setMembers('LEGAL_REVIEW', 'REVIEWER', next.reviewerIds);
  if (next.currentStepCode === 'SIGNING' && before.currentStepCode !== 'SIGNING') await setMembers('SIGNING', 'SIGNER', [next.requesterUserId]);

  // The approval line.
  const line = next.approval;
  if (line) {
    const completed = ['APPROVED', 'REJECTED', 'SKIPPED', 'CANCELED'].includes(line.status) ? now : null;
    if (line.approvalId === null) {
      // A fresh line (a restart for a new round, or one set now): earlier open lines end.
      await tx
        .update(workflowApprovals)
        .set({ status: 'CANCELED', completedAt: now })
        .where(and(inScope(workflowApprovals, scope), eq(workflowApprovals.workflowId, row.id), inArray(workflowApprovals.status, ['DRAFT', 'IN_PROGRESS'])));
      const [created] = await tx
        .insert(workflowApprovals)
        .values({ ...scope, workflowId: row.id, contractId: row.contractId, status: line.status, round: next.round, requestedByUserId: extra.userId, comment: extra.approvalComment ?? null, completedAt: completed })
        .returning();
      await tx.insert(workflowApprovers).values(line.approvers.map((a) => ({ ...scope, approvalId: created!.id, userId: a.userId, lineOrder: a.lineOrder, decision: a.decision, documentRevision: a.documentRevision })));
    } else {
      const old = loaded.approval!;
      if (old.status !== line.status) {
        await tx
          .update(workflowApprovals)
          .set({ status: line.status, completedAt: completed, ...(old.status === 'DRAFT' ? { round: next.round, createdAt: now } : {}) })
          .where(eq(workflowApprovals.id, old.id));
      }
      for (const a of line.approvers) {
        const prev = loaded.approvers.find((p) => p.userId === a.userId);
        if (prev && (prev.decision !== a.decision || prev.documentRevision !== a.documentRevision)) {
          const decidedNow = a.decision !== 'PENDING' && prev.decision === 'PENDING';
          await tx
            .update(workflowApprovers)
            .set({ decision: a.decision, documentRevision: a.documentRevision, decidedAt: a.decision === 'PENDING' ? null : now, ...(decidedNow ? { comment: extra.approvalComment ?? null } : a.decision === 'PENDING' ? { comment: null } : {}) })
            .where(eq(workflowApprovers.id, prev.id));
        }
      }
    }
    if (line.status === 'IN_PROGRESS' && (line.approvalId === null || loaded.approval?.status !== 'IN_PROGRESS')) {
      await setMembers('APPROVAL', 'APPROVER', [...new Set(line.approvers.map((a) => a.userId))]);
    }
  } else if (loaded.approval && (loaded.approval.status === 'IN_PROGRESS' || loaded.approval.status === 'DRAFT')) {
    await tx.update(workflowApprovals).set({ status: 'CANCELED', completedAt: now }).where(eq(workflowApprovals.id, loaded.approval.id));
  }

  // The signing step.
  if (next.currentStepCode === 'SIGNING' && before.currentStepCode !== 'SIGNING') {
    await tx.insert(workflowSignings).values({ ...scope, workflowId: row.id, status: 'WAITING', method: 'OFFLINE', startedAt: now });
  } else if (before.currentStepCode === 'SIGNING' && next.currentStepCode !== 'SIGNING') {
    const signingStep = next.steps.find((s) => s.stepCode === 'SIGNING')?.status;
    const status = next.processStatus === 'EXECUTED' ? (signingStep === 'SKIPPED' ? 'SKIPPED' : 'DONE') : 'CANCELED';
    await tx
      .update(workflowSignings)
      .set({ status, completedAt: now, executedFileKey: extra.executedFileKey ?? null })
      .where(and(inScope(workflowSignings, scope), eq(workflowSignings.workflowId, row.id), eq(workflowSignings.status, 'WAITING')));
  } else if (next.processStatus === 'EXECUTED' && extra.executedFileKey) {
    // Executed at EXECUTION (a review-only preset): the signing record of the executed copy.
    await tx.insert(workflowSignings).values({ ...scope, workflowId: row.id, status: 'DONE', method: 'OFFLINE', executedFileKey: extra.executedFileKey, startedAt: now, completedAt: now });
  }
  return { assignerIds };
}

/** Moves the contract's status along with the workflow (only when it differs). */
async function syncContract(tx: Tx, caller: Caller, contractId: number, status: ProcessStatus, reason: string): Promise<void> {
  const target = contractStatusFor(status);
  const row = await contractStatusOf(tx, caller.scope, contractId);
  if (row.status === target) return;
  const meta = { actorUserId: caller.actor.userId, reason, ctx: caller.ctx };
  // The lifecycle has no direct IN_REVIEW -> SIGNED (a review-only preset executed) nor IN_SIGNING ->
  // IN_REVIEW (a canceled signing back at approval): those pass through DRAFT, as completions do.
  if (!canTransition(row.status, target) && canTransition(row.status, 'DRAFT') && canTransition('DRAFT', target)) {
    await changeContractStatus(tx, caller.scope, contractId, 'DRAFT', meta);
  }
  await changeContractStatus(tx, caller.scope, contractId, target, meta);
}

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
  /** Events with no WORKFLOW_ACTION (approval line, signing management) are recorded as this type. */
  eventType?: EventRow['type'];
}

/**
 * One action on a workflow: everything the caller sent is checked before the transaction (files
 * readable, assignees and approvers able to act, mentioned members able to read the contract);
 * inside it, the workflow is locked, the revision compared and the engine asked.
 */
async function act(services: Services, caller: Caller, locate: (db: Exec) => Promise<{ contract: { id: number; title: string; ownerUserId: number }; wf: repo.WorkflowRow }>, input: ActInput): Promise<Workflow> {
  const first = await locate(services.db);
  const contractId = first.contract.id;
  const files = await readableFiles(services, caller.ctx, input.fileKeys ?? []);
  if (input.assigneeUserIds) await assertHolders(services, caller.scope, input.assigneeUserIds, PERMISSIONS.review, 'body.assigneeUserIds');
  if (input.lines) await assertHolders(services, caller.scope, input.lines.flat(), PERMISSIONS.approve, 'body.lines');
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

const ENVELOPE_GUARDED_OPS: ReadonlySet<EngineOp> = new Set<EngineOp>(['CANCEL', 'CANCEL_SIGNING', 'COMPLETE_SIGNING', 'SKIP_SIGNING']);

const byContract = (services: Services, caller: Caller, contractId: number) => (db: Exec) => currentOf(services, caller, contractId, db).then(({ contract, wf }) => ({ contract, wf }));
const byWorkflow = (services: Services, caller: Caller, workflowId: number) => (db: Exec) => workflowById(services, caller, workflowId, db);

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
  input: { contractId: number; requesterUserId: number; presetType: PresetType; presetField?: string; message: string | null; desiredReviewDeadline: string | null; approvalLines: number[][] | null; files: FoundFile[]; ctx: RequestContext | null },
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
  if (lines) await assertHolders(services, caller.scope, lines.flat(), PERMISSIONS.approve, 'body.approvalLines');
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
  const { wf } = await currentOf(services, caller, contractId);
  await services.db.transaction(async (tx) => {
    const locked = await repo.lockWorkflow(tx, caller.scope, wf.id);
    if (!locked) throw notFound();
    if (locked.requesterUserId !== caller.actor.userId && !caller.actor.permissions.has(PERMISSIONS.contractAdmin)) throw forbidden();
    if (FINAL_STATUSES.includes(locked.processStatus) || locked.lastEventSeq > 1) {
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
    if (locked.requesterUserId !== caller.actor.userId && contract.ownerUserId !== caller.actor.userId && !caller.actor.permissions.has(PERMISSIONS.contractAdmin)) throw forbidden();
    const loaded = await load(tx, caller.scope, locked);
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
  const permission = body.stepCode === 'ASSIGNMENT' ? PERMISSIONS.assign : body.stepCode === 'LEGAL_REVIEW' ? PERMISSIONS.review : body.stepCode === 'APPROVAL' ? PERMISSIONS.approve : null;
  if (!permission) throw validationError([{ field: 'body.stepCode', reason: 'members are set for ASSIGNMENT, LEGAL_REVIEW and APPROVAL' }]);
  await assertHolders(services, caller.scope, body.userIds, permission, 'body.userIds');
  return services.db.transaction(async (tx) => {
    const locked = await repo.lockWorkflow(tx, caller.scope, wf.id);
    if (!locked) throw notFound();
    const { contract } = await workflowById(services, caller, body.workflowId, tx);
    if (locked.revision !== body.revision) throw staleError(locked.revision);
    const loaded = await load(tx, caller.scope, locked);
    const step = loaded.steps.find((s) => s.stepCode === body.stepCode);
    if (!step || step.status === 'DONE' || step.status === 'SKIPPED' || FINAL_STATUSES.includes(locked.processStatus)) throw refusalError({ ok: false, status: 409, reason: 'the step has finished' });
    const isRequesterSide = locked.requesterUserId === caller.actor.userId || contract.ownerUserId === caller.actor.userId;
    const mayEdit = body.stepCode === 'APPROVAL' ? isRequesterSide : caller.actor.permissions.has(PERMISSIONS.assign);
    if (!mayEdit) throw forbidden();
    let next: EngineState = loaded.state;
    if (body.stepCode === 'LEGAL_REVIEW') next = { ...next, reviewerIds: [...body.userIds] };
    if (body.stepCode === 'APPROVAL') {
      const line = loaded.state.approval;
      const open = line && (line.status === 'DRAFT' || line.status === 'IN_PROGRESS') ? line : null;
      // Approvers who decided stay; the undecided ones are replaced, one line each after the decided ones (sequential).
      const decided = open ? open.approvers.filter((a) => a.decision !== 'PENDING') : [];
      if (decided.some((a) => body.userIds.includes(a.userId))) throw validationError([{ field: 'body.userIds', reason: 'an approver who decided already stays as is' }]);
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

// Events and comments ---------------------------------------------------------------------------------

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

// Approvals -----------------------------------------------------------------------------------------

export async function startApproval(services: Services, ctx: RequestContext, contractId: number, body: { lines: number[][]; comment?: string | undefined; revision: number }): Promise<Workflow> {
  return actOnCurrent(services, ctx, contractId, { op: 'SET_APPROVAL_LINE', stepCode: 'APPROVAL', revision: body.revision, lines: body.lines, comment: body.comment, eventType: 'MEMBERS_CHANGED' });
}

/** Saves a draft line for the contract's running workflow (replacing an earlier draft); it starts when the workflow reaches APPROVAL. */
export async function saveApprovalDraft(services: Services, ctx: RequestContext, contractId: number, body: { lines: Array<{ userIds: number[] }>; comment?: string | undefined }): Promise<Approval> {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  const lines = body.lines.map((l) => l.userIds);
  if (new Set(lines.flat()).size !== lines.flat().length) throw validationError([{ field: 'body.lines', reason: 'each approver once' }]);
  await assertHolders(services, caller.scope, lines.flat(), PERMISSIONS.approve, 'body.lines');
  return services.db.transaction(async (tx) => {
    const locked = await repo.lockWorkflow(tx, caller.scope, wf.id);
    if (!locked) throw notFound();
    const { contract } = await currentOf(services, caller, contractId, tx);
    if (locked.requesterUserId !== caller.actor.userId && contract.ownerUserId !== caller.actor.userId) throw forbidden();
    if (FINAL_STATUSES.includes(locked.processStatus) || locked.processStatus === 'IN_APPROVAL') throw refusalError({ ok: false, status: 409, reason: 'an approval runs or the workflow ended' });
    await tx
      .update(workflowApprovals)
      .set({ status: 'CANCELED', completedAt: new Date() })
      .where(and(inScope(workflowApprovals, caller.scope), eq(workflowApprovals.workflowId, locked.id), eq(workflowApprovals.status, 'DRAFT')));
    const [draft] = await tx.insert(workflowApprovals).values({ ...caller.scope, workflowId: locked.id, contractId, status: 'DRAFT', round: locked.round, requestedByUserId: caller.actor.userId, comment: body.comment ?? null }).returning();
    const approvers = await tx.insert(workflowApprovers).values(lines.flatMap((ids, i) => ids.map((userId) => ({ ...caller.scope, approvalId: draft!.id, userId, lineOrder: i + 1 })))).returning();
    const names = await memberDisplayNames(tx, caller.scope, [caller.actor.userId, ...lines.flat()]);
    return approvalDto(draft!, approvers, contract.title, names);
  });
}

export async function getCurrentApproval(services: Services, ctx: RequestContext, contractId: number): Promise<Approval> {
  const caller = await callerOf(services, ctx);
  const { contract, wf } = await currentOf(services, caller, contractId);
  const approval = await repo.findCurrentApproval(services.db, caller.scope, wf.id);
  if (!approval) throw notFound();
  const approvers = await repo.listApprovers(services.db, caller.scope, [approval.id]);
  const names = await memberDisplayNames(services.db, caller.scope, [approval.requestedByUserId, ...approvers.map((a) => a.userId)]);
  return approvalDto(approval, approvers, contract.title, names);
}

export async function getApproval(services: Services, ctx: RequestContext, approvalId: number): Promise<Approval> {
  const caller = await callerOf(services, ctx);
  const approval = await repo.findApproval(services.db, caller.scope, approvalId);
  if (!approval) throw notFound();
  const { row: contract } = await readableContract(services.db, caller.scope, caller.actor, approval.contractId);
  const approvers = await repo.listApprovers(services.db, caller.scope, [approval.id]);
  const names = await memberDisplayNames(services.db, caller.scope, [approval.requestedByUserId, ...approvers.map((a) => a.userId)]);
  return approvalDto(approval, approvers, contract.title, names);
}

export async function cancelCurrentApproval(services: Services, ctx: RequestContext, contractId: number): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  return act(services, caller, byContract(services, caller, contractId), { op: 'CANCEL_APPROVAL', stepCode: 'APPROVAL', revision: wf.revision });
}

// Signing ---------------------------------------------------------------------------------------------

export async function getCurrentSigning(services: Services, ctx: RequestContext, contractId: number) {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  const signing = await repo.findCurrentSigning(services.db, caller.scope, wf.id);
  if (!signing) throw notFound();
  return { workflowId: wf.id, status: signing.status, method: signing.method, executedFileKey: signing.executedFileKey, startedAt: iso(signing.startedAt), completedAt: iso(signing.completedAt) };
}

export async function cancelCurrentSigning(services: Services, ctx: RequestContext, contractId: number): Promise<Workflow> {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  return act(services, caller, byContract(services, caller, contractId), { op: 'CANCEL_SIGNING', stepCode: 'SIGNING', revision: wf.revision });
}

// Electronic signing (the e-sign module's seam) ----------------------------------------------------

const envelopeOpenError = () =>
  conflict(
    { ko: '전자서명이 진행 중입니다. 먼저 서명 요청(봉투)을 취소해 주세요.', en: 'An e-sign envelope is in progress: void the envelope first.' },
    { reason: 'ENVELOPE_IN_PROGRESS' },
  );

/** 409 while an e-sign envelope of the workflow is in progress (canceling or completing the signing by hand would strand it). */
async function assertNoOpenEnvelope(db: Exec, scope: TenantScope, workflowId: number): Promise<void> {
  const [open] = await db
    .select({ id: workflowSignings.id })
    .from(workflowSignings)
    .where(and(inScope(workflowSignings, scope), eq(workflowSignings.workflowId, workflowId), eq(workflowSignings.status, 'WAITING'), eq(workflowSignings.isEnvelopeOpen, true)))
    .limit(1);
  if (open) throw envelopeOpenError();
}

/**
 * An envelope starts on the contract's signing step: the contract's current workflow must wait at
 * SIGNING (409 otherwise, or when another envelope of it is open); its signing row becomes
 * ELECTRONIC with the envelope's id. Inside the e-sign module's transaction.
 */
export async function attachEnvelopeToSigning(tx: Tx, scope: TenantScope, input: { contractId: number; envelopeId: number }): Promise<{ workflowId: number }> {
  const wf = await repo.findCurrentWorkflowOfContract(tx, scope, input.contractId);
  if (!wf || wf.processStatus !== 'IN_SIGNING' || wf.currentStepCode !== 'SIGNING') {
    throw conflict({ ko: '계약이 서명 단계에 있지 않습니다.', en: 'The contract is not at its signing step.' }, { reason: 'NOT_AT_SIGNING' });
  }
  const locked = await repo.lockWorkflow(tx, scope, wf.id);
  if (!locked) throw notFound();
  await assertNoOpenEnvelope(tx, scope, wf.id);
  const updated = await tx
    .update(workflowSignings)
    .set({ method: 'ELECTRONIC', envelopeId: input.envelopeId, isEnvelopeOpen: true })
    .where(and(inScope(workflowSignings, scope), eq(workflowSignings.workflowId, wf.id), eq(workflowSignings.status, 'WAITING')))
    .returning({ id: workflowSignings.id });
  if (updated.length === 0) throw conflict({ ko: '계약이 서명 단계에 있지 않습니다.', en: 'The contract is not at its signing step.' }, { reason: 'NOT_AT_SIGNING' });
  return { workflowId: wf.id };
}

/** The envelope left (or re-entered) IN_PROGRESS: the workflow may (or may no longer) cancel its signing. */
export async function setEnvelopeOpen(tx: Tx, scope: TenantScope, input: { envelopeId: number; isOpen: boolean }): Promise<void> {
  await tx
    .update(workflowSignings)
    .set({ isEnvelopeOpen: input.isOpen })
    .where(and(inScope(workflowSignings, scope), eq(workflowSignings.envelopeId, input.envelopeId), eq(workflowSignings.status, 'WAITING')));
}

/**
 * The envelope completed: the signed PDF becomes the contract's executed copy and the signing step
 * completes (COMPLETE_SIGNING as the requester would; the contract turns SIGNED), in the e-sign
 * module's transaction. `bytes` are stored already (the e-sign module's object); null when the
 * workflow is no longer waiting for this envelope (nothing to do).
 */
export async function completeElectronicSigning(
  tx: Tx,
  services: Services,
  scope: TenantScope,
  input: { contractId: number; envelopeId: number; bytes: Parameters<typeof fileExecutedCopy>[2]['bytes'] },
): Promise<{ executedFileKey: string } | null> {
  const wf = await repo.findCurrentWorkflowOfContract(tx, scope, input.contractId);
  if (!wf) return null;
  const locked = await repo.lockWorkflow(tx, scope, wf.id);
  if (!locked || locked.processStatus !== 'IN_SIGNING' || locked.currentStepCode !== 'SIGNING') return null;
  const signing = await repo.findCurrentSigning(tx, scope, wf.id);
  if (!signing || signing.status !== 'WAITING' || signing.envelopeId !== input.envelopeId) return null;
  const loaded = await load(tx, scope, locked);
  const [contractRow] = await tx.select().from(contracts).where(and(inScope(contracts, scope), eq(contracts.id, input.contractId)));
  if (!contractRow) return null;
  const actorUserId = locked.requesterUserId;
  const caller: Caller = { scope, actor: { userId: actorUserId, permissions: new Set([PERMISSIONS.contractAdmin]), groupIds: new Set() }, ctx: { ip: '', userAgent: undefined } as RequestContext };
  const outcome = apply(loaded.state, factsOf(caller.actor, contractRow.ownerUserId), { op: 'COMPLETE_SIGNING', stepCode: 'SIGNING', fileCount: 1, documentRevision: null });
  if (!outcome.ok) throw refusalError(outcome);
  const saved = await fileExecutedCopy(tx, services, { scope, contractId: input.contractId, userId: actorUserId, ctx: null, bytes: input.bytes, sourceFileKey: `esign:${input.envelopeId}` });
  const { assignerIds } = await persist(tx, scope, loaded, outcome.state, { userId: actorUserId, executedFileKey: saved.fileKey });
  await tx.update(workflowSignings).set({ isEnvelopeOpen: false }).where(and(inScope(workflowSignings, scope), eq(workflowSignings.id, signing.id)));
  await appendEvent(tx, scope, locked, outcome.state.round, {
    type: 'ACTION', stepCode: 'SIGNING', actionId: 'COMPLETE_SIGNING', actorUserId, from: outcome.from, to: outcome.to, comment: `e-sign envelope ${input.envelopeId} completed`, mentionUserIds: [], files: [],
  });
  await syncContract(tx, caller, input.contractId, outcome.to, `workflow ${locked.id}: e-sign envelope ${input.envelopeId} completed`);
  await recordAudit(tx, { type: 'workflow.action', data: { workflowId: locked.id, contractId: input.contractId, action: 'COMPLETE_SIGNING', stepCode: 'SIGNING', from: outcome.from, to: outcome.to, round: outcome.state.round } }, { ...auditMetaOf(null, null), ...scope });
  await sendMails(services, tx, { ...caller, actor: { ...caller.actor, userId: 0 } }, { id: input.contractId, title: contractRow.title }, mailsFor(outcome.notices, outcome.state, assignerIds), null);
  return { executedFileKey: saved.fileKey };
}
