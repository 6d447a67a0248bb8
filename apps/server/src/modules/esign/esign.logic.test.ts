import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash, GENESIS_HASH, verifyChain } from './esign.chain';
import { envelopeProblems } from './esign.create';
import { currentTurn, linkStateOf } from './esign.state';

const at = new Date('2026-11-27T01:02:03.456Z');
const facts = (seq: number) => ({ seq, type: 'SIGNED', partyId: 7, at, ip: '10.0.0.1', userAgent: 'UA', verificationMethod: 'EMAIL', detail: null });

describe('the event chain', () => {
  it('is canonical (sorted keys) and links each hash to the one before', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: null, c: 'x' }] })).toBe('{"a":[2,{"c":"x","d":null}],"b":1}');
    const h1 = eventHash(GENESIS_HASH, facts(1));
    const h2 = eventHash(h1, facts(2));
    expect(h1).toMatch(/^[0-9a-f]{64}$/);
    const chain = [{ ...facts(1), prevHash: GENESIS_HASH, hash: h1 }, { ...facts(2), prevHash: h1, hash: h2 }];
    expect(verifyChain(chain)).toEqual({ isValid: true, brokenAtSeq: null });
    expect(verifyChain([chain[0]!, { ...chain[1]!, ip: '10.0.0.2' }])).toEqual({ isValid: false, brokenAtSeq: 2 });
    expect(verifyChain([{ ...chain[0]!, detail: 'x' }, chain[1]!])).toEqual({ isValid: false, brokenAtSeq: 1 });
    expect(verifyChain([chain[1]!])).toEqual({ isValid: false, brokenAtSeq: 2 });
  });
});

describe('turns', () => {
  const e = { status: 'IN_PROGRESS' as const, signingOrder: 'SEQUENTIAL' as const, isFinalizing: false, expiresAt: new Date(Date.now() + 86_400_000) };
  const parties = [
    { id: 1, order: 1, status: 'SIGNED' as const },
    { id: 2, order: 2, status: 'SENT' as const },
    { id: 3, order: 3, status: 'WAITING' as const },
  ];
  it('SEQUENTIAL: the lowest unsigned order; PARALLEL: every unsigned party; none once finished', () => {
    expect(currentTurn(e, parties).map((p) => p.id)).toEqual([2]);
    expect(currentTurn({ ...e, signingOrder: 'PARALLEL' }, parties).map((p) => p.id)).toEqual([2, 3]);
    expect(currentTurn({ ...e, isFinalizing: true }, parties)).toEqual([]);
    expect(currentTurn({ ...e, status: 'DECLINED' }, parties)).toEqual([]);
  });
  it('link states', () => {
    const now = new Date();
    expect(linkStateOf(e, parties, parties[0]!, now)).toBe('ALREADY_SIGNED');
    expect(linkStateOf(e, parties, parties[1]!, now)).toBe('ACTIVE');
    expect(linkStateOf(e, parties, parties[2]!, now)).toBe('NOT_YOUR_TURN');
    expect(linkStateOf({ ...e, expiresAt: new Date(now.getTime() - 1) }, parties, parties[1]!, now)).toBe('EXPIRED');
    expect(linkStateOf({ ...e, status: 'VOIDED' }, parties, parties[1]!, now)).toBe('VOIDED');
  });
});

describe('envelope input checks', () => {
  const base = {
    title: 't', signingOrder: 'SEQUENTIAL' as const, expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    parties: [
      { kind: 'COMPANY' as const, name: '회사', order: 1, verificationMethods: ['EMAIL' as const], locale: 'ko' as const },
      { kind: 'EXTERNAL' as const, name: '외부', email: 'a@example.com', order: 1, verificationMethods: ['EMAIL' as const], locale: 'ko' as const },
    ],
    fields: [{ key: 'k', partyOrder: 1, type: 'TEXT' as const, page: 1, x: 0.9, y: 0.1, width: 0.2, height: 0.1, required: true }],
  };
  it('names each problem', () => {
    expect(envelopeProblems(base, 1).map((p) => p.field)).toEqual(expect.arrayContaining(['body.parties.1.order', 'body.fields.0.type', 'body.fields.0.width', 'body.parties.0']));
    expect(envelopeProblems({ ...base, expiresAt: new Date(Date.now() + 100 * 86_400_000).toISOString() }, 1).map((p) => p.field)).toContain('body.expiresAt');
  });
});
