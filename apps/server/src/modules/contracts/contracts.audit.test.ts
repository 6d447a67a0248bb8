import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { createTestApp, type TestApp } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { CONTRACTS } from '../files/files.test-support';
import { createContract, person, type Person, uploadFile, type Workspace } from './contracts.test-support';

/**
 * Defect 8 of issue 14: the audit log had no contract events. Each contract action writes its
 * event with the actor, the contract and the tenant; a refused action writes none; another
 * tenant's audit log never shows them.
 */
describe('contract audit events', () => {
  let t: TestApp;
  let ws: Workspace;
  let other: Workspace;
  let manager: Person;
  let member: Person;
  let otherAdmin: Person;
  let workspaceAdmin: Person;

  const rowsOf = async (contractId: number, type: string) =>
    (await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, type))).filter((e) => (e.data as { contractId?: number }).contractId === contractId);

  beforeAll(async () => {
    t = await createTestApp();
    ws = await newWorkspace(t);
    other = await newWorkspace(t);
    manager = await person(t, ws, ['LEGAL_MANAGER'], '한지민');
    member = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
    workspaceAdmin = await person(t, ws, ['WORKSPACE_ADMIN']);
    otherAdmin = await person(t, other, ['WORKSPACE_ADMIN']);
  });
  afterAll(() => t.close());

  const expectOne = async (contractId: number, type: string, actor: Person) => {
    const rows = await rowsOf(contractId, type);
    expect(rows, type).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: actor.userId, tenantId: ws.tenantId, workspaceId: ws.workspaceId });
    return rows[0]!;
  };

  it('records register, edit, view, download, export and delete, each with actor, contract and tenant', async () => {
    const fileKey = await uploadFile(t, manager, fs.readFileSync(path.join(CONTRACTS, 'ko/03-mutual-nda.docx')), '03-mutual-nda.docx');
    const c = await createContract(t, manager, { title: '감사 기록 계약', files: [{ fileKey, role: 'MAIN' }] });
    expect((await expectOne(c.id, 'contract.created', manager)).data).toMatchObject({ contractId: c.id, title: '감사 기록 계약' });

    const edit = await t.app.inject({ method: 'PUT', url: `/api/alex/contracts/${c.id}/title/v1`, headers: manager.headers, payload: { title: '감사 기록 계약 (개정)' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await expectOne(c.id, 'contract.updated', manager)).data).toMatchObject({ fields: ['title'], after: { title: '감사 기록 계약 (개정)' } });

    const view = await t.app.inject({ method: 'GET', url: `/api/alex/contracts/${c.id}/v6`, headers: manager.headers });
    expect(view.statusCode, view.body).toBe(200);
    expect((await expectOne(c.id, 'contract.viewed', manager)).data).toEqual({ contractId: c.id, title: '감사 기록 계약 (개정)' });

    const download = await t.app.inject({ method: 'GET', url: `/api/conhub/contracts/${c.id}/documents/download/v1`, headers: manager.headers });
    expect(download.statusCode).toBe(200);
    expect((await expectOne(c.id, 'contract.document_downloaded', manager)).data).toEqual({ contractId: c.id, fileKey, revision: 1 });
    const file = await t.app.inject({ method: 'GET', url: `/api/alex/contracts/${c.id}/download/v1?fileKey=${fileKey}`, headers: manager.headers });
    expect(file.statusCode).toBe(200);
    expect(await rowsOf(c.id, 'contract.document_downloaded')).toHaveLength(2);

    const zip = await t.app.inject({ method: 'POST', url: '/api/alex/contracts/zip/download/v1', headers: manager.headers, payload: { contractIds: [c.id] } });
    const excel = await t.app.inject({ method: 'POST', url: '/api/alex/contracts/excel/v2', headers: manager.headers, payload: {} });
    expect(excel.statusCode, excel.body.slice(0, 200)).toBe(200);
    const exports = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'contract.exported'), eq(auditEvents.workspaceId, ws.workspaceId)));
    expect(exports.filter((e) => (e.data as { format: string }).format === 'XLSX')).toHaveLength(1);
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(exports.filter((e) => (e.data as { contractIds?: number[] }).contractIds?.includes(c.id))).toHaveLength(1);
    expect(exports.every((e) => e.actorUserId === manager.userId && e.tenantId === ws.tenantId)).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/alex/contracts/${c.id}/v1`, headers: manager.headers });
    expect(del.statusCode, del.body).toBe(200);
    expect((await expectOne(c.id, 'contract.deleted', manager)).data).toMatchObject({ contractId: c.id, title: '감사 기록 계약 (개정)' });
  });

  it('writes nothing for a refused action', async () => {
    const c = await createContract(t, manager, { title: '남의 계약' });
    const before = await t.services.db.select().from(auditEvents);
    // A member who takes no part in it: 404 to open, to download, to delete; 403 to edit is not even reached.
    for (const [method, url] of [
      ['GET', `/api/alex/contracts/${c.id}/v6`],
      ['GET', `/api/conhub/contracts/${c.id}/documents/download/v1`],
      ['PUT', `/api/alex/contracts/${c.id}/title/v1`],
      ['DELETE', `/api/alex/contracts/${c.id}/v1`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: member.headers, ...(method === 'PUT' ? { payload: { title: 'x' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Another tenant's admin with this contract's id.
    const cross = await t.app.inject({ method: 'GET', url: `/api/alex/contracts/${c.id}/v6`, headers: otherAdmin.headers });
    expect(cross.statusCode).toBe(404);
    // A failed create (validation) writes no contract.created either.
    const bad = await t.app.inject({ method: 'POST', url: '/api/alex/contracts/v6', headers: manager.headers, payload: { title: '', contractType: 'NDA' } });
    expect(bad.statusCode).toBe(400);
    expect(await t.services.db.select().from(auditEvents)).toHaveLength(before.length);
  });

  it("shows contract events in the workspace audit log, never in another tenant's", async () => {
    const c = await createContract(t, manager, { title: '격리 확인 계약' });
    await t.app.inject({ method: 'GET', url: `/api/alex/contracts/${c.id}/v6`, headers: manager.headers });
    const list = async (who: Person) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/workspace/audit-events/v1?size=100&types=contract.created&types=contract.viewed', headers: who.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.content as Array<{ type: string; data: { contractId?: number }; actor: { userId: number } | null }>;
    };
    const own = await list(workspaceAdmin);
    expect(own.filter((e) => e.data.contractId === c.id).map((e) => e.type).sort()).toEqual(['contract.created', 'contract.viewed']);
    expect(own.find((e) => e.type === 'contract.viewed' && e.data.contractId === c.id)?.actor?.userId).toBe(manager.userId);
    const theirs = await list(otherAdmin);
    expect(theirs).toEqual([]);
  });
});
