import { approveDeletionRequest, PERMISSION, rejectDeletionRequest, superAdminListDeletionRequests, type SuperAdminDeletionRequest } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPermissions, setUserInfo } from '../../../lib/session';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { resetSession } from '../../../test/session-fixtures';

function requestOf(over: Partial<SuperAdminDeletionRequest> = {}): SuperAdminDeletionRequest {
  return {
    id: 7, tenantId: 1, workspaceId: 10, workspaceName: 'hanbit', reason: '사업 종료', status: 'PENDING', requestedByUserId: 41, requestedByName: '윤재원',
    requestedByLoginId: 'admin@hanbit.example', decidedByUserId: null, decisionComment: null, decidedAt: null, purgeAfter: null, purgedAt: null,
    createdAt: '2026-11-20T01:00:00.000Z', abilities: { canDecide: true }, ...over,
  };
}
const page = (content: SuperAdminDeletionRequest[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });

describe('super-admin deletion requests', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true });
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
  });

  it('lists the requests of every workspace and keeps the status filter in the address', async () => {
    const fake = installFakeApi().on(superAdminListDeletionRequests, ok(page([requestOf(), requestOf({ id: 8, workspaceName: 'saesol', status: 'REJECTED', abilities: { canDecide: false } })])));
    const { router } = renderApp('/super-admin/deletion-requests');
    expect(await screen.findByRole('heading', { level: 1, name: '워크스페이스 삭제 요청' }, { timeout: 8000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '워크스페이스 삭제 요청 목록' });
    expect(await within(table).findByText('saesol')).toBeInTheDocument();
    expect(within(table).getAllByText('admin@hanbit.example')).toHaveLength(2);
    expect(within(table).getAllByRole('button', { name: /삭제 승인$/ })).toHaveLength(1);
    expect(fake.calls(superAdminListDeletionRequests)[0]!.query.get('size')).toBe('10');

    await userEvent.click(screen.getAllByLabelText('상태').find((element) => element.tagName === 'INPUT')!);
    await userEvent.click(await screen.findByRole('option', { name: '검토 대기' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=PENDING'));
    await waitFor(() => expect(fake.calls(superAdminListDeletionRequests).at(-1)?.query.get('status')).toBe('PENDING'));
  });

  it('approves with an optional comment', async () => {
    const fake = installFakeApi()
      .on(superAdminListDeletionRequests, ok(page([requestOf()])))
      .on(approveDeletionRequest, ok(requestOf({ status: 'APPROVED', purgeAfter: '2026-12-20T01:00:00.000Z', abilities: { canDecide: false } })));
    renderApp('/super-admin/deletion-requests');
    await userEvent.click(await screen.findByRole('button', { name: 'hanbit 삭제 승인' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '삭제 요청 승인' });
    expect(within(dialog).getByText('사유: 사업 종료')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '승인' }));
    await waitFor(() => expect(fake.calls(approveDeletionRequest)).toHaveLength(1));
    expect(fake.calls(approveDeletionRequest)[0]!.path).toBe('/api/workspace/super-admin/deletion-requests/7/approve/v1');
    expect(fake.calls(approveDeletionRequest)[0]!.body).toEqual({});
    expect(await screen.findByText('삭제 요청을 승인했습니다.')).toBeInTheDocument();
  });

  it('needs a comment to reject, and says so when someone decided first', async () => {
    const fake = installFakeApi()
      .on(superAdminListDeletionRequests, ok(page([requestOf()])))
      .on(rejectDeletionRequest, fail(409, 'ERROR_CONFLICT', '대기 중인 요청만 처리할 수 있습니다.', { status: 'APPROVED' }));
    renderApp('/super-admin/deletion-requests');
    await userEvent.click(await screen.findByRole('button', { name: 'hanbit 삭제 반려' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '삭제 요청 반려' });
    await userEvent.click(within(dialog).getByRole('button', { name: '반려' }));
    expect(await within(dialog).findByText('입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(rejectDeletionRequest)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('의견', { exact: false }), '계약 기간이 남아 있습니다');
    await userEvent.click(within(dialog).getByRole('button', { name: '반려' }));
    await waitFor(() => expect(fake.calls(rejectDeletionRequest)).toHaveLength(1));
    expect(fake.calls(rejectDeletionRequest)[0]!.body).toEqual({ comment: '계약 기간이 남아 있습니다' });
    expect(await within(dialog).findByText('이미 처리된 요청입니다. 목록을 새로 고쳐 확인해 주세요.')).toBeInTheDocument();
  });
});
