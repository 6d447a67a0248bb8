import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../../test/harness';
import { newWorkspace } from '../../auth/auth.test-support';
import { runBulkRegistration } from './contract-bulk.job';
import { contractBulkRequests, contractBulkRows } from './contract-bulk.table';
import { caller, fieldsOf, groupWith, type Person, person, uploadFile, type Workspace } from '../contracts.test-support';
import { contracts } from '../contracts.table';

let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let admin: Person;
let member: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;
const B = '/api/alex/contracts/bulk-requests';

async function sheet(rows: Array<Record<string, string | number | null>>, header = ['계약명', '계약 유형', '계약 상대방', '시작일', '종료일', '계약 금액', '통화', '담당자 이메일', '그룹', '해시태그', '파일명']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  ws.addRow(header);
  for (const r of rows) ws.addRow(header.map((h) => r[h] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t);
  wsB = await newWorkspace(t);
  admin = await person(t, wsA, ['LEGAL_MANAGER'], '한지민');
  member = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  outsider = await person(t, wsB, ['LEGAL_MANAGER'], '송예린');
  call = caller(t, () => wsA);
  await groupWith(t, wsA, '법무팀', [admin.userId]);
});
afterAll(() => t.close());

async function newRequest(who: Person, rows: Array<Record<string, string | number | null>>, files: Array<[string, string]> = []) {
  const sheetKey = await uploadFile(t, who, await sheet(rows), 'bulk.xlsx');
  const fileKeys = [];
  for (const [name, text] of files) fileKeys.push(await uploadFile(t, who, Buffer.from(text), name));
  const res = await call(who, 'POST', `${B}/v1`, { sheetFileKey: sheetKey, fileKeys });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { requestId: number; executionStatus: string; counts: Record<string, number>; rows: { content: Array<{ rowNumber: number; status: string; errors: Array<{ field: string; message: string }> }> } };
}

const runJob = (requestId: number) => runBulkRegistration(t.services, { tenantId: wsA.tenantId, workspaceId: wsA.workspaceId, requestId, actorUserId: admin.userId, locale: 'ko' });
/** The request once no run is registering it any more (the queued job may still hold a row when ours ends). */
const settled = (requestId: number) =>
  waitFor(async () => {
    const detail = (await call(admin, 'GET', `${B}/v1?requestId=${requestId}&size=50`)).json().data;
    return detail.executionStatus === 'REGISTERING' ? null : detail;
  }, 30_000, 100);
const contractCount = async () => (await t.services.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.workspaceId, wsA.workspaceId))).length;

describe('bulk registration: 20 contracts, two bad rows, fix and retry', () => {
  it('validates, registers the good rows, and after a fix registers the rest once', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({
      계약명: `공급 계약 ${i + 1}`,
      '계약 유형': i === 4 ? '없는 유형' : '물품 공급 계약',
      '계약 상대방': '주식회사 한빛, 새솔 상사',
      시작일: '2026-01-01',
      종료일: '2026-12-31',
      '계약 금액': 1000 * (i + 1),
      통화: 'KRW',
      '담당자 이메일': i === 9 ? 'nobody@example.com' : admin.loginId,
      그룹: '법무팀',
      해시태그: '갱신 공급',
      파일명: i === 0 ? 'a.txt' : null,
    }));
    const before = await contractCount();
    const req = await newRequest(admin, rows, [['a.txt', '계약서 본문']]);
    expect(req.executionStatus).toBe('VALIDATED');
    expect(req.counts).toMatchObject({ totalRows: 20, pendingRows: 18, invalidRows: 2 });
    const bad = await call(admin, 'GET', `${B}/v1?requestId=${req.requestId}&rowStatus=INVALID`);
    const badRows = bad.json().data.rows.content as Array<{ rowNumber: number; errors: Array<{ field: string; message: string }> }>;
    expect(badRows.map((r) => [r.rowNumber, r.errors[0]!.field])).toEqual([[6, 'contractType'], [11, 'ownerEmail']]);
    expect(badRows[0]!.errors[0]!.message).toContain('계약 유형');

    expect((await call(admin, 'PUT', `${B}/register/v1`, { requestId: req.requestId })).statusCode).toBe(409);
    expect((await call(admin, 'PUT', `${B}/confirm/v1`, { requestId: req.requestId })).json().data.executionStatus).toBe('CONFIRMED');
    const registering = await call(admin, 'PUT', `${B}/register/v1`, { requestId: req.requestId });
    expect(registering.json().data.executionStatus).toBe('REGISTERING');
    expect((await call(admin, 'PUT', `${B}/register/v1`, { requestId: req.requestId })).statusCode).toBe(409);
    await runJob(req.requestId);
    await runJob(req.requestId); // a re-run (crash, retry) changes nothing
    let detail = await settled(req.requestId);
    expect(detail.executionStatus).toBe('PARTIALLY_FAILED');
    expect(detail.counts).toMatchObject({ registeredRows: 18, invalidRows: 2 });
    expect(await contractCount()).toBe(before + 18);

    // Fix the two rows, check again, confirm and register the rest.
    const fix1 = await call(admin, 'PUT', `${B}/rows/v1`, { requestId: req.requestId, rowNumber: 6, values: { contractType: 'SUPPLY' } });
    expect(fix1.json().data.status).toBe('PENDING');
    const owner = await call(admin, 'PUT', `${B}/users/v1`, { requestId: req.requestId, rowNumbers: [11], ownerUserId: admin.userId });
    expect(owner.json().data.counts).toMatchObject({ pendingRows: 2, invalidRows: 0, registeredRows: 18 });
    expect((await call(admin, 'PUT', `${B}/retry/v1`, { requestId: req.requestId })).json().data.executionStatus).toBe('VALIDATED');
    await call(admin, 'PUT', `${B}/confirm/v1`, { requestId: req.requestId });
    await call(admin, 'PUT', `${B}/register/v1`, { requestId: req.requestId });
    await runJob(req.requestId);
    detail = await settled(req.requestId);
    expect(detail.executionStatus).toBe('DONE');
    expect(detail.counts).toMatchObject({ registeredRows: 20, pendingRows: 0, invalidRows: 0, failedRows: 0 });
    expect(await contractCount()).toBe(before + 20);
    const ids = (detail.rows.content as Array<{ contractId: number }>).map((r) => r.contractId);
    expect(new Set(ids).size).toBe(20);
    // Registering again is refused; no duplicates.
    expect((await call(admin, 'PUT', `${B}/register/v1`, { requestId: req.requestId })).statusCode).toBe(409);
    await runJob(req.requestId);
    expect(await contractCount()).toBe(before + 20);
    const first = (await call(admin, 'GET', `/api/alex/contracts/${ids[0]}/v6`)).json().data;
    expect(first).toMatchObject({ title: '공급 계약 1', amount: '1000', currency: 'KRW', group: { name: '법무팀' } });
    expect(first.files).toHaveLength(1);

    const result = await call(admin, 'GET', `${B}/${req.requestId}/download/v1`);
    expect(result.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(result.rawPayload as never);
    expect(wb.worksheets[0]!.rowCount).toBe(21);
  });

  it('registers through the queued job too', async () => {
    const req = await newRequest(admin, [{ 계약명: '큐 계약', '계약 유형': 'SUPPLY' }]);
    await call(admin, 'PUT', `${B}/confirm/v1`, { requestId: req.requestId });
    await call(admin, 'PUT', `${B}/register/v1`, { requestId: req.requestId });
    const deadline = Date.now() + 15_000;
    let status = '';
    while (Date.now() < deadline) {
      status = (await call(admin, 'GET', `${B}/v1?requestId=${req.requestId}`)).json().data.executionStatus;
      if (status === 'DONE') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('DONE');
  });
});

describe('bulk registration: short transactions, in turns with requests', () => {
  const manyRows = (n: number, title = (i: number) => `일괄 계약 ${i}`) => Array.from({ length: n }, (_, i) => ({ 계약명: title(i + 1), '계약 유형': 'SUPPLY', '계약 상대방': '주식회사 한빛' }));

  it('answers requests over the network while the queued job registers, showing its progress', async () => {
    const req = await newRequest(admin, manyRows(30));
    await call(admin, 'PUT', `${B}/confirm/v1`, { requestId: req.requestId });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect((await call(admin, 'PUT', `${B}/register/v1`, { requestId: req.requestId })).statusCode).toBe(200);
      // Real HTTP, so that an answer needs the event loop: a job that never gave it back would let
      // none through until it was done, and every answer would read 0 or 30 registered rows.
      const seen: Array<{ executionStatus: string; registeredRows: number }> = [];
      for (;;) {
        const res = await fetch(`${url}${B}/v1?requestId=${req.requestId}`, { headers: admin.headers });
        const { data } = (await res.json()) as { data: { executionStatus: string; counts: { registeredRows: number } } };
        seen.push({ executionStatus: data.executionStatus, registeredRows: data.counts.registeredRows });
        if (data.executionStatus !== 'REGISTERING') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen.at(-1)).toEqual({ executionStatus: 'DONE', registeredRows: 30 });
      expect(seen.some((s) => s.executionStatus === 'REGISTERING' && s.registeredRows > 0 && s.registeredRows < 30), JSON.stringify(seen)).toBe(true);
    } finally {
      await t.app.server.close();
    }
  }, 120_000);

  it('a run cut off by a failure leaves each row registered with its contract or pending without one; the next run finishes', async () => {
    const req = await newRequest(admin, manyRows(8, (i) => (i === 5 ? '중단 계약' : `중단 전후 계약 ${i}`)));
    await call(admin, 'PUT', `${B}/confirm/v1`, { requestId: req.requestId });
    // Held REGISTERING here (no queued job): only the runs of this test register it.
    await t.services.db.update(contractBulkRequests).set({ executionStatus: 'REGISTERING' }).where(eq(contractBulkRequests.id, req.requestId));
    // The database refuses the fifth contract, as a crash or a lost connection would cut the run there.
    await t.services.db.execute(sql.raw(`CREATE FUNCTION bulk_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = '중단 계약' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`));
    await t.services.db.execute(sql.raw('CREATE TRIGGER bulk_test_refuse BEFORE INSERT ON contracts FOR EACH ROW EXECUTE FUNCTION bulk_test_refuse()'));
    const rowsNow = () => t.services.db.select().from(contractBulkRows).where(eq(contractBulkRows.requestId, req.requestId)).orderBy(contractBulkRows.rowNumber);
    const contractsOf = async (ids: number[]) => (await t.services.db.select({ id: contracts.id, title: contracts.title }).from(contracts)).filter((c) => ids.includes(c.id));
    try {
      await expect(runJob(req.requestId)).rejects.toThrow();
    } finally {
      await t.services.db.execute(sql.raw('DROP TRIGGER bulk_test_refuse ON contracts'));
      await t.services.db.execute(sql.raw('DROP FUNCTION bulk_test_refuse()'));
    }
    const cut = await rowsNow();
    expect(cut.map((r) => r.status)).toEqual(['REGISTERED', 'REGISTERED', 'REGISTERED', 'REGISTERED', 'PENDING', 'PENDING', 'PENDING', 'PENDING']);
    expect(cut.filter((r) => r.status === 'PENDING').every((r) => r.contractId === null)).toBe(true);
    const made = await contractsOf(cut.flatMap((r) => (r.contractId ? [r.contractId] : [])));
    expect(made.map((c) => c.title).sort()).toEqual(['중단 전후 계약 1', '중단 전후 계약 2', '중단 전후 계약 3', '중단 전후 계약 4']);
    expect((await t.services.db.select().from(contracts).where(eq(contracts.title, '중단 계약'))).length).toBe(0);
    const midway = (await call(admin, 'GET', `${B}/v1?requestId=${req.requestId}`)).json().data;
    expect(midway).toMatchObject({ executionStatus: 'REGISTERING', counts: { registeredRows: 4, pendingRows: 4 } });

    await runJob(req.requestId);
    const after = await rowsNow();
    expect(after.every((r) => r.status === 'REGISTERED' && r.contractId !== null)).toBe(true);
    expect(new Set(after.map((r) => r.contractId)).size).toBe(8);
    expect(after.slice(0, 4).map((r) => r.contractId)).toEqual(cut.slice(0, 4).map((r) => r.contractId));
    expect((await call(admin, 'GET', `${B}/v1?requestId=${req.requestId}`)).json().data).toMatchObject({ executionStatus: 'DONE', counts: { registeredRows: 8 } });
  });
});

describe('bulk registration: the route matrix', () => {
  let requestId: number;
  beforeAll(async () => {
    requestId = (await newRequest(admin, [{ 계약명: '매트릭스', '계약 유형': 'SUPPLY' }, { 계약명: null, '계약 유형': 'SUPPLY', 통화: 'KRW' }])).requestId;
  });
  const routes = () => [
    { method: 'GET' as const, url: `${B}/template/v1` },
    { method: 'GET' as const, url: `${B}/v1?requestId=${requestId}`, bad: [`${B}/v1?requestId=x`, 'query.requestId'] },
    { method: 'GET' as const, url: `${B}/page-search/v1`, bad: [`${B}/page-search/v1?sort=nope,asc`, 'query.sort'] },
    { method: 'GET' as const, url: `${B}/page-search/v2?executionStatuses=VALIDATED`, bad: [`${B}/page-search/v2?executionStatuses=NOPE`, 'query.executionStatuses'] },
    { method: 'GET' as const, url: `${B}/count-by-status/v1` },
    { method: 'GET' as const, url: `${B}/${requestId}/download/v1` },
    { method: 'PUT' as const, url: `${B}/rows/v1`, body: { requestId, rowNumber: 3, values: { title: '고친 제목' } }, badBody: [{ requestId, rowNumber: 1, values: {} }, 'body.rowNumber'] },
    { method: 'PUT' as const, url: `${B}/users/v1`, body: { requestId, ownerUserId: admin.userId }, badBody: [{ requestId, ownerUserId: member.userId + 10_000 }, 'body.ownerUserId'] },
    { method: 'PUT' as const, url: `${B}/retry/v1`, body: { requestId }, badBody: [{}, 'body.requestId'] },
  ];

  it('401 without a session, 403 for a general member, 404 across tenants, 400 naming the field', async () => {
    for (const r of routes()) {
      const body = 'body' in r ? r.body : undefined;
      expect((await call(null, r.method, r.url, body)).statusCode, r.url).toBe(401);
      expect((await call(member, r.method, r.url, body)).statusCode, r.url).toBe(403);
      if (r.url.includes(String(requestId)) || (body && 'requestId' in body)) {
        const before = await t.services.db.select().from(contractBulkRows).where(eq(contractBulkRows.requestId, requestId));
        expect((await call(outsider, r.method, r.url, body)).statusCode, r.url).toBe(404);
        expect(await t.services.db.select().from(contractBulkRows).where(eq(contractBulkRows.requestId, requestId))).toEqual(before);
      }
      if ('bad' in r && r.bad) {
        const res = await call(admin, r.method, r.bad[0]!);
        expect(res.statusCode, r.bad[0]).toBe(400);
        expect(fieldsOf(res)).toContain(r.bad[1]);
      }
      if ('badBody' in r && r.badBody) {
        const res = await call(admin, r.method, r.url, r.badBody[0]);
        expect(res.statusCode, r.url).toBe(400);
        expect(fieldsOf(res)).toContain(r.badBody[1]);
      }
      expect((await call(admin, r.method, r.url, body)).statusCode, r.url).toBe(200);
    }
  });

  it('POST: 400 for a sheet that is not a workbook or a foreign file, 403, 401', async () => {
    const textKey = await uploadFile(t, admin, Buffer.from('not a sheet'), 'x.txt');
    const res = await call(admin, 'POST', `${B}/v1`, { sheetFileKey: textKey, fileKeys: [] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['body.sheetFileKey']);
    const foreign = await uploadFile(t, outsider, await sheet([{ 계약명: 'x' }]), 'b.xlsx');
    expect(fieldsOf(await call(admin, 'POST', `${B}/v1`, { sheetFileKey: foreign, fileKeys: [] }))).toEqual(['body.sheetFileKey']);
    expect((await call(member, 'POST', `${B}/v1`, { sheetFileKey: textKey })).statusCode).toBe(403);
    expect((await call(null, 'POST', `${B}/v1`, { sheetFileKey: textKey })).statusCode).toBe(401);
  });

  it('groups, confirm, delete: happy path and invalid state', async () => {
    const groups = await call(admin, 'PUT', `${B}/groups/v1`, { requestId, groupId: 999_999 });
    expect(fieldsOf(groups)).toEqual(['body.groupId']);
    expect((await call(outsider, 'PUT', `${B}/confirm/v1`, { requestId })).statusCode).toBe(404);
    expect((await call(member, 'PUT', `${B}/confirm/v1`, { requestId })).statusCode).toBe(403);
    expect((await call(admin, 'PUT', `${B}/confirm/v1`, { requestId })).statusCode).toBe(200);
    expect((await call(admin, 'PUT', `${B}/confirm/v1`, { requestId })).statusCode).toBe(409);
    expect((await call(outsider, 'DELETE', `${B}/v1?requestId=${requestId}`)).statusCode).toBe(404);
    const counts = (await call(admin, 'GET', `${B}/count-by-status/v1`)).json().data;
    expect(counts.CONFIRMED).toBeGreaterThanOrEqual(1);
    // While a registration job works on it (held here, so the job's speed cannot win the race), no delete.
    await t.services.db.update(contractBulkRequests).set({ executionStatus: 'REGISTERING' }).where(eq(contractBulkRequests.id, requestId));
    expect((await call(admin, 'DELETE', `${B}/v1?requestId=${requestId}`)).statusCode).toBe(409);
    await t.services.db.update(contractBulkRequests).set({ executionStatus: 'CONFIRMED' }).where(eq(contractBulkRequests.id, requestId));
    expect((await call(admin, 'DELETE', `${B}/v1?requestId=${requestId}`)).statusCode).toBe(200);
    // Gone for every bulk route; the row stays, marked, to keep holding its files (contract-bulk.service.ts).
    expect((await call(admin, 'GET', `${B}/v1?requestId=${requestId}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${B}/v1?requestId=${requestId}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${B}/count-by-status/v1`)).json().data.CONFIRMED).toBe(counts.CONFIRMED - 1);
    const listed = (await call(admin, 'GET', `${B}/page-search/v2?size=100`)).json().data.content.map((r: { requestId: number }) => r.requestId);
    expect(listed).not.toContain(requestId);
    const [left] = await t.services.db.select().from(contractBulkRequests).where(and(eq(contractBulkRequests.id, requestId)));
    expect(left).toMatchObject({ deletedByUserId: admin.userId, deletedAt: expect.any(Date) });
  });
});
