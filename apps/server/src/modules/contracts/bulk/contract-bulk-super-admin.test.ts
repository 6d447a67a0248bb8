import ExcelJS from 'exceljs';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { workspaces } from '../../auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { newWorkspace } from '../../auth/auth.test-support';
import { superAdminCookie } from '../../admin/workspace/workspace.test-support';
import { contractBulkRequests } from './contract-bulk.table';
import { fieldsOf, type Person, person, uploadFile, type Workspace } from '../contracts.test-support';

let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let admin: Person;
let member: Person;
let superAdmin: { userId: number; cookie: string };
let sheetKey: string;
let fileKey: string;
const URL = '/api/alex/super-admin/contracts/bulk/v1';

async function sheet() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  ws.addRow(['계약명', '계약 유형', '담당자 이메일', '파일명']);
  ws.addRow(['대행 등록 계약 1', 'SUPPLY', null, 'a.txt']);
  ws.addRow(['대행 등록 계약 2', '없는 유형', null, null]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const post = (cookie: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: URL, headers: cookie ? { cookie } : {}, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t);
  wsB = await newWorkspace(t);
  admin = await person(t, wsA, ['LEGAL_MANAGER'], '한지민');
  member = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  superAdmin = await superAdminCookie(t);
  sheetKey = await uploadFile(t, admin, await sheet(), 'bulk.xlsx');
  fileKey = await uploadFile(t, admin, Buffer.from('계약서 본문'), 'a.txt');
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({ workspaceId: wsA.workspaceId, registeringUserId: admin.userId, sheetFileKey: sheetKey, fileKeys: [fileKey], ...over });
const requestCount = async () => (await t.services.db.select({ id: contractBulkRequests.id }).from(contractBulkRequests)).length;

describe('POST super-admin/contracts/bulk/v1', () => {
  it('401 without a session, 403 for a session that is not a super admin', async () => {
    expect((await post(null, body())).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: URL, headers: admin.headers, payload: body() });
    expect(res.statusCode).toBe(403);
    expect(await requestCount()).toBe(0);
  });

  it('400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ workspaceId: 'x' }, 'body.workspaceId'],
      [{ registeringUserId: undefined }, 'body.registeringUserId'],
      [{ sheetFileKey: '' }, 'body.sheetFileKey'],
      // not a contract admin, and not a member of the workspace at all
      [{ registeringUserId: member.userId }, 'body.registeringUserId'],
      [{ registeringUserId: 999_999 }, 'body.registeringUserId'],
      // the files must be in the target workspace
      [{ workspaceId: wsB.workspaceId, registeringUserId: (await person(t, wsB, ['LEGAL_MANAGER'])).userId }, 'body.sheetFileKey'],
      [{ fileKeys: [fileKey, fileKey] }, 'body.fileKeys'],
    ];
    for (const [over, field] of cases) {
      const res = await post(superAdmin.cookie, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(over)).toContain(field);
    }
    expect(await requestCount()).toBe(0);
  });

  it('404 for an unknown or deleted workspace', async () => {
    expect((await post(superAdmin.cookie, body({ workspaceId: 999_999 }))).statusCode).toBe(404);
    const gone = await newWorkspace(t);
    await t.services.db.update(workspaces).set({ deletedAt: new Date() }).where(eq(workspaces.id, gone.workspaceId));
    expect((await post(superAdmin.cookie, body({ workspaceId: gone.workspaceId }))).statusCode).toBe(404);
    expect(await requestCount()).toBe(0);
  });

  it('creates a validated request owned by the registering admin, who carries it on; the audit names the super admin', async () => {
    const res = await post(superAdmin.cookie, body());
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ executionStatus: 'VALIDATED', createdBy: { userId: admin.userId, displayName: '한지민' }, counts: { totalRows: 2, pendingRows: 1, invalidRows: 1 } });
    expect(created.rows.content.map((r: { status: string }) => r.status)).toEqual(['PENDING', 'INVALID']);

    // The registering admin sees it in their workspace through the ordinary routes.
    const own = await t.app.inject({ method: 'GET', url: `/api/alex/contracts/bulk-requests/v1?requestId=${created.requestId}`, headers: admin.headers });
    expect(own.statusCode).toBe(200);
    const [audit] = await t.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, wsA.workspaceId), eq(auditEvents.type, 'contract.bulk_created')))
      .orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({ actorUserId: superAdmin.userId, subjectUserId: admin.userId });
  });
});
