import { countMyUnreadNotifications, listMyNotices, listMyNotifications, markAllMyNotificationsRead, markMyNotificationRead } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { hanbit, serveSession, signInToHanbit } from '../../test/session-fixtures';
import { notificationOf, pageOf } from './notifications.test-support';

const PERMISSIONS = ['contract.contract.read', 'file.file.read'];
const approvalTurn = notificationOf();
const sealTurn = notificationOf({
  id: 2, kind: 'seal.APPROVAL_TURN', record: { type: 'SEAL_USAGE_REQUEST', id: 9 }, title: '법인인감', data: { purpose: '공급 계약 날인', comment: null }, isRead: true, readAt: '2026-11-20T02:00:00.000Z',
});

function serve(unreadCount: number): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(countMyUnreadNotifications, ok({ unreadCount }))
    .on(listMyNotifications, ok(pageOf([approvalTurn, sealTurn])))
    .on(listMyNotices, ok(pageOf([])));
}

// A light workspace page under the header (the notices), which lists no notifications itself.
const PAGE = '/hanbit/notices';
// The header's menus load lazily: the first test of a run pays for loading them.
const FIRST = { timeout: 15_000 };

describe('the notifications bell', () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS, 'member@hanbit.example');
  });

  it('shows the unread count of this workspace on the bell, and loads no list until it opens', async () => {
    const fake = serve(3);
    renderApp(PAGE);
    expect(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 3건' }, FIRST)).toHaveAttribute('aria-expanded', 'false');
    expect(fake.calls(countMyUnreadNotifications)[0]!.headers.get('x-workspace')).toBe(String(hanbit.workspaceId));
    expect(fake.calls(listMyNotifications)).toHaveLength(0);
  });

  it('opens the latest in the reader\'s language; each leads to its record and is marked read', async () => {
    const fake = serve(3).on(markMyNotificationRead, ok({ ...approvalTurn, isRead: true, readAt: '2026-11-20T03:00:00.000Z' }));
    const { router } = renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 3건' }, FIRST));
    const list = await screen.findByRole('list', { name: '최근 알림' });
    expect(fake.calls(listMyNotifications)[0]!.query.get('size')).toBe('8');
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/hanbit/contracts/42', '/hanbit/seals/usage-requests/9']);
    expect(links[0]).toHaveTextContent('결재 차례입니다 (읽지 않음)');
    expect(links[0]).toHaveTextContent('물품 공급 계약');
    expect(links[0]).toHaveTextContent('의견: 검토 완료, 결재 부탁드립니다');
    expect(links[0]).toHaveTextContent(/이서연 · /);
    expect(links[1]).toHaveTextContent('인장 사용 신청의 결재 차례입니다');
    expect(links[1]).toHaveTextContent('사용 목적: 공급 계약 날인');
    expect(links[1]).not.toHaveTextContent('읽지 않음');

    fake.on(countMyUnreadNotifications, ok({ unreadCount: 2 }));
    await userEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/contracts/42'));
    await waitFor(() => expect(fake.calls(markMyNotificationRead).map((c) => c.path)).toEqual(['/api/workspace/notifications/1/read/v1']));
    expect(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 2건' })).toBeInTheDocument();
  });

  it('marks all read from the popover and links to the full page', async () => {
    const fake = serve(1).on(markAllMyNotificationsRead, ok({ markedCount: 1 }));
    const { router } = renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 1건' }, FIRST));
    fake.on(countMyUnreadNotifications, ok({ unreadCount: 0 }));
    await userEvent.click(await screen.findByRole('button', { name: '모두 읽음으로 표시' }));
    await waitFor(() => expect(fake.calls(markAllMyNotificationsRead)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: '알림' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '모든 알림 보기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/notifications'));
  });

  it('says so when there are none, and offers a retry when the list fails', async () => {
    const fake = serve(0).on(listMyNotifications, ok(pageOf([])));
    const view = renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: '알림' }, FIRST));
    expect(await screen.findByText('알림이 없습니다')).toBeInTheDocument();
    view.unmount();

    fake.on(listMyNotifications, fail(500, 'ERROR_INTERNAL', '일시적인 오류입니다'));
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: '알림' }, FIRST));
    expect(await screen.findByText('알림을 불러오지 못했습니다.')).toBeInTheDocument();
    fake.on(listMyNotifications, ok(pageOf([approvalTurn])));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /다시 시도/ }));
    expect(await screen.findByRole('list', { name: '최근 알림' })).toBeInTheDocument();
  });
});
