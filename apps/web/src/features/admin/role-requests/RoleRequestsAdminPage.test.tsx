import { approveRoleRequest, getRoleRequestFormOptions, listRoleRequests, rejectRoleRequest, type RoleRequest } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.role.write'];

function requestOf(over: Partial<RoleRequest> = {}): RoleRequest {
  return {
    id: 5,
    requester: { userId: 52, displayName: '이서연', loginId: 'reviewer@hanbit.example' },
    role: { id: 3, name: '법무 검토자', code: 'LEGAL_REVIEWER' },
    reason: '계약 검토 업무를 맡게 되었습니다.',
    approver: null,
    status: 'PENDING',
    decidedBy: null,
    decisionComment: null,
    decidedAt: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    abilities: { canDecide: true, canCancel: false },
    ...over,
  };
}

const page = (content: RoleRequest[]) => ({ content, page: 0, size: 30, totalElements: content.length, totalPages: 1 });
const decided = (status: RoleRequest['status'], comment: string | null) =>
  requestOf({ status, decisionComment: comment, decidedBy: { userId: 41, displayName: '김민준' }, decidedAt: '2026-11-21T01:00:00.000Z', abilities: { canDecide: false, canCancel: false } });

function serve(): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(listRoleRequests, ok(page([requestOf()])))
    .on(getRoleRequestFormOptions, ok({ roles: [{ id: 3, name: '법무 검토자', code: 'LEGAL_REVIEWER', isHeld: false, hasPendingRequest: false }], approvers: [] }));
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: '이서연의 법무 검토자 요청 검토' }, { timeout: 8000 }));
  return screen.findByRole('dialog', { name: '역할 요청 검토' });
}

describe('role requests admin page and its decision dialog', () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
  });

  it('lists the requests with the filters of the address', async () => {
    const fake = serve();
    renderApp('/hanbit/admin/role-requests?status=PENDING&role=3');
    const table = await screen.findByRole('table', { name: '역할 요청 목록' }, { timeout: 8000 });
    expect(await within(table).findByText('계약 검토 업무를 맡게 되었습니다.')).toBeInTheDocument();
    const call = fake.calls(listRoleRequests)[0]!;
    expect(call.query.getAll('statuses')).toEqual(['PENDING']);
    expect(call.query.get('roleIds')).toBe('3');
    expect(call.query.get('size')).toBe('30');
    expect(call.headers.get('x-workspace')).toBe(String(hanbit.workspaceId));
  });

  it('needs a comment to reject, then rejects with it and closes', async () => {
    const fake = serve().on(rejectRoleRequest, ok(decided('REJECTED', '팀장 승인 후 부여합니다.')));
    renderApp('/hanbit/admin/role-requests');
    const dialog = await openDialog();
    expect(within(dialog).getByText('reviewer@hanbit.example', { exact: false })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '거절' }));
    expect(await within(dialog).findByText('거절 사유를 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(rejectRoleRequest)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('의견'), '  팀장 승인 후 부여합니다. ');
    await userEvent.click(within(dialog).getByRole('button', { name: '거절' }));
    await waitFor(() => expect(fake.calls(rejectRoleRequest)).toHaveLength(1));
    expect(fake.calls(rejectRoleRequest)[0]!.path).toBe('/api/workspace/role-requests/5/reject/v1');
    expect(fake.calls(rejectRoleRequest)[0]!.body).toEqual({ comment: '팀장 승인 후 부여합니다.' });
    expect(await screen.findByText('요청을 거절했습니다.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '역할 요청 검토' })).not.toBeInTheDocument());
    await waitFor(() => expect(fake.calls(listRoleRequests).length).toBeGreaterThan(1));
  });

  it('approves without a comment', async () => {
    const fake = serve().on(approveRoleRequest, ok(decided('APPROVED', null)));
    renderApp('/hanbit/admin/role-requests');
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '승인' }));
    await waitFor(() => expect(fake.calls(approveRoleRequest)).toHaveLength(1));
    expect(fake.calls(approveRoleRequest)[0]!.body).toEqual({});
    expect(await screen.findByText('요청을 승인하고 역할을 부여했습니다.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server message when the request was decided meanwhile', async () => {
    serve().on(approveRoleRequest, fail(409, 'ERROR_CONFLICT', '이미 처리된 요청입니다.', { reason: 'REQUEST_NOT_PENDING', status: 'REJECTED' }));
    renderApp('/hanbit/admin/role-requests');
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('의견'), '확인했습니다');
    await userEvent.click(within(dialog).getByRole('button', { name: '승인' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('이미 처리된 요청입니다.');
    expect(screen.getByRole('dialog', { name: '역할 요청 검토' })).toBeInTheDocument();
  });
});
