import {
  calendarFeed, type ContractDetail, ContractStatsSchema, ContractUserConfigSchema, createContractReminder, DEFAULT_CONTRACT_COLUMNS, deleteContractReminder,
  downloadContractFile, downloadContractsZip, exportContractsExcel, getCalendarFeed, getContractReminder, getContractStats, getContractUserConfig,
  getReminderSuggestions, listContractReminders, listMyReminders, revokeCalendarFeed, rotateCalendarFeed, updateContractReminder, updateContractUserConfig,
} from '@legal/api';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { newWorkspace, workspaceHeaders } from '../../auth/auth.test-support';
import { uniqueName } from './contract-exports.service';
import { neutralizeFormula } from './contract-excel';
import { statsRange } from '../contract-stats.service';
import { caller, contractCast, createContract, fieldsOf, type Person, person, uploadFile, type Workspace } from '../contracts.test-support';
import { contracts } from '../contracts.table';
import { userContractConfigs } from '../user-configs.table';

const { t, wsA, wsB, owner, watcher, stranger, outsider, noRole, call } = await contractCast();
afterAll(() => t.close());

const EXCEL = '/api/alex/contracts/excel/v2';
const ZIP = '/api/alex/contracts/zip/download/v1';
const CONFIG = '/api/alex/contracts/user-config/v1';
const STATS = '/api/conhub/home/contract-stats/v1';
const download = (id: number, query = '') => `/api/alex/contracts/${id}/download/v1${query}`;
const intruder = () => ({ ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) });

async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

async function zipOf(payload: Buffer) {
  const zip = await JSZip.loadAsync(payload);
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir).sort();
  return { zip, names };
}

describe('Excel export', () => {
  let ws: Workspace;
  let me: Person;
  let colleague: Person;
  let callWs: ReturnType<typeof caller>;
  let risky: ContractDetail;
  beforeAll(async () => {
    ws = await newWorkspace(t);
    me = await person(t, ws, ['GENERAL_MEMBER'], '이서연');
    colleague = await person(t, ws, ['GENERAL_MEMBER'], '박지훈');
    callWs = caller(t, () => ws);
    risky = await createContract(t, me, {
      title: '=HYPERLINK("http://evil.example","클릭")',
      memo: '+1+2',
      counterparties: [{ counterpartyType: 'COMPANY', name: '@SUM(1,2)' }],
      amount: '1500000.5',
      currency: 'KRW',
      endDate: '2027-12-31',
      hashtags: ['공급'],
    });
    await createContract(t, me, { title: '일반 공급 계약', contractType: 'SERVICE', status: 'ACTIVE', amount: '12345678901234.5678', currency: 'USD' });
    await createContract(t, colleague, { title: '남의 계약' });
  });

  it('streams the caller\'s columns with Korean headers, neutralised formulas and only readable contracts', async () => {
    const saved = await callWs(me, 'PUT', CONFIG, { columns: ['id', 'title', 'counterparties', 'memo', 'amount', 'currency', 'endDate', 'status', 'owner'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await callWs(me, 'POST', `${EXCEL}?sort=title,asc`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="_+_\d{8}\.xlsx"; filename\*=UTF-8''%EA%B3%84%EC%95%BD%EB%AA%A9%EB%A1%9D_\d{8}\.xlsx$/);
    expect(res.headers['x-export-truncated']).toBe('false');
    const { sheet, rows } = await workbookOf(res.rawPayload);
    expect(sheet.name).toBe('계약 목록');
    expect(rows[0]).toEqual(['번호', '계약명', '계약 상대방', '메모', '계약 금액', '통화', '종료일', '상태', '담당자']);
    expect(rows).toHaveLength(3);
    // Sorted by title: '=' comes before Hangul.
    const [first, second] = [rows[1]!, rows[2]!];
    expect(first).toEqual([risky.id, "'=HYPERLINK(\"http://evil.example\",\"클릭\")", "'@SUM(1,2)", "'+1+2", 1500000.5, 'KRW', new Date('2027-12-31T00:00:00Z'), '작성 중', '이서연']);
    // Text, never a formula.
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
    // An amount a double cannot hold stays an exact decimal string.
    expect(second!.slice(0, 2)).toEqual([expect.any(Number), '일반 공급 계약']);
    expect(second![4]).toBe('12345678901234.5678');
    expect(second![7]).toBe('이행 중');
    const [audit] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.exported')).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ actorUserId: me.userId, data: { format: 'XLSX', sort: 'title,asc', columns: expect.arrayContaining(['memo']) } });
  });

  it('applies the page-search filters and English headers', async () => {
    await callWs(me, 'PUT', CONFIG, { columns: DEFAULT_CONTRACT_COLUMNS });
    const res = await t.app.inject({ method: 'POST', url: EXCEL, headers: { ...me.headers, 'x-locale': 'en' }, payload: { keyword: '공급', statuses: ['ACTIVE'] } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="contracts_\d{8}\.xlsx"/);
    const { sheet, rows } = await workbookOf(res.rawPayload);
    expect(sheet.name).toBe('Contracts');
    expect(rows[0]).toEqual(['Title', 'Contract type', 'Status', 'Counterparties', 'Owner', 'Start date', 'End date', 'Contract amount', 'Currency', 'Registered']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['일반 공급 계약']);
    expect(rows[1]!.slice(1, 3)).toEqual(['Service agreement', 'Active']);
  });

  it('answers 401, 400 naming the field, 403 to a member without contract permissions, and never another tenant\'s rows', async () => {
    expect((await call(null, 'POST', EXCEL, {})).statusCode).toBe(401);
    const bad = await call(owner, 'POST', `${EXCEL}?sort=owner,asc`, { statuses: ['OPEN'] });
    expect(fieldsOf(bad).sort()).toEqual(['body.statuses.0', 'query.sort']);
    expect(fieldsOf(await call(owner, 'POST', EXCEL, { amountMin: '10', amountMax: '1' }))).toEqual(['body.amountMax']);
    expect((await call(noRole, 'POST', EXCEL, {})).statusCode).toBe(403);
    const foreign = await call(intruder(), 'POST', EXCEL, {});
    const { rows } = await workbookOf(foreign.rawPayload);
    expect(rows).toHaveLength(1);
  });

  it('pages through many rows in keyset batches, each row once', async () => {
    const many = await newWorkspace(t);
    const writer = await person(t, many, ['GENERAL_MEMBER']);
    await t.services.db
      .insert(contracts)
      .values(Array.from({ length: 1200 }, (_, i) => ({ tenantId: many.tenantId, workspaceId: many.workspaceId, title: `대량 계약 ${String(i).padStart(4, '0')}`, contractType: 'NDA' as const, ownerUserId: writer.userId })))
    const res = await caller(t, () => many)(writer, 'POST', `${EXCEL}?sort=title,desc`, {});
    const { rows } = await workbookOf(res.rawPayload);
    expect(rows).toHaveLength(1201);
    expect(rows[1]![0]).toBe('대량 계약 1199');
    expect(rows.at(-1)![0]).toBe('대량 계약 0000');
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1200);
  });

  it('neutralises every formula trigger and leaves other text alone', () => {
    for (const v of ['=1+1', '+1', '-1', '@A1', '\tx', '\rx']) expect(neutralizeFormula(v)).toBe(`'${v}`);
    for (const v of ['계약', '1-2', ' =1', "'=1"]) expect(neutralizeFormula(v)).toBe(v);
  });
});

describe('zip and single-file downloads', () => {
  let c1: ContractDetail;
  let c2: ContractDetail;
  let hidden: ContractDetail;
  let keys: { main: string; appendix: string; twin: string; other: string; secret: string };
  beforeAll(async () => {
    keys = {
      main: await uploadFile(t, owner, Buffer.from('제1조 목적'), '계약서.txt'),
      appendix: await uploadFile(t, owner, Buffer.from('부속서 내용'), '계약서.txt'),
      twin: await uploadFile(t, owner, Buffer.from('두 번째 계약'), '계약서.txt'),
      other: await uploadFile(t, owner, Buffer.from('첨부 자료'), 'notes.txt'),
      secret: await uploadFile(t, stranger, Buffer.from('비밀'), '비밀.txt'),
    };
    c1 = await createContract(t, owner, { title: '공급/계약', files: [{ fileKey: keys.appendix, role: 'APPENDIX' }, { fileKey: keys.main, role: 'MAIN' }, { fileKey: keys.other, role: 'ATTACHMENT' }], watcherUserIds: [watcher.userId] });
    c2 = await createContract(t, owner, { title: '공급/계약', files: [{ fileKey: keys.twin, role: 'MAIN' }] });
    hidden = await createContract(t, stranger, { title: '숨은 계약', files: [{ fileKey: keys.secret, role: 'MAIN' }] });
  });

  it('zips only the readable contracts\' files, a folder per contract, names made unique', async () => {
    const res = await call(owner, 'POST', ZIP, { contractIds: [c1.id, hidden.id, c2.id, 999_999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%EA%B3%84%EC%95%BD%EC%84%9C_");
    const { zip, names } = await zipOf(res.rawPayload);
    expect(names).toEqual(['공급_계약 (2)/계약서.txt', '공급_계약/notes.txt', '공급_계약/계약서 (2).txt', '공급_계약/계약서.txt'].sort());
    expect(await zip.file('공급_계약/계약서.txt')!.async('string')).toBe('부속서 내용');
    expect(await zip.file('공급_계약/계약서 (2).txt')!.async('string')).toBe('제1조 목적');
    expect(await zip.file('공급_계약 (2)/계약서.txt')!.async('string')).toBe('두 번째 계약');
    expect(res.body).not.toContain('비밀');
    const [audit] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.exported')).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit!.data).toEqual({ format: 'ZIP', contractIds: [c1.id, c2.id], fileCount: 4 });
    // A reader gets the same files of what they can read.
    expect((await zipOf((await call(watcher, 'POST', ZIP, { contractIds: [c1.id, c2.id] })).rawPayload)).names).toHaveLength(3);
  });

  it('answers 404 when nothing is readable (another tenant, an unpermitted member), 400 naming the field, 401 and 403', async () => {
    expect((await call(owner, 'POST', ZIP, { contractIds: [hidden.id] })).statusCode).toBe(404);
    expect((await call(intruder(), 'POST', ZIP, { contractIds: [c1.id] })).statusCode).toBe(404);
    expect((await call(stranger, 'POST', ZIP, { contractIds: [c1.id] })).statusCode).toBe(404);
    expect(fieldsOf(await call(owner, 'POST', ZIP, { contractIds: [] }))).toEqual(['body.contractIds']);
    expect(fieldsOf(await call(owner, 'POST', ZIP, { contractIds: [1, 1] }))).toEqual(['body.contractIds']);
    expect((await call(null, 'POST', ZIP, { contractIds: [c1.id] })).statusCode).toBe(401);
    expect((await call(noRole, 'POST', ZIP, { contractIds: [c1.id] })).statusCode).toBe(403);
  });

  it('downloads one file of a readable contract: the one asked for, or its main file', async () => {
    const named = await call(watcher, 'GET', download(c1.id, `?fileKey=${keys.other}`));
    expect(named.statusCode).toBe(200);
    expect(named.body).toBe('첨부 자료');
    expect(named.headers['content-disposition']).toBe('attachment; filename="notes.txt"; filename*=UTF-8\'\'notes.txt');
    expect(named.headers['content-type']).toContain('text/plain');
    const main = await call(owner, 'GET', download(c1.id));
    expect(main.body).toBe('제1조 목적');
    expect(main.headers['content-disposition']).toContain("filename*=UTF-8''%EA%B3%84%EC%95%BD%EC%84%9C.txt");
    // A file of another contract is not reachable through this one.
    expect((await call(owner, 'GET', download(c1.id, `?fileKey=${keys.twin}`))).statusCode).toBe(404);
    expect((await call(owner, 'GET', download(hidden.id))).statusCode).toBe(404);
    expect((await call(stranger, 'GET', download(c1.id))).statusCode).toBe(404);
    expect((await call(intruder(), 'GET', download(c1.id))).statusCode).toBe(404);
    expect(fieldsOf(await call(owner, 'GET', download(c1.id, '?fileKey=bad!')))).toEqual(['query.fileKey']);
    expect(fieldsOf(await call(owner, 'GET', '/api/alex/contracts/x/download/v1'))).toEqual(['params.contractId']);
    expect((await call(null, 'GET', download(c1.id))).statusCode).toBe(401);
    expect((await call(noRole, 'GET', download(c1.id))).statusCode).toBe(403);
    const empty = await createContract(t, owner, { title: '파일 없는 계약' });
    expect((await call(owner, 'GET', download(empty.id))).statusCode).toBe(404);
  });

  it('makes names unique regardless of case, keeping the extension', () => {
    const taken = new Set<string>();
    expect(['a.PDF', 'A.pdf', 'a.pdf', 'README', 'readme', '.env'].map((n) => uniqueName(n, taken))).toEqual(['a.PDF', 'A (2).pdf', 'a (3).pdf', 'README', 'readme (2)', '.env']);
  });
});

describe('user config', () => {
  it('answers the defaults, saves columns and filters, and refuses a stale version (409)', async () => {
    const me = await person(t, wsA, ['READER'], '설정 사용자');
    const initial = ContractUserConfigSchema.parse((await call(me, 'GET', CONFIG)).json().data);
    expect(initial).toEqual({ columns: DEFAULT_CONTRACT_COLUMNS, savedFilters: [], defaultFilterName: null, version: 0, updatedAt: null });
    const body = {
      columns: ['title', 'status', 'endDate'],
      savedFilters: [{ name: '만료 예정', filter: { statuses: ['ACTIVE'], endDate: { end: '2026-12-31' }, hashtags: ['#갱신'] }, sort: 'endDate,asc' }],
      defaultFilterName: '만료 예정',
      version: 0,
    };
    const saved = await call(me, 'PUT', CONFIG, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ columns: ['title', 'status', 'endDate'], savedFilters: [{ name: '만료 예정', filter: { hashtags: ['갱신'] } }], defaultFilterName: '만료 예정', version: 1 });
    expect((await call(me, 'GET', CONFIG)).json().data).toEqual(saved.json().data);
    const before = await t.services.db.select().from(userContractConfigs).where(eq(userContractConfigs.userId, me.userId));
    const stale = await call(me, 'PUT', CONFIG, { ...body, columns: ['title'], version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { currentVersion: 1 } });
    expect(await t.services.db.select().from(userContractConfigs).where(eq(userContractConfigs.userId, me.userId))).toEqual(before);
    // Without a version the save overwrites.
    expect((await call(me, 'PUT', CONFIG, { columns: ['title'] })).json().data).toMatchObject({ columns: ['title'], savedFilters: [], defaultFilterName: null, version: 2 });
  });

  it('names every bad field, reads leniently what a later catalogue dropped, and keeps configs per user and workspace', async () => {
    const bad = await call(owner, 'PUT', CONFIG, { columns: ['title', 'secret'], savedFilters: [{ name: '', filter: { statuses: ['OPEN'] } }] });
    expect(fieldsOf(bad).sort()).toEqual(['body.columns.1', 'body.savedFilters.0.filter.statuses.0', 'body.savedFilters.0.name']);
    // The rules across entries, once each entry is valid.
    expect(fieldsOf(await call(owner, 'PUT', CONFIG, { columns: ['title', 'title'] }))).toEqual(['body.columns']);
    expect(fieldsOf(await call(owner, 'PUT', CONFIG, { columns: [] }))).toEqual(['body.columns']);
    expect(fieldsOf(await call(owner, 'PUT', CONFIG, { columns: ['title'], savedFilters: [{ name: 'a', filter: {} }, { name: 'a', filter: {} }] }))).toEqual(['body.savedFilters']);
    expect(fieldsOf(await call(owner, 'PUT', CONFIG, { columns: ['title'], defaultFilterName: '없는 필터' }))).toEqual(['body.defaultFilterName']);
    expect((await call(null, 'GET', CONFIG)).statusCode).toBe(401);
    expect((await call(null, 'PUT', CONFIG, { columns: ['title'] })).statusCode).toBe(401);
    expect((await call(noRole, 'GET', CONFIG)).statusCode).toBe(403);
    expect((await call(noRole, 'PUT', CONFIG, { columns: ['title'] })).statusCode).toBe(403);

    await call(owner, 'PUT', CONFIG, { columns: ['title', 'amount'] });
    const before = await t.services.db.select().from(userContractConfigs).where(eq(userContractConfigs.userId, owner.userId));
    // Another tenant's admin saves their own config; the owner's row is untouched.
    expect((await call(intruder(), 'PUT', CONFIG, { columns: ['memo'] })).statusCode).toBe(200);
    expect(await t.services.db.select().from(userContractConfigs).where(eq(userContractConfigs.userId, owner.userId))).toEqual(before);
    expect((await call(owner, 'GET', CONFIG)).json().data.columns).toEqual(['title', 'amount']);

    await t.services.db
      .update(userContractConfigs)
      .set({ config: { columns: ['title', 'retiredColumn'], savedFilters: [{ name: 'ok', filter: {} }, { name: 'broken', filter: { statuses: ['GONE'] } }], defaultFilterName: 'broken' } })
      .where(eq(userContractConfigs.userId, owner.userId));
    expect((await call(owner, 'GET', CONFIG)).json().data).toMatchObject({ columns: ['title'], savedFilters: [{ name: 'ok', filter: {} }], defaultFilterName: null });
  });
});

describe('home contract stats', () => {
  it('counts the contracts the caller can read by status, type and month of creation', async () => {
    const ws = await newWorkspace(t);
    const me = await person(t, ws, ['GENERAL_MEMBER'], '이서연');
    const boss = await person(t, ws, ['LEGAL_MANAGER'], '한지민');
    const other = await person(t, ws, ['GENERAL_MEMBER'], '박지훈');
    const callWs = caller(t, () => ws);
    const a = await createContract(t, me, { title: '가', contractType: 'NDA', status: 'ACTIVE' });
    await createContract(t, me, { title: '나', contractType: 'NDA' });
    await createContract(t, me, { title: '다', contractType: 'LEASE', status: 'SIGNED' });
    await createContract(t, other, { title: '라', contractType: 'SALES' });
    // Created in March 2025, Korea time (the last evening of February in UTC).
    await t.services.db.update(contracts).set({ createdAt: new Date('2025-02-28T16:30:00Z') }).where(eq(contracts.id, a.id));

    const stats = async (who: Person, query: string) => {
      const res = await callWs(who, 'GET', `${STATS}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ContractStatsSchema.parse(res.json().data);
    };
    const mine = await stats(me, '?dateStart=2025-01-01&dateEnd=2034-12-31');
    expect(mine.total).toBe(3);
    expect(mine.byStatus.map((s) => s.status)).toEqual(['DRAFT', 'IN_REVIEW', 'IN_APPROVAL', 'IN_SIGNING', 'SIGNED', 'ACTIVE', 'EXPIRED', 'TERMINATED', 'CANCELED']);
    expect(Object.fromEntries(mine.byStatus.map((s) => [s.status, s.count]))).toMatchObject({ DRAFT: 1, SIGNED: 1, ACTIVE: 1, CANCELED: 0 });
    expect(mine.byStatus[0]).toEqual({ status: 'DRAFT', label: '작성 중', count: 1 });
    expect(mine.byContractType).toEqual([{ contractType: 'NDA', label: '비밀유지계약', count: 2 }, { contractType: 'LEASE', label: '임대차계약', count: 1 }]);
    expect(mine.byMonth).toHaveLength(120);
    expect(mine.byMonth.find((m) => m.month === '2025-03')).toEqual({ month: '2025-03', count: 1 });
    expect(mine.byMonth.find((m) => m.month === '2025-02')).toEqual({ month: '2025-02', count: 0 });

    expect((await stats(boss, '?dateStart=2025-01-01&dateEnd=2034-12-31')).total).toBe(4);
    const march = await stats(me, '?dateStart=2025-03-01&dateEnd=2025-03-31');
    expect(march).toMatchObject({ dateStart: '2025-03-01', dateEnd: '2025-03-31', total: 1, byMonth: [{ month: '2025-03', count: 1 }] });
    const english = await t.app.inject({ method: 'GET', url: `${STATS}?dateStart=2025-03-01&dateEnd=2025-03-31`, headers: { ...me.headers, 'x-locale': 'en' } });
    expect(english.json().data.byContractType).toEqual([{ contractType: 'NDA', label: 'Non-disclosure agreement', count: 1 }]);

    // Defaults: this month and the eleven before.
    const recent = await stats(me, '');
    expect(recent.byMonth).toHaveLength(12);
    expect(recent.total).toBe(2);
  });

  it('answers 401, 400 naming the field, 403 to a member without contract permissions, and counts nothing of another tenant', async () => {
    expect((await call(null, 'GET', STATS)).statusCode).toBe(401);
    expect(fieldsOf(await call(owner, 'GET', `${STATS}?dateStart=2026-05-01&dateEnd=2026-04-01`))).toEqual(['query.dateEnd']);
    expect(fieldsOf(await call(owner, 'GET', `${STATS}?dateStart=2026-13-01`))).toEqual(['query.dateStart']);
    expect(fieldsOf(await call(owner, 'GET', `${STATS}?dateStart=2000-01-01&dateEnd=2026-01-01`))).toEqual(['query.dateEnd']);
    expect(fieldsOf(await call(owner, 'GET', `${STATS}?dateStart=2000-01-01`))).toEqual(['query.dateStart']);
    expect((await call(noRole, 'GET', STATS)).statusCode).toBe(403);
    await createContract(t, owner, { title: '세는 계약' });
    const foreign = await call(intruder(), 'GET', STATS);
    expect(foreign.json().data.total).toBe(0);
  });

  it('defaults the range around today', () => {
    expect(statsRange({}, '2026-11-21')).toEqual({ dateStart: '2025-12-01', dateEnd: '2026-11-21' });
    expect(statsRange({ dateStart: '2027-02-01' }, '2026-11-21')).toEqual({ dateStart: '2027-02-01', dateEnd: '2027-02-01' });
    expect(statsRange({ dateEnd: '2026-01-10' }, '2026-11-21')).toEqual({ dateStart: '2025-02-01', dateEnd: '2026-01-10' });
  });
});

describe('documentation', () => {
  it('documents every reminder, export, user-config and stats route at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    const routes = [
      listContractReminders, createContractReminder, getContractReminder, updateContractReminder, deleteContractReminder, getReminderSuggestions, listMyReminders,
      getCalendarFeed, rotateCalendarFeed, revokeCalendarFeed, calendarFeed, exportContractsExcel, downloadContractsZip, downloadContractFile,
      getContractUserConfig, updateContractUserConfig, getContractStats,
    ];
    for (const r of routes) {
      const operation = doc.paths[r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(operation?.summary, `${r.method} ${r.path}`).toBe(r.summary);
    }
  });
});
