import { type ContractDetail, type Reminder, ReminderSchema, ReminderSuggestionsSchema } from '@legal/api';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { newWorkspace, workspaceHeaders } from '../../auth/auth.test-support';
import { caller, contractCast, createContract, fieldsOf, type Method, type Person, person } from '../contracts.test-support';
import { shiftDate, suggestReminders } from './reminder-suggestions';
import { sendDueReminders } from './reminders.job';
import { contractReminders } from './reminders.table';

const { t, wsA, wsB, owner, watcher, stranger, manager, outsider, noRole, call } = await contractCast();
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
const hub = (id: number) => `/api/conhub/contracts/${id}`;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const reminderBody = (recipients: number[], extra: Record<string, unknown> = {}) => ({ title: '갱신 여부 검토', remindAt: inDays(10), recipients, ...extra });

async function createReminder(c: ContractDetail, who: Person, body: Record<string, unknown>): Promise<Reminder> {
  const res = await call(who, 'POST', `${hub(c.id)}/reminders/v1`, body);
  expect(res.statusCode, res.body).toBe(200);
  return ReminderSchema.parse(res.json().data);
}

const remindersOf = (contractId: number) => t.services.db.select().from(contractReminders).where(eq(contractReminders.contractId, contractId)).orderBy(asc(contractReminders.id));

describe('reminders: the route matrix', () => {
  let c: ContractDetail;
  let r: Reminder;
  let routes: Array<{ method: Method; url: string; body?: unknown; bad: [string, unknown, string]; isWrite: boolean }>;
  beforeAll(async () => {
    c = await createContract(t, owner, { title: '공급 계약 (알림)', watcherUserIds: [watcher.userId], endDate: inDays(400).slice(0, 10) });
    r = await createReminder(c, owner, reminderBody([owner.userId, watcher.userId]));
    const one = `${hub(c.id)}/reminders/${r.id}/v1`;
    // [method, url, valid body, [url with a bad part, bad body, field named], isWrite]
    routes = [
      { method: 'GET', url: `${hub(c.id)}/reminders/v1`, bad: [`${hub(c.id)}/reminders/v1?sort=title`, undefined, 'query.sort'], isWrite: false },
      { method: 'POST', url: `${hub(c.id)}/reminders/v1`, body: reminderBody([owner.userId]), bad: [`${hub(c.id)}/reminders/v1`, reminderBody([owner.userId], { remindAt: 'tomorrow' }), 'body.remindAt'], isWrite: true },
      { method: 'GET', url: one, bad: [`${hub(c.id)}/reminders/x/v1`, undefined, 'params.reminderId'], isWrite: false },
      { method: 'PUT', url: one, body: reminderBody([owner.userId], { title: '수정된 알림' }), bad: [one, reminderBody([]), 'body.recipients'], isWrite: true },
      { method: 'GET', url: `${hub(c.id)}/reminders/suggestions/v1`, bad: [`${hub(c.id)}/reminders/suggestions/v1?noticeDays=0`, undefined, 'query.noticeDays'], isWrite: false },
      { method: 'DELETE', url: one, bad: [`${hub(c.id)}/reminders/0/v1`, undefined, 'params.reminderId'], isWrite: true },
    ];
  });

  it('answers 401 without a session and 400 naming the bad field', async () => {
    for (const route of [...routes, { method: 'GET' as const, url: '/api/conhub/reminders/my/v1', body: undefined, bad: ['/api/conhub/reminders/my/v1?view=SOON', undefined, 'query.view'] as [string, unknown, string], isWrite: false }]) {
      const res = await call(null, route.method, route.url, route.body);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      const [url, body, field] = route.bad;
      const bad = await call(owner, route.method, url, body);
      expect(bad.statusCode, `${route.method} ${url}: ${bad.body}`).toBe(400);
      expect(fieldsOf(bad), url).toContain(field);
    }
    // Checks that need the contract or the clock: the past, and recipients who cannot read it.
    const res = await call(owner, 'POST', `${hub(c.id)}/reminders/v1`, reminderBody([stranger.userId, owner.userId, outsider.userId], { remindAt: inDays(-1) }));
    expect(fieldsOf(res).sort()).toEqual(['body.recipients.0', 'body.recipients.2', 'body.remindAt']);
  });

  it('answers 404 to another tenant (even its admin) and to a member who cannot read the contract, changing nothing', async () => {
    const before = await remindersOf(c.id);
    const intruder = { ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) };
    for (const who of [intruder, stranger]) {
      for (const route of routes) {
        const res = await call(who, route.method, route.url, route.body);
        expect(res.statusCode, `${who.loginId} ${route.method} ${route.url}`).toBe(404);
        expect(res.json().code).toBe('ERROR_NOT_FOUND');
      }
    }
    expect(await remindersOf(c.id)).toEqual(before);
  });

  it('lets readers read and answers 403 to their writes; 403 to a member without contract permissions', async () => {
    const before = await remindersOf(c.id);
    for (const route of routes) {
      const res = await call(watcher, route.method, route.url, route.body);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(route.isWrite ? 403 : 200);
      expect((await call(noRole, route.method, route.url, route.body)).statusCode, route.url).toBe(403);
    }
    expect((await call(noRole, 'GET', '/api/conhub/reminders/my/v1')).statusCode).toBe(403);
    expect(await remindersOf(c.id)).toEqual(before);
  });

  it('reaches a reminder only through its own contract', async () => {
    const other = await createContract(t, owner, { title: '다른 계약' });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(owner, method, `${hub(other.id)}/reminders/${r.id}/v1`, method === 'PUT' ? reminderBody([owner.userId]) : undefined);
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('lets the owner and a contract admin manage them; a sent reminder cannot change (409)', async () => {
    for (const who of [owner, manager]) {
      const created = await createReminder(c, who, reminderBody([watcher.userId], { kind: 'RENEWAL', memo: '  담당자 확인  ' }));
      expect(created).toMatchObject({ kind: 'RENEWAL', memo: '담당자 확인', status: 'SCHEDULED', recipients: [{ userId: watcher.userId, displayName: '강하은' }], createdBy: { userId: who.userId } });
      const deleted = await call(who, 'DELETE', `${hub(c.id)}/reminders/${created.id}/v1`);
      expect(deleted.statusCode).toBe(200);
    }
    const due = await createReminder(c, owner, reminderBody([owner.userId], { remindAt: new Date(Date.now() + 1500).toISOString() }));
    await sendDueReminders(t.services, { now: new Date(Date.now() + 60_000) });
    const before = await remindersOf(c.id);
    for (const [method, body] of [['PUT', reminderBody([owner.userId])], ['DELETE', undefined]] as const) {
      const res = await call(owner, method, `${hub(c.id)}/reminders/${due.id}/v1`, body);
      expect(res.statusCode, method).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { status: 'SENT' } });
    }
    expect(await remindersOf(c.id)).toEqual(before);
  });
});

describe('reminders: lifecycle', () => {
  it('creates, lists, reads, edits, cancels, plans again and deletes, with an audit row for each change', async () => {
    const c = await createContract(t, owner, { title: '용역 계약', watcherUserIds: [watcher.userId] });
    const later = await createReminder(c, owner, reminderBody([owner.userId], { title: '나중 알림', remindAt: inDays(20) }));
    const sooner = await createReminder(c, owner, reminderBody([owner.userId, watcher.userId], { title: '먼저 알림', remindAt: inDays(5) }));
    const list = (await call(watcher, 'GET', `${hub(c.id)}/reminders/v1`)).json().data;
    expect(list).toMatchObject({ totalElements: 2, size: 10 });
    expect(list.content.map((x: Reminder) => x.title)).toEqual(['먼저 알림', '나중 알림']);
    const byCreation = (await call(watcher, 'GET', `${hub(c.id)}/reminders/v1?sort=createdAt,desc`)).json().data;
    expect(byCreation.content.map((x: Reminder) => x.id)).toEqual([sooner.id, later.id]);

    const one = `${hub(c.id)}/reminders/${later.id}/v1`;
    expect((await call(watcher, 'GET', one)).json().data).toMatchObject({ id: later.id, title: '나중 알림' });
    const edited = ReminderSchema.parse((await call(owner, 'PUT', one, reminderBody([watcher.userId], { title: '바뀐 알림', kind: 'NOTICE', remindAt: '2099-01-02T09:00:00+09:00' }))).json().data);
    expect(edited).toMatchObject({ title: '바뀐 알림', kind: 'NOTICE', memo: null, remindAt: '2099-01-02T00:00:00.000Z', recipients: [{ userId: watcher.userId }] });

    // Canceling keeps the time, even one that has passed since; planning again needs a future time.
    const canceled = await call(owner, 'PUT', one, reminderBody([watcher.userId], { remindAt: inDays(-1), status: 'CANCELED' }));
    expect(canceled.json().data).toMatchObject({ status: 'CANCELED' });
    expect(fieldsOf(await call(owner, 'PUT', one, reminderBody([watcher.userId], { remindAt: inDays(-1) })))).toEqual(['body.remindAt']);
    expect((await call(owner, 'GET', `${hub(c.id)}/reminders/v1?status=CANCELED`)).json().data.content.map((x: Reminder) => x.id)).toEqual([later.id]);
    expect((await call(owner, 'PUT', one, reminderBody([watcher.userId]))).json().data.status).toBe('SCHEDULED');

    expect((await call(owner, 'DELETE', one)).json().data.id).toBe(later.id);
    expect((await call(owner, 'GET', one)).statusCode).toBe(404);
    const events = await t.services.db.select({ type: auditEvents.type, data: auditEvents.data }).from(auditEvents).where(eq(auditEvents.actorUserId, owner.userId)).orderBy(desc(auditEvents.id)).limit(6);
    expect(events.map((e) => e.type)).toEqual([
      'contract.reminder_deleted', 'contract.reminder_updated', 'contract.reminder_updated', 'contract.reminder_updated', 'contract.reminder_created', 'contract.reminder_created',
    ]);
    expect(events[1]!.data).toMatchObject({ reminderId: later.id, before: { status: 'CANCELED' }, after: { status: 'SCHEDULED' } });
  });

  it('goes with the contract: gone from every list when the contract is deleted', async () => {
    const c = await createContract(t, owner, { title: '삭제될 계약' });
    const r = await createReminder(c, owner, reminderBody([owner.userId]));
    await call(owner, 'DELETE', `/api/alex/contracts/${c.id}/v1`);
    expect((await call(owner, 'GET', `${hub(c.id)}/reminders/${r.id}/v1`)).statusCode).toBe(404);
    const mine = (await call(owner, 'GET', '/api/conhub/reminders/my/v1?size=100')).json().data;
    expect(mine.content.map((x: Reminder) => x.id)).not.toContain(r.id);
    // Its pending reminder ended with it (the sent ones stay as they were).
    const [row] = await t.services.db.select({ status: contractReminders.status }).from(contractReminders).where(eq(contractReminders.id, r.id));
    expect(row?.status).toBe('CANCELED');
  });
});

describe('reminders: mine', () => {
  it('lists the caller\'s upcoming and recently sent reminders of contracts they can still read', async () => {
    const ws = await newWorkspace(t);
    const me = await person(t, ws, ['GENERAL_MEMBER'], '이서연');
    const colleague = await person(t, ws, ['GENERAL_MEMBER'], '박지훈');
    const c = await createContract(t, colleague, { title: '내가 보는 계약', watcherUserIds: [me.userId], endDate: '2099-12-31' });
    const far = await createReminder(c, colleague, reminderBody([me.userId, colleague.userId], { title: '먼 알림', remindAt: inDays(30) }));
    const near = await createReminder(c, colleague, reminderBody([me.userId], { title: '가까운 알림', remindAt: inDays(2) }));
    await createReminder(c, colleague, reminderBody([colleague.userId], { title: '남의 알림' }));
    const soon = await createReminder(c, colleague, reminderBody([me.userId], { title: '곧 보낼 알림', remindAt: new Date(Date.now() + 1500).toISOString() }));
    await sendDueReminders(t.services, { now: new Date(Date.now() + 60_000) });

    const mine = async (query = '') => (await caller(t, () => ws)(me, 'GET', `/api/conhub/reminders/my/v1${query}`)).json().data;
    const upcoming = await mine();
    expect(upcoming.content.map((x: Reminder) => x.title)).toEqual(['가까운 알림', '먼 알림']);
    expect(upcoming.content[0]).toMatchObject({ id: near.id, contract: { id: c.id, title: '내가 보는 계약', endDate: '2099-12-31' } });
    expect((await mine('?view=RECENT')).content).toEqual([expect.objectContaining({ id: soon.id, status: 'SENT', sentAt: expect.any(String) })]);
    expect((await mine('?size=1&page=1')).content.map((x: Reminder) => x.id)).toEqual([far.id]);

    // No longer a watcher: no longer able to read the contract, so its reminders leave the list.
    await caller(t, () => ws)(colleague, 'PUT', `${hub(c.id)}/watchers/v1`, { watcherUserIds: [] });
    expect((await mine()).totalElements).toBe(0);
  });
});

describe('reminders: suggestions from the end date', () => {
  it('offers renewal reviews 90 and 30 days before, the notice deadline and the end, at 09:00 Korea time', async () => {
    const end = inDays(365).slice(0, 10);
    const c = await createContract(t, owner, { title: '임대차 계약', endDate: end, watcherUserIds: [watcher.userId, stranger.userId] });
    const url = `${hub(c.id)}/reminders/suggestions/v1`;
    const data = ReminderSuggestionsSchema.parse((await call(owner, 'GET', `${url}?noticeDays=60`)).json().data);
    expect(data).toMatchObject({ endDate: end, noticeDays: 60 });
    expect(data.suggestions.map((s) => [s.kind, s.remindAt])).toEqual([
      ['NOTICE', new Date(`${shiftDate(end, -67)}T09:00:00+09:00`).toISOString()],
      ['RENEWAL', new Date(`${shiftDate(end, -90)}T09:00:00+09:00`).toISOString()],
      ['RENEWAL', new Date(`${shiftDate(end, -30)}T09:00:00+09:00`).toISOString()],
      ['END_DATE', new Date(`${end}T09:00:00+09:00`).toISOString()],
    ].sort((a, b) => a[1]!.localeCompare(b[1]!)));
    expect(data.suggestions[0]!.recipients).toEqual([owner.userId, watcher.userId, stranger.userId]);
    expect(data.suggestions.every((s) => !s.isAlreadyScheduled)).toBe(true);

    const renewal = data.suggestions.find((s) => s.kind === 'RENEWAL')!;
    await createReminder(c, owner, { title: renewal.title, kind: 'RENEWAL', remindAt: renewal.remindAt, recipients: [owner.userId] });
    const again = (await call(owner, 'GET', `${url}?noticeDays=60`)).json().data;
    expect(again.suggestions.filter((s: { isAlreadyScheduled: boolean }) => s.isAlreadyScheduled)).toEqual([expect.objectContaining({ kind: 'RENEWAL', remindAt: renewal.remindAt })]);

    const english = await t.app.inject({ method: 'GET', url, headers: { ...owner.headers, 'x-locale': 'en' } });
    expect(english.json().data.suggestions.map((s: { title: string }) => s.title)).toContain('Renewal review: 90 days before the end');
    expect(data.suggestions.find((s) => s.kind === 'END_DATE')!.title).toBe('계약 종료일');
  });

  it('offers nothing without an end date, and only what is still ahead', async () => {
    const c = await createContract(t, owner, { title: '기한 없는 계약' });
    expect((await call(owner, 'GET', `${hub(c.id)}/reminders/suggestions/v1`)).json().data).toEqual({ endDate: null, noticeDays: 30, suggestions: [] });
    const now = new Date('2026-03-01T00:00:00Z');
    expect(suggestReminders({ endDate: '2026-04-15', noticeDays: 30, now, locale: 'ko' }).map((s) => s.kind)).toEqual(['NOTICE', 'RENEWAL', 'END_DATE']);
    expect(suggestReminders({ endDate: '2026-02-01', noticeDays: 30, now, locale: 'en' })).toEqual([]);
  });
});

describe('reminders: recipients', () => {
  it('accepts group readers of the contract and refuses members who cannot read it', async () => {
    const { groupWith } = await import('../contracts.test-support');
    const groupReader = await person(t, wsA, ['READER'], '그룹 열람자');
    const group = await groupWith(t, wsA, '알림팀', [groupReader.userId]);
    const c = await createContract(t, owner, { title: '그룹 계약', groupId: group });
    expect((await call(owner, 'POST', `${hub(c.id)}/reminders/v1`, reminderBody([groupReader.userId]))).statusCode).toBe(200);
    const refused = await call(owner, 'POST', `${hub(c.id)}/reminders/v1`, reminderBody([owner.userId, noRole.userId, 999_999]));
    expect(fieldsOf(refused)).toEqual(['body.recipients.1', 'body.recipients.2']);
    expect(fieldsOf(await call(owner, 'POST', `${hub(c.id)}/reminders/v1`, reminderBody([owner.userId, owner.userId])))).toEqual(['body.recipients']);
    const rows = await t.services.db.select().from(contractReminders).where(and(eq(contractReminders.contractId, c.id)));
    expect(rows).toHaveLength(1);
  });
});
