import type { ProcessStatus, StepCode, WorkflowAction } from '@legal/api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/client';
import { notify, type NotificationInput } from '../../platform/notifications/notifications';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, type TenantScope } from '../../platform/http/context';
import { validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { membersWithPermission, peopleByIds } from '../admin';
import { findWorkspaceName } from '../auth';
import { addContractParticipants, canTransition, changeContractStatus, readableContract } from '../contracts';
import { findReadableFiles, type ReadableFile } from '../files';
import { PERMISSIONS, stepGroupOf } from './workflow.presets';
import { contractStatusFor, type EngineState, FINAL_STATUSES, type Notice, waitingApprovers } from './workflow.state';
import { actorOfMember, contractStatusOf } from './workflows.people';
import type * as repo from './workflows.repo';
import { type MailKind, workflowNoticeMailTemplate } from './workflows.mail';
import { workflowApprovals, workflowApprovers, workflowEventFiles, workflowEvents, workflows, workflowSignings, workflowStepMembers, workflowSteps } from './workflows.table';
import { type Caller, type EventRow, type Loaded, type Services } from './workflow-read';

/**
 * The workflow hub's writes shared by its services, each run inside the action's transaction: the
 * next event (gap-free seq), the persisted engine state, the contract's status following the
 * workflow, the audit entry and the mails (and in-app notifications) of the next actors; and the
 * checks of what a body names (files, members able to act or read) made before the transaction.
 */

// Writing ------------------------------------------------------------------------------------------

export interface EventInput {
  type: EventRow['type'];
  stepCode: StepCode | null;
  actionId: WorkflowAction | null;
  actorUserId: number | null;
  from: ProcessStatus | null;
  to: ProcessStatus | null;
  comment: string | null;
  mentionUserIds: number[];
  files: ReadableFile[];
}

/** Appends the next event (seq = last + 1, under the workflow's row lock) with its files. */
export async function appendEvent(tx: Tx, scope: TenantScope, row: repo.WorkflowRow, round: number, e: EventInput): Promise<EventRow> {
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

export const audit = (tx: Tx, caller: Caller, event: AuditEvent) => recordAudit(tx, event, { ...auditMetaOf(caller.ctx, caller.actor.userId), ...caller.scope });

/** The files a body names: each readable by the caller (400 naming the key otherwise). */
export async function readableFiles(services: Services, ctx: RequestContext, fileKeys: readonly string[], field = 'body.fileKeys'): Promise<ReadableFile[]> {
  if (fileKeys.length === 0) return [];
  const found = await findReadableFiles(services, ctx, fileKeys);
  const missing = fileKeys.filter((k) => !found.has(k));
  if (missing.length > 0) throw validationError(missing.map((k) => ({ field, reason: `no such file: ${k}` })));
  return fileKeys.map((k) => found.get(k)!);
}

/** Users must be active members holding `permission` (400 naming the first one who is not). */
export async function assertHolders(services: Services, scope: TenantScope, userIds: readonly number[], permission: string, field: string | ((userId: number) => string)): Promise<void> {
  const holders = new Set((await membersWithPermission(services.db, scope, permission)).map((m) => m.userId));
  const wrong = userIds.filter((id) => !holders.has(id));
  const fieldOf = typeof field === 'string' ? () => field : field;
  if (wrong.length > 0) throw validationError(wrong.map((id) => ({ field: fieldOf(id), reason: `user ${id} may not act here (needs ${permission})` })));
}

/** The body path of a user in approval lines (`body.lines.1.userIds.0`): a 400 names the line and the place of the user. */
export function lineFieldOf(base: string, lines: ReadonlyArray<readonly number[]>): (userId: number) => string {
  return (userId) => {
    const line = lines.findIndex((ids) => ids.includes(userId));
    return line < 0 ? base : `${base}.${line}.userIds.${lines[line]!.indexOf(userId)}`;
  };
}

/** Mentioned users must be able to read the contract (400 naming the first one who may not). */
export async function assertMentionable(services: Services, caller: Caller, contractId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  for (const userId of userIds) {
    const actor = await actorOfMember(services.db, caller.scope, userId);
    const readable = actor ? await readableContract(services.db, caller.scope, actor, contractId).then(() => true, () => false) : false;
    if (!readable) throw validationError([{ field: 'body.mentionUserIds', reason: `user ${userId} may not read this contract` }]);
  }
}

export interface Mail {
  kind: MailKind;
  to: number[];
}

/**
 * Tells the next actors of a workflow (and the people mentioned): a mail each, in their language,
 * and the same news in-app pointing at the contract, both in the action's transaction. Each kind
 * reaches a member once; the actor never hears of their own action.
 */
export async function sendMails(services: Pick<AppServices, 'mailer'>, tx: Tx, caller: Caller, contract: { id: number; title: string }, mails: Mail[], comment: string | null) {
  const ids = [...new Set(mails.flatMap((m) => m.to))].filter((id) => id !== caller.actor.userId);
  if (ids.length === 0) return;
  const people = await peopleByIds(tx, caller.scope, [...ids, caller.actor.userId]);
  const workspaceName = (await findWorkspaceName(tx, caller.scope)) ?? '';
  const actorName = people.get(caller.actor.userId)?.displayName ?? '';
  const sent = new Set<string>();
  const told: NotificationInput[] = [];
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
      told.push({ kind: `workflow.${mail.kind}`, recipientUserIds: [id], record: { type: 'CONTRACT', id: contract.id }, title: contract.title, data: { comment }, actorUserId: caller.actor.userId });
    }
  }
  await notify(tx, caller.scope, told);
}

export function mailsFor(notices: Notice[], next: EngineState, assignerIds: number[]): Mail[] {
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
export async function persist(
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
export async function syncContract(tx: Tx, caller: Caller, contractId: number, status: ProcessStatus, reason: string): Promise<void> {
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
