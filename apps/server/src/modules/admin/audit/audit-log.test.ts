import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { AuditEventItemSchema, type RoleCode } from '@legal/api';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../../platform/audit/audit.table';
import { login, newUser, newWorkspace, signIn, workspaceHeaders } from '../../auth/auth.test-support';
import { membershipRoles, memberships, roles } from '../../auth';
import { writeAuditWorkbook } from './audit-export';
import { changesOf, chartDays } from './audit.policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIST = '/api/workspace/audit-events/v1';
const DAILY = '/api/workspace/audit-events/daily-counts/v1';
const EXPORT = '/api/workspace/audit-events/export/v1';

type Workspace = Awaited<ReturnType<typeof newWorkspace>>;

async function adminWorkspace(adminRoles: RoleCode[] = ['SUPER_MANAGER']) {
  const ws = await newWorkspace(t);
  const admin = await newUser(t, { workspace: ws, roles: adminRoles, displayName: '감사관' });
  const headers = workspaceHeaders(ws, await signIn(t, admin.loginId));
  return { ws, admin, headers };
}

async function consoleOnlyMember(ws: Workspace) {
  const user = await newUser(t, { workspace: ws, roles: [] });
  const [role] = await t.services.db.insert(roles).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, name: 'console', permissions: ['workspace.admin.access', 'workspace.user.read'] }).returning();
  const [membership] = await t.services.db.select().from(memberships).where(and(eq(memberships.workspaceId, ws.workspaceId), eq(memberships.userId, user.userId)));
  await t.services.db.insert(membershipRoles).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, membershipId: membership!.id, roleId: role!.id });
  return workspaceHeaders(ws, await signIn(t, user.loginId));
}

const fields = (res: { json: () => { data?: { fieldErrors?: Array<{ field: string }> } } }) => res.json().data?.fieldErrors?.map((f) => f.field);
type Item = { id: number; type: string; subject: { userId: number } | null; actor: { userId: number; displayName: string | null } | null };

/** A workspace with some history: sign-ins and a failure of members, a profile change, and noise elsewhere. */
async function withHistory() {
  const a = await adminWorkspace();
  const member = await newUser(t, { workspace: a.ws, displayName: '홍길동' });
  await login(t, member.loginId, 'wrong-password');
  await signIn(t, member.loginId);
  const update = await t.app.inject({ method: 'PUT', url: `/api/workspace/users/${member.userId}/v1`, headers: a.headers, payload: { displayName: '홍길동 변호사' } });
  expect(update.statusCode, update.body).toBe(200);
  const b = await adminWorkspace();
  const outsider = await newUser(t);
  await signIn(t, outsider.loginId);
  return { ...a, member, b, outsider };
}

describe('GET /api/workspace/audit-events/v1', () => {
  it('needs a session, an admin and workspace.audit.read', async () => {
    const { ws } = await adminWorkspace();
    expect((await t.app.inject({ method: 'GET', url: LIST, headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    const member = await newUser(t, { workspace: ws });
    expect((await t.app.inject({ method: 'GET', url: LIST, headers: workspaceHeaders(ws, await signIn(t, member.loginId)) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: LIST, headers: await consoleOnlyMember(ws) })).statusCode).toBe(403);
  });

  it('answers 400 naming the bad fields', async () => {
    const { headers } = await adminWorkspace();
    const res = await t.app.inject({ method: 'GET', url: `${LIST}?types=DROP%20TABLE&from=yesterday&size=1001&actorUserId=0`, headers });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(expect.arrayContaining(['query.types', 'query.from', 'query.size', 'query.actorUserId']));
    expect(fields(await t.app.inject({ method: 'GET', url: `${LIST}?sort=ip,asc`, headers }))).toEqual(['query.sort']);
    const backwards = await t.app.inject({ method: 'GET', url: `${LIST}?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`, headers });
    expect(fields(backwards)).toEqual(['query.to']);
  });

  it("lists the workspace's events and its members' account events, never another workspace's, newest first", async () => {
    const { ws, admin, headers, member, b, outsider } = await withHistory();
    const res = await t.app.inject({ method: 'GET', url: `${LIST}?size=50`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    for (const item of page.content) AuditEventItemSchema.parse(item);
    const items = page.content as Array<Item & { createdAt: string; isAccountEvent: boolean; ip: string | null; userAgent: string | null }>;
    const subjects = new Set(items.map((i) => i.subject?.userId));
    expect(subjects).toEqual(new Set([admin.userId, member.userId]));
    expect(subjects.has(outsider.userId) || subjects.has(b.admin.userId)).toBe(false);
    expect(items.map((i) => i.type)).toEqual(expect.arrayContaining(['session.signed_in', 'session.sign_in_failed', 'user.updated']));
    const times = items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const updated = items.find((i) => i.type === 'user.updated')!;
    expect(updated).toMatchObject({
      isAccountEvent: false,
      actor: { userId: admin.userId, displayName: '감사관' },
      subject: { userId: member.userId, displayName: '홍길동 변호사' },
      ip: '127.0.0.1',
      changes: [{ field: 'displayName', before: '홍길동', after: '홍길동 변호사' }],
    });
    expect(updated.userAgent).toBeTruthy();
    expect(items.find((i) => i.type === 'session.sign_in_failed')).toMatchObject({ isAccountEvent: true, actor: null, subject: { userId: member.userId } });

    // The default page is 10; sort ascending turns it round.
    expect((await t.app.inject({ method: 'GET', url: LIST, headers })).json().data.size).toBe(10);
    const oldest = (await t.app.inject({ method: 'GET', url: `${LIST}?sort=createdAt,asc&size=1`, headers })).json().data.content[0];
    expect(oldest.createdAt).toBe(times.at(-1));

    // The other workspace sees none of this workspace's events.
    const theirs = (await t.app.inject({ method: 'GET', url: `${LIST}?size=100`, headers: b.headers })).json().data.content as Item[];
    expect(theirs.some((i) => i.subject?.userId === member.userId || i.subject?.userId === admin.userId)).toBe(false);
    expect(ws.workspaceId).not.toBe(b.ws.workspaceId);
  });

  it('filters by types (repeatable), actor, subject, period and a keyword inside the data', async () => {
    const { admin, headers, member } = await withHistory();
    const list = async (query: string) => (await t.app.inject({ method: 'GET', url: `${LIST}?size=100&${query}`, headers })).json().data.content as Item[];

    const types = await list('types=user.updated&types=session.sign_in_failed');
    expect(new Set(types.map((i) => i.type))).toEqual(new Set(['user.updated', 'session.sign_in_failed']));
    expect((await list(`actorUserId=${admin.userId}&types=user.updated`)).map((i) => i.subject?.userId)).toEqual([member.userId]);
    expect((await list(`subjectUserId=${member.userId}`)).every((i) => i.subject?.userId === member.userId)).toBe(true);
    expect(await list(`keyword=${encodeURIComponent('변호사')}`)).toMatchObject([{ type: 'user.updated' }]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await list(`from=${encodeURIComponent(future)}`)).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await list(`from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`)).length).toBeGreaterThan(3);
  });

  it('keeps showing the account events of a deactivated member', async () => {
    const { headers, member } = await withHistory();
    await t.app.inject({ method: 'POST', url: `/api/workspace/users/${member.userId}/deactivate/v1`, headers });
    const items = (await t.app.inject({ method: 'GET', url: `${LIST}?subjectUserId=${member.userId}&size=100`, headers })).json().data.content as Item[];
    expect(items.map((i) => i.type)).toEqual(expect.arrayContaining(['user.deactivated', 'session.signed_in', 'session.sign_in_failed']));
  });
});

describe('GET /api/workspace/audit-events/daily-counts/v1', () => {
  it('counts events per day of the time zone over the last 30 days by default', async () => {
    const { ws, headers } = await withHistory();
    expect((await t.app.inject({ method: 'GET', url: DAILY, headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: DAILY, headers });
    expect(res.statusCode, res.body).toBe(200);
    const { timeZone, days } = res.json().data as { timeZone: string; days: Array<{ date: string; count: number }> };
    expect(timeZone).toBe('Asia/Seoul');
    expect(days.length).toBeGreaterThanOrEqual(30);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    expect(days.at(-1)).toMatchObject({ date: today });
    expect(days.at(-1)!.count).toBeGreaterThan(3);
    const total = (await t.app.inject({ method: 'GET', url: `${LIST}?size=1`, headers })).json().data.totalElements;
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(total);

    const failures = (await t.app.inject({ method: 'GET', url: `${DAILY}?types=session.sign_in_failed&timeZone=UTC`, headers })).json().data;
    expect(failures.days.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(1);
  });

  it('answers 400 for an unknown zone or a range past 366 days', async () => {
    const { headers } = await adminWorkspace();
    expect(fields(await t.app.inject({ method: 'GET', url: `${DAILY}?timeZone=Mars/Olympus`, headers }))).toEqual(['query.timeZone']);
    expect(fields(await t.app.inject({ method: 'GET', url: `${DAILY}?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`, headers }))).toEqual(['query.from']);
  });
});

async function readWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { sheet, rows };
}

describe('GET /api/workspace/audit-events/export/v1', () => {
  it('answers an .xlsx with Korean headers and file name that parses back, and records the export', async () => {
    const { ws, admin, headers, member } = await withHistory();
    expect((await t.app.inject({ method: 'GET', url: EXPORT, headers: workspaceHeaders(ws) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: EXPORT, headers: await consoleOnlyMember(ws) })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: `${EXPORT}?to=soon`, headers });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['query.to']);

    const res = await t.app.inject({ method: 'GET', url: `${EXPORT}?subjectUserId=${member.userId}`, headers: { ...headers, 'x-locale': 'ko' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['x-export-truncated']).toBe('false');
    const disposition = String(res.headers['content-disposition']);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^감사로그_\d{8}\.xlsx$/);

    const { rows } = await readWorkbook(res.rawPayload);
    expect(rows[0]).toEqual(['일시 (Asia/Seoul)', '유형', '행위자', '행위자 ID', '대상자', '대상자 ID', 'IP', '사용자 에이전트', '변경 내용', '데이터']);
    const listed = (await t.app.inject({ method: 'GET', url: `${LIST}?subjectUserId=${member.userId}&size=100`, headers })).json().data.content as Item[];
    expect(rows).toHaveLength(listed.length + 1);
    expect(rows.slice(1).map((r) => r[1])).toEqual(listed.map((i) => i.type));
    const updated = rows.find((r) => r[1] === 'user.updated')!;
    expect(updated.slice(2, 7)).toEqual(['감사관', admin.loginId, '홍길동 변호사', member.loginId, '127.0.0.1']);
    expect(updated[8]).toBe('displayName: 홍길동 → 홍길동 변호사');
    expect(JSON.parse(updated[9]!)).toMatchObject({ before: { displayName: '홍길동' } });
    expect(updated[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const [exported] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'audit_log.exported'), eq(auditEvents.workspaceId, ws.workspaceId)));
    expect(exported).toMatchObject({ actorUserId: admin.userId, data: { filters: { subjectUserId: member.userId, timeZone: 'Asia/Seoul' }, maxRows: 100_000 } });
  });

  it('speaks English with X-Locale en and keeps the time zone asked for', async () => {
    const { headers } = await withHistory();
    const res = await t.app.inject({ method: 'GET', url: `${EXPORT}?types=user.updated&timeZone=UTC`, headers: { ...headers, 'x-locale': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/filename="audit-log_\d{8}\.xlsx"/);
    const { rows } = await readWorkbook(res.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['Time (UTC)', 'Type', 'Actor']);
    expect(rows).toHaveLength(2);
  });

  it('says so in the last row when it stops at the cap', async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    const row = { createdAt: new Date('2026-11-21T00:30:00Z'), type: 'user.updated', actorName: '관리자', actorLoginId: 'a@x.kr', subjectName: null, subjectLoginId: null, ip: null, userAgent: null, changes: [], data: {} };
    async function* batches() {
      yield [row, row];
    }
    const written = await writeAuditWorkbook(stream, { locale: 'ko', timeZone: 'Asia/Seoul', batches: batches(), isTruncated: true, maxRows: 2, shouldStop: () => false });
    expect(written).toBe(2);
    const { rows } = await readWorkbook(Buffer.concat(chunks));
    expect(rows).toHaveLength(4);
    expect(rows[1]![0]).toBe('2026-11-21 09:30:00');
    expect(rows[3]![0]).toBe('처음 2건까지만 내보냈습니다. 기간이나 조건을 좁혀 다시 내보내 주세요.');
  });
});

describe('retention of access records (at least 365 days)', () => {
  const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

  function sourceFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
      return /\.(ts|sql)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
    });
  }

  it('has no code path that deletes or truncates audit events', () => {
    const purges = [/\.delete\(\s*auditEvents\b/, /delete\s+from\s+"?audit_events\b/i, /truncate\b[^;]*\baudit_events\b/i, /drop\s+table[^;]*\baudit_events\b/i];
    const files = [...sourceFiles(serverSrc), ...sourceFiles(path.resolve(serverSrc, '../drizzle'))];
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => purges.some((re) => re.test(fs.readFileSync(file, 'utf8'))));
    expect(offenders).toEqual([]);
  });

  it('ties audit events to no other row, so deleting a user or a workspace keeps them', async () => {
    const { rows } = await t.services.database.sql.executeSql(
      `SELECT count(*)::int AS n FROM information_schema.table_constraints WHERE table_name = 'audit_events' AND constraint_type = 'FOREIGN KEY'`,
      [],
    );
    expect(Number((rows[0] as { n: number }).n)).toBe(0);
    const user = await newUser(t);
    await signIn(t, user.loginId);
    await t.services.db.execute(sql`DELETE FROM users WHERE id = ${user.userId}`);
    const kept = await t.services.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, user.userId));
    expect(kept.length).toBeGreaterThan(0);
  });
});

describe('audit policy', () => {
  it('diffs data.before and data.after field by field', () => {
    expect(changesOf({ before: { a: 1, b: [1, 2], c: 'x' }, after: { a: 1, b: [2], d: null, e: '새 값' } })).toEqual([
      { field: 'b', before: [1, 2], after: [2] },
      { field: 'c', before: 'x', after: null },
      { field: 'e', before: null, after: '새 값' },
    ]);
    expect(changesOf({ sessionId: 'x' })).toEqual([]);
    expect(changesOf({ before: [1], after: [2] })).toEqual([]);
  });

  it('lists every calendar day of the range in the time zone', () => {
    const { days } = chartDays({ from: new Date('2026-11-20T15:00:00Z'), to: new Date('2026-11-22T15:00:00Z') }, 'Asia/Seoul', new Date());
    expect(days).toEqual(['2026-11-21', '2026-11-22']);
    expect(chartDays({}, 'UTC', new Date('2026-03-01T12:00:00Z')).days).toHaveLength(31);
    expect(() => chartDays({ from: new Date('2026-01-02T00:00:00Z'), to: new Date('2026-01-01T00:00:00Z') }, 'UTC', new Date())).toThrow();
  });
});
