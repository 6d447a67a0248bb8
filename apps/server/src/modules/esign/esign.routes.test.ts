import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EnvelopeSchema } from '@legal/api';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsOf } from '../notifications/notifications.test-support';
import { mailOutbox } from '../../platform/mail/mail.table';
import { createTestApp, type TestApp } from '../../test/harness';
import { workspaceHeaders } from '../auth/auth.test-support';
import { caller, fieldsOf, person } from '../contracts/contracts.test-support';
import { workflowSignings } from '../workflows';
import { sweepExpiredEnvelopes } from './esign.finalize';
import { envelopes, signerSessions, verificationCodes } from './esign.table';
import {
  asSigner, codeOf, contractAtSigning, esignWorkspace, inDays, lastMail, linkTokenOf, makePdf, type Person, SIGNER_HEADER, SIGNER_URL_HEADER, signWith, twoSigners, verifyByEmail, type Workspace,
} from './esign.test-support';

/**
 * The e-sign routes' matrix: sender routes (401, 400 naming the field, 403 without
 * esign.document.send, 404 across tenants with nothing changed, 409 by state), documents/v1 by API
 * key, and the signer routes with wrong, expired, other-signer and other-envelope tokens, codes
 * guessed past the limit and sends past the hourly limit; the SMS and easy-auth drivers against a
 * loopback stand-in.
 */

let t: TestApp;
let ws: Workspace;
let other: Workspace;
let owner: Person;
let reader: Person;
let admin: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;
let standIn: http.Server;
const texts: Array<{ to: string; text: string; auth: string | undefined }> = [];

/** The loopback stand-in of the SMS gateway and the easy-auth broker (docs/esign.md protocols). */
async function startStandIn() {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = body ? JSON.parse(body) : {};
      res.setHeader('content-type', 'application/json');
      if (req.url === '/sms') {
        texts.push({ to: json.to, text: json.text, auth: req.headers.authorization });
        res.end('{}');
      } else if (req.url === '/easy/requests') {
        res.end(JSON.stringify({ requestId: `req-${json.phone}-${json.provider}`, expiresAt: new Date(Date.now() + 300_000).toISOString() }));
      } else if (req.url === '/easy/results/verify') {
        // The result token names what the provider verified: "<requestId>|<name>|<phone>"; "bad" is refused.
        const [requestId, name, phone] = String(json.resultToken).split('|');
        if (!name) {
          res.statusCode = 400;
          res.end('{"error":"not verified"}');
        } else res.end(JSON.stringify({ requestId, name, phone }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

beforeAll(async () => {
  standIn = await startStandIn();
  const port = (standIn.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      SMS_URL: `http://127.0.0.1:${port}/sms`,
      SMS_TOKEN: 'sms-secret',
      EASY_AUTH_URL: `http://127.0.0.1:${port}/easy`,
      EASY_AUTH_CLIENT_ID: 'client',
      EASY_AUTH_CLIENT_SECRET: 'secret',
    },
  });
  ws = await esignWorkspace(t);
  other = await esignWorkspace(t);
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  reader = await person(t, ws, ['READER'], '이독자');
  admin = await person(t, ws, ['WORKSPACE_ADMIN'], '관리자');
  outsider = await person(t, other, ['WORKSPACE_ADMIN'], '송예린');
  call = caller(t, () => ws);
}, 300_000);
afterAll(async () => {
  await t?.close();
  standIn?.close();
});

const BASE = '/api/esign/envelopes';
async function send(body: object, who: Person = owner) {
  const res = await call(who, 'POST', `${BASE}/v1`, body);
  expect(res.statusCode, res.body).toBe(200);
  return EnvelopeSchema.parse(res.json().data);
}
const row = async (id: number) => (await t.services.db.select().from(envelopes).where(eq(envelopes.id, id)))[0]!;
const urlHeaders = (token: string) => ({ [SIGNER_URL_HEADER]: token });

describe('sender routes', () => {
  it('401 anonymous, 403 without esign.document.send, 400 naming fields, 409 off the signing step', async () => {
    const { contractId } = await contractAtSigning(t, owner, '매트릭스 계약');
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/v1`, headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    expect((await call(reader, 'GET', `${BASE}/v1`)).statusCode).toBe(403);
    expect((await call(reader, 'POST', `${BASE}/v1`, twoSigners(contractId))).statusCode).toBe(403);

    const bad = await call(owner, 'POST', `${BASE}/v1`, twoSigners(contractId, {
      parties: [
        { kind: 'EXTERNAL', name: '메일없음', order: 1, verificationMethods: ['EMAIL'] },
        { kind: 'EXTERNAL', name: '폰없음', email: 'p@example.com', order: 2, verificationMethods: ['SMS_OTP'] },
      ],
      fields: [
        { key: 'a', partyOrder: 1, type: 'SIGNATURE', page: 9, x: 0.1, y: 0.1, width: 0.1, height: 0.1 },
        { key: 'b', partyOrder: 5, type: 'TEXT', page: 1, x: 0.1, y: 0.1, width: 0.1, height: 0.1 },
      ],
    }));
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.parties.0.email', 'body.parties.1.phone', 'body.fields.1.partyOrder']));
    // A field on a page the PDF does not have (the PDF has 2).
    const offPage = await call(owner, 'POST', `${BASE}/v1`, twoSigners(contractId, { fields: [{ key: 'a', partyOrder: 1, type: 'SIGNATURE', page: 9, x: 0.1, y: 0.1, width: 0.1, height: 0.1 }] }));
    expect(offPage.statusCode).toBe(400);
    expect(fieldsOf(offPage)).toEqual(['body.fields.0.page']);

    // Not at the signing step: a contract without a workflow.
    const plain = await call(owner, 'POST', '/api/alex/contracts/v6', { title: '워크플로 없는 계약', contractType: 'SUPPLY' });
    const notAtSigning = await call(owner, 'POST', `${BASE}/v1`, twoSigners(plain.json().data.id));
    expect([409, 400]).toContain(notAtSigning.statusCode);

    const env = await send(twoSigners(contractId));
    const again = await call(owner, 'POST', `${BASE}/v1`, twoSigners(contractId));
    expect(again.statusCode).toBe(409);

    // The workflow refuses to cancel its signing while the envelope is in progress.
    const cancelSigning = await call(owner, 'DELETE', `/api/conhub/contracts/${contractId}/signings/current/v1`);
    expect(cancelSigning.statusCode).toBe(409);
    expect(cancelSigning.json().data.reason).toBe('ENVELOPE_IN_PROGRESS');

    // Another tenant: 404 everywhere, nothing changed.
    const before = await row(env.envelopeId);
    for (const [method, url, body] of [
      ['GET', `${BASE}/${env.envelopeId}/v1`, undefined],
      ['GET', `${BASE}/${env.envelopeId}/events/v1`, undefined],
      ['GET', `${BASE}/${env.envelopeId}/verification/v1`, undefined],
      ['GET', `${BASE}/${env.envelopeId}/download/pdf/v1`, undefined],
      ['POST', `${BASE}/${env.envelopeId}/reminders/v1`, undefined],
      ['POST', `${BASE}/${env.envelopeId}/void/v1`, { reason: '남의 봉투' }],
      ['POST', `${BASE}/${env.envelopeId}/resend/v1`, {}],
    ] as const) {
      const res = await call(outsider, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await row(env.envelopeId)).toEqual(before);
    const list = await call(outsider, 'GET', `${BASE}/v1`);
    expect(list.json().data.content.map((e: { envelopeId: number }) => e.envelopeId)).not.toContain(env.envelopeId);
    const mine = await call(owner, 'GET', `${BASE}/v1?contractId=${contractId}`);
    expect(mine.json().data.content.map((e: { envelopeId: number }) => e.envelopeId)).toEqual([env.envelopeId]);

    // Remind: once per 10 minutes.
    expect((await call(owner, 'POST', `${BASE}/${env.envelopeId}/reminders/v1`)).statusCode).toBe(200);
    const tooSoon = await call(owner, 'POST', `${BASE}/${env.envelopeId}/reminders/v1`);
    expect(tooSoon.statusCode).toBe(429);

    // Void: final, links stop, the workflow may cancel again.
    const link = await linkTokenOf(t, `hong-${contractId}@example.com`);
    const voided = await call(owner, 'POST', `${BASE}/${env.envelopeId}/void/v1`, { reason: '조건 변경' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'VOIDED', voidReason: '조건 변경' });
    expect((await t.app.inject({ method: 'GET', url: '/api/esign/signers/verification-methods/v1', headers: urlHeaders(link) })).statusCode).toBe(401);
    expect((await call(owner, 'POST', `${BASE}/${env.envelopeId}/void/v1`, { reason: '다시' })).statusCode).toBe(409);
    expect((await call(owner, 'POST', `${BASE}/${env.envelopeId}/resend/v1`, {})).statusCode).toBe(409);
    const [signing] = await t.services.db.select().from(workflowSignings).where(eq(workflowSignings.envelopeId, env.envelopeId));
    expect(signing!.isEnvelopeOpen).toBe(false);
    expect((await call(owner, 'DELETE', `/api/conhub/contracts/${contractId}/signings/current/v1`)).statusCode).toBe(200);
  }, 120_000);
});

describe('documents/v1 with an API key', () => {
  it('creates an API envelope in the key\'s workspace; another workspace\'s headers are refused', async () => {
    const key = await call(admin, 'POST', '/api/auth/api-keys/v1', { name: '전자서명 연동' });
    expect(key.statusCode, key.body).toBe(200);
    const secret = key.json().data.secret as string;
    const body = {
      title: 'API 문서', signingOrder: 'PARALLEL', expiresAt: inDays(3), externalReference: 'ERP-77',
      parties: [{ name: '외부인', email: 'api-signer@example.com', order: 1 }],
      fields: [{ key: 's', partyOrder: 1, type: 'SIGNATURE', page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1 }],
      document: { fileName: 'api.pdf', contentBase64: (await makePdf(1)).toString('base64') },
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/esign/documents/v1', payload: body })).statusCode).toBe(401);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/esign/documents/v1', headers: { 'x-api-key': secret, 'x-tenant': String(other.tenantId), 'x-workspace': String(other.workspaceId) }, payload: body });
    expect(foreign.statusCode).toBe(403);
    const notPdf = await t.app.inject({ method: 'POST', url: '/api/esign/documents/v1', headers: { 'x-api-key': secret }, payload: { ...body, document: { fileName: 'a.txt', contentBase64: Buffer.from('hello there').toString('base64') } } });
    expect([400, 415]).toContain(notPdf.statusCode);
    const res = await t.app.inject({ method: 'POST', url: '/api/esign/documents/v1', headers: { 'x-api-key': secret }, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ source: 'API', contractId: null, sender: null, externalReference: 'ERP-77', status: 'IN_PROGRESS' });
    const id = res.json().data.envelopeId;
    expect((await call(owner, 'GET', `${BASE}/${id}/v1`)).statusCode).toBe(200);
    expect((await call(outsider, 'GET', `${BASE}/${id}/v1`)).statusCode).toBe(404);
  }, 60_000);
});

describe('signer routes', () => {
  it('refuses wrong, other-signer and expired tokens; sequential turns; codes guessed past the limit are burnt; sends are limited per hour', async () => {
    const { contractId } = await contractAtSigning(t, owner, '서명자 토큰 계약');
    const body = twoSigners(contractId);
    const env = await send(body);
    const link1 = await linkTokenOf(t, body.parties[0]!.email);

    // Unknown tokens.
    expect((await t.app.inject({ method: 'GET', url: '/api/esign/signers/verification-methods/v1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/esign/signers/verification-methods/v1', headers: urlHeaders('x'.repeat(43)) })).statusCode).toBe(401);
    expect((await asSigner(t, 'y'.repeat(43), 'GET', 'documents/v1')).statusCode).toBe(401);
    // A URL token is not a signer token.
    expect((await asSigner(t, link1, 'GET', 'documents/v1')).statusCode).toBe(401);

    // Codes: five wrong guesses burn the code.
    expect((await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/send/v2', headers: urlHeaders(link1) })).statusCode).toBe(200);
    const real = await codeOf(t, body.parties[0]!.email);
    const wrong = real === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/verify/v2', headers: urlHeaders(link1), payload: { code: wrong } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'ERROR_OTP_INVALID', data: { currentRetryCount: i } });
    }
    const fifth = await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/verify/v2', headers: urlHeaders(link1), payload: { code: wrong } });
    expect(fifth.json().code).toBe('ERROR_OTP_EXPIRED');
    const burnt = await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/verify/v2', headers: urlHeaders(link1), payload: { code: real } });
    expect(burnt.statusCode).toBe(401);
    expect(burnt.json().code).toBe('ERROR_OTP_EXPIRED');

    // SMS through the HTTP driver (the loopback gateway), with its bearer token.
    const sms = await t.app.inject({ method: 'POST', url: '/api/esign/signers/otp/send/v1', headers: urlHeaders(link1) });
    expect(sms.statusCode, sms.body).toBe(200);
    const text = texts.at(-1)!;
    expect(text).toMatchObject({ to: '01012345678', auth: 'Bearer sms-secret' });
    const otp = text.text.match(/(\d{6})/)![1]!;
    const viaSms = await t.app.inject({ method: 'POST', url: `/api/esign/signers/otp/verify/v1?otp=${otp}`, headers: urlHeaders(link1) });
    expect(viaSms.statusCode, viaSms.body).toBe(200);
    const s1 = viaSms.json().data.signerToken as string;

    // Sends past the hourly limit: 429 with Retry-After (e-mail: 1 sent so far).
    for (let i = 2; i <= 5; i++) expect((await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/send/v2', headers: urlHeaders(link1) })).statusCode).toBe(200);
    const sixth = await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/send/v2', headers: urlHeaders(link1) });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

    // Party 2 has no link yet; party 1 signs; then party 2 signs, and party 1's token cannot act for party 2.
    expect(await lastMail(t, body.parties[1]!.email, 'esign.sign-request')).toBeUndefined();
    expect((await signWith(t, s1, [{ key: 'date1', value: '2026-13-45' }])).statusCode).toBe(400);
    expect((await signWith(t, s1, [{ key: 'date1', value: '2026-11-27' }])).statusCode).toBe(200);
    const again = await signWith(t, s1, [{ key: 'date1', value: '2026-11-27' }]);
    expect(again.json()).toMatchObject({ code: 'ERROR_SIGNING_CLOSED', data: { reason: 'ALREADY_SIGNED' } });
    const link2 = await linkTokenOf(t, body.parties[1]!.email);
    const s2 = await verifyByEmail(t, link2, body.parties[1]!.email);
    const mineOnly = await asSigner(t, s1, 'GET', 'documents/v1');
    expect(mineOnly.json().data.me.name).toBe('홍길동');

    // An expired signer token is refused.
    await t.services.db.update(signerSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signerSessions.tokenHash, (await import('./esign.tokens')).hashEsignToken(s2)));
    expect((await asSigner(t, s2, 'GET', 'documents/v1')).statusCode).toBe(401);
    expect(env.envelopeId).toBeGreaterThan(0);
  }, 120_000);

  it('a signer token of another envelope reaches nothing of this one; PARALLEL lets both sign at once', async () => {
    const a = await contractAtSigning(t, owner, '병렬 계약 A');
    const b = await contractAtSigning(t, owner, '병렬 계약 B');
    const bodyA = twoSigners(a.contractId, { signingOrder: 'PARALLEL' });
    const bodyB = twoSigners(b.contractId);
    const envA = await send(bodyA);
    await send(bodyB);
    // PARALLEL: both have links at once.
    const a1 = await linkTokenOf(t, bodyA.parties[0]!.email);
    const a2 = await linkTokenOf(t, bodyA.parties[1]!.email);
    const b1 = await linkTokenOf(t, bodyB.parties[0]!.email);
    const sa2 = await verifyByEmail(t, a2, bodyA.parties[1]!.email);
    const sb1 = await verifyByEmail(t, b1, bodyB.parties[0]!.email);
    const docB = await asSigner(t, sb1, 'GET', 'documents/v1');
    expect(docB.json().data.envelopeTitle).toBe(bodyB.title);
    expect(docB.json().data.fields.filter((f: { mine: boolean }) => f.mine).every((f: { key: string }) => ['sig1', 'date1'].includes(f.key))).toBe(true);
    // B's signer names A's field: not theirs.
    const cross = await signWith(t, sb1, [{ key: 'agree2', value: 'true' }]);
    expect(cross.statusCode).toBe(400);
    expect((await signWith(t, sa2, [])).statusCode).toBe(200);
    const sa1 = await verifyByEmail(t, a1, bodyA.parties[0]!.email);
    expect((await signWith(t, sa1, [{ key: 'date1', value: '2026-11-27' }])).statusCode).toBe(200);
    expect((await row(envA.envelopeId)).isFinalizing || (await row(envA.envelopeId)).status === 'COMPLETED').toBe(true);
  }, 120_000);

  it('decline -> resend as a new round -> sign; the decliner and those after get new links', async () => {
    const { contractId } = await contractAtSigning(t, owner, '거절 후 재발송 계약');
    const body = twoSigners(contractId);
    const env = await send(body);
    const s1 = await verifyByEmail(t, await linkTokenOf(t, body.parties[0]!.email), body.parties[0]!.email);
    expect((await signWith(t, s1, [{ key: 'date1', value: '2026-11-27' }])).statusCode).toBe(200);
    const oldLink2 = await linkTokenOf(t, body.parties[1]!.email);
    const s2 = await verifyByEmail(t, oldLink2, body.parties[1]!.email);
    expect((await asSigner(t, s2, 'PUT', 'reject/v1', { reason: '' })).statusCode).toBe(400);
    const declined = await asSigner(t, s2, 'PUT', 'reject/v1', { reason: '금액 조정 필요' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await row(env.envelopeId)).status).toBe('DECLINED');
    expect(await lastMail(t, owner.loginId, 'esign.sender-notice')).toBeTruthy();
    // In-app too, pointing at the contract (what the mail links to), with the party and the reason.
    const [declinedNews] = (await notificationsOf(t, owner)).filter((n) => n.kind === 'esign.DECLINED' && n.record.id === contractId);
    expect(declinedNews).toMatchObject({ record: { type: 'CONTRACT', id: contractId }, title: env.title, data: { partyName: body.parties[1]!.name, comment: '금액 조정 필요' }, actor: null });
    expect((await signWith(t, s2, [])).json()).toMatchObject({ code: 'ERROR_SIGNING_CLOSED', data: { reason: 'DECLINED' } });

    const resent = await call(owner, 'POST', `${BASE}/${env.envelopeId}/resend/v1`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({ status: 'IN_PROGRESS', round: 2, signedCount: 1, waitingOn: ['김철수'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/esign/signers/verification-methods/v1', headers: urlHeaders(oldLink2) })).statusCode).toBe(401);
    const newLink2 = await linkTokenOf(t, body.parties[1]!.email);
    expect(newLink2).not.toBe(oldLink2);
    const s2b = await verifyByEmail(t, newLink2, body.parties[1]!.email);
    expect((await signWith(t, s2b, [])).statusCode).toBe(200);
    expect((await row(env.envelopeId)).isFinalizing || (await row(env.envelopeId)).status === 'COMPLETED').toBe(true);
  }, 120_000);

  it('easy-auth through the loopback broker: the verified name and phone must match', async () => {
    const { contractId } = await contractAtSigning(t, owner, '간편인증 계약');
    const body = twoSigners(contractId, {
      parties: [{ kind: 'EXTERNAL', name: '홍길동', email: `easy-${contractId}@example.com`, phone: '010-2222-3333', order: 1, verificationMethods: ['EASY_AUTH'] }],
      fields: [{ key: 's', partyOrder: 1, type: 'SIGNATURE', page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1 }],
    });
    await send(body);
    const link = await linkTokenOf(t, `easy-${contractId}@example.com`);
    const methods = await t.app.inject({ method: 'GET', url: '/api/esign/signers/verification-methods/v1', headers: urlHeaders(link) });
    expect(methods.json().data.easyAuthProviders).toEqual(['KAKAO', 'NAVER', 'PASS', 'TOSS']);
    expect((await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/send/v2', headers: urlHeaders(link) })).statusCode).toBe(403);
    const requested = await t.app.inject({ method: 'POST', url: '/api/esign/signers/easy-auth/request/v1', headers: urlHeaders(link), payload: { provider: 'KAKAO' } });
    expect(requested.statusCode, requested.body).toBe(200);
    const requestId = requested.json().data.requestId as string;
    const verify = (result: string) => t.app.inject({ method: 'POST', url: `/api/esign/signers/easy-auth/verify/v1?signerToken=${link}`, headers: { 'content-type': 'text/plain' }, payload: result });
    expect((await verify('bad')).statusCode).toBe(401);
    expect((await verify(`${requestId}|김철수|01022223333`)).json().code).toBe('ERROR_OTP_INVALID');
    const ok = await verify(`${requestId}|홍길동|010-2222-3333`);
    expect(ok.statusCode, ok.body).toBe(200);
    const doc = await asSigner(t, ok.json().data.signerToken, 'GET', 'documents/v1');
    expect(doc.statusCode).toBe(200);
  }, 120_000);

  it('the expiry sweep marks an envelope EXPIRED; its links then show EXPIRED and cannot verify; a resend with a new expiry reopens it', async () => {
    const { contractId } = await contractAtSigning(t, owner, '만료 계약');
    const body = twoSigners(contractId);
    const env = await send(body);
    const link = await linkTokenOf(t, body.parties[0]!.email);
    await t.services.db.update(envelopes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(envelopes.id, env.envelopeId));
    expect(await sweepExpiredEnvelopes(t.services)).toBeGreaterThanOrEqual(1);
    expect((await row(env.envelopeId)).status).toBe('EXPIRED');
    const methods = await t.app.inject({ method: 'GET', url: '/api/esign/signers/verification-methods/v1', headers: urlHeaders(link) });
    expect(methods.json().data.linkState).toBe('EXPIRED');
    const send1 = await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/send/v2', headers: urlHeaders(link) });
    expect(send1.json()).toMatchObject({ code: 'ERROR_SIGNING_CLOSED', data: { reason: 'EXPIRED' } });
    const noExpiry = await call(owner, 'POST', `${BASE}/${env.envelopeId}/resend/v1`, {});
    expect(fieldsOf(noExpiry)).toEqual(['body.expiresAt']);
    const reopened = await call(owner, 'POST', `${BASE}/${env.envelopeId}/resend/v1`, { expiresAt: inDays(5) });
    expect(reopened.json().data).toMatchObject({ status: 'IN_PROGRESS', round: 2 });
  }, 120_000);
});

describe('the development SMS driver', () => {
  it('without SMS_URL outside production, texts go to the development mailbox', async () => {
    const plain = await createTestApp({ startJobs: false });
    try {
      const w = await esignWorkspace(plain);
      const p = await person(plain, w, ['GENERAL_MEMBER'], '발신자');
      const { contractId } = await contractAtSigning(plain, p, 'SMS 개발 계약');
      const res = await plain.app.inject({ method: 'POST', url: `${BASE}/v1`, headers: p.headers, payload: twoSigners(contractId) });
      expect(res.statusCode, res.body).toBe(200);
      const link = await linkTokenOf(plain, `hong-${contractId}@example.com`);
      expect((await plain.app.inject({ method: 'POST', url: '/api/esign/signers/otp/send/v1', headers: urlHeaders(link) })).statusCode).toBe(200);
      const [m] = await plain.services.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'sms+01012345678@dev.invalid'), like(mailOutbox.template, 'esign.%')));
      expect(m?.subject).toMatch(/\d{6}/);
      const codes = await plain.services.db.select().from(verificationCodes);
      expect(codes.every((c) => !c.codeHash.includes(m!.subject.match(/(\d{6})/)![1]!))).toBe(true);
      expect(SIGNER_HEADER).toBe('x-signer-token');
    } finally {
      await plain.close();
    }
  }, 120_000);
});
