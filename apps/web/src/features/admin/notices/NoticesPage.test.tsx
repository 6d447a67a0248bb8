import {
  countMyUnreadNotices, downloadFile, getMyNotice, listMyNotices, markAllMyNoticesRead, type MemberNotice,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, serveSession, signInToHanbit } from '../../../test/session-fixtures';

function noticeOf(over: Partial<MemberNotice> = {}): MemberNotice {
  return {
    id: 1,
    noticeType: 'GENERAL',
    title: '11월 정기 점검 안내',
    body: '점검 시간: 02:00-04:00\n서비스가 잠시 중단됩니다.\n<b>태그는 글자로</b>',
    isPinned: false,
    attachments: [],
    creatorUserId: 7,
    creatorName: '법무지원팀',
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    isRead: false,
    ...over,
  };
}

const pinned = noticeOf({ id: 2, title: '개인정보 처리방침 개정', noticeType: 'POLICY', isPinned: true, isRead: true });
const maintenance = noticeOf({ id: 1, noticeType: 'MAINTENANCE', attachments: [{ fileKey: 'A'.repeat(22), displayName: '점검 일정.pdf', size: 2048, contentType: 'application/pdf' }] });
const page = (content: MemberNotice[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });

function serveNotices(content: MemberNotice[] = [pinned, maintenance], unreadCount = 1): FakeApi {
  return serveSession(installFakeApi(), { permissions: ['contract.contract.read'] })
    .on(listMyNotices, ok(page(content)))
    .on(countMyUnreadNotices, ok({ unreadCount }));
}

describe('notices page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInToHanbit(['contract.contract.read'], 'member@hanbit.example');
  });

  it('lists notices pinned first with the member\'s unread ones marked, and the unread count', async () => {
    const fake = serveNotices();
    renderApp('/hanbit/notices');
    expect(await screen.findByRole('heading', { level: 1, name: '공지사항' }, { timeout: 8000 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '공지 목록' });
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAccessibleName('개인정보 처리방침 개정 열기');
    expect(within(rows[0]!).getByLabelText('고정')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('읽지 않음')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('읽지 않음')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('점검')).toBeInTheDocument();
    expect(await screen.findByText('읽지 않은 공지 1건')).toBeInTheDocument();

    const first = fake.calls(listMyNotices)[0]!;
    expect(first.query.get('page')).toBe('0');
    expect(first.query.get('size')).toBe('10');
    expect(first.query.has('isRead')).toBe(false);
    expect(first.headers.get('x-workspace')).toBe(String(hanbit.workspaceId));
  });

  it('opens a notice as text with its line breaks and attachments, which marks it read and refreshes the count', async () => {
    // `/my-notices/:noticeId/v1` would also match `/my-notices/unread-count/v1` in the fake: the count is registered after it.
    const fake = serveNotices()
      .on(getMyNotice, ok({ ...maintenance, isRead: true }))
      .on(countMyUnreadNotices, ok({ unreadCount: 1 }))
      .on(downloadFile, new Response(new Blob(['pdf'])));
    const { router } = renderApp('/hanbit/notices');
    const row = await screen.findByRole('button', { name: '11월 정기 점검 안내 열기' }, { timeout: 8000 });
    expect(await screen.findByText('읽지 않은 공지 1건')).toBeInTheDocument();
    fake.on(countMyUnreadNotices, ok({ unreadCount: 0 }));
    await userEvent.click(row);
    await waitFor(() => expect(router.state.location.search).toBe('?notice=1'));

    const dialog = await screen.findByRole('dialog', { name: '11월 정기 점검 안내' });
    const body = await within(dialog).findByText(/점검 시간: 02:00-04:00/);
    expect(body.textContent).toBe('점검 시간: 02:00-04:00\n서비스가 잠시 중단됩니다.\n<b>태그는 글자로</b>');
    expect(body).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(dialog.querySelector('b')).toBeNull();
    await waitFor(() => expect(fake.calls(getMyNotice).map((c) => c.path)).toEqual(['/api/workspace/my-notices/1/v1']));

    // Opening it marked it read on the server: the badge count is fetched again.
    expect(await screen.findByText('모든 공지를 읽었습니다.')).toBeInTheDocument();

    URL.createObjectURL = () => 'blob:notice';
    URL.revokeObjectURL = () => undefined;
    await userEvent.click(within(dialog).getByRole('button', { name: '점검 일정.pdf 내려받기' }));
    await waitFor(() => expect(fake.calls(downloadFile)).toHaveLength(1));
    expect(fake.calls(downloadFile)[0]!.path).toBe(`/api/arxive/files/${'A'.repeat(22)}/download/v1`);

    await userEvent.click(within(dialog).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('marks every notice read at once', async () => {
    const fake = serveNotices([maintenance], 3).on(markAllMyNoticesRead, ok({ markedCount: 3 }));
    renderApp('/hanbit/notices');
    const button = await screen.findByRole('button', { name: '모두 읽음으로 표시' }, { timeout: 8000 });
    fake.on(countMyUnreadNotices, ok({ unreadCount: 0 }));
    await userEvent.click(button);
    await waitFor(() => expect(fake.calls(markAllMyNoticesRead)).toHaveLength(1));
    expect(await screen.findByText('공지 3건을 읽음으로 표시했습니다.')).toBeInTheDocument();
    expect(await screen.findByText('모든 공지를 읽었습니다.')).toBeInTheDocument();
  });

  it('filters unread notices and keeps the keyword in the address', async () => {
    const fake = serveNotices([]);
    const { router } = renderApp('/hanbit/notices?q=점검');
    expect(await screen.findByText('조건에 맞는 공지가 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(listMyNotices)[0]!.query.get('keyword')).toBe('점검');
    await userEvent.click(screen.getByRole('switch', { name: '읽지 않은 공지만 보기' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%EC%A0%90%EA%B2%80&unread=1'));
    await waitFor(() => expect(fake.calls(listMyNotices).at(-1)!.query.get('isRead')).toBe('false'));
  });

  it('shows an empty list', async () => {
    serveNotices([], 0);
    renderApp('/hanbit/notices');
    expect(await screen.findByText('공지가 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
  });

  it('shows the error state when the list fails', async () => {
    serveNotices().on(listMyNotices, fail(500, 'ERROR_INTERNAL', '일시적인 오류가 발생했습니다.'));
    renderApp('/hanbit/notices');
    expect(await screen.findByRole('button', { name: '다시 시도' }, { timeout: 8000 })).toBeInTheDocument();
  });
});
