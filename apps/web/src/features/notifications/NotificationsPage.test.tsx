import { countMyUnreadNotifications, listMyNotifications, markAllMyNotificationsRead } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { fail, installFakeApi, ok, type FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { serveSession, signInToHanbit } from '../../test/session-fixtures';
import { notificationOf, pageOf } from './notifications.test-support';

const PERMISSIONS = ['contract.contract.read', 'file.file.read'];
// The page loads lazily: the first test of a run pays for loading it.
const FIRST = { timeout: 15_000 };

function serve(unreadCount = 1): FakeApi {
  const items = [
    notificationOf({ id: 3, kind: 'esign.DECLINED', record: { type: 'CONTRACT', id: 5 }, title: '용역 계약', data: { partyName: '상대방', comment: '금액 조정 필요' }, actor: null }),
    notificationOf({ id: 2, kind: 'workflow.MENTIONED', isRead: true, readAt: '2026-11-20T02:00:00.000Z' }),
    notificationOf({ id: 1, kind: 'workflow.DEADLINE_PASSED', record: { type: 'CONTRACT', id: 7 }, title: '기한 경과 계약', data: { deadline: '2026-11-25' }, actor: null }),
  ];
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(countMyUnreadNotifications, ok({ unreadCount }))
    .on(listMyNotifications, ok(pageOf(items, { totalElements: 45, totalPages: 3 })));
}

describe('notifications page', () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS, 'member@hanbit.example');
  });

  it('lists the notifications with their texts and links, and pages through them in the address', async () => {
    const fake = serve();
    const { router } = renderApp('/hanbit/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: '알림' }, FIRST)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '알림 목록' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/hanbit/contracts/5', '/hanbit/contracts/42', '/hanbit/contracts/7']);
    expect(links[0]).toHaveTextContent('서명이 거절되었습니다');
    expect(links[0]).toHaveTextContent('당사자: 상대방');
    expect(links[0]).toHaveTextContent('사유: 금액 조정 필요');
    expect(links[0]).toHaveTextContent(/시스템 · /);
    expect(links[1]).toHaveTextContent('워크플로 댓글에서 언급되었습니다');
    expect(links[2]).toHaveTextContent('희망 검토 기한이 지났습니다');
    expect(links[2]).toHaveTextContent(/희망 검토 기한: 2026\. ?11\. ?25\.|희망 검토 기한: 2026년 11월 25일/);
    expect(screen.getByText('알림 45건')).toBeInTheDocument();
    expect(await screen.findByText('읽지 않은 알림 1건')).toBeInTheDocument();
    const first = fake.calls(listMyNotifications)[0]!;
    expect(first.query.get('page')).toBe('0');
    expect(first.query.get('size')).toBe('20');
    expect(first.query.has('isRead')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(fake.calls(listMyNotifications).at(-1)!.query.get('page')).toBe('1'));
  });

  it('shows unread ones only from the address, with its own empty state', async () => {
    const fake = serve(0).on(listMyNotifications, ok(pageOf([])));
    const { router } = renderApp('/hanbit/notifications');
    expect(await screen.findByText('알림이 없습니다', undefined, FIRST)).toBeInTheDocument();
    expect(await screen.findByText('모든 알림을 읽었습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: '읽지 않은 알림만 보기' }));
    await waitFor(() => expect(router.state.location.search).toBe('?unread=1'));
    await waitFor(() => expect(fake.calls(listMyNotifications).at(-1)!.query.get('isRead')).toBe('false'));
    expect(await screen.findByText('읽지 않은 알림이 없습니다')).toBeInTheDocument();
  });

  it('marks every notification read at once', async () => {
    const fake = serve(3).on(markAllMyNotificationsRead, ok({ markedCount: 3 }));
    renderApp('/hanbit/notifications');
    const summary = await screen.findByText('읽지 않은 알림 3건', undefined, FIRST);
    fake.on(countMyUnreadNotifications, ok({ unreadCount: 0 }));
    await userEvent.click(within(summary.parentElement!).getByRole('button', { name: '모두 읽음으로 표시' }));
    await waitFor(() => expect(fake.calls(markAllMyNotificationsRead)).toHaveLength(1));
    expect(await screen.findByText('알림 3건을 읽음으로 표시했습니다.')).toBeInTheDocument();
    expect(await screen.findByText('모든 알림을 읽었습니다.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    const fake = serve().on(listMyNotifications, fail(500, 'ERROR_INTERNAL', '일시적인 오류입니다'));
    renderApp('/hanbit/notifications');
    expect(await screen.findByText('알림을 불러오지 못했습니다.', undefined, FIRST)).toBeInTheDocument();
    fake.on(listMyNotifications, ok(pageOf([notificationOf()])));
    await userEvent.click(screen.getByRole('button', { name: /다시 시도/ }));
    expect(await screen.findByRole('list', { name: '알림 목록' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await changeLocale('en');
    try {
      serve();
      renderApp('/hanbit/notifications');
      expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' }, FIRST)).toBeInTheDocument();
      expect(await screen.findByText('A signer declined')).toBeInTheDocument();
      expect(screen.getByText('Reason: 금액 조정 필요')).toBeInTheDocument();
    } finally {
      await changeLocale('ko');
    }
  });
});
