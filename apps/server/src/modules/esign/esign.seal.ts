import type { EnvelopeStatus } from '@legal/api';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { decodePng } from './esign.signer';
import * as repo from './esign.repo';
import { currentTurn } from './esign.state';
import { envelopes, fields as fieldsTable, parties as partiesTable } from './esign.table';
import { afterSignature } from './esign.turns';
import './esign.audit';

const kstDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * The seals module applies the company's seal (under an approved usage request): the SEAL fields
 * of the COMPANY party whose turn it is take the seal image, its DATE fields today's date (KST),
 * the party is SIGNED with a SEAL_APPLIED event, and the envelope moves on (maybe to completion).
 * In the caller's transaction. 404 for an envelope of another workspace; 409 when the envelope is
 * not in progress or no COMPANY party's turn is open.
 */
export async function applyCompanySeal(
  tx: Tx,
  services: AppServices,
  scope: TenantScope,
  input: { envelopeId: number; sealImagePng: Buffer; sealName: string; appliedBy: { userId: number; name: string }; ip: string | null; userAgent: string | null },
): Promise<{ envelopeId: number; contractId: number | null; partyId: number }> {
  const e = await repo.lockEnvelope(tx, scope, input.envelopeId);
  if (!e) throw notFound();
  if (e.status !== 'IN_PROGRESS' || e.isFinalizing || e.expiresAt <= new Date()) throw conflict({ ko: '진행 중인 서명 요청이 아닙니다.', en: 'The envelope is not in progress.' }, { reason: e.isFinalizing ? 'FINALIZING' : e.status });
  const parties = await repo.listParties(tx, scope, e.id);
  const party = currentTurn(e, parties).find((p) => p.kind === 'COMPANY');
  if (!party) throw conflict({ ko: '지금은 회사 날인 차례가 아닙니다.', en: "It is not the company's turn to seal." }, { reason: 'NOT_COMPANY_TURN' });
  const png = decodePng(input.sealImagePng.toString('base64'), 'sealImagePng');
  const now = new Date();
  const own = (await repo.listFields(tx, scope, e.id)).filter((f) => f.partyId === party.id);
  for (const f of own) {
    if (f.type === 'SEAL') await tx.update(fieldsTable).set({ imagePng: png.toString('base64'), value: input.sealName, filledAt: now }).where(eq(fieldsTable.id, f.id));
    else if (f.type === 'DATE') await tx.update(fieldsTable).set({ value: kstDate(now), filledAt: now }).where(eq(fieldsTable.id, f.id));
  }
  await tx
    .update(partiesTable)
    .set({ status: 'SIGNED', signedAt: now, sealName: input.sealName, sealedByUserId: input.appliedBy.userId, signatureKind: 'UPLOADED', signaturePng: png.toString('base64') })
    .where(and(inScope(partiesTable, scope), eq(partiesTable.id, party.id)));
  const meta = { ip: input.ip, userAgent: input.userAgent, actorName: input.appliedBy.name };
  await repo.appendEvent(tx, scope, e.id, { type: 'SEAL_APPLIED', partyId: party.id, ...meta, detail: `seal ${input.sealName} by ${input.appliedBy.name}` });
  await recordAudit(tx, { type: 'esign.seal_applied', data: { envelopeId: e.id, partyId: party.id, sealName: input.sealName } }, { actorUserId: input.appliedBy.userId, ...scope, ip: input.ip, userAgent: input.userAgent });
  await afterSignature(tx, services, scope, e.id, meta);
  return { envelopeId: e.id, contractId: e.contractId, partyId: party.id };
}

/** One envelope of the scope (no caller check: the seals module checks its own rights), or null. */
export async function findEnvelope(db: Db | Tx, scope: TenantScope, envelopeId: number): Promise<{ envelopeId: number; contractId: number | null; status: EnvelopeStatus; title: string; completedAt: Date | null } | null> {
  const e = await repo.findEnvelopeRow(db, scope, envelopeId);
  return e ? { envelopeId: e.id, contractId: e.contractId, status: e.status, title: e.title, completedAt: e.completedAt } : null;
}

export interface SealedEnvelope {
  envelopeId: number;
  contractId: number | null;
  title: string;
  completedAt: Date;
  seals: Array<{ partyId: number; partyName: string; sealName: string | null; sealedByUserId: number | null; sealedAt: Date | null }>;
}

/** COMPLETED envelopes with a COMPANY party's seal, completed in [from, to), for the seal ledger reconciliation. */
export async function listSealedEnvelopes(db: Db | Tx, scope: TenantScope, range: { from: Date; to: Date }): Promise<SealedEnvelope[]> {
  const done = await db
    .select()
    .from(envelopes)
    .where(and(inScope(envelopes, scope), eq(envelopes.status, 'COMPLETED'), gte(envelopes.completedAt, range.from), lt(envelopes.completedAt, range.to)))
    .orderBy(asc(envelopes.completedAt), asc(envelopes.id));
  if (done.length === 0) return [];
  const company = await db
    .select()
    .from(partiesTable)
    .where(and(inScope(partiesTable, scope), inArray(partiesTable.envelopeId, done.map((e) => e.id)), eq(partiesTable.kind, 'COMPANY')));
  return done
    .map((e) => ({
      envelopeId: e.id, contractId: e.contractId, title: e.title, completedAt: e.completedAt!,
      seals: company.filter((p) => p.envelopeId === e.id).map((p) => ({ partyId: p.id, partyName: p.name, sealName: p.sealName, sealedByUserId: p.sealedByUserId, sealedAt: p.signedAt })),
    }))
    .filter((e) => e.seals.length > 0);
}


