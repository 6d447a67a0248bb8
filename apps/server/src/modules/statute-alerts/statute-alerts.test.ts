import { type ChatQueryDone, ChatQueryDoneSchema, type LegalBasis, ReviewSchema, StatuteChangeAlertDetailSchema, StatuteChangeAlertSchema } from '@legal/api';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { inScope } from '../../platform/db/tenancy';
import { notifications } from '../../platform/notifications/notifications.table';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { rebaseFinding, uploadContractText } from '../ai-review/ai-review.test-support';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, createContract, fieldsOf, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { articleInVersion } from '../law';
import { storeShippedVersion } from '../law/law.test-support';
import { indexStored } from '../research/research.test-support';
import { detectStatuteChanges } from './statute-alerts.detect';
import { statuteChangeAlertItems, statuteChangeAlerts, statuteVersionChecks } from './statute-alerts.table';

/**
 * Statute-change alerts end to end on a real database: 민법 as in force in 2012 (법령MST 93194,
 * from the history corpus) is cited by a review finding and by saved chat answers in two
 * workspaces; then the next version (110914, in force 2013-07-01, 제4조 성년 20세 -> 19세, 제3조
 * unchanged) is imported and the detection runs. Then the routes' matrix.
 */

const V1 = '93194';
const V2 = '110914';
const ALERTS = '/api/aistudio/statute-change-alerts/v1';
const alertUrl = (id: number, action?: 'read' | 'dismiss' | 'restore') => `/api/aistudio/statute-change-alerts/${id}/${action ? `${action}/` : ''}v1`;
const PRODUCTS = ['AI_REVIEW', 'CLM', 'AI_STUDIO'] as const;

let t: TestApp;
let wsA: Workspace;
let wsB: Workspace;
let owner: Person;
let asker: Person;
let stranger: Person;
let manager: Person;
let reader: Person;
let outsider: Person;
let noStudio: Person;
let call: ReturnType<typeof caller>;
let reviewId: number;
let findingId: number;
let answerA: ChatQueryDone;
let answerB: ChatQueryDone;
let alertA: number;

async function ask(who: Person, question: string): Promise<ChatQueryDone> {
  const res = await call(who, 'POST', '/api/aistudio/chats/query/v3', { question });
  expect(res.statusCode, res.body).toBe(200);
  const last = res.body.split('\n\n').filter((b) => b.includes('event: done'))[0]!;
  return ChatQueryDoneSchema.parse(JSON.parse(/^data: (.*)$/m.exec(last)![1]!));
}

async function basis(article: string): Promise<LegalBasis> {
  const found = (await articleInVersion(t.services.db, V1, article))!;
  return { lawName: '민법', article, paragraph: null, articleTitle: found.title, text: found.text, effectiveDate: '2009-08-09', lawSerialNumber: V1 };
}

async function list(who: Person, query = '') {
  const res = await call(who, 'GET', `${ALERTS}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const alertRows = () => t.services.db.select().from(statuteChangeAlerts);
const itemRows = () => t.services.db.select().from(statuteChangeAlertItems);

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t, { products: [...PRODUCTS] });
  wsB = await newWorkspace(t, { products: [...PRODUCTS] });
  const bare = await newWorkspace(t, { products: ['AI_REVIEW', 'CLM'] });
  owner = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  asker = await person(t, wsA, ['GENERAL_MEMBER'], '이서연');
  stranger = await person(t, wsA, ['GENERAL_MEMBER'], '정도윤');
  manager = await person(t, wsA, ['LEGAL_MANAGER'], '한지민');
  reader = await person(t, wsA, ['READER'], '강하은');
  outsider = await person(t, wsB, ['GENERAL_MEMBER'], '송예린');
  noStudio = await person(t, bare, ['GENERAL_MEMBER'], '임태현');
  call = caller(t, () => wsA);

  // 민법 in its 2009 version, indexed for the chat (and whatever the review's legal bases import).
  await storeShippedVersion(t.services.db, V1);
  await indexStored(t.services.db, V1);

  // A review of a repository contract of the owner's (the stranger cannot read it; the manager reads every contract).
  const fileKey = await uploadContractText(t, owner);
  const contract = await createContract(t, owner, { title: '성년 확인 용역계약', contractType: 'SERVICE', files: [{ fileKey, role: 'MAIN' }] });
  const run = await call(owner, 'POST', '/api/aireview/review/contract-document/v5', { contractId: contract.id, contractType: 'SERVICE', position: 'PARTY_B' });
  expect(run.statusCode, run.body).toBe(200);
  reviewId = run.json().data.reviewId;
  await waitFor(async () => ReviewSchema.parse((await call(owner, 'GET', `/api/aireview/reviews/${reviewId}/v1`)).json().data).status === 'DONE', 60_000);

  // What was stored so far is the baseline: nothing cites it yet, so comparing it tells no one.
  expect(await detectStatuteChanges(t.services.db)).toMatchObject({ alerts: 0, items: 0 });

  // Records resting on the 2009 text: a finding whose legal basis was resolved then, and answers about 2012.
  findingId = await rebaseFinding(t, wsA, reviewId, [await basis('제4조'), await basis('제3조')]);
  answerA = await ask(asker, '2012년 당시 민법 제4조의 성년 나이는?');
  answerB = await ask(outsider, '2012년 당시 민법 제4조의 성년 나이는?');
  for (const done of [answerA, answerB]) {
    expect(done.answer.citations).toEqual(expect.arrayContaining([expect.objectContaining({ lawSerialNumber: V1, article: '제4조', quote: '만20세로 성년이 된다.' })]));
  }

  // The newer version arrives (the corpus import stores it) and the detection runs.
  await storeShippedVersion(t.services.db, V2);
  const result = await detectStatuteChanges(t.services.db);
  expect(result).toMatchObject({ checked: 1, alerts: 2 });
  const [row] = await t.services.db.select().from(statuteChangeAlerts).where(inScope(statuteChangeAlerts, wsA));
  alertA = row!.id;
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('detection', () => {
  it('writes exactly one alert per workspace for the changed article (제4조), none for the unchanged one (제3조)', async () => {
    const alerts = await alertRows();
    expect(alerts.map((a) => [a.workspaceId, a.article, a.changeKind])).toEqual(
      expect.arrayContaining([[wsA.workspaceId, '제4조', 'CHANGED'], [wsB.workspaceId, '제4조', 'CHANGED']]),
    );
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toMatchObject({ statuteId: '001706', statuteTitle: '민법', oldLawSerialNumber: V1, oldEffectiveDate: '2009-08-09', newLawSerialNumber: V2, newEffectiveDate: '2013-07-01' });
    const items = await t.services.db.select().from(statuteChangeAlertItems).where(eq(statuteChangeAlertItems.alertId, alertA));
    expect(items.map((i) => [i.itemType, i.recordId]).sort()).toEqual(
      [['CHAT_ANSWER', expect.any(Number)], ['REVIEW_FINDING', findingId]].sort(),
    );
    expect(items.find((i) => i.itemType === 'CHAT_ANSWER')).toMatchObject({ chatKey: answerA.chatKey, chatMessageKey: answerA.answer.chatMessageKey, citedLawSerialNumber: V1 });
    expect(await t.services.db.select().from(statuteVersionChecks).where(eq(statuteVersionChecks.lawSerialNumber, V2))).toEqual([
      expect.objectContaining({ previousLawSerialNumber: V1, alertCount: 2 }),
    ]);
  });

  it('notifies the review\'s owner and the chat\'s owner in their workspace, no one else', async () => {
    const rows = await t.services.db.select().from(notifications).where(eq(notifications.kind, 'statute.ARTICLE_CHANGED'));
    expect(rows.map((n) => [n.workspaceId, n.recipientUserId]).sort()).toEqual(
      [[wsA.workspaceId, owner.userId], [wsA.workspaceId, asker.userId], [wsB.workspaceId, outsider.userId]].sort(),
    );
    expect(rows[0]).toMatchObject({ recordType: 'STATUTE_CHANGE_ALERT', title: '민법 제4조', data: { effectiveDate: '2013-07-01' } });
    const listed = await call(owner, 'GET', '/api/workspace/notifications/v1');
    expect(listed.json().data.content).toEqual([expect.objectContaining({ kind: 'statute.ARTICLE_CHANGED', record: { type: 'STATUTE_CHANGE_ALERT', id: alertA } })]);
  });

  it('creates nothing new on a second run, nor when a version is compared again, nor for an answer written after the version arrived', async () => {
    const before = { alerts: await alertRows(), items: await itemRows(), notes: await t.services.db.select().from(notifications) };
    expect(await detectStatuteChanges(t.services.db)).toEqual({ checked: 0, alerts: 0, items: 0 });
    // Asked about 2012 once 2013's text is stored: the answer chose the version it cites.
    const later = await ask(asker, '2012년 당시 민법 제4조의 성년 나이는?');
    expect(later.answer.citations).toEqual(expect.arrayContaining([expect.objectContaining({ lawSerialNumber: V1, article: '제4조' })]));
    await t.services.db.delete(statuteVersionChecks).where(eq(statuteVersionChecks.lawSerialNumber, V2));
    expect(await detectStatuteChanges(t.services.db)).toEqual({ checked: 1, alerts: 0, items: 0 });
    expect(await alertRows()).toEqual(before.alerts);
    expect(await itemRows()).toEqual(before.items);
    expect(await t.services.db.select().from(notifications)).toHaveLength(before.notes.length);
  });

  it('flags the finding\'s legal basis whose article reads differently in a newer version, not the unchanged one', async () => {
    const review = ReviewSchema.parse((await call(owner, 'GET', `/api/aireview/reviews/${reviewId}/v1`)).json().data);
    const bases = review.findings.find((f) => f.findingId === findingId)!.legalBasis;
    expect(bases.find((b) => b.article === '제4조')!.newerVersion).toMatchObject({ statuteId: '001706', changeKind: 'CHANGED', movedTo: null });
    expect(bases.find((b) => b.article === '제3조')!.newerVersion).toBeNull();
  });
});

describe('who sees what', () => {
  it('shows each member only the items they can read, and no alert without one', async () => {
    const mine = await list(owner);
    expect(mine.totalElements).toBe(1);
    expect(StatuteChangeAlertSchema.parse(mine.content[0]).items).toEqual([expect.objectContaining({ type: 'REVIEW_FINDING', reviewId, findingId, cited: { lawSerialNumber: V1, effectiveDate: '2009-08-09' } })]);
    expect((await list(asker)).content[0].items).toEqual([expect.objectContaining({ type: 'CHAT_ANSWER', chatKey: answerA.chatKey })]);
    // The manager reads every contract (the review's item), not another's chat.
    expect((await list(manager)).content[0].items.map((i: { type: string }) => i.type)).toEqual(['REVIEW_FINDING']);
    expect(await list(stranger)).toMatchObject({ totalElements: 0, content: [] });
    expect((await call(stranger, 'GET', alertUrl(alertA))).statusCode).toBe(404);
    expect((await call(stranger, 'POST', alertUrl(alertA, 'read'))).statusCode).toBe(404);
    // Another workspace sees its own alert only.
    const theirs = await list(outsider);
    expect(theirs.content.map((a: { alertId: number }) => a.alertId)).not.toContain(alertA);
    expect(theirs.content[0].items).toEqual([expect.objectContaining({ type: 'CHAT_ANSWER', chatKey: answerB.chatKey })]);
  });

  it('answers the detail with both texts and the word diff', async () => {
    const res = await call(asker, 'GET', alertUrl(alertA));
    expect(res.statusCode, res.body).toBe(200);
    const detail = StatuteChangeAlertDetailSchema.parse(res.json().data);
    expect(detail).toMatchObject({ article: '제4조', oldText: '만20세로 성년이 된다.', newText: '사람은 19세로 성년에 이르게 된다.', oldVersion: { lawSerialNumber: V1 }, newVersion: { lawSerialNumber: V2, effectiveDate: '2013-07-01' } });
    expect(detail.segments.filter((s) => s.op !== 'INSERT').map((s) => s.text).join('')).toBe(detail.oldText);
    expect(detail.segments.filter((s) => s.op !== 'DELETE').map((s) => s.text).join('')).toBe(detail.newText);
    expect(detail.segments.some((s) => s.op === 'DELETE' && s.text.includes('20'))).toBe(true);
  });
});

describe('routes: 401, 400, 403, 404 across workspaces, read, dismiss, restore, 409', () => {
  it('401 without a session; 400 naming the field; 403 without research use or the product', async () => {
    expect((await call(null, 'GET', ALERTS)).statusCode).toBe(401);
    expect((await call(null, 'POST', alertUrl(alertA, 'dismiss'))).statusCode).toBe(401);
    const bad = await call(owner, 'GET', `${ALERTS}?isRead=maybe&size=0`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['query.isRead', 'query.size']));
    expect(fieldsOf(await call(owner, 'GET', '/api/aistudio/statute-change-alerts/abc/v1'))).toEqual(['params.alertId']);
    expect((await call(reader, 'GET', ALERTS)).statusCode).toBe(403);
    expect((await call(reader, 'POST', alertUrl(alertA, 'dismiss'))).statusCode).toBe(403);
    const product = await call(noStudio, 'GET', ALERTS);
    expect(product.statusCode).toBe(403);
    expect(product.json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');
  });

  it('404 for another workspace\'s alert, which stays unchanged', async () => {
    for (const action of ['read', 'dismiss', 'restore'] as const) expect((await call(outsider, 'POST', alertUrl(alertA, action))).statusCode).toBe(404);
    expect((await call(outsider, 'GET', alertUrl(alertA))).statusCode).toBe(404);
    const [row] = await t.services.db.select().from(statuteChangeAlerts).where(eq(statuteChangeAlerts.id, alertA));
    expect(row).toMatchObject({ readAt: null, dismissedAt: null });
  });

  it('marks read for the workspace (again: unchanged) and filters by it', async () => {
    expect((await list(owner, '?isRead=true')).totalElements).toBe(0);
    const first = await call(asker, 'POST', alertUrl(alertA, 'read'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ isRead: true, items: [expect.objectContaining({ type: 'CHAT_ANSWER' })] });
    const again = await call(owner, 'POST', alertUrl(alertA, 'read'));
    expect(again.json().data.readAt).toBe(first.json().data.readAt);
    expect((await list(owner, '?isRead=true')).totalElements).toBe(1);
    expect((await list(owner, '?isRead=false')).totalElements).toBe(0);
  });

  it('dismisses once (409 again), lists it apart, restores once (409 again), audited', async () => {
    const dismissed = await call(owner, 'POST', alertUrl(alertA, 'dismiss'));
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().data).toMatchObject({ isDismissed: true });
    const twice = await call(asker, 'POST', alertUrl(alertA, 'dismiss'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.reason).toBe('ALREADY_DISMISSED');
    expect((await list(asker)).totalElements).toBe(0);
    expect((await list(asker, '?isDismissed=true')).content.map((a: { alertId: number }) => a.alertId)).toEqual([alertA]);
    expect((await call(asker, 'POST', alertUrl(alertA, 'restore'))).json().data).toMatchObject({ isDismissed: false });
    const notDismissed = await call(owner, 'POST', alertUrl(alertA, 'restore'));
    expect(notDismissed.statusCode).toBe(409);
    expect(notDismissed.json().data.reason).toBe('NOT_DISMISSED');
    const audit = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, wsA.workspaceId), inArray(auditEvents.type, ['statute_alert.dismissed', 'statute_alert.restored'])));
    expect(audit.map((a) => [a.type, a.actorUserId])).toEqual([['statute_alert.dismissed', owner.userId], ['statute_alert.restored', asker.userId]]);
    expect(audit[0]!.data).toMatchObject({ alertId: alertA, article: '제4조', newLawSerialNumber: V2 });
  });

  it('hides an alert once its last visible record is gone: the chat deleted, its owner sees nothing', async () => {
    const deleted = await call(outsider, 'DELETE', `/api/aistudio/chats/${answerB.chatKey}/v1`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list(outsider)).totalElements).toBe(0);
    const bell = await call(outsider, 'GET', '/api/workspace/notifications/unread-count/v1');
    expect(bell.json().data.unreadCount).toBe(0);
  });
});
