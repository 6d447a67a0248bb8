import { and, eq } from 'drizzle-orm';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, type TenantScope } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { contracts, fileExecutedCopy } from '../contracts';
import { PERMISSIONS } from './workflow.presets';
import { apply, type EngineOp } from './workflow.state';
import * as repo from './workflows.repo';
import { workflowSignings } from './workflows.table';
import { type Caller, callerOf, currentOf, type Exec, factsOf, iso, load, refusalError, type Services } from './workflow-read';
import { appendEvent, mailsFor, persist, sendMails, syncContract } from './workflow-write';

/**
 * The workflow hub's signing step: its record, and the e-sign module's seam (an envelope attached
 * to the signing step, its open/closed state, its completion filing the executed copy) with the
 * refusals of hand-made signing moves while an envelope is open.
 */

// Signing ---------------------------------------------------------------------------------------------

export async function getCurrentSigning(services: Services, ctx: RequestContext, contractId: number) {
  const caller = await callerOf(services, ctx);
  const { wf } = await currentOf(services, caller, contractId);
  const signing = await repo.findCurrentSigning(services.db, caller.scope, wf.id);
  if (!signing) throw notFound();
  return { workflowId: wf.id, status: signing.status, method: signing.method, executedFileKey: signing.executedFileKey, startedAt: iso(signing.startedAt), completedAt: iso(signing.completedAt) };
}

// Electronic signing (the e-sign module's seam) ----------------------------------------------------

/** The ops that would strand an open envelope (canceling, completing or skipping the signing by hand). */
export const ENVELOPE_GUARDED_OPS: ReadonlySet<EngineOp> = new Set<EngineOp>(['CANCEL', 'CANCEL_SIGNING', 'COMPLETE_SIGNING', 'SKIP_SIGNING']);

const envelopeOpenError = () =>
  conflict(
    { ko: '전자서명이 진행 중입니다. 먼저 서명 요청(봉투)을 취소해 주세요.', en: 'An e-sign envelope is in progress: void the envelope first.' },
    { reason: 'ENVELOPE_IN_PROGRESS' },
  );

/** 409 while an e-sign envelope of the workflow is in progress (canceling or completing the signing by hand would strand it). */
export async function assertNoOpenEnvelope(db: Exec, scope: TenantScope, workflowId: number): Promise<void> {
  if (await repo.hasOpenEnvelope(db, scope, workflowId)) throw envelopeOpenError();
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
