import { getGroup, type GroupDetail, listGroups, listRoles, setGroupRoles } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../../lib/api/fake-xhr';
import { ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { pageOf, signInAdmin } from './organization.test-support';

const group: GroupDetail = {
  id: 9, name: '계약 TF', description: '계약 검토 태스크포스', memberCount: 1,
  roles: [{ id: 3, code: 'READER', name: '열람자' }],
  createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z',
  members: [{ userId: 51, loginId: 'kim@hanbit.example', displayName: '김계약', divisionName: '법무팀', jobTitleName: '팀장', jobPositionName: '책임', status: 'ACTIVE' }],
};
const role = (id: number, code: string | null, name: string) => ({
  id, code, name, description: null, isDefault: false, isBuiltIn: code !== null, isLocked: false, permissions: [], memberCount: 0, groupCount: 0,
  createdAt: group.createdAt, updatedAt: group.createdAt,
  abilities: { canRename: false, canEditDescription: true, canEditPermissions: true, canEditMembers: true, canDelete: false },
});

describe('the groups page', { timeout: 60_000 }, () => {
  afterEach(() => FakeXhr.reset());

  it('lists groups with their roles on the server page, and edits the roles of a group in its drawer', async () => {
    const fake = signInAdmin()
      .on(listGroups, ok(pageOf([group])))
      .on(getGroup, ok(group))
      .on(listRoles, ok(pageOf([role(3, 'READER', '열람자'), role(8, null, '계약 검토 보조')], 1000)))
      .on(setGroupRoles, ok({ ...group, roles: [...group.roles, { id: 8, code: null, name: '계약 검토 보조' }] }));
    const { router } = renderApp('/hanbit/admin/groups?q=TF');
    const table = await screen.findByRole('table', { name: '그룹 목록' }, { timeout: 8000 });
    expect(await within(table).findByText('계약 TF')).toBeInTheDocument();
    expect(within(table).getByText('열람자')).toBeInTheDocument();
    expect(fake.calls(listGroups)[0]!.query.get('keyword')).toBe('TF');
    expect(fake.calls(listGroups)[0]!.query.get('size')).toBe('10');

    await userEvent.click(within(table).getByText('구성원'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toMatch(/^memberCount,(asc|desc)$/));

    await userEvent.click(within(table).getByText('계약 TF'));
    const drawer = await screen.findByRole('dialog', { name: '계약 TF' });
    expect(await within(drawer).findByText('김계약')).toBeInTheDocument();
    expect(within(drawer).getByText('법무팀 · 팀장 · 책임')).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('combobox', { name: /그룹 역할/ }));
    await userEvent.click(await screen.findByRole('option', { name: '계약 검토 보조' }));
    await userEvent.click(within(drawer).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(setGroupRoles)).toHaveLength(1));
    expect(fake.calls(setGroupRoles)[0]!.body).toEqual({ roleIds: [3, 8] });
  });
});
