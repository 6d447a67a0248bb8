import type { EnvelopeStatus, SignerStatus } from '@legal/api';

/** What the turn rules need of a party. */
export interface TurnParty {
  id: number;
  order: number;
  status: SignerStatus;
}

/**
 * The parties whose turn it is: none unless the envelope is IN_PROGRESS (and not finalizing);
 * PARALLEL: every party that has not signed; SEQUENTIAL: the unsigned parties of the lowest order
 * (the same order signs together).
 */
export function currentTurn<P extends TurnParty>(envelope: { status: EnvelopeStatus; signingOrder: 'SEQUENTIAL' | 'PARALLEL'; isFinalizing: boolean }, parties: readonly P[]): P[] {
  if (envelope.status !== 'IN_PROGRESS' || envelope.isFinalizing) return [];
  const open = parties.filter((p) => p.status !== 'SIGNED');
  if (envelope.signingOrder === 'PARALLEL') return open;
  if (open.length === 0) return [];
  const lowest = Math.min(...open.map((p) => p.order));
  return open.filter((p) => p.order === lowest);
}

export type LinkState = 'ACTIVE' | 'NOT_YOUR_TURN' | 'ALREADY_SIGNED' | 'DECLINED' | 'COMPLETED' | 'VOIDED' | 'EXPIRED';

/** Where a party's link stands (the signer page's screen). */
export function linkStateOf<P extends TurnParty>(
  envelope: { status: EnvelopeStatus; signingOrder: 'SEQUENTIAL' | 'PARALLEL'; isFinalizing: boolean; expiresAt: Date },
  parties: readonly P[],
  party: P,
  now: Date,
): LinkState {
  if (envelope.status === 'COMPLETED') return 'COMPLETED';
  if (envelope.status === 'VOIDED') return 'VOIDED';
  if (envelope.status === 'DECLINED') return 'DECLINED';
  if (envelope.status === 'EXPIRED' || envelope.expiresAt <= now) return 'EXPIRED';
  if (party.status === 'SIGNED') return 'ALREADY_SIGNED';
  return currentTurn(envelope, parties).some((p) => p.id === party.id) ? 'ACTIVE' : 'NOT_YOUR_TURN';
}

/** Every party has signed. */
export const allSigned = (parties: readonly TurnParty[]) => parties.length > 0 && parties.every((p) => p.status === 'SIGNED');
