import { deleteDivision, type DivisionNode, listDivisionMembers, listDivisionTree, listUsers, moveDivision, reorderDivisions, setDivisionMembers } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../../lib/api/fake-xhr';
import { ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { pageOf, signInAdmin } from './organization.test-support';

const node = (id: number, parentId: number | null, name: string, memberCount = 0, children: DivisionNode[] = []): DivisionNode => ({
  id, parentId, name, displayOrder: 0, memberCount, children,
});

// 본사 ─ 법무실 ─ 계약팀, 소송팀(2명) ; 연구소
const tree: DivisionNode[] = [node(1, null, '본사', 0, [node(2, 1, '법무실', 0, [node(3, 2, '계약팀'), node(4, 2, '소송팀', 2)])]), node(6, null, '연구소')];
const member = (userId: number, displayName: string) => ({ userId, loginId: `${userId}@hanbit.example`, displayName, divisionName: '소송팀', jobTitleName: null, jobPositionName: null, status: 'ACTIVE' as const });

function serve() {
  return signInAdmin()
    .on(listDivisionTree, ok(tree))
    .on(reorderDivisions, ok(tree))
    .on(moveDivision, ok({ id: 3, parentId: 6, name: '계약팀', displayOrder: 0, memberCount: 0 }))
    .on(deleteDivision, ok(null))
    .on(listDivisionMembers, ok(pageOf([member(51, '나소송'), member(52, '다소송')], 10000)))
    .on(setDivisionMembers, ok({ addedUserIds: [53], removedUserIds: [] }))
    .on(listUsers, ok(pageOf([{ ...member(53, '라신입'), name: '라신입', employeeNumber: null, divisionId: null, jobTitleId: null, deactivatedAt: null, isLocked: false, roles: [], groups: [], createdAt: '2026-11-20T01:00:00.000Z', lastSignedInAt: null }], 20)));
}

describe('the division tree page', { timeout: 60_000 }, () => {
  afterEach(() => FakeXhr.reset());

  it('shows the tree and reorders siblings with the up and down buttons', async () => {
    const fake = serve();
    renderApp('/hanbit/admin/divisions');
    const treeView = await screen.findByRole('tree', { name: '조직도' }, { timeout: 8000 });
    expect(within(treeView).getByText('계약팀')).toBeInTheDocument();
    expect(within(treeView).getByLabelText('구성원 2명')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '계약팀 위로 옮기기' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '소송팀 아래로 옮기기' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: '계약팀 아래로 옮기기' }));
    await waitFor(() => expect(fake.calls(reorderDivisions)).toHaveLength(1));
    expect(fake.calls(reorderDivisions)[0]!.body).toEqual({ parentId: 2, orderedIds: [4, 3] });

    await userEvent.click(screen.getByRole('button', { name: '연구소 위로 옮기기' }));
    await waitFor(() => expect(fake.calls(reorderDivisions)).toHaveLength(2));
    expect(fake.calls(reorderDivisions)[1]!.body).toEqual({ parentId: null, orderedIds: [6, 1] });
  });

  it('moves a division to a parent chosen outside its own subtree', async () => {
    const fake = serve();
    renderApp('/hanbit/admin/divisions');
    await screen.findByRole('tree', { name: '조직도' }, { timeout: 8000 });
    await userEvent.click(screen.getByRole('button', { name: '법무실 옮기기' }));
    const dialog = await screen.findByRole('dialog', { name: '법무실 옮기기' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^옮길 곳/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    // Not itself, not its sub-divisions, not where it already is.
    expect(options).toEqual(['최상위', '연구소']);
    await userEvent.click(screen.getByRole('option', { name: '연구소' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '옮기기' }));
    await waitFor(() => expect(fake.calls(moveDivision)).toHaveLength(1));
    expect(fake.calls(moveDivision)[0]!.path).toBe('/api/workspace/divisions/2/move/v1');
    expect(fake.calls(moveDivision)[0]!.body).toEqual({ parentId: 6 });
  });

  it('deletes a division with members only once it knows where they go; a division with sub-divisions cannot be deleted', async () => {
    const fake = serve();
    renderApp('/hanbit/admin/divisions');
    await screen.findByRole('tree', { name: '조직도' }, { timeout: 8000 });
    expect(screen.getByRole('button', { name: '법무실: 하위 조직을 먼저 옮기거나 삭제해야 합니다' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: '소송팀 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '소송팀 삭제' });
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(fake.calls(deleteDivision)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^구성원 2명을 옮길 조직/ }));
    await userEvent.click(await screen.findByRole('option', { name: '본사 / 법무실 / 계약팀' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteDivision)).toHaveLength(1));
    expect(fake.calls(deleteDivision)[0]!.path).toBe('/api/workspace/divisions/4/v1');
    expect(fake.calls(deleteDivision)[0]!.query.get('moveMembersTo')).toBe('3');
  });

  it('shows the members of the selected division and adds one through the picker (the whole set is sent)', async () => {
    const fake = serve();
    renderApp('/hanbit/admin/divisions');
    await screen.findByRole('tree', { name: '조직도' }, { timeout: 8000 });
    await userEvent.click(screen.getByRole('button', { name: '본사 / 법무실 / 소송팀' }));
    expect(await screen.findByText('나소송')).toBeInTheDocument();
    expect(screen.getByText('구성원 2명')).toBeInTheDocument();

    const picker = screen.getByRole('combobox', { name: '구성원 추가' });
    await userEvent.click(picker);
    await userEvent.type(picker, '라');
    // The keyword goes to the server (debounced), with active members only.
    await waitFor(() => expect(fake.calls(listUsers).find((c) => c.query.get('keyword') === '라')?.query.get('status')).toBe('ACTIVE'));
    await userEvent.click(await screen.findByRole('option', { name: /라신입/ }));
    await userEvent.click(screen.getByRole('button', { name: '추가' }));
    await waitFor(() => expect(fake.calls(setDivisionMembers)).toHaveLength(1));
    expect(fake.calls(setDivisionMembers)[0]!.body).toEqual({ userIds: [51, 52, 53] });
  });
});
