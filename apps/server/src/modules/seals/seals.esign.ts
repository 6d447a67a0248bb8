import type { Db, Tx } from '../../platform/db/client';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { memberDisplayNames } from '../auth';
import { applyCompanySeal, findEnvelope, listSealedEnvelopes } from '../esign';
import type { SealCaller } from './seals.policy';
import type { SealRow } from './seals.repo';
import { imageBytes } from './seals.service';

/**
 * What the seal service uses of e-sign, in one place: applying a seal image to the company party's
 * SEAL fields of an envelope, the envelopes completed with a company seal (reconciliation) and an
 * envelope's status and contract (sync-status).
 */
export interface ElectronicApplication {
  contractId: number | null;
}

/**
 * The seal's image on the envelope's company SEAL fields, in the caller's transaction. The
 * envelope must belong to `contractId` when one is named, and (`requireContract`, a request's
 * application) the request must name a contract: 400 `body.envelopeId` otherwise.
 */
export async function applyElectronically(
  services: AppServices,
  ctx: RequestContext,
  tx: Tx,
  caller: SealCaller,
  seal: SealRow,
  input: { envelopeId: number; contractId: number | null; requireContract: boolean },
): Promise<ElectronicApplication> {
  const envelope = await findEnvelope(tx, caller.scope, input.envelopeId);
  if (!envelope) throw validationError([{ field: 'body.envelopeId', reason: 'no envelope with this id in this workspace' }]);
  if (input.requireContract && input.contractId === null) throw validationError([{ field: 'body.envelopeId', reason: 'the request names no contract: apply it physically, or request the seal on the contract' }]);
  if (input.contractId !== null && envelope.contractId !== input.contractId) throw validationError([{ field: 'body.envelopeId', reason: 'the envelope is not of the request\'s contract' }]);
  const name = (await memberDisplayNames(tx, caller.scope, [caller.userId])).get(caller.userId) ?? '';
  const applied = await applyCompanySeal(tx, services, caller.scope, {
    envelopeId: input.envelopeId, sealImagePng: await imageBytes({ db: tx, storage: services.storage }, caller.scope, seal), sealName: seal.name,
    appliedBy: { userId: caller.userId, name }, ip: ctx.ip, userAgent: ctx.userAgent ?? null,
  });
  return { contractId: applied.contractId };
}

export interface SealedEnvelope {
  envelopeId: number;
  contractId: number | null;
  completedAt: Date;
}

export async function sealedEnvelopes(db: Db, scope: TenantScope, range: { from: Date; to: Date }): Promise<SealedEnvelope[]> {
  return (await listSealedEnvelopes(db, scope, range)).map((e) => ({ envelopeId: e.envelopeId, contractId: e.contractId, completedAt: e.completedAt }));
}

export async function envelopeStatusOf(db: Db, scope: TenantScope, envelopeId: number): Promise<{ status: string; contractId: number | null } | null> {
  const envelope = await findEnvelope(db, scope, envelopeId);
  return envelope ? { status: envelope.status, contractId: envelope.contractId } : null;
}
