import {
  createRole, getPermissionCatalogue, getRoleMatrix, listRoles, permissionCatalogue, type RoleMatrix, type RoleSummary, updateRoleMatrix,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../../lib/api/fake-xhr';
import { i18n } from '../../../lib/i18n';
import { fail, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { pageOf, signInAdmin } from './organization.test-support';

const ALL = permissionCatalogue().areas.flatMap((a) => a.permissions.map((p) => p.name));
const matrix: RoleMatrix = {
  permissions: ALL,
  roles: [
    { id: 1, code: 'SUPER_MANAGER', name: '최고 관리자', isBuiltIn: true, isLocked: true, permissions: ALL },
    { id: 2, code: 'GENERAL_MEMBER', name: '일반 구성원', isBuiltIn: true, isLocked: false, permissions: ['contract.contract.read'] },
    { id: 7, code: null, name: '검토 보조', isBuiltIn: false, isLocked: false, permissions: [] },
  ],
};

function roleOf(over: Partial<RoleSummary>): RoleSummary {
  return {
    id: 1, code: null, name: '역할', description: null, isDefault: false, isBuiltIn: false, isLocked: false, permissions: [], memberCount: 0, groupCount: 0,
    createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z',
    abilities: { canRename: true, canEditDescription: true, canEditPermissions: true, canEditMembers: true, canDelete: true },
    ...over,
  };
}

function serve() {
  return signInAdmin()
    .on(getPermissionCatalogue, ok(permissionCatalogue()))
    .on(getRoleMatrix, ok(matrix))
    .on(listRoles, ok(pageOf([roleOf({ id: 1, code: 'SUPER_MANAGER', name: '최고 관리자', isBuiltIn: true, isLocked: true, memberCount: 1 }), roleOf({ id: 7, name: '검토 보조', memberCount: 3 })])));
}

describe('the roles page', { timeout: 60_000 }, () => {
  afterEach(async () => {
    FakeXhr.reset();
    await i18n.changeLanguage('ko');
  });

  it('edits the permission matrix: counts the changed cells, locks SUPER_MANAGER, asks, then saves the changed roles together', async () => {
    // A fake server that keeps what was saved, as the refetch after the save reads it.
    let current = matrix;
    const fake = serve()
      .on(getRoleMatrix, () => ok(current))
      .on(updateRoleMatrix, () => {
        current = { ...matrix, roles: matrix.roles.map((r) => (r.id === 2 ? { ...r, permissions: ['workspace.admin.access'] } : r)) };
        return ok(current);
      });
    renderApp('/hanbit/admin/roles?tab=matrix');
    const table = await screen.findByRole('table', { name: '권한 매트릭스' }, { timeout: 8000 });
    expect(within(table).getByRole('columnheader', { name: /최고 관리자/ })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: /관리자 콘솔 접속/ })).toBeInTheDocument();

    const locked = within(table).getByRole('checkbox', { name: '최고 관리자: 관리자 콘솔 접속' });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    expect(screen.getByText('바뀐 권한이 없습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '변경 저장' })).toBeDisabled();

    await userEvent.click(within(table).getByRole('checkbox', { name: '일반 구성원: 관리자 콘솔 접속' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: '일반 구성원: 참여한 계약 열람' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: '검토 보조: AI 계약 검토' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: '검토 보조: AI 계약 검토' }));
    expect(screen.getByText('역할 1개에서 권한 2건이 바뀌었습니다.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '변경 저장' }));
    const dialog = await screen.findByRole('dialog', { name: '권한 변경 저장' });
    expect(within(dialog).getByText(/역할 1개의 권한 2건을 바꿉니다/)).toBeInTheDocument();
    expect(fake.calls(updateRoleMatrix)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '변경 저장' }));

    await waitFor(() => expect(fake.calls(updateRoleMatrix)).toHaveLength(1));
    expect(fake.calls(updateRoleMatrix)[0]!.body).toEqual({ roles: [{ roleId: 2, permissions: ['workspace.admin.access'] }] });
    expect(await screen.findByText('바뀐 권한이 없습니다.')).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: '일반 구성원: 관리자 콘솔 접속' })).toBeChecked();
  });

  it('shows the matrix in English: built-in role names and permission texts from the catalogue', async () => {
    serve();
    await i18n.changeLanguage('en');
    renderApp('/hanbit/admin/roles?tab=matrix');
    const table = await screen.findByRole('table', { name: 'Permission matrix' }, { timeout: 8000 });
    expect(within(table).getByRole('checkbox', { name: 'General member: Enter the workspace admin console' })).not.toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Super manager: Enter the workspace admin console' })).toBeDisabled();
    expect(within(table).getByText('Workspace administration')).toBeInTheDocument();
  });

  it('lists roles and creates one with the shared schema checks and the server answer for a taken name', async () => {
    const fake = serve().on(createRole, fail(409, 'ERROR_CONFLICT', '같은 이름의 역할이 이미 있습니다.', { field: 'name' }));
    const { router } = renderApp('/hanbit/admin/roles');
    const table = await screen.findByRole('table', { name: '역할 목록' }, { timeout: 8000 });
    expect(await within(table).findByText('검토 보조')).toBeInTheDocument();
    expect(within(table).getByLabelText('권한 고정')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '권한 매트릭스' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=matrix'));
    await userEvent.click(screen.getByRole('tab', { name: '역할 목록' }));

    await userEvent.click(screen.getByRole('button', { name: '역할 만들기' }));
    const dialog = await screen.findByRole('dialog', { name: '역할 만들기' });
    await userEvent.click(within(dialog).getByRole('button', { name: '만들기' }));
    expect(await within(dialog).findByText('입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(createRole)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: '역할 이름' }), '검토 보조');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /법무 검토 요청 열람/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '만들기' }));
    await waitFor(() => expect(fake.calls(createRole)).toHaveLength(1));
    expect(fake.calls(createRole)[0]!.body).toEqual({ name: '검토 보조', description: null, permissions: ['legal.review.read'] });
    expect(await within(dialog).findByText('이미 쓰이는 이름입니다.')).toBeInTheDocument();
  });
});
