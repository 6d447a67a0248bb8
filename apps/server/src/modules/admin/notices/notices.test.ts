import { ErrorEnvelopeSchema, MemberNoticeSchema, NoticeSchema, type RoleCode } from '@legal/api';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { files } from '../../files';
import { roles } from '../../auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../../auth/auth.test-support';
import { fileBody } from '../../files/files.test-support';
import { noticeReads, notices } from './notices.table';

type Workspace = Awaited<ReturnType<typeof newWorkspace>>;
type Person = { userId: number; cookie: string; headers: Record<string, string> };

let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let admin: Person;
let reader: Person;
let otherReader: Person;
let adminB: Person;

async function person(ws: Workspace, roles: RoleCode[], displayName?: string): Promise<Person> {
  const user = await newUser(t, { workspace: ws, roles, displayName });
  const cookie = await signIn(t, user.loginId);
  return { userId: user.userId, cookie, headers: workspaceHeaders(ws, cookie) };
}

async function upload(who: Person, name = '점검 안내.txt'): Promise<string> {
  const body = fileBody(Buffer.from(`${name} 내용`), name);
  const res = await t.app.inject({ method: 'POST', url: '/api/arxive/files/v2', headers: { ...who.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fileKey as string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: Person | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? who.headers : workspaceHeaders(wsA), ...(payload === undefined ? {} : { payload: payload as object }) });

async function create(who: Person, body: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: '정기 점검 안내', body: '11월 22일 02:00-04:00\n서비스가 중단됩니다.', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return NoticeSchema.parse(res.json().data);
}

const noticeRow = async (id: number) => (await t.services.db.select().from(notices).where(eq(notices.id, id)))[0];
const fileRow = async (fileKey: string) => (await t.services.db.select().from(files).where(eq(files.fileKey, fileKey)))[0];
const fieldsOf = (res: { json: () => { data?: { fieldErrors?: Array<{ field: string }> } } }) => res.json().data?.fieldErrors?.map((f) => f.field) ?? [];

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t);
  wsB = await newWorkspace(t);
  admin = await person(wsA, ['SUPER_MANAGER'], '공지 관리자');
  reader = await person(wsA, ['GENERAL_MEMBER'], '김민준');
  otherReader = await person(wsA, ['GENERAL_MEMBER'], '이서연');
  adminB = await person(wsB, ['SUPER_MANAGER']);
});
afterAll(() => t.close());

const ADMIN_ROUTES: Array<[Method, string, unknown?]> = [
  ['GET', '/api/workspace/notices/v1'],
  ['GET', '/api/workspace/notices/creators/v1'],
  ['POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: 'x', body: 'y' }],
  ['GET', '/api/workspace/notices/1/v1'],
  ['PUT', '/api/workspace/notices/1/v1', { title: 'x' }],
  ['DELETE', '/api/workspace/notices/1/v1'],
];
const MEMBER_ROUTES: Array<[Method, string, unknown?]> = [
  ['GET', '/api/workspace/my-notices/v1'],
  ['GET', '/api/workspace/my-notices/unread-count/v1'],
  ['GET', '/api/workspace/my-notices/1/v1'],
  ['POST', '/api/workspace/my-notices/read-all/v1'],
];

describe('notices: access', () => {
  it('answers 401 without a session on every route', async () => {
    for (const [method, url, payload] of [...ADMIN_ROUTES, ...MEMBER_ROUTES]) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(ErrorEnvelopeSchema.parse(res.json()).code).toBe('ERROR_UNAUTHORIZED');
    }
  });

  it('answers 403 to a general member on every admin route, and writes nothing', async () => {
    const before = await t.services.db.select().from(notices).where(eq(notices.tenantId, wsA.tenantId));
    for (const [method, url, payload] of ADMIN_ROUTES) {
      const res = await call(reader, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('ERROR_FORBIDDEN');
    }
    expect(await t.services.db.select().from(notices).where(eq(notices.tenantId, wsA.tenantId))).toEqual(before);
  });

  it('answers 403 to a console admin without workspace.notice.write, and to a non-member', async () => {
    const ws = await newWorkspace(t);
    const limited = await person(ws, ['WORKSPACE_ADMIN']);
    await t.services.db
      .update(roles)
      .set({ permissions: sql`array_remove(${roles.permissions}, 'workspace.notice.write')` })
      .where(and(eq(roles.tenantId, ws.tenantId), eq(roles.workspaceId, ws.workspaceId), eq(roles.code, 'WORKSPACE_ADMIN')));
    expect((await call(limited, 'GET', '/api/workspace/notices/v1')).statusCode).toBe(403);
    expect((await call(limited, 'GET', '/api/workspace/my-notices/v1')).statusCode).toBe(200);
    const outsider = { ...adminB, headers: workspaceHeaders(wsA, adminB.cookie) };
    expect((await call(outsider, 'GET', '/api/workspace/notices/v1')).statusCode).toBe(403);
    expect((await call(outsider, 'GET', '/api/workspace/my-notices/v1')).statusCode).toBe(403);
  });
});

describe('notices: validation', () => {
  it('names every bad field of a new notice', async () => {
    const res = await call(admin, 'POST', '/api/workspace/notices/v1', { noticeType: 'NEWS', title: ' ', body: '', isPinned: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ERROR_VALIDATION');
    expect(fieldsOf(res)).toEqual(expect.arrayContaining(['body.noticeType', 'body.title', 'body.body', 'body.isPinned']));
  });

  it('refuses file keys that are not free files of this workspace, naming each', async () => {
    const ownKey = await upload(admin);
    const foreignKey = await upload(adminB, 'other.txt');
    const missing = 'A'.repeat(22);
    const res = await call(admin, 'POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: '첨부', body: '본문', fileKeys: [ownKey, foreignKey, missing, 'bad'] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['body.fileKeys.3']);
    const res2 = await call(admin, 'POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: '첨부', body: '본문', fileKeys: [ownKey, foreignKey, missing] });
    expect(res2.statusCode).toBe(400);
    expect(fieldsOf(res2)).toEqual(['body.fileKeys.1', 'body.fileKeys.2']);
    // Nothing was written and the own file is still free.
    expect((await fileRow(ownKey))?.referenceType).toBeNull();
    const duplicated = await call(admin, 'POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: '첨부', body: '본문', fileKeys: [ownKey, ownKey] });
    expect(fieldsOf(duplicated)).toEqual(['body.fileKeys']);
  });

  it('refuses a file already attached to another notice', async () => {
    const key = await upload(admin);
    await create(admin, { fileKeys: [key] });
    const res = await call(admin, 'POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: '두 번째', body: '본문', fileKeys: [key] });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors).toEqual([{ field: 'body.fileKeys.0', reason: 'the file is attached to something else' }]);
  });

  it('names bad ids, sorts, filters and empty updates', async () => {
    expect(fieldsOf(await call(admin, 'GET', '/api/workspace/notices/abc/v1'))).toEqual(['params.noticeId']);
    expect(fieldsOf(await call(admin, 'GET', '/api/workspace/notices/v1?sort=body,asc'))).toEqual(['query.sort']);
    expect(fieldsOf(await call(admin, 'GET', '/api/workspace/notices/v1?noticeTypes=NEWS&creatorIds=x&size=0'))).toEqual(
      expect.arrayContaining(['query.size', 'query.noticeTypes', 'query.creatorIds']),
    );
    expect(fieldsOf(await call(reader, 'GET', '/api/workspace/my-notices/v1?isRead=maybe'))).toEqual(['query.isRead']);
    expect(fieldsOf(await call(reader, 'GET', '/api/workspace/my-notices/0/v1'))).toEqual(['params.noticeId']);
    const notice = await create(admin);
    const empty = await call(admin, 'PUT', `/api/workspace/notices/${notice.id}/v1`, {});
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['body']);
  });
});

describe('notices: admin', () => {
  it('publishes a notice with attachments that point back at it, and audits it', async () => {
    const key = await upload(admin, '점검 일정.txt');
    const notice = await create(admin, { noticeType: 'MAINTENANCE', isPinned: true, fileKeys: [key] });
    expect(notice).toMatchObject({
      noticeType: 'MAINTENANCE',
      title: '정기 점검 안내',
      body: '11월 22일 02:00-04:00\n서비스가 중단됩니다.',
      isPinned: true,
      creatorUserId: admin.userId,
      creatorName: '공지 관리자',
      readCount: 0,
      isDeleted: false,
      attachments: [{ fileKey: key, displayName: '점검 일정.txt', contentType: expect.stringMatching(/^text\/plain/) }],
    });
    expect(await fileRow(key)).toMatchObject({ referenceType: 'NOTICE', referenceId: String(notice.id) });
    const [event] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'notice.created'), eq(auditEvents.workspaceId, wsA.workspaceId))).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ actorUserId: admin.userId, tenantId: wsA.tenantId, data: { noticeId: notice.id, noticeType: 'MAINTENANCE', fileKeys: [key] } });

    const got = await call(admin, 'GET', `/api/workspace/notices/${notice.id}/v1`);
    expect(NoticeSchema.parse(got.json().data)).toEqual(notice);
  });

  it('edits a notice, swapping attachments, and audits before and after', async () => {
    const first = await upload(admin, 'a.txt');
    const second = await upload(admin, 'b.txt');
    const notice = await create(admin, { fileKeys: [first] });
    const res = await call(admin, 'PUT', `/api/workspace/notices/${notice.id}/v1`, { title: '점검 일정 변경', noticeType: 'UPDATE', fileKeys: [second, first] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: '점검 일정 변경', noticeType: 'UPDATE', attachments: [{ fileKey: second }, { fileKey: first }] });
    const detached = await call(admin, 'PUT', `/api/workspace/notices/${notice.id}/v1`, { fileKeys: [second] });
    expect(detached.json().data.attachments.map((a: { fileKey: string }) => a.fileKey)).toEqual([second]);
    expect(await fileRow(first)).toMatchObject({ referenceType: null, referenceId: null });
    expect(await fileRow(second)).toMatchObject({ referenceType: 'NOTICE', referenceId: String(notice.id) });
    const events = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'notice.updated')).orderBy(desc(auditEvents.id)).limit(2);
    expect(events[1]!.data).toMatchObject({ noticeId: notice.id, fields: ['noticeType', 'title', 'fileKeys'], before: { title: '정기 점검 안내', noticeType: 'GENERAL' }, after: { title: '점검 일정 변경', noticeType: 'UPDATE' } });
  });

  it('deletes softly: gone from lists and from members, kept as a row; a second delete or an edit is a 409', async () => {
    const notice = await create(admin, { title: '삭제될 공지' });
    const res = await call(admin, 'DELETE', `/api/workspace/notices/${notice.id}/v1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isDeleted).toBe(true);
    expect((await noticeRow(notice.id))?.deletedAt).toBeInstanceOf(Date);
    const list = await call(admin, 'GET', `/api/workspace/notices/v1?keyword=${encodeURIComponent('삭제될')}`);
    expect(list.json().data.totalElements).toBe(0);
    expect((await call(reader, 'GET', `/api/workspace/my-notices/${notice.id}/v1`)).statusCode).toBe(404);

    const before = await noticeRow(notice.id);
    const edit = await call(admin, 'PUT', `/api/workspace/notices/${notice.id}/v1`, { title: '부활' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'NOTICE_DELETED' } });
    expect((await call(admin, 'DELETE', `/api/workspace/notices/${notice.id}/v1`)).statusCode).toBe(409);
    expect(await noticeRow(notice.id)).toEqual(before);
    expect((await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'notice.deleted')).orderBy(desc(auditEvents.id)).limit(1))[0]?.data).toEqual({ noticeId: notice.id, title: '삭제될 공지' });
  });

  it('answers 404 for another tenant\'s notice and leaves it unchanged', async () => {
    const key = await upload(admin);
    const notice = await create(admin, { fileKeys: [key] });
    const before = await noticeRow(notice.id);
    for (const [method, payload] of [['GET'], ['PUT', { title: '탈취' }], ['DELETE']] as Array<[Method, unknown?]>) {
      const res = await call(adminB, method, `/api/workspace/notices/${notice.id}/v1`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code).toBe('ERROR_NOT_FOUND');
    }
    const foreignMember = await person(wsB, ['GENERAL_MEMBER']);
    expect((await call(foreignMember, 'GET', `/api/workspace/my-notices/${notice.id}/v1`)).statusCode).toBe(404);
    expect(await noticeRow(notice.id)).toEqual(before);
    expect(await t.services.db.select().from(noticeReads).where(eq(noticeReads.noticeId, notice.id))).toEqual([]);
    // B's own file cannot be attached in A; A's attached file cannot be stolen by B.
    const stolen = await call(adminB, 'POST', '/api/workspace/notices/v1', { noticeType: 'GENERAL', title: 't', body: 'b', fileKeys: [key] });
    expect(fieldsOf(stolen)).toEqual(['body.fileKeys.0']);
  });

  it('lists pinned first, filters by types, creators and keyword, sorts and pages (default 10)', async () => {
    const ws = await newWorkspace(t);
    const one = await person(ws, ['SUPER_MANAGER'], '가나다');
    const two = await person(ws, ['WORKSPACE_ADMIN'], '라마바');
    for (let i = 1; i <= 11; i++) await create(one, { title: `일반 공지 ${String(i).padStart(2, '0')}` });
    await create(two, { title: '행사 안내', noticeType: 'EVENT', body: '송년회 장소는 본사 강당' });
    await create(two, { title: '고정 공지', noticeType: 'POLICY', isPinned: true });

    const first = await call(one, 'GET', '/api/workspace/notices/v1');
    expect(first.json().data).toMatchObject({ page: 0, size: 10, totalElements: 13, totalPages: 2 });
    const titles = first.json().data.content.map((n: { title: string }) => n.title);
    expect(titles.slice(0, 3)).toEqual(['고정 공지', '행사 안내', '일반 공지 11']);

    const byTitle = await call(one, 'GET', '/api/workspace/notices/v1?sort=title,asc&size=3');
    expect(byTitle.json().data.content.map((n: { title: string }) => n.title)).toEqual(['고정 공지', '일반 공지 01', '일반 공지 02']);

    const types = await call(one, 'GET', '/api/workspace/notices/v1?noticeTypes=EVENT&noticeTypes=POLICY');
    expect(types.json().data.content.map((n: { title: string }) => n.title)).toEqual(['고정 공지', '행사 안내']);
    const byCreator = await call(one, 'GET', `/api/workspace/notices/v1?creatorIds=${two.userId}`);
    expect(byCreator.json().data.totalElements).toBe(2);
    const byKeyword = await call(one, 'GET', `/api/workspace/notices/v1?keyword=${encodeURIComponent('강당')}`);
    expect(byKeyword.json().data.content.map((n: { title: string }) => n.title)).toEqual(['행사 안내']);
    const percent = await call(one, 'GET', `/api/workspace/notices/v1?keyword=${encodeURIComponent('%')}`);
    expect(percent.json().data.totalElements).toBe(0);

    const creators = await call(one, 'GET', '/api/workspace/notices/creators/v1');
    expect(creators.json().data).toEqual([
      { userId: one.userId, displayName: '가나다' },
      { userId: two.userId, displayName: '라마바' },
    ]);
  });
});

describe('notices: members', () => {
  it('shows each member their own read state, counts unread, marks read on opening and all at once', async () => {
    const ws = await newWorkspace(t);
    const boss = await person(ws, ['SUPER_MANAGER']);
    const me = await person(ws, ['GENERAL_MEMBER']);
    const colleague = await person(ws, ['READER']);
    const a = await create(boss, { title: '첫 공지' });
    const b = await create(boss, { title: '둘째 공지', isPinned: true });
    await create(boss, { title: '셋째 공지' });

    expect((await call(me, 'GET', '/api/workspace/my-notices/unread-count/v1')).json().data).toEqual({ unreadCount: 3 });
    const opened = await call(me, 'GET', `/api/workspace/my-notices/${a.id}/v1`);
    expect(opened.statusCode).toBe(200);
    expect(MemberNoticeSchema.parse(opened.json().data)).toMatchObject({ id: a.id, title: '첫 공지', isRead: true });
    // Opening again changes nothing.
    await call(me, 'GET', `/api/workspace/my-notices/${a.id}/v1`);
    expect((await call(me, 'GET', '/api/workspace/my-notices/unread-count/v1')).json().data).toEqual({ unreadCount: 2 });
    expect((await call(colleague, 'GET', '/api/workspace/my-notices/unread-count/v1')).json().data).toEqual({ unreadCount: 3 });

    const list = await call(me, 'GET', '/api/workspace/my-notices/v1');
    expect(list.json().data.content.map((n: { title: string; isRead: boolean }) => [n.title, n.isRead])).toEqual([
      ['둘째 공지', false],
      ['셋째 공지', false],
      ['첫 공지', true],
    ]);
    const unread = await call(me, 'GET', '/api/workspace/my-notices/v1?isRead=false');
    expect(unread.json().data.totalElements).toBe(2);
    expect((await call(boss, 'GET', `/api/workspace/notices/${a.id}/v1`)).json().data.readCount).toBe(1);

    const all = await call(me, 'POST', '/api/workspace/my-notices/read-all/v1');
    expect(all.json().data).toEqual({ markedCount: 2 });
    expect((await call(me, 'POST', '/api/workspace/my-notices/read-all/v1')).json().data).toEqual({ markedCount: 0 });
    expect((await call(me, 'GET', '/api/workspace/my-notices/unread-count/v1')).json().data).toEqual({ unreadCount: 0 });
    expect((await call(colleague, 'GET', '/api/workspace/my-notices/unread-count/v1')).json().data).toEqual({ unreadCount: 3 });
    expect((await call(boss, 'GET', `/api/workspace/notices/${b.id}/v1`)).json().data.readCount).toBe(1);
  });

  it('answers 404 to a member for a deleted or unknown notice and records no read', async () => {
    const notice = await create(admin);
    await call(admin, 'DELETE', `/api/workspace/notices/${notice.id}/v1`);
    expect((await call(otherReader, 'GET', `/api/workspace/my-notices/${notice.id}/v1`)).statusCode).toBe(404);
    expect((await call(otherReader, 'GET', '/api/workspace/my-notices/999999/v1')).statusCode).toBe(404);
    expect(await t.services.db.select().from(noticeReads).where(and(eq(noticeReads.noticeId, notice.id), eq(noticeReads.userId, otherReader.userId)))).toEqual([]);
  });
});
