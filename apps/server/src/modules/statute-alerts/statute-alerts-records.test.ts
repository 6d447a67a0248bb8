import { AdvisoryDraftSchema, type ChatQueryDone, CollectionDocumentSchema, CollectionSchema, StatuteChangeAlertDetailSchema, type StatuteAlertItem, StatuteChangeAlertSchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/db/tenancy';
import { notifications } from '../../platform/notifications/notifications.table';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { caller, type Person } from '../contracts/contracts.test-support';
import { fileBody } from '../files/files.test-support';
import { storeShippedVersion } from '../law/law.test-support';
import {
  doneEvent, forgetDocumentMentions, indexStored, type ResearchTeams, researchTeams, storeConstructedLabourRule, storedDocumentMentions,
} from '../research/research.test-support';
import { detectStatuteChanges } from './statute-alerts.detect';
import { statuteChangeAlertItems, statuteChangeAlerts, statuteVersionChecks } from './statute-alerts.table';

/**
 * The records the alerts reach beyond findings and answers, on a real database with real versions:
 * 근로기준법 as promulgated for 2026-08-20 (법령MST 283457, history corpus) and its decree (270551,
 * in force from 2025-10-23) are stored; advisory drafts, collection documents and a chat answer rest
 * on 제43조의6 or on decree articles implementing it (시행령 제23조의10 "법 제43조의6제2항에서",
 * 제59조의2 "법 … 제43조의6제1항"), or on a rule article implementing such a decree article (a constructed
 * 시행규칙 제7조의3 "영 제23조의10에 따른": see storeConstructedLabourRule); then the next version (284443, in force 2027-01-01, 제43조의6 제1항
 * 제4호 "월평균보수" → "월 보수") arrives and the detection runs.
 */

const ACT_2026 = '283457';
const ACT_2027 = '284443';
const DECREE = '270551';
const RULE = '900001';
const ALERTS = '/api/aistudio/statute-change-alerts/v1';
const INQUIRIES = '/api/aistudio/similar-advisory/inquires/v1';
const COLLECTIONS = '/api/aistudio/categories';

let t: TestApp;
let team: ResearchTeams;
let call: ReturnType<typeof caller>;
const ids = { directDraft: 0, viaDraft: 0, inquiry: 0, strangerDraft: 0, privateDoc: 0, ruleDoc: 0, sharedDoc: 0, sharedCollection: 0 };
let answer: ChatQueryDone;
let alertId: number;

async function draft(who: Person, recordedBy: Person, title: string, question: string): Promise<{ inquiryId: number; draftId: number }> {
  const recorded = await call(recordedBy, 'POST', INQUIRIES, { title, question });
  expect(recorded.statusCode, recorded.body).toBe(200);
  const inquiryId = recorded.json().data.inquiryId as number;
  const res = await call(who, 'POST', `/api/aistudio/similar-advisory/inquires/${inquiryId}/drafts/v1`);
  expect(res.statusCode, res.body).toBe(200);
  return { inquiryId, draftId: AdvisoryDraftSchema.parse(res.json().data).draftId };
}

async function collection(who: Person, name: string, visibility: 'PRIVATE' | 'WORKSPACE'): Promise<number> {
  const res = await call(who, 'POST', `${COLLECTIONS}/v1`, { name, visibility });
  expect(res.statusCode, res.body).toBe(200);
  return CollectionSchema.parse(res.json().data).categoryId;
}

/** Uploads a text document and waits until it is indexed. */
async function document(who: Person, collectionId: number, text: string, name: string): Promise<number> {
  const body = fileBody(Buffer.from(text, 'utf8'), name);
  const res = await t.app.inject({ method: 'POST', url: `${COLLECTIONS}/${collectionId}/documents/by-file/v1`, headers: { ...who.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  const documentId = CollectionDocumentSchema.parse(res.json().data).documentId;
  await waitFor(async () => {
    const status = CollectionDocumentSchema.parse((await call(who, 'GET', `${COLLECTIONS}/${collectionId}/documents/${documentId}/status/v1`)).json().data);
    return status.status === 'PENDING' ? null : status;
  }, 60_000, 200);
  return documentId;
}

async function items(who: Person): Promise<StatuteAlertItem[]> {
  const res = await call(who, 'GET', ALERTS);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.content.flatMap((a: unknown) => StatuteChangeAlertSchema.parse(a).items);
}

const key = (item: StatuteAlertItem) =>
  item.type === 'ADVISORY_DRAFT' ? `draft:${item.draftId}` : item.type === 'COLLECTION_DOCUMENT' ? `doc:${item.documentId}` : item.type === 'CHAT_ANSWER' ? `chat:${item.chatKey}` : `finding:${item.findingId}`;

beforeAll(async () => {
  t = await createTestApp();
  team = await researchTeams(t);
  const { ws, owner, colleague, stranger } = team;
  call = caller(t, () => team.ws);

  for (const mst of [ACT_2026, DECREE]) {
    await storeShippedVersion(t.services.db, mst);
    await indexStored(t.services.db, mst);
  }
  const rule = await storeConstructedLabourRule(t.services.db);
  // The baseline: nothing cites it yet, so comparing it tells no one.
  expect(await detectStatuteChanges(t.services.db)).toMatchObject({ alerts: 0, items: 0 });

  const direct = await draft(colleague, owner, '체불사업주 자료제공', '근로기준법 제43조의6에 따른 자료제공 요청 범위는?');
  ids.directDraft = direct.draftId;
  ids.inquiry = direct.inquiryId;
  ids.viaDraft = (await draft(colleague, colleague, '체불 근로자 정보', '근로기준법 시행령 제23조의10에서 말하는 정보는?')).draftId;
  ids.strangerDraft = (await draft(stranger, stranger, '체불사업주 자료제공', '근로기준법 제43조의6에 따른 자료제공 요청 범위는?')).draftId;
  const privateCollection = await collection(owner, '내 메모', 'PRIVATE');
  ids.privateDoc = await document(owner, privateCollection, '임금 체불 검토 메모\n\n고용노동부장관은 근로기준법 제43조의6제1항에 따라 자료 제공을 요청할 수 있다.', '체불 메모.txt');
  ids.ruleDoc = await document(owner, privateCollection, '정보 제공 절차\n\n「근로기준법 시행규칙」 제7조의3에 따른 서식으로 정보를 제공한다.', '제공 절차.txt');
  expect(await storedDocumentMentions(t.services.db, ids.ruleDoc)).toEqual([{ lawId: '006859', article: '제7조의3' }]);
  expect(rule).toBe(RULE);
  ids.sharedCollection = await collection(owner, '팀 자료', 'WORKSPACE');
  ids.sharedDoc = await document(owner, ids.sharedCollection, '민감정보 처리 기준\n\n「근로기준법 시행령」 제59조의2에 따라 주민등록번호가 포함된 자료를 처리한다.', '민감정보.txt');
  const res = await call(owner, 'POST', '/api/aistudio/chats/query/v3', { question: '근로기준법 시행령 제23조의10에서 말하는 정보는?' });
  expect(res.statusCode, res.body).toBe(200);
  answer = doneEvent(res.body);

  // A document indexed before mentions were read at indexing: the detection reads it from its passages.
  await forgetDocumentMentions(t.services.db, ids.privateDoc);

  await storeShippedVersion(t.services.db, ACT_2027);
  expect(await detectStatuteChanges(t.services.db)).toMatchObject({ checked: 1, alerts: 2, items: 7 });
  alertId = (await t.services.db.select().from(statuteChangeAlerts).where(inScope(statuteChangeAlerts, ws)))[0]!.id;
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('what the drafts, documents and decree citations bring', () => {
  it('the records cite what the test says they cite', async () => {
    const drafts = await call(team.owner, 'GET', `/api/aistudio/similar-advisory/inquires/${ids.inquiry}/v1`);
    expect(drafts.json().data.drafts[0].citations).toEqual(expect.arrayContaining([expect.objectContaining({ lawSerialNumber: ACT_2026, article: '제43조의6' })]));
    expect(answer.answer.citations).toEqual(expect.arrayContaining([expect.objectContaining({ lawSerialNumber: DECREE, article: '제23조의10' })]));
    // Read again from its passages by the detection (it was forgotten before).
    expect(await storedDocumentMentions(t.services.db, ids.privateDoc)).toEqual([{ lawId: '001872', article: '제43조의6' }]);
    expect(await storedDocumentMentions(t.services.db, ids.sharedDoc)).toEqual([{ lawId: '003058', article: '제59조의2' }]);
  });

  it('writes one alert per workspace for 제43조의6, its items citing it or a decree article implementing it', async () => {
    const alerts = await t.services.db.select().from(statuteChangeAlerts);
    expect(alerts.map((a) => [a.workspaceId, a.article, a.changeKind]).sort()).toEqual([[team.ws.workspaceId, '제43조의6', 'CHANGED'], [team.other.workspaceId, '제43조의6', 'CHANGED']].sort());
    const rows = await t.services.db.select().from(statuteChangeAlertItems).where(eq(statuteChangeAlertItems.alertId, alertId));
    const byRecord = new Map(rows.map((r) => [`${r.itemType}:${r.recordId}`, r]));
    expect(byRecord.get(`ADVISORY_DRAFT:${ids.directDraft}`)).toMatchObject({ inquiryId: ids.inquiry, title: '체불사업주 자료제공', citedLawSerialNumber: ACT_2026, via: null });
    expect(byRecord.get(`ADVISORY_DRAFT:${ids.viaDraft}`)).toMatchObject({ citedLawSerialNumber: ACT_2026, via: expect.objectContaining({ statuteTitle: '근로기준법 시행령', lawSerialNumber: DECREE, article: '제23조의10' }) });
    expect(byRecord.get(`COLLECTION_DOCUMENT:${ids.privateDoc}`)).toMatchObject({ title: '체불 메모.txt', collectionName: '내 메모', citedLawSerialNumber: ACT_2026, via: null });
    expect(byRecord.get(`COLLECTION_DOCUMENT:${ids.sharedDoc}`)).toMatchObject({ via: expect.objectContaining({ article: '제59조의2', statuteKind: '시행령' }) });
    expect(rows.find((r) => r.itemType === 'CHAT_ANSWER')).toMatchObject({ chatKey: answer.chatKey, via: expect.objectContaining({ article: '제23조의10' }) });
    // Rule → decree → Act: the rule article names only the decree article, which names 제43조의6.
    expect(byRecord.get(`COLLECTION_DOCUMENT:${ids.ruleDoc}`)).toMatchObject({
      citedLawSerialNumber: ACT_2026,
      via: { statuteKind: '시행규칙', lawSerialNumber: RULE, article: '제7조의3', through: expect.objectContaining({ statuteKind: '시행령', lawSerialNumber: DECREE, article: '제23조의10' }) },
    });
    expect(byRecord.get(`ADVISORY_DRAFT:${ids.viaDraft}`)!.via!.through).toBeNull();
    expect(rows).toHaveLength(6);
  });

  it('notifies the drafters, the inquiries\' recorders, the collections\' owner and the chat\'s owner, in their workspace', async () => {
    const rows = await t.services.db.select().from(notifications).where(eq(notifications.kind, 'statute.ARTICLE_CHANGED'));
    expect(rows.map((n) => [n.workspaceId, n.recipientUserId]).sort()).toEqual(
      [[team.ws.workspaceId, team.owner.userId], [team.ws.workspaceId, team.colleague.userId], [team.other.workspaceId, team.stranger.userId]].sort(),
    );
    expect(rows[0]).toMatchObject({ recordType: 'STATUTE_CHANGE_ALERT', title: '근로기준법 제43조의6', data: { effectiveDate: '2027-01-01' } });
  });

  it('writes nothing on a second run, nor on a re-comparison, nor for a document uploaded after the version arrived', async () => {
    const before = { alerts: await t.services.db.select().from(statuteChangeAlerts), items: await t.services.db.select().from(statuteChangeAlertItems), notes: await t.services.db.select().from(notifications) };
    expect(await detectStatuteChanges(t.services.db)).toEqual({ checked: 0, alerts: 0, items: 0 });
    await document(team.owner, ids.sharedCollection, '근로기준법 제43조의6제1항 제4호의 월 보수', '새 메모.txt');
    await t.services.db.delete(statuteVersionChecks).where(eq(statuteVersionChecks.lawSerialNumber, ACT_2027));
    expect(await detectStatuteChanges(t.services.db)).toEqual({ checked: 1, alerts: 0, items: 0 });
    expect(await t.services.db.select().from(statuteChangeAlerts)).toEqual(before.alerts);
    expect(await t.services.db.select().from(statuteChangeAlertItems)).toEqual(before.items);
    expect(await t.services.db.select().from(notifications)).toHaveLength(before.notes.length);
  });
});

describe('who sees which item', () => {
  it('the owner sees all six; a colleague the drafts and the shared document, not the private one nor the owner\'s chat', async () => {
    expect((await items(team.owner)).map(key).sort()).toEqual(
      [`draft:${ids.directDraft}`, `draft:${ids.viaDraft}`, `doc:${ids.privateDoc}`, `doc:${ids.ruleDoc}`, `doc:${ids.sharedDoc}`, `chat:${answer.chatKey}`].sort(),
    );
    const theirs = await items(team.colleague);
    expect(theirs.map(key).sort()).toEqual([`draft:${ids.directDraft}`, `draft:${ids.viaDraft}`, `doc:${ids.sharedDoc}`].sort());
    expect(theirs.find((i) => i.type === 'COLLECTION_DOCUMENT')).toMatchObject({ collectionId: ids.sharedCollection, collectionName: '팀 자료', title: '민감정보.txt' });
    expect(theirs.find((i) => key(i) === `draft:${ids.viaDraft}`)).toMatchObject({ type: 'ADVISORY_DRAFT', via: { statuteId: '003058', article: '제23조의10', effectiveDate: '2025-10-23', through: null } });
    expect((await call(team.reader, 'GET', ALERTS)).statusCode).toBe(403);
  });

  it('another workspace sees its own alert only, and 404 for this one, which stays unchanged', async () => {
    expect((await items(team.stranger)).map(key)).toEqual([`draft:${ids.strangerDraft}`]);
    expect((await call(team.stranger, 'GET', `/api/aistudio/statute-change-alerts/${alertId}/v1`)).statusCode).toBe(404);
    expect((await call(team.stranger, 'POST', `/api/aistudio/statute-change-alerts/${alertId}/dismiss/v1`)).statusCode).toBe(404);
    const [row] = await t.services.db.select().from(statuteChangeAlerts).where(eq(statuteChangeAlerts.id, alertId));
    expect(row).toMatchObject({ readAt: null, dismissedAt: null });
  });

  it('answers the detail with the Act article\'s diff', async () => {
    const detail = StatuteChangeAlertDetailSchema.parse((await call(team.colleague, 'GET', `/api/aistudio/statute-change-alerts/${alertId}/v1`)).json().data);
    expect(detail).toMatchObject({ statuteTitle: '근로기준법', article: '제43조의6', oldVersion: { lawSerialNumber: ACT_2026 }, newVersion: { lawSerialNumber: ACT_2027, effectiveDate: '2027-01-01' } });
    expect(detail.segments.some((s) => s.op === 'DELETE' && s.text.includes('월평균보수'))).toBe(true);
  });

  it('follows the collection at read time: made private, its document is hidden from the colleague, shared again, shown', async () => {
    const share = (visibility: 'PRIVATE' | 'WORKSPACE') => call(team.owner, 'PUT', `${COLLECTIONS}/${ids.sharedCollection}/v1`, { visibility });
    expect((await share('PRIVATE')).statusCode).toBe(200);
    expect((await items(team.colleague)).map(key).sort()).toEqual([`draft:${ids.directDraft}`, `draft:${ids.viaDraft}`].sort());
    expect((await items(team.owner)).map(key)).toContain(`doc:${ids.sharedDoc}`);
    expect((await share('WORKSPACE')).statusCode).toBe(200);
    expect((await items(team.colleague)).map(key)).toContain(`doc:${ids.sharedDoc}`);
  });
});
