import type { Envelope, EnvelopeStatus } from '@legal/api';
import type { z } from 'zod';
import type { EnvelopeEventSchema, EnvelopeSummarySchema, FieldSchema, PartySchema } from '@legal/api';
import type { TenantScope } from '../../platform/http/context';
import { memberDisplayNames } from '../auth';
import * as repo from './esign.repo';
import { currentTurn } from './esign.state';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function partyDto(p: repo.PartyRow): z.input<typeof PartySchema> {
  return {
    partyId: p.id, kind: p.kind, order: p.order, name: p.name, email: p.email, phone: p.phone, role: p.role, status: p.status,
    verificationMethods: p.verificationMethods, verifiedBy: p.verifiedBy, sentAt: iso(p.sentAt), viewedAt: iso(p.viewedAt), signedAt: iso(p.signedAt),
    declinedAt: iso(p.declinedAt), declineReason: p.declineReason,
  };
}

export function fieldDto(f: repo.FieldRow, parties: readonly repo.PartyRow[]): z.input<typeof FieldSchema> {
  const isImage = f.type === 'SIGNATURE' || f.type === 'SEAL';
  return {
    key: f.key, partyOrder: parties.find((p) => p.id === f.partyId)?.order ?? 0, type: f.type, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height,
    required: f.isRequired, label: f.label, filled: f.filledAt !== null, value: isImage ? null : f.value,
  };
}

export function eventDto(e: repo.EventRow): z.input<typeof EnvelopeEventSchema> {
  return {
    seq: e.seq, type: e.type, partyId: e.partyId, actorName: e.actorName, at: e.at.toISOString(), ip: e.ip, userAgent: e.userAgent,
    verificationMethod: e.verificationMethod, detail: e.detail, prevHash: e.prevHash, hash: e.hash,
  };
}

/** The status a reader sees: an envelope past its expiry that the sweep has not reached yet reads EXPIRED. */
export function visibleStatus(e: repo.EnvelopeRow, now = new Date()): EnvelopeStatus {
  return e.status === 'IN_PROGRESS' && !e.isFinalizing && e.expiresAt <= now ? 'EXPIRED' : e.status;
}

export function summaryDto(e: repo.EnvelopeRow, parties: readonly repo.PartyRow[], senderName: string | null): z.input<typeof EnvelopeSummarySchema> {
  return {
    envelopeId: e.id, title: e.title, status: visibleStatus(e), signingOrder: e.signingOrder, contractId: e.contractId, source: e.source, round: e.round,
    expiresAt: e.expiresAt.toISOString(), createdAt: e.createdAt.toISOString(), completedAt: iso(e.completedAt),
    sender: e.senderUserId === null ? null : { userId: e.senderUserId, displayName: senderName },
    partyCount: parties.length, signedCount: parties.filter((p) => p.status === 'SIGNED').length,
    waitingOn: currentTurn(e, parties).map((p) => p.name),
  };
}

export async function envelopeDto(db: repo.Exec, scope: TenantScope, e: repo.EnvelopeRow): Promise<Envelope> {
  const [parties, fields, names] = await Promise.all([repo.listParties(db, scope, e.id), repo.listFields(db, scope, e.id), memberDisplayNames(db, scope, [e.senderUserId])]);
  return {
    ...summaryDto(e, parties, e.senderUserId === null ? null : (names.get(e.senderUserId) ?? null)),
    message: e.message, externalReference: e.externalReference, parties: parties.map(partyDto), fields: fields.map((f) => fieldDto(f, parties)),
    pageCount: e.pages.length, originalSha256: e.originalSha256, signedSha256: e.signedSha256, signedFileKey: e.signedFileKey, voidReason: e.voidReason,
  } as Envelope;
}
