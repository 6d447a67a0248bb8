import {
  getContractStats, getHomeTodo, listMyNotices, listMyReminders, listRecentlyViewedContracts, type MemberNotice, type MyReminder, pageSearchContractsV3,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { selectWorkspace, setLauncher, setPermissions, setUserInfo } from '../../lib/session';
import { type FakeApi, fail, installFakeApi, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { hanbit, resetSession, saesol, serveSession } from '../../test/session-fixtures';
import { READER, summaryOf } from '../contracts/contracts.test-support';
import { todoOf } from '../workflows/workflows.test-support';
import { addDays, localIsoDate } from './home/home-queries';

const page = <T,>(content: T[], totalElements = content.length) => ({ content, page: 0, size: 5, totalElements, totalPages: Math.ceil(totalElements / 5) });
const today = localIsoDate(new Date());

const STATS = {
  dateStart: '2025-06-01', dateEnd: '2026-05-31', total: 3,
  byStatus: [{ status: 'ACTIVE', label: '이행 중', count: 3 }],
  byContractType: [{ contractType: 'SERVICE', label: '용역계약', count: 3 }],
  byMonth: [{ month: '2026-05', count: 3 }],
};

function reminderOf(id: number, over: Partial<MyReminder> = {}): MyReminder {
  return {
    id, contractId: 7, title: '계약 갱신 여부 결정', memo: null, remindAt: '2030-03-01T00:00:00.000Z', kind: 'RENEWAL', status: 'SCHEDULED', sentAt: null,
    recipients: [{ userId: 41, displayName: '김민준' }], createdBy: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
    contract: { id: 7, title: '물류 위탁 계약', endDate: '2030-06-01' }, ...over,
  };
}

function noticeOf(id: number, over: Partial<MemberNotice> = {}): MemberNotice {
  return {
    id, noticeType: 'MAINTENANCE', title: '정기 점검 안내', body: '본문', isPinned: false, attachments: [], creatorUserId: 1, creatorName: '관리자',
    createdAt: '2026-05-01T00:00:00.000Z', updatedAt: '2026-05-01T00:00:00.000Z', isRead: false, ...over,
  };
}

function signedInto(entry = hanbit, permissions: string[] = READER): FakeApi {
  resetSession();
  setUserInfo({ id: 41, loginId: 'manager@hanbit.example' });
  setLauncher([hanbit, saesol]);
  selectWorkspace(entry.tenantId, entry.workspaceId);
  setPermissions(permissions.map((name) => ({ name })));
  return serveSession(installFakeApi(), { launcher: [hanbit, saesol], permissions });
}

/** Every card with nothing in it. */
const serveEmpty = (fake: FakeApi) =>
  fake
    .on(pageSearchContractsV3, ok(page([])))
    .on(listMyReminders, ok(page([])))
    .on(listRecentlyViewedContracts, ok(page([])))
    .on(listMyNotices, ok(page([])))
    .on(getHomeTodo, ok({ items: [], counts: { toAssign: 0, toReview: 0, toApprove: 0, toSign: 0, returnedToMe: 0 } }))
    .on(getContractStats, ok({ ...STATS, total: 0, byStatus: [], byContractType: [], byMonth: [] }));

/** The first render loads the page's lazy module: give it time. */
const FIRST = { timeout: 5000 };
const card = async (testId: string) => within(await screen.findByTestId(testId, {}, FIRST));

// The home is a lazy route with a large import graph: load it once before the clock of any test starts.
beforeAll(() => import('./WorkspaceHomePage'), 60_000);

describe('workspace home', () => {
  beforeEach(async () => {
    await changeLocale('ko');
  });

  it('titles the page with the organisation name and shows what needs the member today', async () => {
    const fake = serveEmpty(signedInto());
    const soon = summaryOf(7, { title: '물류 위탁 계약', endDate: addDays(today, 12), counterpartyNames: ['(주)한결물류'] });
    const endsToday = summaryOf(8, { title: '사무실 임대차', endDate: today });
    fake
      .on(pageSearchContractsV3, ok(page([endsToday, soon], 4)))
      .on(listMyReminders, ok(page([reminderOf(3)])))
      .on(listRecentlyViewedContracts, ok(page([{ ...summaryOf(9, { title: '최근 연 NDA', status: 'SIGNED' }), viewedAt: '2026-05-02T03:00:00.000Z' }])))
      .on(listMyNotices, ok(page([noticeOf(5, { isPinned: true })])))
      .on(getHomeTodo, ok({ items: [todoOf(11, { overdue: true })], counts: { toAssign: 0, toReview: 1, toApprove: 0, toSign: 0, returnedToMe: 0 } }))
      .on(getContractStats, ok(STATS));
    renderApp('/hanbit');

    expect(await screen.findByRole('heading', { level: 1, name: '한빛 법무법인' }, FIRST)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('한빛 법무법인'));

    const expiring = await card('home-expiring');
    expect(await expiring.findByRole('link', { name: '물류 위탁 계약' })).toHaveAttribute('href', '/hanbit/contracts/7');
    expect(expiring.getByText('12일 남음')).toBeInTheDocument();
    expect(expiring.getByText('오늘 종료')).toBeInTheDocument();
    expect(expiring.getByText(/\(주\)한결물류/)).toBeInTheDocument();
    expect(expiring.getByText('외 2건')).toBeInTheDocument();
    const search = fake.calls(pageSearchContractsV3)[0]!;
    expect(search.body).toEqual({ statuses: ['SIGNED', 'ACTIVE'], endDate: { start: today, end: addDays(today, 90) } });
    expect(search.query.get('sort')).toBe('endDate,asc');

    const reminders = await card('home-reminders');
    expect(await reminders.findByText('계약 갱신 여부 결정')).toBeInTheDocument();
    expect(reminders.getByText('갱신 검토')).toBeInTheDocument();
    expect(reminders.getByRole('link', { name: '물류 위탁 계약' })).toHaveAttribute('href', '/hanbit/contracts/7');

    const recent = await card('home-recent');
    expect(await recent.findByRole('link', { name: '최근 연 NDA' })).toHaveAttribute('href', '/hanbit/contracts/9');
    expect(recent.getByText('체결 완료')).toBeInTheDocument();

    const notices = await card('home-notices');
    expect(await notices.findByRole('link', { name: '정기 점검 안내' })).toHaveAttribute('href', '/hanbit/notices?notice=5');
    expect(fake.calls(listMyNotices)[0]!.query.get('isRead')).toBe('false');

    const todo = await card('home-todo');
    expect(await todo.findByRole('link', { name: '계약 11' })).toHaveAttribute('href', '/hanbit/contracts/11');
    expect(todo.getByText('기한 지남')).toBeInTheDocument();
    expect(todo.getByRole('link', { name: '모두 보기' })).toHaveAttribute('href', '/hanbit/workflows/todo');

    const stats = await card('home-stats');
    expect(await stats.findByRole('region', { name: '상태별' })).toBeInTheDocument();
  });

  it('says what is true when every card is empty', async () => {
    serveEmpty(signedInto());
    renderApp('/hanbit');
    expect(await (await card('home-expiring')).findByText('90일 안에 종료되거나 갱신할 계약 중 볼 수 있는 계약이 없습니다.')).toBeInTheDocument();
    expect(await (await card('home-reminders')).findByText(/예정된 알림이 없습니다/)).toBeInTheDocument();
    expect(await (await card('home-recent')).findByText(/최근에 연 계약이 없습니다/)).toBeInTheDocument();
    expect(await (await card('home-notices')).findByText('읽지 않은 공지가 없습니다.')).toBeInTheDocument();
    expect(await (await card('home-todo')).findByText('지금 처리할 일이 없습니다')).toBeInTheDocument();
  });

  it('shows each card loading, then an error with a retry that loads it', async () => {
    const fake = serveEmpty(signedInto());
    let answer: () => void = () => {};
    fake.on(listRecentlyViewedContracts, () => new Promise((resolve) => (answer = () => resolve(fail(500, 'ERROR_INTERNAL', '일시적인 오류입니다')))));
    renderApp('/hanbit');
    const recent = await card('home-recent');
    expect(await recent.findByRole('status', { name: '최근 본 계약 불러오는 중' })).toBeInTheDocument();
    answer();
    expect(await recent.findByText('최근 본 계약: 불러오지 못했습니다', {}, { timeout: 4000 })).toBeInTheDocument();
    // The other cards are not held up by the one that failed.
    expect((await card('home-notices')).getByText('읽지 않은 공지가 없습니다.')).toBeInTheDocument();

    fake.on(listRecentlyViewedContracts, ok(page([{ ...summaryOf(9, { title: '다시 불러온 계약' }), viewedAt: '2026-05-02T03:00:00.000Z' }])));
    await userEvent.click(await recent.findByRole('button', { name: '다시 시도' }));
    expect(await recent.findByRole('link', { name: '다시 불러온 계약' })).toBeInTheDocument();
  });

  it('shows no contract card in a workspace without contract management, and asks for none', async () => {
    const fake = serveEmpty(signedInto(saesol));
    renderApp('/saesol');
    expect(await screen.findByRole('heading', { level: 1, name: '새솔 주식회사' }, FIRST)).toBeInTheDocument();
    expect((await card('home-todo')).getByText('결재·검토·서명 요청이 배정되면 여기에 표시됩니다.')).toBeInTheDocument();
    expect(await screen.findByTestId('home-notices')).toBeInTheDocument();
    for (const id of ['home-expiring', 'home-reminders', 'home-recent', 'home-stats']) expect(screen.queryByTestId(id)).not.toBeInTheDocument();
    await waitFor(() => expect(fake.calls(listMyNotices)).toHaveLength(1));
    expect(fake.calls(pageSearchContractsV3)).toHaveLength(0);
    expect(fake.calls(listRecentlyViewedContracts)).toHaveLength(0);
    expect(fake.calls(getHomeTodo)).toHaveLength(0);
  });

  it('shows no contract card to a member who may not read contracts', async () => {
    const fake = serveEmpty(signedInto(hanbit, ['file.file.read']));
    renderApp('/hanbit');
    expect(await screen.findByTestId('home-notices', {}, FIRST)).toBeInTheDocument();
    expect(screen.queryByTestId('home-expiring')).not.toBeInTheDocument();
    expect(fake.calls(listMyReminders)).toHaveLength(0);
  });

  it('speaks English: the English organisation name and days left in the plural', async () => {
    await changeLocale('en');
    const fake = serveEmpty(signedInto());
    fake.on(pageSearchContractsV3, ok(page([summaryOf(7, { title: 'Logistics agreement', endDate: addDays(today, 1) }), summaryOf(8, { title: 'Lease', endDate: addDays(today, 40) })])));
    renderApp('/hanbit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hanbit Law' }, FIRST)).toBeInTheDocument();
    const expiring = await card('home-expiring');
    expect(await expiring.findByText('1 day left')).toBeInTheDocument();
    expect(expiring.getByText('40 days left')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contracts ending within 90 days' })).toBeInTheDocument();
    expect(await (await card('home-todo')).findByText('Nothing to do right now')).toBeInTheDocument();
  });
});
