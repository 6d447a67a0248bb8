import { createHash } from 'node:crypto';
import { EnvelopeSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { contracts } from '../contracts';
import { caller, fieldsOf, person } from '../contracts/contracts.test-support';
import { notifiedKinds } from '../notifications/notifications.test-support';
import { workflowSignings } from '../workflows';
import { finalizeEnvelope } from './esign.finalize';
import { applyCompanySeal, findEnvelope, listSealedEnvelopes } from './index';
import { envelopeEvents, envelopes } from './esign.table';
import {
  asSigner, contractAtSigning, esignWorkspace, inDays, lastMail, linkTokenOf, type Person, SIGNER_URL_HEADER, signaturePng, signWith, twoSigners, verifyByEmail, type Workspace,
} from './esign.test-support';
import { verifySignedPdf } from './pdf';

/**
 * E-sign through HTTP on the real database: an envelope from a contract's signing step to the
 * executed, signed PDF; the sender routes' matrix; the signer routes with wrong, expired,
 * replayed, other-signer and other-envelope tokens.
 */

let t: TestApp;
let ws: Workspace;
let owner: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  ws = await esignWorkspace(t);
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  call = caller(t, () => ws);
}, 300_000);
afterAll(() => t?.close());

const BASE = '/api/esign/envelopes';

async function send(body: object, who: Person = owner) {
  const res = await call(who, 'POST', `${BASE}/v1`, body);
  expect(res.statusCode, res.body).toBe(200);
  return EnvelopeSchema.parse(res.json().data);
}
const envelopeRow = async (id: number) => (await t.services.db.select().from(envelopes).where(eq(envelopes.id, id)))[0]!;
const completed = (id: number) => waitFor(async () => ((await envelopeRow(id)).status === 'COMPLETED' ? envelopeRow(id) : null), 60_000, 250);

describe('the path: a contract envelope, two signers in order, the executed signed PDF', () => {
  it('sends, verifies, signs in turn, and files the signed PDF as the contract executed copy', async () => {
    const { contractId } = await contractAtSigning(t, owner);
    const body = twoSigners(contractId);
    const env = await send(body);
    expect(env).toMatchObject({ status: 'IN_PROGRESS', source: 'CONTRACT', round: 1, partyCount: 2, signedCount: 0, waitingOn: ['홍길동'], pageCount: 2 });
    expect(env.parties.map((p) => p.status)).toEqual(['SENT', 'WAITING']);
    const [signing] = await t.services.db.select().from(workflowSignings).where(eq(workflowSignings.envelopeId, env.envelopeId));
    expect(signing).toMatchObject({ method: 'ELECTRONIC', isEnvelopeOpen: true, status: 'WAITING' });

    // The first signer's link: verification methods, then an e-mail code.
    const link1 = await linkTokenOf(t, body.parties[0]!.email);
    const methods = await t.app.inject({ method: 'GET', url: '/api/esign/signers/verification-methods/v1', headers: { [SIGNER_URL_HEADER]: link1 } });
    expect(methods.statusCode, methods.body).toBe(200);
    // The sender is the organisation by its name, not the workspace's URL name, in the mail and on the page.
    expect((await lastMail(t, body.parties[0]!.email, 'esign.sign-request'))!.text).toContain('한빛 테스트 주식회사에서');
    expect(methods.json().data).toMatchObject({ linkState: 'ACTIVE', signerName: '홍길동', senderName: '한빛 테스트 주식회사', methods: ['EMAIL', 'SMS_OTP'], easyAuthProviders: [], maskedEmail: expect.stringContaining('@example.com') });
    const s1 = await verifyByEmail(t, link1, body.parties[0]!.email);
    const doc = await asSigner(t, s1, 'PUT', 'view/v1');
    expect(doc.statusCode, doc.body).toBe(200);
    expect(doc.json().data.me).toMatchObject({ name: '홍길동', status: 'VIEWED' });
    expect(doc.json().data.fields.filter((f: { mine: boolean }) => f.mine).map((f: { key: string }) => f.key).sort()).toEqual(['date1', 'sig1']);
    const pdf = await asSigner(t, s1, 'GET', 'download/pdf/v1');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // The second signer has no link yet (sequential).
    expect(await lastMail(t, body.parties[1]!.email, 'esign.sign-request')).toBeUndefined();
    const missing = await signWith(t, s1, []);
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toContain('body.values.date1');
    const signed1 = await signWith(t, s1, [{ key: 'date1', value: '2026-11-27' }]);
    expect(signed1.statusCode, signed1.body).toBe(200);
    expect(signed1.json().data.linkState).toBe('ALREADY_SIGNED');

    const link2 = await linkTokenOf(t, body.parties[1]!.email);
    const s2 = await verifyByEmail(t, link2, body.parties[1]!.email);
    // Party 2's token does not reach party 1's fields.
    const notMine = await signWith(t, s2, [{ key: 'date1', value: '2026-11-27' }]);
    expect(notMine.statusCode).toBe(400);
    expect(fieldsOf(notMine)).toContain('body.values.0.key');
    const signed2 = await signWith(t, s2, [{ key: 'agree2', value: 'true' }]);
    expect(signed2.statusCode, signed2.body).toBe(200);

    const done = await completed(env.envelopeId);
    expect(done.signedFileKey).toBeTruthy();
    const [contract] = await t.services.db.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, contractId));
    expect(contract!.status).toBe('SIGNED');
    const executed = await call(owner, 'GET', `/api/conhub/contracts/${contractId}/documents/executed/download/v1`);
    expect(executed.statusCode, executed.body.slice(0, 300)).toBe(200);
    const check = await verifySignedPdf(executed.rawPayload);
    expect(check).toMatchObject({ valid: true, coversWholeFile: true });

    // Every party and the sender receive the executed PDF attached (its exact bytes), with the link still.
    for (const [to, template] of [[body.parties[0]!.email, 'esign.party-notice'], [body.parties[1]!.email, 'esign.party-notice'], [owner.loginId, 'esign.sender-notice']] as const) {
      const mail = (await lastMail(t, to, template))!;
      expect(mail.subject, to).toContain(template === 'esign.party-notice' ? '모든 당사자의 서명이 완료되었습니다' : '전자서명이 완료되었습니다');
      expect(mail.attachments, to).toEqual([{ filename: `${body.title} (서명완료).pdf`, contentType: 'application/pdf', storageKey: done.signedStorageKey, size: expect.any(Number), sha256: done.signedSha256 }]);
      expect(mail.text, to).toContain(`첨부 파일: ${body.title} (서명완료).pdf`);
      expect(mail.text, to).toMatch(template === 'esign.party-notice' ? /서명된 PDF 받기: http\S+\/sign\// : /열기: http\S+/);
      const listed = (await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/v1?to=${encodeURIComponent(to)}` })).json().data.content.find((m: { id: number }) => m.id === mail.id);
      const attached = await t.app.inject({ method: 'GET', url: listed.attachments[0].downloadUrl });
      expect(createHash('sha256').update(attached.rawPayload).digest('hex'), to).toBe(done.signedSha256);
    }

    const verification = await call(owner, 'GET', `${BASE}/${env.envelopeId}/verification/v1`);
    expect(verification.json().data).toMatchObject({ chainValid: true, brokenAtSeq: null, pdfSignatureValid: true, signedSha256Matches: true });
    const events = await call(owner, 'GET', `${BASE}/${env.envelopeId}/events/v1`);
    expect(events.json().data.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['CREATED', 'SENT', 'VERIFICATION_SENT', 'VERIFIED', 'VIEWED', 'SIGNED', 'COMPLETED']),
    );
    // The sender is named on the creation, as on every later action of theirs.
    expect(events.json().data.find((e: { type: string }) => e.type === 'CREATED')).toMatchObject({ actorName: '김민준' });

    // A replayed signer token after completion: closed; the link still verifies to download.
    const replay = await signWith(t, s2, [{ key: 'agree2', value: 'true' }]);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ code: 'ERROR_SIGNING_CLOSED', data: { reason: 'COMPLETED' } });
    const after = await verifyByEmail(t, link1, body.parties[0]!.email);
    const signedPdf = await asSigner(t, after, 'GET', 'download/pdf/v1');
    expect((await verifySignedPdf(signedPdf.rawPayload)).valid).toBe(true);

    // Tampering one event row breaks the chain at that event.
    await t.services.db.update(envelopeEvents).set({ detail: 'tampered' }).where(and(eq(envelopeEvents.envelopeId, env.envelopeId), eq(envelopeEvents.seq, 3)));
    const broken = await call(owner, 'GET', `${BASE}/${env.envelopeId}/verification/v1`);
    expect(broken.json().data).toMatchObject({ chainValid: false, brokenAtSeq: 3 });

    // A rerun of the finalize job finds it completed: nothing changes, no second file.
    expect(await finalizeEnvelope(t.services, ws, env.envelopeId)).toBe('SKIPPED');
  }, 120_000);
});

describe('the company seal (the seals module\'s seam)', () => {
  it('refuses before the company\'s turn, applies the seal on its turn, completes, and lists the sealed envelope', async () => {
    const { contractId } = await contractAtSigning(t, owner, '날인 계약');
    const email = `seal-signer-${contractId}@example.com`;
    const env = await send({
      contractId, signingOrder: 'SEQUENTIAL', expiresAt: inDays(5),
      parties: [
        { kind: 'EXTERNAL', name: '상대방', email, order: 1 },
        { kind: 'COMPANY', name: '우리 회사', role: '대표이사', order: 2 },
      ],
      fields: [
        { key: 'ext', partyOrder: 1, type: 'SIGNATURE', page: 1, x: 0.1, y: 0.8, width: 0.2, height: 0.08 },
        { key: 'seal', partyOrder: 2, type: 'SEAL', page: 2, x: 0.6, y: 0.8, width: 0.15, height: 0.1 },
        { key: 'sealDate', partyOrder: 2, type: 'DATE', page: 2, x: 0.6, y: 0.92, width: 0.2, height: 0.04 },
      ],
    });
    const seal = { envelopeId: env.envelopeId, sealImagePng: await signaturePng(), sealName: '법인인감', appliedBy: { userId: owner.userId, name: '김민준' }, ip: null, userAgent: null };
    await expect(t.services.db.transaction((tx) => applyCompanySeal(tx, t.services, ws, seal))).rejects.toMatchObject({ code: 'ERROR_CONFLICT' });
    const other = await esignWorkspace(t);
    await expect(t.services.db.transaction((tx) => applyCompanySeal(tx, t.services, other, seal))).rejects.toMatchObject({ code: 'ERROR_NOT_FOUND' });
    const s1 = await verifyByEmail(t, await linkTokenOf(t, email), email);
    expect((await signWith(t, s1)).statusCode).toBe(200);
    expect(await lastMail(t, owner.loginId, 'esign.sender-notice')).toMatchObject({ subject: expect.stringContaining('날인') });
    const applied = await t.services.db.transaction((tx) => applyCompanySeal(tx, t.services, ws, seal));
    expect(applied).toMatchObject({ envelopeId: env.envelopeId, contractId });
    const done = await completed(env.envelopeId);
    expect(await findEnvelope(t.services.db, ws, env.envelopeId)).toMatchObject({ status: 'COMPLETED', contractId, completedAt: done.completedAt });
    // The sender side hears of the seal due and the completion in-app as well, on the contract.
    expect(await notifiedKinds(t, owner, { type: 'CONTRACT', id: contractId })).toEqual(expect.arrayContaining(['esign.SEAL_DUE', 'esign.COMPLETED']));
    const sealed = await listSealedEnvelopes(t.services.db, ws, { from: new Date(Date.now() - 3600_000), to: new Date(Date.now() + 60_000) });
    expect(sealed.find((e) => e.envelopeId === env.envelopeId)?.seals).toEqual([expect.objectContaining({ sealName: '법인인감', sealedByUserId: owner.userId })]);
    const events = await call(owner, 'GET', `${BASE}/${env.envelopeId}/events/v1`);
    expect(events.json().data.some((e: { type: string }) => e.type === 'SEAL_APPLIED')).toBe(true);
  }, 180_000);
});
