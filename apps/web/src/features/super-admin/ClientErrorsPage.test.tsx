import { PERMISSION, listClientErrors } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPermissions, setUserInfo } from '../../lib/session';
import { fail, installFakeApi, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { resetSession } from '../../test/session-fixtures';

const report = (id: number, errorId: string) => ({
  id, errorId, message: '요청을 처리하지 못했습니다.', route: '/hanbit/', httpStatus: 500, code: 'ERROR_INTERNAL', apiPath: '/api/alex/contracts/v6',
  userId: 41, tenantId: 1, workspaceId: 10, ip: '203.0.113.7', createdAt: '2026-11-21T01:00:00.000Z',
  user: { name: '김민준', loginId: 'member@hanbit.example' }, workspaceName: 'hanbit',
});
const page = (content: unknown[], totalElements = content.length) => ({ content, page: 0, size: 20, totalElements, totalPages: Math.ceil(totalElements / 20) });

describe('super-admin console', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true });
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
  });

  it('lists the client error reports and searches them by error id', async () => {
    const fake = installFakeApi().on(listClientErrors, (call) =>
      ok(call.query.get('errorId') ? page([]) : page([report(2, 'c0ffee00-0002'), report(1, 'c0ffee00-0001')], 2)),
    );
    const { router } = renderApp('/super-admin');
    expect(await screen.findByRole('heading', { level: 1, name: '슈퍼 관리자 콘솔' })).toBeInTheDocument();
    expect(await screen.findByText('c0ffee00-0002')).toBeInTheDocument();
    expect(screen.getByText('총 2건')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(await screen.findByRole('navigation', { name: '슈퍼 관리자 메뉴' }, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(listClientErrors)[0]?.query.get('size')).toBe('20');
    // People and workspaces by name, not by number.
    expect(screen.getAllByText('김민준')).toHaveLength(2);
    expect(screen.getAllByText('member@hanbit.example')).toHaveLength(2);
    expect(screen.getAllByRole('cell', { name: 'hanbit' })).toHaveLength(2);
    // Connection failures are left out until asked for, and the choice is kept in the address.
    expect(fake.calls(listClientErrors)[0]?.query.get('includeConnectionFailures')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /연결 실패도 보기/ }));
    await waitFor(() => expect(fake.calls(listClientErrors).at(-1)?.query.get('includeConnectionFailures')).toBe('true'));
    expect(router.state.location.search).toBe('?connection=all');
    await userEvent.click(screen.getByRole('checkbox', { name: /연결 실패도 보기/ }));

    const search = screen.getByRole('search');
    await userEvent.type(within(search).getByLabelText('오류 ID'), 'missing-id');
    await userEvent.click(within(search).getByRole('button', { name: '검색' }));
    expect(await screen.findByText('일치하는 오류 보고가 없습니다')).toBeInTheDocument();
    expect(fake.calls(listClientErrors).at(-1)?.query.get('errorId')).toBe('missing-id');
    await waitFor(() => expect(router.state.location.search).toBe('?errorId=missing-id'));
    expect(fake.calls(listClientErrors).at(-1)?.query.get('includeConnectionFailures')).toBeNull();
  });

  it('shows a failure with a retry', async () => {
    const fake = installFakeApi().on(listClientErrors, fail(500, 'ERROR_INTERNAL', '일시적인 오류입니다.'));
    renderApp('/super-admin');
    expect(await screen.findByText('일시적인 오류입니다.')).toBeInTheDocument();
    fake.on(listClientErrors, ok(page([])));
    await userEvent.click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('오류 보고가 없습니다')).toBeInTheDocument();
  });
});
