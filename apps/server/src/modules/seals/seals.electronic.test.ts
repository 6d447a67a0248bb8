import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { caller, person } from '../contracts/contracts.test-support';
import {
  contractAtSigning, esignWorkspace, inDays, linkTokenOf, type Person, signWith, verifyByEmail, type Workspace,
} from '../esign/esign.test-support';
import { act, approveAll, registerSeal, REQUESTS, requestSeal, SEALS } from './seals.test-support';
import { sealUsageHistories } from './seals.table';

/**
 * A usage request applied ELECTRONICALLY through HTTP on a real envelope: the seal image fills the
 * company party's SEAL field, the envelope completes, the ledger has one ELECTRONIC row for the
 * contract and the reconciliation finds nothing wrong. An envelope of another contract is refused.
 */

let t: TestApp;
let ws: Workspace;
let manager: Person;
let approver: Person;
let member: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  ws = await esignWorkspace(t, ['LEGAL_APPROVER']);
  manager = await person(t, ws, ['LEGAL_MANAGER'], '한지민');
  approver = await person(t, ws, ['LEGAL_APPROVER'], '최수아');
  member = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  call = caller(t, () => ws);
}, 300_000);
afterAll(() => t?.close());

/** A contract at signing with an envelope: one outside signer (signed), then the company's seal. */
async function envelopeAwaitingSeal(title: string) {
  const { contractId } = await contractAtSigning(t, member, title);
  const email = `signer-${contractId}@example.com`;
  const res = await call(member, 'POST', '/api/esign/envelopes/v1', {
    contractId, signingOrder: 'SEQUENTIAL', expiresAt: inDays(7),
    parties: [
      { kind: 'EXTERNAL', name: '홍길동', email, order: 1, verificationMethods: ['EMAIL'] },
      { kind: 'COMPANY', name: '한빛 주식회사', role: '대표이사', order: 2 },
    ],
    fields: [
      { key: 'sig1', partyOrder: 1, type: 'SIGNATURE', page: 1, x: 0.1, y: 0.8, width: 0.25, height: 0.08 },
      { key: 'seal2', partyOrder: 2, type: 'SEAL', page: 2, x: 0.6, y: 0.75, width: 0.15, height: 0.1 },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const envelopeId = res.json().data.envelopeId as number;
  const signerToken = await verifyByEmail(t, await linkTokenOf(t, email), email);
  const signed = await signWith(t, signerToken);
  expect(signed.statusCode, signed.body).toBe(200);
  return { contractId, envelopeId };
}

describe('an approved usage request applied on the contract\'s envelope', () => {
  it('fills the company seal field, completes the envelope and writes one electronic ledger row', async () => {
    const seal = await registerSeal(t, manager, manager);
    const { contractId, envelopeId } = await envelopeAwaitingSeal('전자 날인 계약');
    const other = await envelopeAwaitingSeal('다른 계약');

    const request = await requestSeal(t, member, seal.sealId, [approver], { contractId });
    const version = await approveAll(t, request.requestId, [approver]);

    // The envelope of another contract is not this request's.
    const wrong = await act(t, manager, request.requestId, 'APPLY', { version, method: 'ELECTRONIC', envelopeId: other.envelopeId });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().data.fieldErrors ?? wrong.json().data).toBeTruthy();
    // Only the custodian (or seal.seal.manage) applies.
    expect((await act(t, member, request.requestId, 'APPLY', { version, method: 'ELECTRONIC', envelopeId })).statusCode).toBe(403);

    const applied = await act(t, manager, request.requestId, 'APPLY', { version, method: 'ELECTRONIC', envelopeId });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ status: 'APPLIED', appliedMethod: 'ELECTRONIC', envelopeId });

    const histories = await t.services.db.select().from(sealUsageHistories).where(eq(sealUsageHistories.requestId, request.requestId));
    expect(histories).toHaveLength(1);
    expect(histories[0]).toMatchObject({ method: 'ELECTRONIC', referenceType: 'ENVELOPE', referenceId: envelopeId });

    // The last party signed: the finalize job completes the envelope and executes the contract.
    const envelopeNow = async (id: number) => (await call(manager, 'GET', `/api/esign/envelopes/${id}/v1`)).json().data as { status: string; signedSha256: string | null; fields: Array<{ key: string; filled: boolean }> };
    const done = await waitFor(async () => {
      const env = await envelopeNow(envelopeId);
      return env.status === 'COMPLETED' ? env : null;
    }, 90_000, 250);
    expect(done.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(done.fields.find((f) => f.key === 'seal2')).toMatchObject({ filled: true });
    const verification = await call(manager, 'GET', `/api/esign/envelopes/${envelopeId}/verification/v1`);
    expect(verification.json().data).toMatchObject({ chainValid: true, pdfSignatureValid: true, signedSha256Matches: true });

    // The ledger, the contract's sync status and the reconciliation agree.
    const sync = await call(manager, 'GET', `/api/seal/signatures/sync-status/v1?referenceType=CONTRACT&referenceId=${contractId}`);
    expect(sync.json().data).toMatchObject({ status: 'SYNCED', applications: 1 });
    const report = await call(manager, 'GET', '/api/seal/reconciliation/v1?from=2026-01-01&to=2026-12-31');
    expect(report.statusCode, report.body).toBe(200);
    const mine = (report.json().data.mismatches as Array<{ requestId: number | null; referenceId: number | null }>).filter((m) => m.requestId === request.requestId || m.referenceId === contractId);
    expect(mine).toEqual([]);

    // The seal's usage count moved; the other envelope still waits on its company party.
    const sealNow = await call(manager, 'GET', `${SEALS}/${seal.sealId}/v1`);
    expect(sealNow.json().data.usageCount).toBe(1);
    expect((await envelopeNow(other.envelopeId)).status).toBe('IN_PROGRESS');
    expect((await call(member, 'GET', `${REQUESTS}/${request.requestId}/v1`)).json().data.status).toBe('APPLIED');
  }, 240_000);
});
