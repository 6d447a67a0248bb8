import { MemberTermRevisionSchema, type RoleCode, TermConsentSchema, TermRevisionSchema, TermSchema } from '@legal/api';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { roles } from '../../auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../../auth/auth.test-support';
import { termConsents, termRevisions, terms } from './terms.table';

type Workspace = Awaited<ReturnType<typeof newWorkspace>>;
type Person = { userId: number; cookie: string; headers: Record<string, string> };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let admin: Person;
let member: Person;
let adminB: Person;
let memberB: Person;

async function person(ws: Workspace, roleCodes: RoleCode[], displayName?: string): Promise<Person> {
  const user = await newUser(t, { workspace: ws, roles: roleCodes, displayName });
  const cookie = await signIn(t, user.loginId);
  return { userId: user.userId, cookie, headers: { ...workspaceHeaders(ws, cookie), 'user-agent': 'vitest-terms' } };
}

const call = (who: Person | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? who.headers : workspaceHeaders(wsA), ...(payload === undefined ? {} : { payload: payload as object }) });
const fieldsOf = (res: { json: () => { data?: { fieldErrors?: Array<{ field: string }> } } }) => res.json().data?.fieldErrors?.map((f) => f.field) ?? [];

async function newTerm(who: Person, body: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', '/api/workspace/terms/v1', { termType: 'SERVICE', title: '서비스 이용약관', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return TermSchema.parse(res.json().data);
}

async function addRevision(who: Person, termId: number, body: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', `/api/workspace/terms/${termId}/revisions/v1`, { body: '제1조 (목적)\n이 약관은...', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return TermRevisionSchema.parse(res.json().data);
}

const pending = async (who: Person) => {
  const res = await call(who, 'GET', '/api/workspace/my-terms/pending/v1');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as unknown[]).map((r) => MemberTermRevisionSchema.parse(r));
};
const answer = (who: Person, consents: Array<{ revisionId: number; isAgreed: boolean }>) => call(who, 'POST', '/api/workspace/my-terms/consents/v1', { consents });
const termRow = async (id: number) => (await t.services.db.select().from(terms).where(eq(terms.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t);
  wsB = await newWorkspace(t);
  admin = await person(wsA, ['SUPER_MANAGER'], '약관 관리자');
  member = await person(wsA, ['GENERAL_MEMBER'], '김민준');
  adminB = await person(wsB, ['SUPER_MANAGER']);
  memberB = await person(wsB, ['GENERAL_MEMBER']);
});
afterAll(() => t.close());

const ADMIN_ROUTES: Array<[Method, string, unknown?]> = [
  ['GET', '/api/workspace/terms/v1'],
  ['POST', '/api/workspace/terms/v1', { termType: 'SERVICE', title: 'x' }],
  ['GET', '/api/workspace/terms/1/v1'],
  ['PUT', '/api/workspace/terms/1/v1', { title: 'x' }],
  ['DELETE', '/api/workspace/terms/1/v1'],
  ['GET', '/api/workspace/terms/1/revisions/v1'],
  ['POST', '/api/workspace/terms/1/revisions/v1', { body: 'x' }],
  ['GET', '/api/workspace/term-consents/v1'],
];
const MEMBER_ROUTES: Array<[Method, string, unknown?]> = [
  ['GET', '/api/workspace/my-terms/pending/v1'],
  ['POST', '/api/workspace/my-terms/consents/v1', { consents: [{ revisionId: 1, isAgreed: true }] }],
  ['GET', '/api/workspace/my-terms/consents/v1'],
  ['GET', '/api/workspace/my-terms/privacy-policy/v1'],
];

describe('terms: access', () => {
  it('answers 401 without a session on every route', async () => {
    for (const [method, url, payload] of [...ADMIN_ROUTES, ...MEMBER_ROUTES]) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to a general member on every admin route and writes nothing', async () => {
    const before = await t.services.db.select().from(terms).where(eq(terms.tenantId, wsA.tenantId));
    for (const [method, url, payload] of ADMIN_ROUTES) {
      const res = await call(member, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('ERROR_FORBIDDEN');
    }
    expect(await t.services.db.select().from(terms).where(eq(terms.tenantId, wsA.tenantId))).toEqual(before);
  });

  it('answers 403 to a console admin without workspace.term.write, and to a non-member on member routes', async () => {
    const ws = await newWorkspace(t);
    const limited = await person(ws, ['WORKSPACE_ADMIN']);
    await t.services.db
      .update(roles)
      .set({ permissions: sql`array_remove(${roles.permissions}, 'workspace.term.write')` })
      .where(and(eq(roles.tenantId, ws.tenantId), eq(roles.workspaceId, ws.workspaceId), eq(roles.code, 'WORKSPACE_ADMIN')));
    expect((await call(limited, 'GET', '/api/workspace/terms/v1')).statusCode).toBe(403);
    expect((await call(limited, 'GET', '/api/workspace/my-terms/pending/v1')).statusCode).toBe(200);
    const outsider = { ...memberB, headers: workspaceHeaders(wsA, memberB.cookie) };
    for (const [method, url, payload] of MEMBER_ROUTES) expect((await call(outsider, method, url, payload)).statusCode, url).toBe(403);
  });
});

describe('terms: validation', () => {
  it('names every bad field', async () => {
    const created = await call(admin, 'POST', '/api/workspace/terms/v1', { termType: 'COOKIE', title: '   ', isActive: 'yes' });
    expect(created.statusCode).toBe(400);
    expect(fieldsOf(created)).toEqual(expect.arrayContaining(['body.termType', 'body.title', 'body.isActive']));
    const term = await newTerm(admin);
    expect(fieldsOf(await call(admin, 'PUT', `/api/workspace/terms/${term.id}/v1`, {}))).toEqual(['body']);
    expect(fieldsOf(await call(admin, 'PUT', '/api/workspace/terms/x/v1', { title: 'y' }))).toEqual(['params.termId']);
    const revision = await call(admin, 'POST', `/api/workspace/terms/${term.id}/revisions/v1`, { body: '', requiresConsent: 1, effectiveAt: '2026-13-01' });
    expect(fieldsOf(revision)).toEqual(expect.arrayContaining(['body.body', 'body.requiresConsent', 'body.effectiveAt']));
    expect(fieldsOf(await call(admin, 'GET', '/api/workspace/terms/v1?sort=isActive,asc&termTypes=X&isActive=1'))).toEqual(
      expect.arrayContaining(['query.sort', 'query.termTypes', 'query.isActive']),
    );
    expect(fieldsOf(await call(admin, 'GET', '/api/workspace/term-consents/v1?sort=title&userIds=abc&isAgreed=yes'))).toEqual(
      expect.arrayContaining(['query.sort', 'query.userIds', 'query.isAgreed']),
    );
    expect(fieldsOf(await answer(member, []))).toEqual(['body.consents']);
    expect(fieldsOf(await answer(member, [{ revisionId: 5, isAgreed: true }, { revisionId: 5, isAgreed: false }]))).toEqual(['body.consents']);
    expect(fieldsOf(await call(member, 'POST', '/api/workspace/my-terms/consents/v1', { consents: [{ revisionId: 'a', isAgreed: 'yes' }] }))).toEqual(['body.consents.0.revisionId', 'body.consents.0.isAgreed']);
  });
});

describe('terms: admin', () => {
  it('creates, edits and lists terms; a privacy-policy title makes a PRIVACY_POLICY whatever the chosen type', async () => {
    const ws = await newWorkspace(t);
    const boss = await person(ws, ['SUPER_MANAGER']);
    const privacy = await newTerm(boss, { termType: 'MARKETING', title: '  privacy   POLICY ' });
    expect(privacy).toMatchObject({ termType: 'PRIVACY_POLICY', title: 'privacy   POLICY', isPrivacyPolicy: true, isActive: true, revisionCount: 0, latestRevision: null });
    const service = await newTerm(boss, { title: '서비스 이용약관' });
    expect(service).toMatchObject({ termType: 'SERVICE', isPrivacyPolicy: false });
    const marketing = await newTerm(boss, { termType: 'MARKETING', title: '마케팅 정보 수신', isActive: false });

    const renamed = await call(boss, 'PUT', `/api/workspace/terms/${service.id}/v1`, { title: '개인정보 처리방침', termType: 'OTHER' });
    expect(renamed.json().data).toMatchObject({ termType: 'PRIVACY_POLICY', title: '개인정보 처리방침', isPrivacyPolicy: true });
    const [updated] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'term.updated'), eq(auditEvents.workspaceId, ws.workspaceId)));
    expect(updated?.data).toEqual({ termId: service.id, fields: ['title', 'termType'], before: { title: '서비스 이용약관', termType: 'SERVICE' }, after: { title: '개인정보 처리방침', termType: 'PRIVACY_POLICY' } });
    const [created] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'term.created'), eq(auditEvents.workspaceId, ws.workspaceId))).orderBy(auditEvents.id).limit(1);
    expect(created).toMatchObject({ actorUserId: boss.userId, data: { termId: privacy.id, termType: 'PRIVACY_POLICY' } });

    const list = await call(boss, 'GET', '/api/workspace/terms/v1');
    expect(list.json().data).toMatchObject({ page: 0, size: 10, totalElements: 3 });
    expect(list.json().data.content.map((x: { id: number }) => x.id)).toEqual([marketing.id, service.id, privacy.id]);
    const byTitle = await call(boss, 'GET', '/api/workspace/terms/v1?sort=title,asc');
    expect(byTitle.json().data.content.map((x: { title: string }) => x.title)).toEqual(['privacy   POLICY', '개인정보 처리방침', '마케팅 정보 수신']);
    expect((await call(boss, 'GET', '/api/workspace/terms/v1?isActive=false')).json().data.content.map((x: { id: number }) => x.id)).toEqual([marketing.id]);
    expect((await call(boss, 'GET', '/api/workspace/terms/v1?termTypes=MARKETING&termTypes=SERVICE')).json().data.totalElements).toBe(1);
    expect((await call(boss, 'GET', `/api/workspace/terms/v1?keyword=${encodeURIComponent('마케팅')}`)).json().data.totalElements).toBe(1);
    expect((await call(boss, 'GET', '/api/workspace/terms/v1?size=2&page=1')).json().data).toMatchObject({ totalPages: 2, content: [{ id: privacy.id }] });
  });

  it('numbers revisions per term, lists them newest first and audits each', async () => {
    const term = await newTerm(admin, { title: '위치정보 이용약관' });
    const first = await addRevision(admin, term.id, { requiresConsent: false });
    const second = await addRevision(admin, term.id, { body: '제2판', effectiveAt: '2030-01-01T00:00:00+09:00' });
    expect([first.version, second.version]).toEqual([1, 2]);
    expect(second).toMatchObject({ termId: term.id, requiresConsent: true, effectiveAt: '2029-12-31T15:00:00.000Z', createdByUserId: admin.userId });
    const other = await newTerm(admin, { title: '다른 약관' });
    expect((await addRevision(admin, other.id)).version).toBe(1);

    const revisions = await call(admin, 'GET', `/api/workspace/terms/${term.id}/revisions/v1`);
    expect(revisions.json().data).toMatchObject({ totalElements: 2, content: [{ version: 2, body: '제2판' }, { version: 1 }] });
    const got = await call(admin, 'GET', `/api/workspace/terms/${term.id}/v1`);
    expect(got.json().data).toMatchObject({ revisionCount: 2, latestRevision: { id: second.id, version: 2, requiresConsent: true } });
    const [event] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'term.revision_added')).orderBy(desc(auditEvents.id)).limit(1);
    expect(event?.data).toMatchObject({ termId: other.id, version: 1, requiresConsent: true });
  });

  it('refuses a revision for an inactive term (409) and keeps the revisions as they were', async () => {
    const term = await newTerm(admin, { title: '휴면 약관' });
    await addRevision(admin, term.id);
    await call(admin, 'PUT', `/api/workspace/terms/${term.id}/v1`, { isActive: false });
    const res = await call(admin, 'POST', `/api/workspace/terms/${term.id}/revisions/v1`, { body: '새 판' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'TERM_INACTIVE' } });
    expect(await t.services.db.select().from(termRevisions).where(eq(termRevisions.termId, term.id))).toHaveLength(1);
  });

  it('deletes an unanswered term with its revisions; one with consent history is a 409', async () => {
    const unused = await newTerm(admin, { title: '폐기 약관' });
    await addRevision(admin, unused.id);
    const removed = await call(admin, 'DELETE', `/api/workspace/terms/${unused.id}/v1`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ id: unused.id, revisionCount: 1 });
    expect(await termRow(unused.id)).toBeUndefined();
    expect(await t.services.db.select().from(termRevisions).where(eq(termRevisions.termId, unused.id))).toEqual([]);
    expect((await call(admin, 'GET', `/api/workspace/terms/${unused.id}/v1`)).statusCode).toBe(404);

    const used = await newTerm(admin, { title: '답변된 약관' });
    const revision = await addRevision(admin, used.id);
    expect((await answer(member, [{ revisionId: revision.id, isAgreed: true }])).statusCode).toBe(200);
    const before = await termRow(used.id);
    const refused = await call(admin, 'DELETE', `/api/workspace/terms/${used.id}/v1`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ data: { reason: 'TERM_HAS_CONSENTS', consentCount: 1 } });
    expect(await termRow(used.id)).toEqual(before);
    // Leave workspace A without pending terms for the other tests.
    await call(admin, 'PUT', `/api/workspace/terms/${used.id}/v1`, { isActive: false });
  });

  it('answers 404 for another tenant\'s term or revision and leaves them unchanged', async () => {
    const term = await newTerm(admin, { title: '테넌트 A 약관' });
    const revision = await addRevision(admin, term.id, { requiresConsent: false });
    const before = await termRow(term.id);
    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/api/workspace/terms/${term.id}/v1`],
      ['PUT', `/api/workspace/terms/${term.id}/v1`, { title: '탈취' }],
      ['DELETE', `/api/workspace/terms/${term.id}/v1`],
      ['GET', `/api/workspace/terms/${term.id}/revisions/v1`],
      ['POST', `/api/workspace/terms/${term.id}/revisions/v1`, { body: '끼워넣기' }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(adminB, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('ERROR_NOT_FOUND');
    }
    const foreign = await answer(memberB, [{ revisionId: revision.id, isAgreed: true }]);
    expect(foreign.statusCode).toBe(404);
    expect(await termRow(term.id)).toEqual(before);
    expect(await t.services.db.select().from(termRevisions).where(eq(termRevisions.termId, term.id))).toHaveLength(1);
    expect(await t.services.db.select().from(termConsents).where(eq(termConsents.revisionId, revision.id))).toEqual([]);
    expect((await call(adminB, 'GET', `/api/workspace/term-consents/v1?termId=${term.id}`)).json().data.totalElements).toBe(0);
  });
});

describe('terms: consent', () => {
  it('asks for the current revision of active terms that require it, until agreed; a new revision asks again', async () => {
    const ws = await newWorkspace(t);
    const boss = await person(ws, ['SUPER_MANAGER']);
    const me = await person(ws, ['GENERAL_MEMBER'], '박지훈');
    expect(await pending(me)).toEqual([]);

    const service = await newTerm(boss, { title: '서비스 이용약관' });
    const v1 = await addRevision(boss, service.id, { body: '제1판 본문' });
    const optional = await newTerm(boss, { termType: 'MARKETING', title: '마케팅 수신' });
    const optionalRevision = await addRevision(boss, optional.id, { requiresConsent: false });
    const future = await newTerm(boss, { title: '예정 약관' });
    const futureRevision = await addRevision(boss, future.id, { effectiveAt: '2099-01-01T00:00:00Z' });
    const inactive = await newTerm(boss, { title: '중단 약관' });
    const inactiveRevision = await addRevision(boss, inactive.id);
    await call(boss, 'PUT', `/api/workspace/terms/${inactive.id}/v1`, { isActive: false });

    expect(await pending(me)).toEqual([
      { termId: service.id, termType: 'SERVICE', title: '서비스 이용약관', revisionId: v1.id, version: 1, body: '제1판 본문', requiresConsent: true, effectiveAt: v1.effectiveAt },
    ]);

    // Refusing keeps it pending; the refusal is in the history.
    const refused = await answer(me, [{ revisionId: v1.id, isAgreed: false }]);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data.map((p: { revisionId: number }) => p.revisionId)).toEqual([v1.id]);

    // Agreeing (and answering an optional term) clears it.
    const agreed = await answer(me, [{ revisionId: v1.id, isAgreed: true }, { revisionId: optionalRevision.id, isAgreed: true }]);
    expect(agreed.json().data).toEqual([]);
    expect(await pending(me)).toEqual([]);

    // Invalid states: agreeing twice, a future revision, an inactive term; nothing is recorded.
    const count = async () => (await t.services.db.select().from(termConsents).where(eq(termConsents.userId, me.userId))).length;
    const recorded = await count();
    const twice = await answer(me, [{ revisionId: v1.id, isAgreed: true }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data).toEqual({ revisionId: v1.id, reason: 'ALREADY_AGREED' });
    expect((await answer(me, [{ revisionId: futureRevision.id, isAgreed: true }])).json().data.reason).toBe('NOT_YET_EFFECTIVE');
    expect((await answer(me, [{ revisionId: inactiveRevision.id, isAgreed: true }])).json().data.reason).toBe('TERM_INACTIVE');
    expect((await answer(me, [{ revisionId: 987654, isAgreed: true }])).statusCode).toBe(404);
    expect(await count()).toBe(recorded);

    // A new revision that requires consent asks again; the superseded one can no longer be answered.
    const v2 = await addRevision(boss, service.id, { body: '제2판 본문' });
    expect((await pending(me)).map((p) => [p.revisionId, p.version])).toEqual([[v2.id, 2]]);
    const superseded = await answer(me, [{ revisionId: v1.id, isAgreed: false }]);
    expect(superseded.statusCode).toBe(409);
    expect(superseded.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { revisionId: v1.id, reason: 'SUPERSEDED' } });
    // A whole batch fails together when one answer is invalid.
    expect((await answer(me, [{ revisionId: v2.id, isAgreed: true }, { revisionId: v1.id, isAgreed: true }])).statusCode).toBe(409);
    expect(await count()).toBe(recorded);
    expect((await answer(me, [{ revisionId: v2.id, isAgreed: true }])).json().data).toEqual([]);

    // A revision that needs no new consent does not ask.
    await addRevision(boss, service.id, { body: '오탈자 수정', requiresConsent: false });
    expect(await pending(me)).toEqual([]);

    // Withdrawing an agreement makes it pending again (for a required term).
    const v4 = await addRevision(boss, service.id, { body: '제4판' });
    await answer(me, [{ revisionId: v4.id, isAgreed: true }]);
    await answer(me, [{ revisionId: v4.id, isAgreed: false }]);
    expect((await pending(me)).map((p) => p.revisionId)).toEqual([v4.id]);

    const [event] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'term.consented'), eq(auditEvents.actorUserId, me.userId))).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, data: { termId: service.id, revisionId: v4.id, version: 4, isAgreed: false } });
  });

  it('keeps the consent history: admins filter everyone\'s, members see their own', async () => {
    const ws = await newWorkspace(t);
    const boss = await person(ws, ['SUPER_MANAGER']);
    const one = await person(ws, ['GENERAL_MEMBER'], '하나');
    const two = await person(ws, ['READER'], '둘');
    const term = await newTerm(boss, { title: '이용약관' });
    const revision = await addRevision(boss, term.id);
    await answer(one, [{ revisionId: revision.id, isAgreed: false }]);
    await answer(one, [{ revisionId: revision.id, isAgreed: true }]);
    await answer(two, [{ revisionId: revision.id, isAgreed: true }]);

    const all = await call(boss, 'GET', '/api/workspace/term-consents/v1');
    expect(all.json().data.totalElements).toBe(3);
    const newest = TermConsentSchema.parse(all.json().data.content[0]);
    expect(newest).toMatchObject({ userId: two.userId, userName: '둘', termId: term.id, termTitle: '이용약관', termType: 'SERVICE', revisionId: revision.id, version: 1, isAgreed: true, userAgent: 'vitest-terms' });
    expect(newest.ip).toBeTruthy();
    const ofOne = await call(boss, 'GET', `/api/workspace/term-consents/v1?userIds=${one.userId}&sort=createdAt,asc`);
    expect(ofOne.json().data.content.map((c: { isAgreed: boolean }) => c.isAgreed)).toEqual([false, true]);
    expect((await call(boss, 'GET', `/api/workspace/term-consents/v1?isAgreed=false&revisionId=${revision.id}`)).json().data.totalElements).toBe(1);
    expect((await call(boss, 'GET', `/api/workspace/term-consents/v1?userIds=${one.userId}&userIds=${two.userId}&termId=${term.id}&size=1`)).json().data).toMatchObject({ totalElements: 3, totalPages: 3 });

    const mine = await call(two, 'GET', '/api/workspace/my-terms/consents/v1');
    expect(mine.json().data).toMatchObject({ totalElements: 1, content: [{ userId: two.userId }] });
  });

  it('exposes the privacy policy in effect, or null', async () => {
    const ws = await newWorkspace(t);
    const boss = await person(ws, ['SUPER_MANAGER']);
    const me = await person(ws, ['GENERAL_MEMBER']);
    expect((await call(me, 'GET', '/api/workspace/my-terms/privacy-policy/v1')).json()).toEqual({ code: 'SUCCESS', message: null, data: null });
    const policy = await newTerm(boss, { termType: 'OTHER', title: 'Privacy Notice' });
    const v1 = await addRevision(boss, policy.id, { body: '처리방침 1판', requiresConsent: false });
    await addRevision(boss, policy.id, { body: '처리방침 2판 (예정)', effectiveAt: '2099-01-01T00:00:00Z' });
    const res = await call(me, 'GET', '/api/workspace/my-terms/privacy-policy/v1');
    expect(res.json().data).toMatchObject({ termId: policy.id, termType: 'PRIVACY_POLICY', title: 'Privacy Notice', revisionId: v1.id, version: 1, body: '처리방침 1판' });
    await call(boss, 'PUT', `/api/workspace/terms/${policy.id}/v1`, { isActive: false });
    expect((await call(me, 'GET', '/api/workspace/my-terms/privacy-policy/v1')).json().data).toBeNull();
  });
});
