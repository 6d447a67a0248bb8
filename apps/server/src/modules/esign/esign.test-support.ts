/** Helpers for the e-sign tests (and the seals module's): not a test file itself. */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { RoleCode } from '@legal/api';
import { createCanvas } from '@napi-rs/canvas';
import { and, desc, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.table';
import type { TestApp } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { createContract, type Person, uploadFile, type Workspace } from '../contracts/contracts.test-support';

export const SIGNER_URL_HEADER = 'x-signer-url-token';
export const SIGNER_HEADER = 'x-signer-token';

/** A workspace with the e-contract product (and CLM for contracts and workflows). */
export function esignWorkspace(t: TestApp, extraRoles: RoleCode[] = []) {
  return newWorkspace(t, { tenantName: '한빛 테스트 주식회사', tenantNameEn: 'Hanbit Test Co.', products: ['AI_REVIEW', 'CLM', 'E_CONTRACT', 'SEAL'], extraRoles: ['WORKSPACE_ADMIN', 'READER', 'LEGAL_REVIEWER', ...extraRoles] });
}

/** A plain PDF of `pages` A4 pages. */
export async function makePdf(pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([595.28, 841.89]).drawText(`Page ${i + 1} of the agreement`, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A small PNG with transparency (a drawn signature). */
export async function signaturePng(): Promise<Buffer> {
  const canvas = createCanvas(160, 60);
  const ctx = canvas.getContext('2d');
  ctx.strokeStyle = 'rgba(20, 20, 120, 1)';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(10, 40);
  ctx.bezierCurveTo(40, 0, 80, 60, 150, 20);
  ctx.stroke();
  return canvas.encode('png');
}

/** A contract with a PDF main document whose workflow waits at its signing step (the SIGNING preset). */
export async function contractAtSigning(t: TestApp, owner: Person, title = '소프트웨어 개발 용역 계약'): Promise<{ contractId: number }> {
  const doc = await uploadFile(t, owner, await makePdf(2), `${title}.pdf`);
  const c = await createContract(t, owner, { title, files: [{ fileKey: doc, role: 'MAIN' }] });
  const res = await t.app.inject({ method: 'POST', url: `/api/conhub/contracts/${c.id}/workflows/v2`, headers: owner.headers, payload: { presetType: 'SIGNING' } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toMatchObject({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING' });
  return { contractId: c.id };
}

export const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

/** Two outside signers in order, each with a signature and a date field on page 1. */
export function twoSigners(contractId: number, extra: Record<string, unknown> = {}) {
  return {
    contractId,
    title: '용역 계약 서명 요청',
    message: '검토 후 서명 부탁드립니다',
    signingOrder: 'SEQUENTIAL',
    expiresAt: inDays(7),
    parties: [
      { kind: 'EXTERNAL', name: '홍길동', email: `hong-${contractId}@example.com`, phone: '010-1234-5678', role: '갑', order: 1, verificationMethods: ['EMAIL', 'SMS_OTP'] },
      { kind: 'EXTERNAL', name: '김철수', email: `kim-${contractId}@example.com`, role: '을', order: 2, verificationMethods: ['EMAIL'] },
    ],
    fields: [
      { key: 'sig1', partyOrder: 1, type: 'SIGNATURE', page: 1, x: 0.1, y: 0.8, width: 0.25, height: 0.08 },
      { key: 'date1', partyOrder: 1, type: 'DATE', page: 1, x: 0.1, y: 0.9, width: 0.2, height: 0.04 },
      { key: 'sig2', partyOrder: 2, type: 'SIGNATURE', page: 2, x: 0.6, y: 0.8, width: 0.25, height: 0.08 },
      { key: 'agree2', partyOrder: 2, type: 'CHECKBOX', page: 2, x: 0.6, y: 0.7, width: 0.04, height: 0.03, required: false },
    ],
    ...extra,
  };
}

/** The latest mail to an address with this template. */
export async function lastMail(t: TestApp, to: string, template: string) {
  const [m] = await t.services.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template))).orderBy(desc(mailOutbox.id)).limit(1);
  return m;
}

/** The URL token of the latest signing link mailed to `email`. */
export async function linkTokenOf(t: TestApp, email: string): Promise<string> {
  const m = await lastMail(t, email, 'esign.sign-request');
  const match = m?.text.match(/\/sign\/([A-Za-z0-9_-]{43})/);
  expect(match, `a signing link mailed to ${email}`).toBeTruthy();
  return match![1]!;
}

/** The latest code mailed to `email` (or texted to the dev mailbox's sms+ address). */
export async function codeOf(t: TestApp, to: string): Promise<string> {
  const [m] = await t.services.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), like(mailOutbox.template, 'esign.%'))).orderBy(desc(mailOutbox.id)).limit(1);
  const match = m?.subject.match(/(\d{6})/);
  expect(match, `a code sent to ${to}`).toBeTruthy();
  return match![1]!;
}

/** Verifies by e-mail code through the signer routes; answers the signer token. */
export async function verifyByEmail(t: TestApp, urlToken: string, email: string): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/send/v2', headers: { [SIGNER_URL_HEADER]: urlToken } });
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await t.app.inject({ method: 'POST', url: '/api/esign/signers/email/verify/v2', headers: { [SIGNER_URL_HEADER]: urlToken }, payload: { code: await codeOf(t, email) } });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().data.signerToken as string;
}

export const asSigner = (t: TestApp, signerToken: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/esign/signers/${url}`, headers: { [SIGNER_HEADER]: signerToken }, ...(payload ? { payload } : {}) });

/** Signs as the party of the token: a drawn signature and the given values. */
export async function signWith(t: TestApp, signerToken: string, values: Array<{ key: string; value: string }> = []) {
  return asSigner(t, signerToken, 'PUT', 'sign/v1', { signature: { kind: 'DRAWN', pngBase64: (await signaturePng()).toString('base64') }, values, agreed: true });
}

export type { Person, Workspace };
