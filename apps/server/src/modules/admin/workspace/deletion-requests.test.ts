import { DeletionRequestSchema, SuperAdminDeletionRequestSchema } from '@legal/api';
import { desc, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../platform/mail/mail.table';
import { workspaces } from '../../auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { workspaceHeaders } from '../../auth/auth.test-support';
import { fileBody } from '../../files/files.test-support';
import { workspaceDeletionRequests } from './deletion-requests.table';
import { type Caller, callerIn, fieldsOf, lastAudit, superAdminCookie } from './workspace.test-support';

let t: TestApp;
let superCookie: string;
beforeAll(async () => {
  // Jobs run: uploads and approvals book theirs (the purge itself is due in 30 days).
  t = await createTestApp();
  superCookie = (await superAdminCookie(t)).cookie;
});
afterAll(() => t.close());

const REQUESTS = '/api/workspace/deletion-requests/v1';
const CURRENT = '/api/workspace/deletion-requests/current/v1';
const SUPER = '/api/workspace/super-admin/deletion-requests/v1';
const cancelUrl = (id: number | string) => `/api/workspace/deletion-requests/${id}/cancel/v1`;
const decideUrl = (id: number | string, action: 'approve' | 'reject') => `/api/workspace/super-admin/deletion-requests/${id}/${action}/v1`;

async function request(t: TestApp, admin: Caller, reason = '사업 종료로 워크스페이스를 정리합니다') {
  const res = await t.app.inject({ method: 'POST', url: REQUESTS, headers: admin.headers, payload: { reason } });
  expect(res.statusCode, res.body).toBe(200);
  return DeletionRequestSchema.strict().parse(res.json().data);
}

const rowOf = async (id: number) => (await t.services.db.select().from(workspaceDeletionRequests).where(eq(workspaceDeletionRequests.id, id)))[0]!;
const lastMailTo = async (to: string) => (await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];

describe('deletion requests of a workspace admin', () => {
  it('401 without a session and 403 for a general member on every route', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const member = await callerIn(t, admin.ws, ['GENERAL_MEMBER']);
    const open = await request(t, admin);
    const calls = [
      { method: 'GET' as const, url: REQUESTS },
      { method: 'GET' as const, url: CURRENT },
      { method: 'POST' as const, url: REQUESTS, payload: { reason: 'x' } },
      { method: 'POST' as const, url: cancelUrl(open.id) },
      { method: 'GET' as const, url: '/api/workspace/data-export/v1' },
    ];
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: workspaceHeaders(admin.ws) })).statusCode, call.url).toBe(401);
      const res = await t.app.inject({ ...call, headers: member.headers });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().code).toBe('ERROR_FORBIDDEN');
    }
    expect((await rowOf(open.id)).status).toBe('PENDING');
  });

  it('asks once (409 while open), shows the current request and the history, and cancels a pending one', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    expect((await t.app.inject({ method: 'GET', url: CURRENT, headers: admin.headers })).json().data).toBeNull();
    const created = await request(t, admin, '  서비스 해지  ');
    expect(created).toMatchObject({ status: 'PENDING', reason: '서비스 해지', requestedByUserId: admin.userId, requestedByName: '홍길동', purgeAfter: null, abilities: { canCancel: true } });
    expect((await lastAudit(t, admin.ws, 'workspace.deletion_requested'))?.data).toEqual({ requestId: created.id, reason: '서비스 해지' });

    const second = await t.app.inject({ method: 'POST', url: REQUESTS, headers: admin.headers, payload: { reason: '다시' } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'REQUEST_OPEN' } });
    expect((await t.app.inject({ method: 'GET', url: CURRENT, headers: admin.headers })).json().data.id).toBe(created.id);

    const canceled = await t.app.inject({ method: 'POST', url: cancelUrl(created.id), headers: admin.headers });
    expect(canceled.json().data).toMatchObject({ status: 'CANCELED', decidedByUserId: admin.userId, abilities: { canCancel: false } });
    expect((await t.app.inject({ method: 'POST', url: cancelUrl(created.id), headers: admin.headers })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: CURRENT, headers: admin.headers })).json().data).toBeNull();

    const next = await request(t, admin, '재요청');
    const history = await t.app.inject({ method: 'GET', url: `${REQUESTS}?size=1`, headers: admin.headers });
    expect(history.json().data).toMatchObject({ page: 0, size: 1, totalElements: 2, totalPages: 2, content: [{ id: next.id }] });
    const oldest = await t.app.inject({ method: 'GET', url: `${REQUESTS}?sort=createdAt,asc`, headers: admin.headers });
    expect(oldest.json().data.content.map((r: { id: number }) => r.id)).toEqual([created.id, next.id]);
  });

  it('400 names the bad field; 404 for another workspace’s request, which stays as it was', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    expect(fieldsOf(await t.app.inject({ method: 'POST', url: REQUESTS, headers: admin.headers, payload: { reason: '   ' } }))).toEqual(['body.reason']);
    expect(fieldsOf(await t.app.inject({ method: 'POST', url: REQUESTS, headers: admin.headers, payload: { reason: 'x'.repeat(2001) } }))).toEqual(['body.reason']);
    expect(fieldsOf(await t.app.inject({ method: 'POST', url: cancelUrl('abc'), headers: admin.headers }))).toEqual(['params.requestId']);
    expect(fieldsOf(await t.app.inject({ method: 'GET', url: `${REQUESTS}?sort=reason,asc&size=0`, headers: admin.headers }))).toEqual(['query.size']);
    expect(fieldsOf(await t.app.inject({ method: 'GET', url: `${REQUESTS}?sort=reason,asc`, headers: admin.headers }))).toEqual(['query.sort']);

    const other = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const theirs = await request(t, other);
    const res = await t.app.inject({ method: 'POST', url: cancelUrl(theirs.id), headers: admin.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ERROR_NOT_FOUND');
    expect((await rowOf(theirs.id)).status).toBe('PENDING');
    expect((await t.app.inject({ method: 'GET', url: REQUESTS, headers: admin.headers })).json().data.totalElements).toBe(0);
  });
});

describe('super-admin decisions', () => {
  it('401 without a session; 403 for a workspace admin session on every super-admin route', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const open = await request(t, admin);
    for (const call of [
      { method: 'GET' as const, url: SUPER },
      { method: 'POST' as const, url: decideUrl(open.id, 'approve'), payload: {} },
      { method: 'POST' as const, url: decideUrl(open.id, 'reject'), payload: { comment: 'no' } },
    ]) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.app.inject({ ...call, headers: admin.headers })).statusCode, call.url).toBe(403);
    }
    expect((await rowOf(open.id)).status).toBe('PENDING');
  });

  it('lists every workspace’s requests by status, with 400 for an unknown status or sort', async () => {
    const a = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const b = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const ra = await request(t, a);
    const rb = await request(t, b);
    await t.app.inject({ method: 'POST', url: cancelUrl(rb.id), headers: b.headers });
    const res = await t.app.inject({ method: 'GET', url: `${SUPER}?status=PENDING&size=100`, headers: { cookie: superCookie } });
    expect(res.statusCode).toBe(200);
    const content = res.json().data.content.map((r: unknown) => SuperAdminDeletionRequestSchema.strict().parse(r));
    expect(content.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
    expect(content.find((r: { id: number }) => r.id === ra.id)).toMatchObject({ workspaceName: expect.stringMatching(/^ws-/), requestedByLoginId: a.loginId, abilities: { canDecide: true } });
    expect(content.some((r: { id: number }) => r.id === rb.id)).toBe(false);
    const canceled = await t.app.inject({ method: 'GET', url: `${SUPER}?status=CANCELED&status=REJECTED`, headers: { cookie: superCookie } });
    expect(canceled.json().data.content.some((r: { id: number }) => r.id === rb.id)).toBe(true);
    expect(fieldsOf(await t.app.inject({ method: 'GET', url: `${SUPER}?status=GONE`, headers: { cookie: superCookie } }))).toEqual(['query.status']);
    expect(fieldsOf(await t.app.inject({ method: 'GET', url: `${SUPER}?sort=workspaceId,asc`, headers: { cookie: superCookie } }))).toEqual(['query.sort']);
  });

  it('approves with a grace period, books the purge and mails the requester; 409 on a second decision', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const open = await request(t, admin);
    const before = Date.now();
    const res = await t.app.inject({ method: 'POST', url: decideUrl(open.id, 'approve'), headers: { cookie: superCookie }, payload: { comment: '데이터 보관 확인' } });
    expect(res.statusCode, res.body).toBe(200);
    const approved = SuperAdminDeletionRequestSchema.parse(res.json().data);
    expect(approved).toMatchObject({ status: 'APPROVED', decisionComment: '데이터 보관 확인', abilities: { canDecide: false } });
    const graceMs = 30 * 24 * 3600 * 1000;
    expect(new Date(approved.purgeAfter!).getTime()).toBeGreaterThanOrEqual(before + graceMs);
    expect(new Date(approved.purgeAfter!).getTime()).toBeLessThan(Date.now() + graceMs + 1000);

    const mail = await lastMailTo(admin.loginId);
    expect(mail).toMatchObject({ template: 'workspace.deletion-decided', locale: 'ko', workspaceId: admin.ws.workspaceId });
    expect(mail!.subject).toContain('승인');
    expect(mail!.text).toContain('데이터 보관 확인');
    expect((await lastAudit(t, admin.ws, 'workspace.deletion_approved'))?.data).toMatchObject({ requestId: open.id, purgeAfter: approved.purgeAfter });
    // The purge job is booked (pg-boss keeps it) to start when the grace period ends.
    const booked = (await t.services.db.execute(
      sql`SELECT start_after FROM pgboss.job WHERE name = 'workspace.purge' AND data->>'requestId' = ${String(open.id)}`,
    )) as unknown as { rows: Array<{ start_after: Date }> };
    expect(new Date(booked.rows[0]!.start_after).getTime()).toBe(new Date(approved.purgeAfter!).getTime());

    expect((await t.app.inject({ method: 'POST', url: cancelUrl(open.id), headers: admin.headers })).statusCode).toBe(409);
    for (const action of ['approve', 'reject'] as const) {
      const again = await t.app.inject({ method: 'POST', url: decideUrl(open.id, action), headers: { cookie: superCookie }, payload: { comment: '다시' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().data.status).toBe('APPROVED');
    }
    expect((await t.app.inject({ method: 'GET', url: CURRENT, headers: admin.headers })).json().data).toMatchObject({ id: open.id, status: 'APPROVED' });
    expect((await t.app.inject({ method: 'POST', url: REQUESTS, headers: admin.headers, payload: { reason: '또' } })).statusCode).toBe(409);
  });

  it('rejects with a required comment mailed to the requester; 400 and 404 as due', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const open = await request(t, admin);
    expect(fieldsOf(await t.app.inject({ method: 'POST', url: decideUrl(open.id, 'reject'), headers: { cookie: superCookie }, payload: {} }))).toEqual(['body.comment']);
    expect(fieldsOf(await t.app.inject({ method: 'POST', url: decideUrl('x', 'approve'), headers: { cookie: superCookie }, payload: { comment: 'y'.repeat(2001) } }))).toEqual(['body.comment', 'params.requestId']);
    expect((await t.app.inject({ method: 'POST', url: decideUrl(99_999_999, 'approve'), headers: { cookie: superCookie }, payload: {} })).statusCode).toBe(404);

    const res = await t.app.inject({ method: 'POST', url: decideUrl(open.id, 'reject'), headers: { cookie: superCookie }, payload: { comment: '계약 잔여 기간이 남아 있습니다' } });
    expect(res.json().data).toMatchObject({ status: 'REJECTED', decisionComment: '계약 잔여 기간이 남아 있습니다', purgeAfter: null });
    const mail = await lastMailTo(admin.loginId);
    expect(mail!.subject).toContain('반려');
    expect(mail!.text).toContain('계약 잔여 기간이 남아 있습니다');
    expect((await t.app.inject({ method: 'POST', url: decideUrl(open.id, 'approve'), headers: { cookie: superCookie }, payload: {} })).statusCode).toBe(409);
    // A rejected request is closed: the admins may ask again.
    expect((await t.app.inject({ method: 'POST', url: REQUESTS, headers: admin.headers, payload: { reason: '재요청' } })).statusCode).toBe(200);
  });
});

describe('data export (GET data-export/v1)', () => {
  it('streams a ZIP of the workspace’s rows and file bytes only, with secrets redacted', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const stranger = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const upload = async (who: Caller, bytes: Buffer, name: string) => {
      const body = fileBody(bytes, name);
      const res = await t.app.inject({ method: 'POST', url: '/api/arxive/files/v1', headers: { ...who.headers, ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.fileKey as string;
    };
    const mine = await upload(admin, Buffer.from('제1조 (목적) 이 계약은…'), '용역 계약서.txt');
    await upload(stranger, Buffer.from('남의 파일'), 'other.txt');
    await t.app.inject({ method: 'POST', url: '/api/auth/api-keys/v1', headers: admin.headers, payload: { name: '연동' } });

    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/data-export/v1', headers: workspaceHeaders(stranger.ws, admin.cookie) })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/data-export/v1', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="workspace-${admin.ws.workspaceId}-export-\\d{8}\\.zip"$`));

    const zip = await JSZip.loadAsync(res.rawPayload);
    const read = async (name: string) => JSON.parse(await zip.file(name)!.async('string'));
    const manifest = await read('manifest.json');
    expect(manifest).toMatchObject({ workspaceId: admin.ws.workspaceId, tenantId: admin.ws.tenantId });
    expect(manifest.tables).toEqual(expect.arrayContaining(['tables/memberships.json', 'tables/roles.json', 'tables/files.json', 'tables/workspace_deletion_requests.json']));
    expect((await read('workspace.json')).id).toBe(admin.ws.workspaceId);

    const memberships = await read('tables/memberships.json');
    expect(memberships).toEqual([expect.objectContaining({ user_id: admin.userId, workspace_id: admin.ws.workspaceId })]);
    const fileRows = await read('tables/files.json');
    expect(fileRows.map((f: { file_key: string }) => f.file_key)).toEqual([mine]);
    const revisions = await read('tables/file_revisions.json');
    expect(revisions[0]).toMatchObject({ storage_key: '[redacted]' });
    expect(revisions[0]).not.toHaveProperty('grams');
    expect((await read('tables/api_keys.json'))[0]).toMatchObject({ name: '연동', secret_hash: '[redacted]' });
    expect(zip.file('tables/upload_intents.json')).toBeNull();

    const stored = zip.file(new RegExp(`^files/${mine}/`));
    expect(stored.map((f) => f.name)).toEqual([`files/${mine}/용역 계약서.txt`]);
    expect(await stored[0]!.async('string')).toBe('제1조 (목적) 이 계약은…');
    expect(Object.keys(zip.files).filter((n) => n.startsWith('files/') && !n.endsWith('/'))).toHaveLength(1);
    expect((await lastAudit(t, admin.ws, 'workspace.data_exported'))?.data).toMatchObject({ files: 1 });
  });

  it('answers 403 once the workspace is gone', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    await t.services.db.update(workspaces).set({ deletedAt: new Date() }).where(eq(workspaces.id, admin.ws.workspaceId));
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/data-export/v1', headers: admin.headers })).statusCode).toBe(403);
  });
});
