import {
  deactivateUser, getUser, getUserOptions, listUsers, setUserRoles, updateUser, type UserOptions, type WorkspaceUser, type WorkspaceUserDetail,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, serveSession, signInToHanbit } from '../../../test/session-fixtures';
import { readUserFilters, writeUserFilters } from './users-search-params';
import en from '../../../locales/en/users.json';
import ko from '../../../locales/ko/users.json';

const ADMIN_PERMISSIONS = ['workspace.admin.access', 'workspace.user.read', 'workspace.user.write'];

function userOf(over: Partial<WorkspaceUser> = {}): WorkspaceUser {
  return {
    userId: 52,
    loginId: 'reviewer@hanbit.example',
    name: '이서연',
    displayName: '이서연',
    employeeNumber: 'E-052',
    divisionId: 3,
    divisionName: '기업자문팀',
    jobTitleId: 5,
    jobTitleName: '팀장',
    jobPositionName: '책임',
    status: 'ACTIVE',
    deactivatedAt: null,
    isLocked: false,
    roles: [{ id: 7, name: '법무 검토자', code: 'LEGAL_REVIEWER' }],
    groups: [],
    createdAt: '2026-10-01T00:00:00.000Z',
    lastSignedInAt: '2026-11-20T01:00:00.000Z',
    ...over,
  };
}

function detailOf(over: Partial<WorkspaceUserDetail> = {}): WorkspaceUserDetail {
  return {
    ...userOf(),
    locale: 'ko',
    accountStatus: 'ACTIVE',
    phone: null,
    jobPositions: [{ id: 9, name: '책임' }],
    groupRoles: [{ id: 8, name: '열람자', code: 'READER', groupId: 2, groupName: '계약팀' }],
    failedLoginCount: 0,
    lockedUntil: null,
    passwordExpiresAt: null,
    lastSignIn: { at: '2026-11-20T01:00:00.000Z', ip: '10.0.0.7', userAgent: 'Firefox' },
    liveSessionCount: 2,
    isLastSuperManager: false,
    abilities: { canUpdate: true, canChangeRoles: true, canDeactivate: true, canReactivate: false, canUnlock: false, canForcePasswordReset: true },
    ...over,
  };
}

const options: UserOptions = {
  roles: [{ id: 1, name: '최고 관리자', code: 'SUPER_MANAGER' }, { id: 7, name: '법무 검토자', code: 'LEGAL_REVIEWER' }, { id: 8, name: '열람자', code: 'READER' }],
  groups: [{ id: 2, name: '계약팀' }],
  divisions: [{ id: 3, name: '기업자문팀', parentId: null }, { id: 4, name: '송무팀', parentId: null }],
  jobTitles: [{ id: 5, name: '팀장' }],
  jobPositions: [{ id: 9, name: '책임' }, { id: 10, name: '수석' }],
};

const page = (content: WorkspaceUser[]) => ({ content, page: 0, size: 30, totalElements: content.length, totalPages: 1 });

function serveUsers(): FakeApi {
  return serveSession(installFakeApi(), { permissions: ADMIN_PERMISSIONS })
    .on(listUsers, ok(page([userOf(), userOf({ userId: 53, loginId: 'member@hanbit.example', name: '김민준', displayName: '김민준', roles: [], status: 'DEACTIVATED', isLocked: true })])))
    .on(getUserOptions, ok(options))
    .on(getUser, ok(detailOf()));
}

describe('users admin page', () => {
  beforeEach(() => {
    signInToHanbit(ADMIN_PERMISSIONS);
  });

  it('lists the server page with the filters of the address and writes filter changes back', async () => {
    const fake = serveUsers();
    const { router } = renderApp('/hanbit/admin/users?q=이서&role=7&status=ACTIVE&sort=loginId,desc');
    expect(await screen.findByRole('heading', { level: 2, name: '사용자' }, { timeout: 8000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '사용자 목록' });
    expect(await within(table).findByText('reviewer@hanbit.example')).toBeInTheDocument();
    expect(within(table).getAllByText('기업자문팀 · 팀장 · 책임')).toHaveLength(2);
    expect(within(table).getByText('법무 검토자')).toBeInTheDocument();
    expect(within(table).getByText('비활성')).toBeInTheDocument();
    expect(within(table).getByText('잠김')).toBeInTheDocument();

    const first = fake.calls(listUsers)[0]!;
    expect(first.query.get('keyword')).toBe('이서');
    expect(first.query.getAll('roleIds')).toEqual(['7']);
    expect(first.query.get('status')).toBe('ACTIVE');
    expect(first.query.get('sort')).toBe('loginId,desc');
    expect(first.query.get('size')).toBe('30');
    expect(first.query.get('page')).toBe('0');
    expect(first.headers.get('x-workspace')).toBe(String(hanbit.workspaceId));

    const search = screen.getByRole('search');
    await userEvent.selectOptions(within(search).getByLabelText('상태'), '비활성');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('DEACTIVATED'));
    await waitFor(() => expect(fake.calls(listUsers).at(-1)?.query.get('status')).toBe('DEACTIVATED'));
  });

  it('shows the empty state of a filtered list', async () => {
    serveSession(installFakeApi(), { permissions: ADMIN_PERMISSIONS }).on(listUsers, ok(page([]))).on(getUserOptions, ok(options));
    renderApp('/hanbit/admin/users?q=없는사람');
    expect(await screen.findByText('조건에 맞는 사용자가 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('opens a member in the drawer, saves the profile and shows a field error from the server', async () => {
    const fake = serveUsers().on(updateUser, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.divisionId', reason: 'no such division in this workspace: 4' }] }));
    const { router } = renderApp('/hanbit/admin/users');
    await userEvent.click(await screen.findByText('reviewer@hanbit.example', {}, { timeout: 8000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?user=52'));

    const drawer = await screen.findByRole('dialog', { name: '이서연' });
    expect(await within(drawer).findByText('10.0.0.7', { exact: false })).toBeInTheDocument();
    expect(within(drawer).getByText('열람자 (계약팀)')).toBeInTheDocument();
    expect(within(drawer).getByText('2개')).toBeInTheDocument();

    const profile = within(drawer).getByRole('form', { name: '프로필' });
    const name = within(profile).getByLabelText('표시 이름', { exact: false });
    await userEvent.clear(name);
    await userEvent.click(within(profile).getByRole('button', { name: '프로필 저장' }));
    expect(await within(profile).findByText('값을 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(updateUser)).toHaveLength(0);

    await userEvent.type(name, '이서연 변호사');
    await userEvent.type(within(profile).getByLabelText('전화번호'), '010-1234-5678');
    await userEvent.click(within(profile).getByRole('button', { name: '프로필 저장' }));
    await waitFor(() => expect(fake.calls(updateUser)).toHaveLength(1));
    const call = fake.calls(updateUser)[0]!;
    expect(call.path).toBe('/api/workspace/users/52/v1');
    expect(call.body).toEqual({ displayName: '이서연 변호사', phone: '010-1234-5678', employeeNumber: 'E-052', divisionId: 3, jobTitleId: 5, jobPositionIds: [9] });
    expect(await within(profile).findByText('no such division in this workspace: 4')).toBeInTheDocument();
  });

  it('saves the roles and shows a refusal from the server', async () => {
    const fake = serveUsers().on(setUserRoles, fail(409, 'ERROR_CONFLICT', '워크스페이스에는 활성 최고 관리자가 한 명 이상 있어야 합니다.', { reason: 'LAST_SUPER_MANAGER' }));
    renderApp('/hanbit/admin/users?user=52');
    const drawer = await screen.findByRole('dialog', { name: '이서연' }, { timeout: 8000 });
    const roles = await within(drawer).findByRole('form', { name: '역할' });
    await userEvent.click(within(roles).getByRole('button', { name: '역할 저장' }));
    await waitFor(() => expect(fake.calls(setUserRoles)).toHaveLength(1));
    expect(fake.calls(setUserRoles)[0]!.body).toEqual({ roleIds: [7] });
    expect(await within(roles).findByRole('alert')).toHaveTextContent('활성 최고 관리자가 한 명 이상');
  });

  it('deactivates only after confirmation and hides actions the abilities do not allow', async () => {
    const fake = serveUsers().on(deactivateUser, ok(detailOf({ status: 'DEACTIVATED' })));
    renderApp('/hanbit/admin/users?user=52');
    const drawer = await screen.findByRole('dialog', { name: '이서연' }, { timeout: 8000 });
    const deactivate = await within(drawer).findByRole('button', { name: '비활성화' });
    expect(within(drawer).getByRole('button', { name: '비밀번호 재설정 요구' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '다시 활성화' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '잠금 해제' })).not.toBeInTheDocument();

    await userEvent.click(deactivate);
    const modal = await screen.findByRole('dialog', { name: '사용자 비활성화' });
    expect(within(modal).getByText(/이서연 님을 비활성화합니다/)).toBeInTheDocument();
    expect(fake.calls(deactivateUser)).toHaveLength(0);
    await userEvent.click(within(modal).getByRole('button', { name: '비활성화' }));
    await waitFor(() => expect(fake.calls(deactivateUser)).toHaveLength(1));
    expect(fake.calls(deactivateUser)[0]!.path).toBe('/api/workspace/users/52/deactivate/v1');
    expect(await screen.findByText('비활성화했습니다.')).toBeInTheDocument();
  });
});

describe('users search params', () => {
  it('round-trip and drop what is not valid', () => {
    const filters = readUserFilters(new URLSearchParams('q=%20홍%20&status=GONE&role=3&role=x&group=4&division=2&title=5&sort=passwordHash,asc&page=0&user=9'));
    expect(filters).toEqual({ keyword: '홍', status: undefined, roleIds: [3], groupIds: [4], divisionId: 2, jobTitleIds: [5], sort: undefined, page: 1 });
    expect(writeUserFilters({ ...filters, sort: 'createdAt,desc', page: 2 }, new URLSearchParams('user=9')).toString()).toBe(
      'user=9&q=%ED%99%8D&role=3&group=4&division=2&title=5&sort=createdAt%2Cdesc&page=2',
    );
  });
});

/** Every key path of a catalogue, e.g. `filters.keyword`. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key)).sort();
}

describe('the users catalogue', () => {
  it('has the same keys in both languages', () => {
    expect(keysOf(en)).toEqual(keysOf(ko));
  });
});
