import { type Workflow, WorkflowSchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../platform/notifications/notifications.table';
import { createTestApp, type TestApp } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, createContract, fieldsOf, type Person, person, type Workspace } from '../contracts/contracts.test-support';
import { notificationsOf, notifiedKinds } from './notifications.test-support';

/**
 * In-app notifications through HTTP on the real database: a workflow action notifies its next
 * actors (never the actor) in its transaction, a refused action none; each reader sees only their
 * own, of this workspace, whose contract they can still read; marking read is idempotent.
 */

let t: TestApp;
let ws: Workspace;
let other: Workspace;
let member: Person;
let assigner: Person;
let reviewer: Person;
let watcher: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;

const BASE = '/api/workspace/notifications';
const contractBase = (contractId: number) => `/api/conhub/contracts/${contractId}`;
const rowsOf = (contractId: number) => t.services.db.select().from(notifications).where(eq(notifications.recordId, contractId));
const unread = async (who: Person) => (await call(who, 'GET', `${BASE}/unread-count/v1`)).json().data.unreadCount as number;

async function ok(res: { statusCode: number; body: string; json: () => { data: unknown } }): Promise<Workflow> {
  expect(res.statusCode, res.body).toBe(200);
  return WorkflowSchema.parse(res.json().data);
}

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { extraRoles: ['LEGAL_REVIEWER', 'LEGAL_ASSIGNER', 'READER'] });
  other = await newWorkspace(t);
  member = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  assigner = await person(t, ws, ['LEGAL_ASSIGNER'], '박지훈');
  reviewer = await person(t, ws, ['LEGAL_REVIEWER'], '이서연');
  watcher = await person(t, ws, ['READER'], '강하은');
  outsider = await person(t, other, ['SUPER_MANAGER'], '송예린');
  call = caller(t, () => ws);
}, 120_000);
afterAll(() => t?.close());

describe('workflow actions notify the next actors', () => {
  it('a request notifies the assigners and an assignment the reviewer, never the actor; a refused action none', async () => {
    const c = await createContract(t, member, { title: '알림 계약' });
    const record = { type: 'CONTRACT' as const, id: c.id };
    const started = await ok(await call(member, 'POST', `${contractBase(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW', message: '검토 부탁드립니다' }));
    expect(await notifiedKinds(t, assigner, record)).toEqual(['workflow.SUBMITTED']);
    expect(await notifiedKinds(t, member, record)).toEqual([]);
    const [submitted] = (await notificationsOf(t, assigner)).filter((n) => n.record.id === c.id);
    expect(submitted).toMatchObject({ title: '알림 계약', data: { comment: '검토 부탁드립니다' }, actor: { userId: member.userId, displayName: '김민준' }, isRead: false, readAt: null });

    // A stale revision is 409: nothing is written, for anyone.
    const before = await rowsOf(c.id);
    const stale = await call(assigner, 'POST', `${contractBase(c.id)}/workflows/current/actions/v2`, { stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', revision: started.revision + 5, assigneeUserIds: [reviewer.userId] });
    expect(stale.statusCode).toBe(409);
    expect(await rowsOf(c.id)).toEqual(before);

    const assigned = await ok(
      await call(assigner, 'POST', `${contractBase(c.id)}/workflows/current/actions/v2`, { stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', revision: started.revision, assigneeUserIds: [reviewer.userId] }),
    );
    expect(assigned.currentStepCode).toBe('LEGAL_REVIEW');
    expect(await notifiedKinds(t, reviewer, record)).toEqual(['workflow.ASSIGNED']);
    expect(await notifiedKinds(t, assigner, record)).toEqual(['workflow.SUBMITTED']);

    // The reviewer completes the review: the requester hears of it; the reviewer does not.
    await ok(await call(reviewer, 'POST', `${contractBase(c.id)}/workflows/current/actions/v2`, { stepCode: 'LEGAL_REVIEW', actionId: 'COMPLETE_REVIEW', revision: assigned.revision, comment: '이상 없음' }));
    expect(await notifiedKinds(t, member, record)).toEqual(['workflow.REVIEW_COMPLETED']);
    expect(await notifiedKinds(t, reviewer, record)).toEqual(['workflow.ASSIGNED']);
  });
});

describe('visibility', () => {
  it('a mention is listed while the contract is readable, and neither listed, counted nor marked once it is not', async () => {
    const c = await createContract(t, member, { title: '참조 계약', watcherUserIds: [watcher.userId] });
    await ok(await call(member, 'POST', `${contractBase(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
    const comment = await call(member, 'POST', `${contractBase(c.id)}/workflows/current/comments/v1`, { comment: '확인 부탁드립니다', mentionUserIds: [watcher.userId] });
    expect(comment.statusCode, comment.body).toBe(200);
    const [mention] = await notificationsOf(t, watcher);
    expect(mention).toMatchObject({ kind: 'workflow.MENTIONED', record: { type: 'CONTRACT', id: c.id }, data: { comment: '확인 부탁드립니다' } });
    expect(await unread(watcher)).toBe(1);

    // The owner takes the watcher off the contract: the notification goes with the contract.
    const unwatched = await call(member, 'PUT', `${contractBase(c.id)}/watchers/v1`, { watcherUserIds: [] });
    expect(unwatched.statusCode, unwatched.body).toBe(200);
    expect(await notificationsOf(t, watcher)).toEqual([]);
    expect(await unread(watcher)).toBe(0);
    expect((await call(watcher, 'POST', `${BASE}/${mention!.id}/read/v1`)).statusCode).toBe(404);
    expect((await call(watcher, 'POST', `${BASE}/read-all/v1`)).json().data).toEqual({ markedCount: 0 });
    const [row] = await t.services.db.select().from(notifications).where(eq(notifications.id, mention!.id));
    expect(row!.readAt).toBeNull();

    // Readable again: back, still unread.
    await call(member, 'PUT', `${contractBase(c.id)}/watchers/v1`, { watcherUserIds: [watcher.userId] });
    expect((await notificationsOf(t, watcher)).map((n) => n.id)).toEqual([mention!.id]);
  });

  it('another user, another workspace: not listed, 404 with the row unchanged; 403 outside one\'s workspace', async () => {
    const c = await createContract(t, member, { title: '타인 알림 계약' });
    await ok(await call(member, 'POST', `${contractBase(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
    const [mine] = (await notificationsOf(t, assigner)).filter((n) => n.record.id === c.id);
    expect(mine).toBeDefined();
    expect((await notificationsOf(t, reviewer)).some((n) => n.id === mine!.id)).toBe(false);
    expect((await notificationsOf(t, outsider)).some((n) => n.id === mine!.id)).toBe(false);
    expect((await call(reviewer, 'POST', `${BASE}/${mine!.id}/read/v1`)).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `${BASE}/${mine!.id}/read/v1`, undefined)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/v1`, headers: { ...outsider.headers, 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) } })).statusCode).toBe(403);
    const [row] = await t.services.db.select().from(notifications).where(eq(notifications.id, mine!.id));
    expect(row!.readAt).toBeNull();
  });
});

describe('reading', () => {
  it('marks one read idempotently, pages, filters unread, and marks all read', async () => {
    const titles = ['첫째 계약', '둘째 계약', '셋째 계약'];
    for (const title of titles) {
      const c = await createContract(t, member, { title });
      await ok(await call(member, 'POST', `${contractBase(c.id)}/workflows/v2`, { presetType: 'LEGAL_REVIEW' }));
    }
    const all = await notificationsOf(t, assigner);
    expect(all.slice(0, 3).map((n) => n.title)).toEqual([...titles].reverse());
    const count = await unread(assigner);
    expect(count).toBe(all.filter((n) => !n.isRead).length);

    const first = await call(assigner, 'POST', `${BASE}/${all[0]!.id}/read/v1`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ id: all[0]!.id, isRead: true });
    const again = await call(assigner, 'POST', `${BASE}/${all[0]!.id}/read/v1`);
    expect(again.json().data.readAt).toBe(first.json().data.readAt);
    expect(await unread(assigner)).toBe(count - 1);

    const page = await call(assigner, 'GET', `${BASE}/v1?size=1&page=1&isRead=false`);
    expect(page.json().data).toMatchObject({ page: 1, size: 1, totalElements: count - 1, totalPages: count - 1 });
    expect(page.json().data.content[0].isRead).toBe(false);
    expect((await notificationsOf(t, assigner, 'isRead=true')).map((n) => n.id)).toContain(all[0]!.id);

    expect((await call(assigner, 'POST', `${BASE}/read-all/v1`)).json().data).toEqual({ markedCount: count - 1 });
    expect((await call(assigner, 'POST', `${BASE}/read-all/v1`)).json().data).toEqual({ markedCount: 0 });
    expect(await unread(assigner)).toBe(0);
  });

  it('401 without a session, 400 naming the field', async () => {
    for (const [method, url] of [['GET', `${BASE}/v1`], ['GET', `${BASE}/unread-count/v1`], ['POST', `${BASE}/1/read/v1`], ['POST', `${BASE}/read-all/v1`]] as const) {
      expect((await call(null, method, url)).statusCode, url).toBe(401);
    }
    const bad = await call(assigner, 'GET', `${BASE}/v1?isRead=maybe&size=1000`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['query.isRead', 'query.size']);
    expect(fieldsOf(await call(assigner, 'POST', `${BASE}/abc/read/v1`))).toEqual(['params.notificationId']);
    expect((await call(assigner, 'POST', `${BASE}/999999999/read/v1`)).statusCode).toBe(404);
  });
});
