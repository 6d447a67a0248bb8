import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { localDate } from '../../platform/time';
import { caller, createContract, type Person, person, type Workspace } from './contracts.test-support';
import { HOME_TIME_ZONE, presentedStatus } from './contracts.state';

let t: TestApp;
let ws: Workspace;
let owner: Person;
let call: ReturnType<typeof caller>;

const today = localDate(new Date(), HOME_TIME_ZONE);
const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t);
  owner = await person(t, ws, ['LEGAL_MANAGER'], '법무 관리자');
  call = caller(t, () => ws);
});
afterAll(() => t.close());

describe('presentedStatus (pure)', () => {
  it('shows an executed contract past its end date as EXPIRED, and nothing else', () => {
    expect(presentedStatus({ status: 'SIGNED', endDate: '2026-03-31' }, '2026-04-01')).toBe('EXPIRED');
    expect(presentedStatus({ status: 'ACTIVE', endDate: '2026-03-31' }, '2026-04-01')).toBe('EXPIRED');
    // The end date itself is still in force.
    expect(presentedStatus({ status: 'ACTIVE', endDate: '2026-03-31' }, '2026-03-31')).toBe('ACTIVE');
    expect(presentedStatus({ status: 'SIGNED', endDate: null }, '2026-04-01')).toBe('SIGNED');
    // A draft, a running workflow, or a closed contract keeps its own status.
    for (const status of ['DRAFT', 'IN_REVIEW', 'IN_SIGNING', 'TERMINATED', 'CANCELED'] as const) {
      expect(presentedStatus({ status, endDate: '2020-01-01' }, '2026-04-01')).toBe(status);
    }
  });
});

describe('a contract whose end date has passed reads as expired everywhere', () => {
  const made: Record<string, number> = {};
  beforeAll(async () => {
    const create = async (key: string, status: 'DRAFT' | 'SIGNED' | 'ACTIVE' | 'EXPIRED', endDate: string) => {
      made[key] = (await createContract(t, owner, { title: `만료 ${key}`, status, startDate: '2020-01-01', endDate })).id;
    };
    await create('lapsedSigned', 'SIGNED', shift(-1));
    await create('lapsedActive', 'ACTIVE', shift(-30));
    await create('endsToday', 'ACTIVE', today);
    await create('current', 'SIGNED', shift(200));
    await create('storedExpired', 'EXPIRED', shift(-5));
    await create('lateDraft', 'DRAFT', shift(-5));
  });

  const search = async (body: Record<string, unknown>) => {
    const res = await call(owner, 'POST', '/api/alex/contracts/page-search/v3?sort=title,asc&size=50', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.content as Array<{ id: number; status: string }>;
  };
  const idsOf = (...keys: string[]) => keys.map((k) => made[k]).sort((a, b) => a! - b!);
  const sortedIds = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);

  it('in the detail and the list', async () => {
    const detail = await call(owner, 'GET', `/api/conhub/contracts/${made.lapsedSigned}/v2`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.status).toBe('EXPIRED');
    const rows = await search({});
    const statusOf = (key: string) => rows.find((r) => r.id === made[key])?.status;
    expect([statusOf('lapsedSigned'), statusOf('lapsedActive'), statusOf('endsToday'), statusOf('current'), statusOf('storedExpired'), statusOf('lateDraft')]).toEqual([
      'EXPIRED', 'EXPIRED', 'ACTIVE', 'SIGNED', 'EXPIRED', 'DRAFT',
    ]);
  });

  it('in the status filter: an expired contract is found as expired and never as signed or active', async () => {
    expect(sortedIds(await search({ statuses: ['EXPIRED'] }))).toEqual(idsOf('lapsedSigned', 'lapsedActive', 'storedExpired'));
    expect(sortedIds(await search({ statuses: ['SIGNED', 'ACTIVE'] }))).toEqual(idsOf('endsToday', 'current'));
  });

  it('in the status sort and the stats', async () => {
    const sorted = await call(owner, 'POST', '/api/alex/contracts/page-search/v3?sort=status,asc&size=50', {});
    const statuses = (sorted.json().data.content as Array<{ status: string }>).map((r) => r.status);
    expect(statuses).toEqual([...statuses].sort());
    const stats = await call(owner, 'GET', '/api/conhub/home/contract-stats/v1');
    expect(stats.statusCode, stats.body).toBe(200);
    const byStatus = Object.fromEntries((stats.json().data.byStatus as Array<{ status: string; count: number }>).map((s) => [s.status, s.count]));
    expect(byStatus).toMatchObject({ EXPIRED: 3, ACTIVE: 1, SIGNED: 1, DRAFT: 1 });
  });

  it('in the Excel export', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/alex/contracts/excel/v2?sort=title,asc', headers: owner.headers, payload: { statuses: ['EXPIRED'] } });
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const statusColumn = header.indexOf('상태') + 1;
    const statuses: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && statuses.push(row.getCell(statusColumn).value));
    expect(statuses).toEqual(['만료', '만료', '만료']);
  });

  it('comes back into force when the end date moves ahead (a renewal), without a stored change of status', async () => {
    const moved = await call(owner, 'PUT', `/api/alex/contracts/${made.lapsedActive}/start-end-date/v1`, { startDate: '2020-01-01', endDate: shift(365) });
    expect(moved.statusCode, moved.body).toBe(200);
    const detail = await call(owner, 'GET', `/api/conhub/contracts/${made.lapsedActive}/v2`);
    expect(detail.json().data.status).toBe('ACTIVE');
  });
});
