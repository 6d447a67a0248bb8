import { createHash } from 'node:crypto';

/** The first event's `prevHash`. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedFacts {
  seq: number;
  type: string;
  partyId: number | null;
  at: Date;
  ip: string | null;
  userAgent: string | null;
  verificationMethod: string | null;
  detail: string | null;
}

/** Keys sorted, no whitespace: the same facts always give the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** hash = sha256(prevHash + canonical JSON of {seq,type,partyId,at,ip,userAgent,verificationMethod,detail}), hex. */
export function eventHash(prevHash: string, e: ChainedFacts): string {
  const facts = {
    seq: e.seq,
    type: e.type,
    partyId: e.partyId,
    at: e.at.toISOString(),
    ip: e.ip,
    userAgent: e.userAgent,
    verificationMethod: e.verificationMethod,
    detail: e.detail,
  };
  return createHash('sha256').update(prevHash + canonicalJson(facts)).digest('hex');
}

/** Recomputes the chain in seq order: the first seq whose link or hash does not hold, or null. */
export function verifyChain(events: ReadonlyArray<ChainedFacts & { prevHash: string; hash: string }>): { isValid: boolean; brokenAtSeq: number | null } {
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  for (const e of events) {
    if (e.seq !== expectedSeq || e.prevHash !== prev || eventHash(prev, e) !== e.hash) return { isValid: false, brokenAtSeq: e.seq };
    prev = e.hash;
    expectedSeq += 1;
  }
  return { isValid: true, brokenAtSeq: null };
}
