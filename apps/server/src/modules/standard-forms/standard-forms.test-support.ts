/** Helpers for the standard-form tests (not a test file itself). */
import { type StandardFormDetail, StandardFormDetailSchema } from '@legal/api';
import { Document, Packer, Paragraph } from 'docx';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { newWorkspace } from '../auth/auth.test-support';
import { person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { multipart, type Part } from '../files/files.test-support';
import { createTestApp, type TestApp } from '../../test/harness';
import { callerWithPermissions, superAdminCookie } from '../admin/workspace/workspace.test-support';
import { standardFormAttachments, standardFormBookmarks, standardForms, standardFormVersions } from './standard-forms.table';

export const BASE = '/api/btls/standard-forms';
export const SA = '/api/btls/super-admin/standard-forms';

/** A Word file, one paragraph per line (markers as typed). */
export function wordFile(...paragraphs: string[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((p) => new Paragraph(p)) }] }));
}

/** The 용역계약서 template of the tests: values, a date, an amount, a party and an optional clause. */
export function serviceTemplate(extra: string[] = []): Promise<Buffer> {
  return wordFile(
    '{{계약명}}',
    '제1조 (목적) 갑과 {{상대방}}은 다음과 같이 용역계약을 체결한다.',
    '제2조 (대금) 용역대금은 {{금액}}으로 한다.',
    '제3조 (기간) 계약기간은 {{시작일}}부터 {{종료일}}까지로 한다.',
    '{{#비밀유지}}제4조 (비밀유지) 양 당사자는 상대방의 비밀을 누설하지 아니한다.{{/비밀유지}}',
    ...extra,
  );
}

export const DOCX_CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function formBody(fields: Record<string, string>, file: { bytes: Buffer; name: string } | null, attachments: Array<{ bytes: Buffer; name: string; contentType?: string }> = []) {
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', value: file.bytes, filename: file.name, contentType: DOCX_CT }] : []),
    ...attachments.map((a) => ({ name: 'attachments', value: a.bytes, filename: a.name, contentType: a.contentType ?? 'application/pdf' })),
  ];
  return multipart(parts);
}

export async function createForm(t: TestApp, who: Person | { headers: Record<string, string> }, fields: Record<string, string> = {}, file?: { bytes: Buffer; name: string }, url = `${BASE}/v1`): Promise<StandardFormDetail> {
  const body = formBody({ title: '용역계약서', contractType: 'SERVICE', language: 'ko', ...fields }, file ?? { bytes: await serviceTemplate(), name: '용역계약서.docx' });
  const res = await t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return StandardFormDetailSchema.parse(res.json().data);
}

/** Everything stored about a form, to prove a refused call changed nothing. */
export async function formState(t: TestApp, formId: number) {
  const db = t.services.db;
  return {
    form: await db.select().from(standardForms).where(eq(standardForms.id, formId)),
    versions: await db.select().from(standardFormVersions).where(eq(standardFormVersions.formId, formId)).orderBy(standardFormVersions.version),
    attachments: await db.select().from(standardFormAttachments).where(eq(standardFormAttachments.formId, formId)).orderBy(standardFormAttachments.id),
    bookmarks: await db.select().from(standardFormBookmarks).where(eq(standardFormBookmarks.formId, formId)),
  };
}

/**
 * The people of the standard-form tests: in workspace A a form writer (legal manager), a requester
 * (general member: reads forms, writes contracts), a reader (no contract write), a member without
 * any form permission, and the workspace admin; in workspace B a super manager; a super admin.
 */
export async function formCast() {
  const t = await createTestApp();
  const wsA: Workspace = await newWorkspace(t);
  const wsB: Workspace = await newWorkspace(t);
  return {
    t, wsA, wsB,
    writer: await person(t, wsA, ['LEGAL_MANAGER'], '한지민'),
    requester: await person(t, wsA, ['GENERAL_MEMBER'], '김민준'),
    reader: await person(t, wsA, ['READER'], '강하은'),
    lawyer: await callerWithPermissions(t, wsA, ['contract.contract.read', 'contract.contract.write', 'file.file.read', 'file.file.write']),
    admin: await person(t, wsA, ['SUPER_MANAGER'], '관리자'),
    outsider: await person(t, wsB, ['SUPER_MANAGER'], '송예린'),
    superAdmin: { headers: { cookie: (await superAdminCookie(t)).cookie } },
  };
}
