import { createNotice, deleteNotice, listNoticeCreators, listNotices, type Notice, updateNotice } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../lib/api/fake-xhr';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.notice.write', 'file.file.read', 'file.file.write'];
const FILE_KEY = 'F'.repeat(22);

function noticeOf(over: Partial<Notice> = {}): Notice {
  return {
    id: 5,
    noticeType: 'EVENT',
    title: '송년회 안내',
    body: '12월 20일 18시',
    isPinned: true,
    attachments: [],
    creatorUserId: 41,
    creatorName: '김민준',
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    readCount: 12,
    isDeleted: false,
    ...over,
  };
}
const page = (content: Notice[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });

function serve(content: Notice[] = [noticeOf()]): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(listNotices, ok(page(content)))
    .on(listNoticeCreators, ok([{ userId: 41, displayName: '김민준' }]));
}

describe('notices admin page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => FakeXhr.reset());

  it('lists notices with type, author and read count, and sorts on the server', async () => {
    const fake = serve();
    const { router } = renderApp('/hanbit/admin/notices');
    expect(await screen.findByText('송년회 안내', undefined, { timeout: 8000 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '공지 목록' });
    expect(within(table).getByText('행사')).toBeInTheDocument();
    expect(within(table).getByText('12명')).toBeInTheDocument();
    expect(within(table).getByLabelText('고정')).toBeInTheDocument();
    expect(fake.calls(listNotices)[0]!.query.get('size')).toBe('10');

    await userEvent.click(within(table).getByText('제목'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toMatch(/^title,(asc|desc)$/));
    const sort = new URLSearchParams(router.state.location.search).get('sort');
    await waitFor(() => expect(fake.calls(listNotices).at(-1)!.query.get('sort')).toBe(sort));
  });

  it('checks the form with the shared schema, uploads an attachment first and sends its key', async () => {
    const fake = serve([]).on(createNotice, ok(noticeOf({ id: 9 })));
    renderApp('/hanbit/admin/notices');
    expect(await screen.findByText('공지가 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '공지 작성' }));
    const dialog = await screen.findByRole('dialog', { name: '공지 작성' });

    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findAllByText('필수 입력 항목입니다.')).toHaveLength(2);
    expect(fake.calls(createNotice)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: '제목' }), '서버 점검');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '내용' }), '첫 줄{enter}둘째 줄');
    await userEvent.click(within(dialog).getByRole('switch', { name: '목록 맨 위에 고정' }));
    await userEvent.upload(within(dialog).getByLabelText('첨부할 파일 선택'), new File(['x'], '일정.pdf', { type: 'application/pdf' }));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.url).toBe('/api/arxive/files/v2');
    xhr.respond(200, {
      code: 'SUCCESS',
      message: null,
      data: {
        fileKey: FILE_KEY, displayName: '일정.pdf', fileType: 'pdf', contentType: 'application/pdf', size: 1, sha256: 'a'.repeat(64), revision: 1,
        referenceType: null, referenceId: null, uploadedByUserId: 41, extraction: { status: 'PENDING', error: null, pageCount: null },
        isDeleted: false, deletedAt: null, createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z', abilities: { canUpdate: true, canDelete: true },
      },
    });
    expect(await within(dialog).findByRole('button', { name: '일정.pdf 첨부 해제' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(createNotice)).toHaveLength(1));
    expect(fake.calls(createNotice)[0]!.body).toEqual({ noticeType: 'GENERAL', title: '서버 점검', body: '첫 줄\n둘째 줄', isPinned: true, fileKeys: [FILE_KEY] });
    expect(await screen.findByText('공지를 등록했습니다.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '공지 작성' })).not.toBeInTheDocument());
  });

  it('shows the server\'s field errors and keeps the form open', async () => {
    const fake = serve().on(
      updateNotice,
      fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.fileKeys.0', reason: 'the file is attached to something else' }] }),
    );
    renderApp('/hanbit/admin/notices');
    await userEvent.click(await screen.findByRole('button', { name: '송년회 안내 수정' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '공지 수정' });
    expect(within(dialog).getByRole('textbox', { name: '제목' })).toHaveValue('송년회 안내');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(updateNotice)).toHaveLength(1));
    expect(fake.calls(updateNotice)[0]!.path).toBe('/api/workspace/notices/5/v1');
    expect(await within(dialog).findByText('첨부할 수 없는 파일이 있습니다. 삭제되었거나 다른 곳에 첨부된 파일입니다.')).toBeInTheDocument();
  });

  it('deletes a notice only after confirmation', async () => {
    const fake = serve().on(deleteNotice, ok(noticeOf({ isDeleted: true })));
    renderApp('/hanbit/admin/notices');
    await userEvent.click(await screen.findByRole('button', { name: '송년회 안내 삭제' }, { timeout: 8000 }));
    const confirm = (await screen.findByText("'송년회 안내' 공지를 삭제할까요? 구성원에게 더 이상 보이지 않습니다.")).closest('[role="dialog"]') as HTMLElement;
    expect(fake.calls(deleteNotice)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteNotice)).toHaveLength(1));
    expect(fake.calls(deleteNotice)[0]!.path).toBe('/api/workspace/notices/5/v1');
    expect(await screen.findByText('삭제했습니다.')).toBeInTheDocument();
  });
});
