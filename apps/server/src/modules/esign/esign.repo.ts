import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { memberDisplayNames } from '../auth';
import { eventHash, GENESIS_HASH } from './esign.chain';
import { envelopeEvents, envelopes, fields, parties } from './esign.table';

export type Exec = Db | Tx;

/** The name a member acts under in the workspace, for the event log's "by" column. */
export async function actorNameOf(db: Exec, scope: TenantScope, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  return (await memberDisplayNames(db, scope, [userId])).get(userId) ?? null;
}
export type EnvelopeRow = typeof envelopes.$inferSelect;
export type PartyRow = typeof parties.$inferSelect;
export type FieldRow = typeof fields.$inferSelect;
export type EventRow = typeof envelopeEvents.$inferSelect;

/** Unchecked: the envelope of the scope (the sender routes check the caller's right to it). */
export async function findEnvelopeRow(db: Exec, scope: TenantScope, envelopeId: number): Promise<EnvelopeRow | undefined> {
  const [row] = await db.select().from(envelopes).where(and(inScope(envelopes, scope), eq(envelopes.id, envelopeId)));
  return row;
}

/** The envelope row locked for a change (every change of an envelope takes it first). */
export async function lockEnvelope(tx: Tx, scope: TenantScope, envelopeId: number): Promise<EnvelopeRow | undefined> {
  const [row] = await tx.select().from(envelopes).where(and(inScope(envelopes, scope), eq(envelopes.id, envelopeId))).for('update');
  return row;
}

export async function listParties(db: Exec, scope: TenantScope, envelopeId: number): Promise<PartyRow[]> {
  return db.select().from(parties).where(and(inScope(parties, scope), eq(parties.envelopeId, envelopeId))).orderBy(asc(parties.order), asc(parties.id));
}

export async function listFields(db: Exec, scope: TenantScope, envelopeId: number): Promise<FieldRow[]> {
  return db.select().from(fields).where(and(inScope(fields, scope), eq(fields.envelopeId, envelopeId))).orderBy(asc(fields.page), asc(fields.y), asc(fields.x), asc(fields.id));
}

export async function listEvents(db: Exec, scope: TenantScope, envelopeId: number): Promise<EventRow[]> {
  return db.select().from(envelopeEvents).where(and(inScope(envelopeEvents, scope), eq(envelopeEvents.envelopeId, envelopeId))).orderBy(asc(envelopeEvents.seq));
}

export interface NewEvent {
  type: EventRow['type'];
  partyId?: number | null;
  actorName?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  verificationMethod?: EventRow['verificationMethod'];
  detail?: string | null;
  at?: Date;
}

/**
 * Appends the next event (seq from the envelope row, under its lock), chained to the one before.
 * The caller holds the envelope's row lock (lockEnvelope) in `tx`.
 */
export async function appendEvent(tx: Tx, scope: TenantScope, envelopeId: number, event: NewEvent): Promise<EventRow> {
  const [bumped] = await tx
    .update(envelopes)
    .set({ lastEventSeq: sql`${envelopes.lastEventSeq} + 1`, updatedAt: new Date(), version: sql`${envelopes.version} + 1` })
    .where(and(inScope(envelopes, scope), eq(envelopes.id, envelopeId)))
    .returning({ seq: envelopes.lastEventSeq });
  const seq = bumped!.seq;
  const [prev] = seq > 1
    ? await tx.select({ hash: envelopeEvents.hash }).from(envelopeEvents).where(and(eq(envelopeEvents.envelopeId, envelopeId), eq(envelopeEvents.seq, seq - 1)))
    : [];
  const prevHash = prev?.hash ?? GENESIS_HASH;
  // Milliseconds only: the stored timestamp must give back the hashed instant.
  const at = new Date(Math.floor((event.at ?? new Date()).getTime()));
  const facts = {
    seq,
    type: event.type,
    partyId: event.partyId ?? null,
    at,
    ip: event.ip ?? null,
    userAgent: event.userAgent?.slice(0, 500) ?? null,
    verificationMethod: event.verificationMethod ?? null,
    detail: event.detail?.slice(0, 2000) ?? null,
  };
  const hash = eventHash(prevHash, facts);
  const [row] = await tx
    .insert(envelopeEvents)
    .values({ ...scope, envelopeId, ...facts, actorName: event.actorName ?? null, prevHash, hash })
    .returning();
  return row!;
}
