import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { cookiesOf, newUser, newWorkspace } from '../auth/auth.test-support';
import { clientErrorReports } from './client-errors.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = {
  errorId: 'c0ffee00-1111-4222-8333-444455556666',
  message: '계약 목록을 불러오지 못했습니다',
  route: '/acme/contracts',
  httpStatus: 500,
  code: 'ERROR_INTERNAL',
  apiPath: '/api/alex/contracts/page-search/v4',
  tenantId: 1,
  workspaceId: 2,
};

describe('health', () => {
  it('checks the database and the job queue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'ok',
      checks: { database: { ok: true, driver: t.services.database.driver === 'pglite' ? 'pglite' : 'postgres' }, jobs: { ok: true } },
    });
  });
});

describe('client error reports', () => {
  it('stores a report under the id the user was shown', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/client-errors/v1', payload: report, headers: { 'user-agent': 'Playwright' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'SUCCESS', message: null, data: { errorId: report.errorId } });
    const rows = await t.services.db.select().from(clientErrorReports);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ errorId: report.errorId, message: report.message, route: report.route, workspaceId: 2, userAgent: 'Playwright' });
    expect(rows[0]?.ip).toBeTruthy();
  });

  it('refuses a report without the required fields, naming them', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/client-errors/v1', payload: { errorId: 'short', message: '' } });
    expect(res.statusCode).toBe(400);
    const fields = res.json().data.fieldErrors.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['body.errorId', 'body.message', 'body.route']);
  });

  it('keeps the reports for super admins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/super-admin/client-errors/v1' });
    expect(res.statusCode).toBe(401);
  });

  it('lists reports to a super admin with the user and workspace by name, leaving connection failures out unless asked', async () => {
    const workspaceName = `errors-${Date.now().toString(36)}`;
    const ws = await newWorkspace(t, { name: workspaceName });
    const member = await newUser(t, { workspace: ws, displayName: '김민준' });
    const admin = await newUser(t, { isSuperAdmin: true });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/dev/v1', payload: { loginId: admin.loginId, superAdmin: true } });
    const cookie = cookiesOf(login);
    const at = { tenantId: ws.tenantId, workspaceId: ws.workspaceId };
    await t.services.db.insert(clientErrorReports).values([
      { errorId: 'names-00000001', message: 'boom', route: '/x', httpStatus: 500, code: 'ERROR_INTERNAL', userId: member.userId, ...at },
      { errorId: 'names-00000002', message: 'cut off', route: '/x', httpStatus: 0, code: 'ERROR_NETWORK', userId: member.userId, ...at },
      { errorId: 'names-00000003', message: 'no user', route: '/', code: null, userId: null, tenantId: null, workspaceId: null },
    ]);
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/workspace/super-admin/client-errors/v1?size=1000${query}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return (res.json().data.content as Array<{ errorId: string; user: unknown; workspaceName: string | null }>).filter((r) => r.errorId.startsWith('names-'));
    };

    const shown = await list('');
    expect(shown.map((r) => r.errorId)).toEqual(['names-00000003', 'names-00000001']);
    expect(shown[1]).toMatchObject({ user: { name: '김민준', loginId: member.loginId }, workspaceName });
    expect(shown[0]).toMatchObject({ user: null, workspaceName: null });

    expect((await list('&includeConnectionFailures=true')).map((r) => r.errorId)).toEqual(['names-00000003', 'names-00000002', 'names-00000001']);
    // A search by the id a user read out finds a connection failure too.
    expect((await list('&errorId=names-00000002')).map((r) => r.errorId)).toEqual(['names-00000002']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/workspace/super-admin/client-errors/v1?includeConnectionFailures=maybe', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors[0].field).toBe('query.includeConnectionFailures');
  });

  it('rate-limits a flood of reports with ERROR_RATE_LIMITED', async () => {
    let last = 0;
    for (let i = 0; i < 70 && last !== 429; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/client-errors/v1', payload: { ...report, errorId: `flood-${String(i).padStart(4, '0')}` } });
      last = res.statusCode;
      if (last === 429) expect(res.json().code).toBe('ERROR_RATE_LIMITED');
    }
    expect(last).toBe(429);
  });
});
