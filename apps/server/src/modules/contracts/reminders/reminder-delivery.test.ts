import { type ContractDetail, type Reminder, ReminderSchema } from '@legal/api';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { mailOutbox } from '../../../platform/mail/mail.table';
import { users, findWorkspaceName } from '../../auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { newWorkspace, workspaceHeaders } from '../../auth/auth.test-support';
import { caller, createContract, fieldsOf, type Person, person, type Workspace } from '../contracts.test-support';
import { escapeText, foldLine, formatCalendar } from './ical';
import { reminderSweepJob, sendDueReminders } from './reminders.job';
import { contractReminders } from './reminders.table';

let t: TestApp;
let wsA: Workspace;
let owner: Person;
let watcher: Person;
let stranger: Person;
let noRole: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t);
  owner = await person(t, wsA, ['GENERAL_MEMBER'], '김민준');
  watcher = await person(t, wsA, ['READER'], 'Hana Kang');
  stranger = await person(t, wsA, ['GENERAL_MEMBER'], '정도윤');
  noRole = await person(t, wsA, [], '무권한');
  // The watcher reads English: the mail follows the recipient's language, not the sender's.
  await t.services.db.update(users).set({ locale: 'en' }).where(eq(users.id, watcher.userId));
  call = caller(t, () => wsA);
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
const hub = (id: number) => `/api/conhub/contracts/${id}`;
const soon = () => new Date(Date.now() + 1500).toISOString();
const later = (ms = 60_000) => new Date(Date.now() + ms);

async function createReminder(c: ContractDetail, body: Record<string, unknown>, who = owner): Promise<Reminder> {
  const res = await call(who, 'POST', `${hub(c.id)}/reminders/v1`, body);
  expect(res.statusCode, res.body).toBe(200);
  return ReminderSchema.parse(res.json().data);
}

const mailsOf = (reminderId: number) =>
  t.services.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, 'contracts.reminder'), sql`${mailOutbox.meta}->>'reminderId' = ${String(reminderId)}`))
    .orderBy(asc(mailOutbox.id));

const statusOf = async (reminderId: number) =>
  (await t.services.db.select({ status: contractReminders.status, sentAt: contractReminders.sentAt }).from(contractReminders).where(eq(contractReminders.id, reminderId)))[0]!;

describe('the reminder job', () => {
  it('mails each recipient once in their language and marks the reminder SENT, however often it runs', async () => {
    const c = await createContract(t, owner, { title: '물품 공급 계약', watcherUserIds: [watcher.userId], endDate: '2027-03-31' });
    const r = await createReminder(c, { title: '갱신 검토 <긴급>', memo: '단가 재협상 여부', kind: 'RENEWAL', remindAt: soon(), recipients: [owner.userId, watcher.userId] });
    const notYet = await createReminder(c, { title: '아직', remindAt: later(3 * DAY).toISOString(), recipients: [owner.userId] });

    expect(await sendDueReminders(t.services, { now: later() })).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders(t.services, { now: later() })).toBe(0);
    const mails = await mailsOf(r.id);
    expect(mails.map((m) => [m.to, m.locale, m.status])).toEqual([
      [owner.loginId, 'ko', 'kept'],
      [watcher.loginId, 'en', 'kept'],
    ]);
    expect(mails[0]).toMatchObject({ tenantId: wsA.tenantId, workspaceId: wsA.workspaceId, subject: expect.stringContaining('계약 알림: 갱신 검토 <긴급>') });
    expect(mails[0]!.text).toContain("'물품 공급 계약' 계약의 알림입니다 (갱신 검토)");
    expect(mails[0]!.text).toContain('계약 종료일: 2027-03-31');
    expect(mails[0]!.html).toContain('갱신 검토 &lt;긴급&gt;');
    const workspaceName = await findWorkspaceName(t.services.db, wsA);
    expect(mails[0]!.text).toContain(`/${workspaceName}/contracts/${c.id}`);
    expect(mails[1]!.subject).toContain('Contract reminder: 갱신 검토 <긴급>');
    expect(mails[1]!.text).toContain('Hello Hana Kang');
    expect(await statusOf(r.id)).toMatchObject({ status: 'SENT', sentAt: expect.any(Date) });
    expect((await statusOf(notYet.id)).status).toBe('SCHEDULED');
    const [audit] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.reminder_sent')).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ actorUserId: null, tenantId: wsA.tenantId, data: { reminderId: r.id, mailedTo: [owner.userId, watcher.userId], skipped: [] } });
  });

  it('sends nothing when it crashes between the mails and the mark, and exactly once on the next run', async () => {
    const c = await createContract(t, owner, { title: '중단 시험 계약' });
    const r = await createReminder(c, { title: '중단 시험', remindAt: soon(), recipients: [owner.userId] });
    const crashed = await sendDueReminders(t.services, {
      now: later(),
      afterMail: (id) => {
        if (id === r.id) throw new Error('process died here');
      },
    });
    expect(crashed).toBe(0);
    expect(await mailsOf(r.id)).toEqual([]);
    expect((await statusOf(r.id)).status).toBe('SCHEDULED');
    expect(t.logs.lines.some((l) => l.msg === 'reminder could not be sent; the next run retries' && l.reminderId === r.id)).toBe(true);

    // Two runs at once after the crash: still one mail.
    const [a, b] = await Promise.all([sendDueReminders(t.services, { now: later() }), sendDueReminders(t.services, { now: later() })]);
    expect(a + b).toBe(1);
    expect(await mailsOf(r.id)).toHaveLength(1);
    expect((await statusOf(r.id)).status).toBe('SENT');
  });

  it('runs as the scheduled job: twice in a row, one mail', async () => {
    const c = await createContract(t, owner, { title: '정기 실행 계약' });
    const r = await createReminder(c, { title: '정기 실행', remindAt: new Date(Date.now() + 300).toISOString(), recipients: [owner.userId] });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const run = { id: 'test', name: reminderSweepJob.name, retryCount: 0 };
    await reminderSweepJob.handler({ minute: 'test' }, t.services, run);
    await reminderSweepJob.handler({ minute: 'test' }, t.services, run);
    expect(await mailsOf(r.id)).toHaveLength(1);
  });

  it('leaves out recipients who can no longer read the contract, and reminders of deleted or canceled contracts', async () => {
    const c = await createContract(t, owner, { title: '열람 변경 계약', watcherUserIds: [watcher.userId] });
    const r = await createReminder(c, { title: '열람자 변경', remindAt: soon(), recipients: [owner.userId, watcher.userId] });
    await call(owner, 'PUT', `${hub(c.id)}/watchers/v1`, { watcherUserIds: [] });
    const gone = await createContract(t, owner, { title: '삭제된 계약' });
    const orphan = await createReminder(gone, { title: '삭제 전 알림', remindAt: soon(), recipients: [owner.userId] });
    await call(owner, 'DELETE', `/api/alex/contracts/${gone.id}/v1`);
    const paused = await createReminder(c, { title: '중지된 알림', remindAt: soon(), recipients: [owner.userId] });
    await call(owner, 'PUT', `${hub(c.id)}/reminders/${paused.id}/v1`, { title: '중지된 알림', remindAt: soon(), recipients: [owner.userId], status: 'CANCELED' });

    await sendDueReminders(t.services, { now: later() });
    expect((await mailsOf(r.id)).map((m) => m.to)).toEqual([owner.loginId]);
    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'contract.reminder_sent'), sql`${auditEvents.data}->>'reminderId' = ${String(r.id)}`));
    expect(audit!.data).toMatchObject({ mailedTo: [owner.userId], skipped: [watcher.userId] });
    expect(await mailsOf(orphan.id)).toEqual([]);
    expect((await statusOf(orphan.id)).status).toBe('CANCELED'); // by the deletion of its contract
    expect(await mailsOf(paused.id)).toEqual([]);
    expect((await statusOf(paused.id)).status).toBe('CANCELED');
  });
});

// The calendar feed --------------------------------------------------------------------------------

/** The feed's content lines (unfolded) and events, as a calendar client reads them. */
function parseCalendar(body: string) {
  const unfolded = body.replace(/\r\n[ \t]/g, '');
  const lines = unfolded.split('\r\n').filter((l) => l !== '');
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return { lines, events };
}

const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
const pathOf = (url: string) => new URL(url).pathname;

describe('the iCal writer', () => {
  it('escapes TEXT values and folds lines at 75 octets without splitting a character', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\u0007')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const long = `SUMMARY:${'계약 갱신 검토 '.repeat(12)}`;
    const folded = foldLine(long);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const [i, line] of physical.entries()) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(line.startsWith(' ')).toBe(true);
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
    const calendar = formatCalendar({ productId: '-//x//y//KO', name: '이름', events: [] });
    expect(calendar).toBe('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//KO\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:이름\r\nEND:VCALENDAR\r\n');
  });
});

describe('the calendar feed', () => {
  it('serves the member\'s reminders and the end dates of contracts they can read, escaped and folded', async () => {
    const ws = await newWorkspace(t);
    const me = await person(t, ws, ['GENERAL_MEMBER'], '이서연');
    const colleague = await person(t, ws, ['GENERAL_MEMBER'], '박지훈');
    const callWs = caller(t, () => ws);
    const title = '임대차 계약; 본사, 별관 \\ 주차장 포함 — 긴 제목이 한 줄 75옥텟을 넘도록 충분히 길게 씁니다';
    const mine = await createContract(t, me, { title, endDate: '2030-06-30' });
    const shared = await createContract(t, colleague, { title: '공유된 계약', endDate: '2031-01-15', watcherUserIds: [me.userId] });
    const hidden = await createContract(t, colleague, { title: '보이지 않는 계약', endDate: '2030-07-01' });
    const reminderAt = new Date(Date.now() + 10 * DAY);
    const r = await createReminder(mine, { title: '검토; 회의, 준비', memo: '첫 줄\n둘째 줄', remindAt: reminderAt.toISOString(), recipients: [me.userId] }, me);
    await createReminder(hidden, { title: '남의 알림', remindAt: reminderAt.toISOString(), recipients: [colleague.userId] }, colleague);

    expect((await callWs(me, 'GET', '/api/conhub/reminders/ical-feed/v1')).json().data).toEqual({ isActive: false, createdAt: null });
    const made = await callWs(me, 'POST', '/api/conhub/reminders/ical-feed/v1');
    expect(made.statusCode, made.body).toBe(200);
    const { url } = made.json().data as { url: string };
    expect(url).toMatch(/\/api\/conhub\/reminders\/ical\/[A-Za-z0-9_-]{43}\/v1$/);
    expect((await callWs(me, 'GET', '/api/conhub/reminders/ical-feed/v1')).json().data).toMatchObject({ isActive: true, createdAt: expect.any(String) });

    // Public: no session, no workspace headers; the token is the credential.
    const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const body = res.body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const { lines, events } = parseCalendar(body);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('X-WR-CALNAME:계약 알림');

    const host = new URL(url).hostname;
    const byUid = new Map(events.map((e) => [e.UID, e]));
    expect([...byUid.keys()].sort()).toEqual([`contract-end-${mine.id}@${host}`, `contract-end-${shared.id}@${host}`, `reminder-${r.id}@${host}`].sort());
    const reminder = byUid.get(`reminder-${r.id}@${host}`)!;
    expect(reminder.SUMMARY).toBe('검토\\; 회의\\, 준비');
    expect(unescapeText(reminder.SUMMARY!)).toBe('검토; 회의, 준비');
    expect(unescapeText(reminder.DESCRIPTION!)).toBe(`계약: ${title}\n첫 줄\n둘째 줄`);
    const stamp = reminderAt.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(reminder.DTSTART).toBe(stamp);
    expect(reminder.URL).toMatch(new RegExp(`/${await findWorkspaceName(t.services.db, ws)}/contracts/${mine.id}$`));
    const end = byUid.get(`contract-end-${mine.id}@${host}`)!;
    expect(end['DTSTART;VALUE=DATE']).toBe('20300630');
    expect(end['DTEND;VALUE=DATE']).toBe('20300701');
    expect(unescapeText(end.SUMMARY!)).toBe(`계약 종료: ${title}`);
    expect(body).not.toContain('보이지 않는 계약');
  });

  it('stops working at once when rotated or turned off', async () => {
    const first = (await call(owner, 'POST', '/api/conhub/reminders/ical-feed/v1')).json().data.url as string;
    expect((await t.app.inject({ method: 'GET', url: pathOf(first) })).statusCode).toBe(200);
    const second = (await call(owner, 'POST', '/api/conhub/reminders/ical-feed/v1')).json().data.url as string;
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: pathOf(first) });
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('ERROR_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: pathOf(second) })).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', '/api/conhub/reminders/ical-feed/v1')).json().data).toEqual({ isActive: false, createdAt: null });
    expect((await call(owner, 'DELETE', '/api/conhub/reminders/ical-feed/v1')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second) })).statusCode).toBe(404);
    const audit = await t.services.db.select({ type: auditEvents.type }).from(auditEvents).where(eq(auditEvents.actorUserId, owner.userId)).orderBy(desc(auditEvents.id)).limit(3);
    expect(audit.map((a) => a.type)).toEqual(['contract.calendar_feed_revoked', 'contract.calendar_feed_rotated', 'contract.calendar_feed_rotated']);
  });

  it('keeps the token secret (only its hash stored), refuses a malformed one and dies with the membership', async () => {
    const url = (await call(stranger, 'POST', '/api/conhub/reminders/ical-feed/v1')).json().data.url as string;
    const token = pathOf(url).split('/')[5]!;
    const stored = await t.services.db.execute(sql`SELECT token_hash FROM contract_calendar_feeds WHERE user_id = ${stranger.userId}`);
    expect(JSON.stringify(stored)).not.toContain(token);
    const bad = await t.app.inject({ method: 'GET', url: '/api/conhub/reminders/ical/not-a-token/v1' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['params.token']);
    await t.services.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, stranger.userId));
    expect((await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 to a member without contract permissions; feeds are per workspace', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(null, method, '/api/conhub/reminders/ical-feed/v1')).statusCode, method).toBe(401);
      expect((await call(noRole, method, '/api/conhub/reminders/ical-feed/v1')).statusCode, method).toBe(403);
    }
    const wsB = await newWorkspace(t);
    const other = await person(t, wsB, ['SUPER_MANAGER'], '송예린');
    expect((await t.app.inject({ method: 'GET', url: '/api/conhub/reminders/ical-feed/v1', headers: workspaceHeaders(wsB, other.cookie) })).json().data.isActive).toBe(false);
    const url = (await t.app.inject({ method: 'POST', url: '/api/conhub/reminders/ical-feed/v1', headers: workspaceHeaders(wsB, other.cookie) })).json().data.url as string;
    const { events } = parseCalendar((await t.app.inject({ method: 'GET', url: pathOf(url) })).body);
    expect(events).toEqual([]);
  });
});
