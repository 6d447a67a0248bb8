import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { fileBody } from '../files/files.test-support';
import { auditEvents } from '../../platform/audit/audit.table';
import { newUser, newWorkspace, signIn, workspaceHeaders } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // jobs on: an upload queues its text extraction
});
afterAll(() => t.close());

async function eventsOf(type: string, userId: number) {
  return t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, type), eq(auditEvents.subjectUserId, userId)));
}

/** access.denied is written after the answer has gone: wait until the user has `count` of them. */
const deniedRecords = (userId: number, count: number) => waitFor(async () => {
  const rows = await eventsOf('access.denied', userId);
  return rows.length >= count && rows;
});

describe('access records', () => {
  it('records a 403 of a signed-in member as access.denied (method, path without query, code), and nothing for 401 or without a workspace', async () => {
    const ws = await newWorkspace(t);
    const member = await newUser(t, { workspace: ws });
    const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    const cookie = await signIn(t, member.loginId);

    const denied = await t.app.inject({ method: 'GET', url: '/api/workspace/audit-events/v1?page=0&size=10', headers: workspaceHeaders(ws, cookie) });
    expect(denied.statusCode).toBe(403);
    const [row, ...more] = await deniedRecords(member.userId, 1);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actorUserId: member.userId,
      tenantId: ws.tenantId,
      workspaceId: ws.workspaceId,
      data: { method: 'GET', path: '/api/workspace/audit-events/v1', code: 'ERROR_FORBIDDEN' },
    });

    // Another workspace's headers: recorded under that workspace, where its admins look.
    const other = await newWorkspace(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/arxive/files/v1', headers: workspaceHeaders(other, cookie) })).statusCode).toBe(403);
    expect((await deniedRecords(member.userId, 2)).map((e) => e.workspaceId)).toContain(other.workspaceId);

    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/audit-events/v1', headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/super-admin/client-errors/v1', headers: { cookie } })).statusCode).toBe(403); // no workspace
    // One more recorded refusal: once it is there, the two answers above (which write nothing) are long done.
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/audit-events/v1', headers: workspaceHeaders(ws, cookie) })).statusCode).toBe(403);
    const rows = await deniedRecords(member.userId, 3);
    expect(rows.map((e) => (e.data as { path: string }).path).sort()).toEqual(['/api/arxive/files/v1', '/api/workspace/audit-events/v1', '/api/workspace/audit-events/v1']);

    // The workspace admin sees it in the audit log.
    const adminCookie = await signIn(t, admin.loginId);
    const log = await t.app.inject({ method: 'GET', url: '/api/workspace/audit-events/v1?page=0&size=50&types=access.denied', headers: workspaceHeaders(ws, adminCookie) });
    expect(log.statusCode).toBe(200);
    expect(log.json().data.content.map((e: { type: string }) => e.type)).toContain('access.denied');
  });

  it('records every answer that sends a file its bytes as file.downloaded (200 and 206), not a 304', async () => {
    const ws = await newWorkspace(t);
    const member = await newUser(t, { workspace: ws });
    const headers = workspaceHeaders(ws, await signIn(t, member.loginId));
    const body = fileBody(Buffer.from('제1조 (목적) 이 계약은 비밀 유지에 관한 것이다.'), '계약서.txt');
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/arxive/files/v1', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode).toBe(200);
    const { fileKey } = uploaded.json().data as { fileKey: string };
    const url = `/api/arxive/files/${fileKey}/download/v1`;

    const whole = await t.app.inject({ method: 'GET', url, headers });
    expect(whole.statusCode).toBe(200);
    const part = await t.app.inject({ method: 'GET', url, headers: { ...headers, range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    const cached = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': String(whole.headers.etag) } });
    expect(cached.statusCode).toBe(304);

    const rows = await eventsOf('file.downloaded', member.userId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ actorUserId: member.userId, tenantId: ws.tenantId, workspaceId: ws.workspaceId, data: { fileKey, revision: 1 } });
    }
  });
});
