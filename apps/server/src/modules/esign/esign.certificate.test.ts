import { SigningCertificateViewSchema } from '@legal/api';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { workspaceHeaders } from '../auth/auth.test-support';
import { caller, fieldsOf, person } from '../contracts/contracts.test-support';
import { multipart } from '../files/files.test-support';
import { openWith } from './esign.keys';
import { uploadedIdentityContext } from './esign.certificate';
import { envelopes, uploadedSigningCertificates } from './esign.table';
import { contractAtSigning, esignWorkspace, inDays, linkTokenOf, type Person, signWith, verifyByEmail, type Workspace } from './esign.test-support';
import { verifySignedPdf } from './pdf';
import { makeP12 } from './pdf/test-fixtures';

/**
 * A workspace's own signing certificate through HTTP: the route matrix (401, 403 for a member,
 * 415/413/400 naming the problem, 404 across workspaces with nothing changed), the sealed row, and
 * envelopes completed after an upload signed by it (checked with pkijs, independent of the
 * signer), after a delete by the generated one again.
 */

const PATH = '/api/esign/admin/signing-certificate/v1';
let t: TestApp;
let ws: Workspace;
let other: Workspace;
let admin: Person;
let owner: Person;
let member: Person;
let otherAdmin: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  ws = await esignWorkspace(t);
  other = await esignWorkspace(t);
  admin = await person(t, ws, ['WORKSPACE_ADMIN'], '관리자');
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  member = await person(t, ws, ['GENERAL_MEMBER'], '이구성');
  otherAdmin = await person(t, other, ['WORKSPACE_ADMIN'], '송예린');
  call = caller(t, () => ws);
}, 300_000);
afterAll(() => t?.close());

function upload(who: Person | null, parts: { file?: Buffer; password?: string; filename?: string }) {
  const body = multipart([
    ...(parts.password !== undefined ? [{ name: 'password', value: parts.password }] : []),
    ...(parts.file ? [{ name: 'file', value: parts.file, filename: parts.filename ?? 'company.p12', contentType: 'application/x-pkcs12' }] : []),
  ]);
  return t.app.inject({ method: 'PUT', url: PATH, headers: { ...(who ? who.headers : workspaceHeaders(ws)), ...body.headers }, payload: body.payload });
}

const rowOf = async (scope: Workspace) => (await t.services.db.select().from(uploadedSigningCertificates).where(and(eq(uploadedSigningCertificates.tenantId, scope.tenantId), eq(uploadedSigningCertificates.workspaceId, scope.workspaceId))))[0];

/** One outside signer signs; answers the signer certificate's subject of the completed PDF. */
async function completeOneEnvelope(title: string): Promise<string | null> {
  const { contractId } = await contractAtSigning(t, owner, title);
  const email = `cert-${contractId}@example.com`;
  const sent = await call(owner, 'POST', '/api/esign/envelopes/v1', {
    contractId, signingOrder: 'SEQUENTIAL', expiresAt: inDays(3),
    parties: [{ kind: 'EXTERNAL', name: '서명인', email, order: 1, verificationMethods: ['EMAIL'] }],
    fields: [{ key: 'sig', partyOrder: 1, type: 'SIGNATURE', page: 1, x: 0.1, y: 0.8, width: 0.2, height: 0.08 }],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const envelopeId = sent.json().data.envelopeId as number;
  const signerToken = await verifyByEmail(t, await linkTokenOf(t, email), email);
  expect((await signWith(t, signerToken)).statusCode).toBe(200);
  await waitFor(async () => ((await t.services.db.select().from(envelopes).where(eq(envelopes.id, envelopeId)))[0]?.status === 'COMPLETED' ? true : null), 120_000, 250);
  const pdf = await call(owner, 'GET', `/api/esign/envelopes/${envelopeId}/download/pdf/v1`);
  const check = await verifySignedPdf(pdf.rawPayload);
  expect(check).toMatchObject({ valid: true, coversWholeFile: true });
  return check.subject;
}

describe('the signing certificate routes', () => {
  it('401 anonymous, 403 for a member, 415 not multipart, 413 too large, 400 naming the part and the problem', async () => {
    const made = makeP12();
    for (const method of ['GET', 'DELETE'] as const) expect((await call(null, method, PATH)).statusCode, method).toBe(401);
    expect((await upload(null, { file: made.p12, password: made.password })).statusCode).toBe(401);
    for (const method of ['GET', 'DELETE'] as const) expect((await call(member, method, PATH)).statusCode, method).toBe(403);
    expect((await upload(member, { file: made.p12, password: made.password })).statusCode).toBe(403);

    expect((await call(admin, 'PUT', PATH, { file: 'x', password: 'y' })).statusCode).toBe(415);
    expect((await upload(admin, { file: Buffer.alloc(64 * 1024 + 1, 1), password: 'x' })).statusCode).toBe(413);
    const missing = await upload(admin, {});
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing).sort()).toEqual(['body.file', 'body.password']);

    const problems: Array<[{ p12: Buffer; password: string }, string, string]> = [
      [{ p12: Buffer.from('plain text, not a certificate'), password: 'x' }, 'body.file', 'NOT_PKCS12'],
      [{ p12: made.p12, password: 'not the password' }, 'body.password', 'WRONG_PASSWORD'],
      [makeP12({ notBefore: new Date(Date.now() - 90 * 86400_000), notAfter: new Date(Date.now() - 86400_000) }), 'body.file', 'EXPIRED'],
      [makeP12({ keyUsage: { keyEncipherment: true } }), 'body.file', 'KEY_USAGE'],
      [makeP12({ isMismatched: true }), 'body.file', 'KEY_MISMATCH'],
      [makeP12({ withoutKey: true }), 'body.file', 'NO_PRIVATE_KEY'],
    ];
    for (const [input, field, reason] of problems) {
      const res = await upload(admin, { file: input.p12, password: input.password });
      expect(res.statusCode, reason).toBe(400);
      expect(res.json().data.fieldErrors, reason).toEqual([{ field, reason }]);
    }
    expect(await rowOf(ws)).toBeUndefined();
  }, 120_000);

  it('signs envelopes completed after an upload with the uploaded certificate; delete returns to the generated one', async () => {
    // Before: the generated certificate (made at the first completion).
    const generatedSubject = await completeOneEnvelope('생성 인증서로 서명되는 계약');
    const before = SigningCertificateViewSchema.parse((await call(admin, 'GET', PATH)).json().data);
    expect(before).toMatchObject({ inUse: 'GENERATED', uploaded: null, generated: { subject: generatedSubject } });

    const made = makeP12({ commonName: '고객사 전자계약 서명용', withCa: true });
    const res = await upload(admin, { file: made.p12, password: made.password, filename: '회사 인증서.pfx' });
    expect(res.statusCode, res.body).toBe(200);
    const view = SigningCertificateViewSchema.parse(res.json().data);
    expect(view).toMatchObject({
      inUse: 'UPLOADED',
      uploaded: { subject: made.subject, issuer: 'CN=고객사 인증기관, O=주식회사 고객사', serialNumber: made.serialNumber, isExpired: false, uploadedBy: { userId: admin.userId, displayName: '관리자' } },
      generated: { subject: generatedSubject },
    });
    expect(res.body).not.toContain(made.password);

    // Sealed in the row like the generated key: opens in this workspace's context only, and never holds the password.
    const row = (await rowOf(ws))!;
    expect(row.sealedP12).toMatch(/^v1\./);
    expect(openWith(t.services.config, row.sealedP12, uploadedIdentityContext(other))).toBeNull();
    const opened = JSON.parse(openWith(t.services.config, row.sealedP12, uploadedIdentityContext(ws))!);
    expect(opened.passphrase).not.toBe(made.password);

    // Another workspace's admin sees and deletes nothing of it.
    expect((await t.app.inject({ method: 'GET', url: PATH, headers: otherAdmin.headers })).json().data.uploaded).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: PATH, headers: otherAdmin.headers })).statusCode).toBe(404);
    expect(await rowOf(ws)).toEqual(row);

    expect(await completeOneEnvelope('고객사 인증서로 서명되는 계약')).toBe(made.subject);

    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, ws.workspaceId), like(auditEvents.type, 'esign.certificate_%'))).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ type: 'esign.certificate_uploaded', actorUserId: admin.userId, data: { subject: made.subject, serialNumber: made.serialNumber } });

    const deleted = await call(admin, 'DELETE', PATH);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({ inUse: 'GENERATED', uploaded: null });
    expect(await rowOf(ws)).toBeUndefined();
    expect((await call(admin, 'DELETE', PATH)).statusCode).toBe(404);
    expect(await completeOneEnvelope('다시 생성 인증서로 서명되는 계약')).toBe(generatedSubject);
  }, 300_000);

  it('passes over an uploaded certificate once it has expired (the page says so) and signs with the generated one', async () => {
    const made = makeP12({ commonName: '곧 만료되는 인증서' });
    expect((await upload(admin, { file: made.p12, password: made.password })).statusCode).toBe(200);
    await t.services.db.update(uploadedSigningCertificates).set({ notAfter: new Date(Date.now() - 1000) }).where(eq(uploadedSigningCertificates.workspaceId, ws.workspaceId));
    const view = (await call(admin, 'GET', PATH)).json().data;
    expect(view).toMatchObject({ inUse: 'GENERATED', uploaded: { subject: made.subject, isExpired: true } });
    expect(await completeOneEnvelope('만료 후 완료되는 계약')).toBe(view.generated.subject);
    expect((await call(admin, 'DELETE', PATH)).statusCode).toBe(200);
  }, 180_000);
});
