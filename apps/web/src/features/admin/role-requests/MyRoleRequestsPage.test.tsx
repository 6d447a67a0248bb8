import { cancelRoleRequest, createRoleRequest, getRoleRequestFormOptions, listMyRoleRequests, type RoleRequest } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { serveSession, signInToHanbit } from '../../../test/session-fixtures';

const mine: RoleRequest = {
  id: 8,
  requester: { userId: 41, displayName: '김민준', loginId: 'member@hanbit.example' },
  role: { id: 4, name: '열람자', code: 'READER' },
  reason: '소송 기록 열람',
  approver: { userId: 7, displayName: '윤재원' },
  status: 'PENDING',
  decidedBy: null,
  decisionComment: null,
  decidedAt: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  abilities: { canDecide: false, canCancel: true },
};

const options = {
  roles: [
    { id: 2, name: '일반 구성원', code: 'GENERAL_MEMBER', isHeld: true, hasPendingRequest: false },
    { id: 3, name: '법무 검토자', code: 'LEGAL_REVIEWER', isHeld: false, hasPendingRequest: false },
    { id: 4, name: '열람자', code: 'READER', isHeld: false, hasPendingRequest: true },
  ],
  approvers: [{ userId: 7, displayName: '윤재원' }],
};

function serve(): FakeApi {
  return serveSession(installFakeApi(), { permissions: ['contract.contract.read'] })
    .on(listMyRoleRequests, ok({ content: [mine], page: 0, size: 30, totalElements: 1, totalPages: 1 }))
    .on(getRoleRequestFormOptions, ok(options));
}

describe('my role requests page', () => {
  beforeEach(() => {
    signInToHanbit(['contract.contract.read'], 'member@hanbit.example');
  });

  it('requests a role with a reason and a named approver, checking the form first', async () => {
    const fake = serve().on(createRoleRequest, ok({ ...mine, id: 9, role: { id: 3, name: '법무 검토자', code: 'LEGAL_REVIEWER' } }));
    renderApp('/hanbit/role-requests');
    expect(await screen.findByRole('heading', { level: 1, name: '역할 요청' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('소송 기록 열람')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '요청하기' }));
    expect(await screen.findByText('역할을 선택해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('요청 사유를 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(createRoleRequest)).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox', { name: /^역할/ }));
    expect(await screen.findByRole('option', { name: '일반 구성원 (보유 중)' })).toHaveAttribute('data-combobox-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: '법무 검토자' }));
    await userEvent.type(screen.getByRole('textbox', { name: /요청 사유/ }), '검토 업무 배정');
    await userEvent.click(screen.getByRole('combobox', { name: '승인자 (선택)' }));
    await userEvent.click(await screen.findByRole('option', { name: '윤재원' }));
    await userEvent.click(screen.getByRole('button', { name: '요청하기' }));

    await waitFor(() => expect(fake.calls(createRoleRequest)).toHaveLength(1));
    expect(fake.calls(createRoleRequest)[0]!.body).toEqual({ roleId: 3, reason: '검토 업무 배정', approveUserId: 7 });
    expect(await screen.findByText('역할을 요청했습니다.')).toBeInTheDocument();
  });

  it('shows why the server refused the request', async () => {
    serve().on(createRoleRequest, fail(409, 'ERROR_CONFLICT', '이 역할에 대한 요청이 이미 대기 중입니다.', { reason: 'REQUEST_PENDING' }));
    renderApp('/hanbit/role-requests');
    await userEvent.click(await screen.findByRole('combobox', { name: /^역할/ }, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('option', { name: '법무 검토자' }));
    await userEvent.type(screen.getByRole('textbox', { name: /요청 사유/ }), '필요');
    await userEvent.click(screen.getByRole('button', { name: '요청하기' }));
    expect(await screen.findByText('이 역할에 대한 요청이 이미 대기 중입니다.')).toBeInTheDocument();
  });

  it('cancels a pending request after a confirmation', async () => {
    const fake = serve().on(cancelRoleRequest, ok({ ...mine, status: 'CANCELED', abilities: { canDecide: false, canCancel: false } }));
    renderApp('/hanbit/role-requests');
    await userEvent.click(await screen.findByRole('button', { name: '열람자 요청 취소' }, { timeout: 8000 }));
    const modal = (await screen.findByText('열람자 역할 요청을 취소합니다. 다시 요청할 수 있습니다.')).closest('[role="dialog"]') as HTMLElement;
    expect(fake.calls(cancelRoleRequest)).toHaveLength(0);
    await userEvent.click(within(modal).getByRole('button', { name: '요청 취소' }));
    await waitFor(() => expect(fake.calls(cancelRoleRequest)).toHaveLength(1));
    expect(fake.calls(cancelRoleRequest)[0]!.path).toBe('/api/workspace/role-requests/8/cancel/v1');
  });
});
