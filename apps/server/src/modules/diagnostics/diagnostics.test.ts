import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
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
