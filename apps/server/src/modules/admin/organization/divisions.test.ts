import { DivisionNodeSchema, type DivisionNode } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../../../test/harness';
import { divisions } from './organization.table';
import {
  call, dataOf, expectError, expectFieldError, lastAudit, membershipOf, organizationTestApp, organizationWorld, plainMember, type Workspace,
} from './organization.test-support';

let t: TestApp;
let world: Awaited<ReturnType<typeof organizationWorld>>;

beforeAll(async () => {
  t = await organizationTestApp();
  world = await organizationWorld(t);
});
afterAll(() => t.close());

const DIVISIONS = '/api/workspace/divisions/v1';
const ORDER = '/api/workspace/divisions/order/v1';
const divisionUrl = (id: number) => `/api/workspace/divisions/${id}/v1`;
const moveUrl = (id: number) => `/api/workspace/divisions/${id}/move/v1`;
const membersUrl = (id: number) => `/api/workspace/divisions/${id}/members/v1`;

async function create(name: string, parentId?: number | null) {
  return dataOf<{ id: number; parentId: number | null; displayOrder: number }>(await call(t, world.admin, 'POST', DIVISIONS, { name, parentId }));
}

async function tree(): Promise<DivisionNode[]> {
  return z.array(DivisionNodeSchema).parse(dataOf(await call(t, world.member, 'GET', DIVISIONS)));
}

/** The subtree under `id` as nested names. */
function namesUnder(nodes: DivisionNode[], id: number | null): unknown {
  const show = (list: DivisionNode[]): unknown => list.map((n) => (n.children.length ? { [n.name]: show(n.children) } : n.name));
  if (id === null) return show(nodes);
  const find = (list: DivisionNode[]): DivisionNode | undefined => list.map((n) => (n.id === id ? n : find(n.children))).find(Boolean);
  return show(find(nodes)?.children ?? []);
}

describe('building the tree', () => {
  it('creates divisions as the last child of their parent and answers the tree with member counts', async () => {
    const hq = await create('본사');
    const legal = await create('법무실', hq.id);
    const contracts = await create('계약팀', legal.id);
    await create('소송팀', legal.id);
    expect(contracts).toMatchObject({ parentId: legal.id, displayOrder: 0 });
    const member = await plainMember(t, world.ws, '팀원');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(contracts.id), { userIds: [member] }));
    const nodes = await tree();
    expect(namesUnder(nodes, hq.id)).toEqual([{ 법무실: ['계약팀', '소송팀'] }]);
    const legalNode = nodes.find((n) => n.id === hq.id)!.children[0]!;
    expect(legalNode.children[0]).toMatchObject({ name: '계약팀', memberCount: 1, parentId: legal.id });
    expect((await lastAudit(t, world.ws, 'division.created'))?.data).toMatchObject({ name: '소송팀', parentId: legal.id });
  });

  it('answers 409 for a sibling with the name (same name elsewhere is fine), 400 for an unknown parent, 403 for a member', async () => {
    const top = await create('중복 검사');
    await create('기획팀', top.id);
    expectError(await call(t, world.admin, 'POST', DIVISIONS, { name: '기획팀', parentId: top.id }), 409, 'ERROR_CONFLICT');
    await create('기획팀');
    expectFieldError(await call(t, world.admin, 'POST', DIVISIONS, { name: '고아', parentId: 999_999 }), 'body.parentId');
    expectFieldError(await call(t, world.admin, 'POST', DIVISIONS, { name: '' }), 'body.name');
    expectError(await call(t, world.member, 'POST', DIVISIONS, { name: '몰래' }), 403, 'ERROR_FORBIDDEN');
  });
});

describe('renaming', () => {
  it('renames and refreshes the division name its members show', async () => {
    const division = await create('영업부');
    const member = await plainMember(t, world.ws, '영업맨');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(division.id), { userIds: [member] }));
    expect((await membershipOf(t, world.ws, member)).divisionName).toBe('영업부');
    const renamed = dataOf(await call(t, world.admin, 'PUT', divisionUrl(division.id), { name: '영업본부' }));
    expect(renamed).toMatchObject({ id: division.id, name: '영업본부', memberCount: 1 });
    expect((await membershipOf(t, world.ws, member)).divisionName).toBe('영업본부');
    expect((await lastAudit(t, world.ws, 'division.renamed'))?.data).toEqual({ divisionId: division.id, before: '영업부', after: '영업본부' });
  });

  it('answers 409 for a sibling name, 404 for an unknown division, 403 for a member', async () => {
    const a = await create('이름 가');
    await create('이름 나');
    expectError(await call(t, world.admin, 'PUT', divisionUrl(a.id), { name: '이름 나' }), 409, 'ERROR_CONFLICT');
    expectError(await call(t, world.admin, 'PUT', divisionUrl(999_999), { name: '없음' }), 404, 'ERROR_NOT_FOUND');
    expectError(await call(t, world.member, 'PUT', divisionUrl(a.id), { name: '몰래' }), 403, 'ERROR_FORBIDDEN');
    expectFieldError(await call(t, world.admin, 'PUT', divisionUrl(a.id), { name: 'x'.repeat(101) }), 'body.name');
  });
});

describe('moving', () => {
  it('moves a division with its subtree under another parent, as the last child', async () => {
    const root = await create('이동 루트');
    const a = await create('가', root.id);
    const b = await create('나', root.id);
    const a1 = await create('가-1', a.id);
    await create('나-1', b.id);
    const moved = dataOf(await call(t, world.admin, 'POST', moveUrl(a.id), { parentId: b.id }));
    expect(moved).toMatchObject({ parentId: b.id, displayOrder: 1 });
    expect(namesUnder(await tree(), root.id)).toEqual([{ 나: ['나-1', { 가: ['가-1'] }] }]);
    expect((await lastAudit(t, world.ws, 'division.moved'))?.data).toEqual({ divisionId: a.id, before: root.id, after: b.id });
    dataOf(await call(t, world.admin, 'POST', moveUrl(a1.id), { parentId: null }));
    expect((await tree()).some((n) => n.id === a1.id)).toBe(true);
  });

  it('refuses cycles with 409 (under itself or a descendant) and leaves the tree as it was', async () => {
    const top = await create('순환 위');
    const mid = await create('순환 중', top.id);
    const low = await create('순환 아래', mid.id);
    const before = namesUnder(await tree(), top.id);
    const cycle = expectError(await call(t, world.admin, 'POST', moveUrl(top.id), { parentId: low.id }), 409, 'ERROR_CONFLICT');
    expect(cycle.data).toMatchObject({ reason: 'CYCLE' });
    expectError(await call(t, world.admin, 'POST', moveUrl(mid.id), { parentId: mid.id }), 409, 'ERROR_CONFLICT');
    expect(namesUnder(await tree(), top.id)).toEqual(before);
    const [row] = await t.services.db.select().from(divisions).where(eq(divisions.id, top.id));
    expect(row!.parentId).toBeNull();
  });

  it('answers 409 for a sibling name at the destination, 400 for an unknown parent, 404, 403', async () => {
    const x = await create('겹침 X');
    const y = await create('겹침 Y');
    await create('같은 이름', x.id);
    const same = await create('같은 이름', y.id);
    expectError(await call(t, world.admin, 'POST', moveUrl(same.id), { parentId: x.id }), 409, 'ERROR_CONFLICT');
    expectFieldError(await call(t, world.admin, 'POST', moveUrl(same.id), { parentId: 999_999 }), 'body.parentId');
    expectFieldError(await call(t, world.admin, 'POST', moveUrl(same.id), {}), 'body.parentId');
    expectError(await call(t, world.admin, 'POST', moveUrl(999_999), { parentId: null }), 404, 'ERROR_NOT_FOUND');
    expectError(await call(t, world.member, 'POST', moveUrl(same.id), { parentId: null }), 403, 'ERROR_FORBIDDEN');
  });
});

describe('reordering siblings', () => {
  it('puts the children of a parent in the given order', async () => {
    const parent = await create('순서 부모');
    const a = await create('A', parent.id);
    const b = await create('B', parent.id);
    const c = await create('C', parent.id);
    const nodes = z.array(DivisionNodeSchema).parse(dataOf(await call(t, world.admin, 'PUT', ORDER, { parentId: parent.id, orderedIds: [c.id, a.id, b.id] })));
    expect(namesUnder(nodes, parent.id)).toEqual(['C', 'A', 'B']);
    expect((await lastAudit(t, world.ws, 'division.reordered'))?.data).toEqual({ parentId: parent.id, before: [a.id, b.id, c.id], after: [c.id, a.id, b.id] });
  });

  it('answers 409 for a stale list, 400 for unknown or repeated ids, 403 for a member', async () => {
    const parent = await create('순서 검사');
    const a = await create('A', parent.id);
    const b = await create('B', parent.id);
    const stale = expectError(await call(t, world.admin, 'PUT', ORDER, { parentId: parent.id, orderedIds: [b.id] }), 409, 'ERROR_CONFLICT');
    expect(stale.data).toMatchObject({ reason: 'STALE_LIST', expected: [a.id, b.id] });
    expectFieldError(await call(t, world.admin, 'PUT', ORDER, { parentId: parent.id, orderedIds: [a.id, 999_999] }), 'body.orderedIds.1');
    expectFieldError(await call(t, world.admin, 'PUT', ORDER, { parentId: parent.id, orderedIds: [a.id, a.id] }), 'body.orderedIds');
    expectFieldError(await call(t, world.admin, 'PUT', ORDER, { parentId: 999_999, orderedIds: [a.id] }), 'body.parentId');
    expectError(await call(t, world.member, 'PUT', ORDER, { parentId: parent.id, orderedIds: [b.id, a.id] }), 403, 'ERROR_FORBIDDEN');
  });
});

describe('members of a division', () => {
  it('replaces the members: listed users move in (from their old division), the others leave', async () => {
    const from = await create('출발 부서');
    const to = await create('도착 부서');
    const a = await plainMember(t, world.ws, '갑');
    const b = await plainMember(t, world.ws, '을');
    dataOf(await call(t, world.admin, 'PUT', membersUrl(from.id), { userIds: [a, b] }));
    const change = dataOf(await call(t, world.admin, 'PUT', membersUrl(to.id), { userIds: [a] }));
    expect(change).toEqual({ addedUserIds: [a], removedUserIds: [] });
    expect(await membershipOf(t, world.ws, a)).toMatchObject({ divisionId: to.id, divisionName: '도착 부서' });
    const left = dataOf(await call(t, world.admin, 'PUT', membersUrl(from.id), { userIds: [] }));
    expect(left).toEqual({ addedUserIds: [], removedUserIds: [b] });
    expect(await membershipOf(t, world.ws, b)).toMatchObject({ divisionId: null, divisionName: null });
    expect((await lastAudit(t, world.ws, 'division.members_changed'))?.data).toEqual({ divisionId: from.id, addedUserIds: [], removedUserIds: [b] });
    const page = dataOf(await call(t, world.member, 'GET', membersUrl(to.id)));
    expect(page).toMatchObject({ size: 30, totalElements: 1, content: [{ userId: a, displayName: '갑', divisionName: '도착 부서' }] });
    expectFieldError(await call(t, world.member, 'GET', `${membersUrl(to.id)}?sort=loginId,asc`), 'query.sort');
    expectFieldError(await call(t, world.admin, 'PUT', membersUrl(to.id), { userIds: [31_337] }), 'body.userIds.0');
    expectError(await call(t, world.member, 'PUT', membersUrl(to.id), { userIds: [] }), 403, 'ERROR_FORBIDDEN');
    expectError(await call(t, world.member, 'GET', membersUrl(999_999)), 404, 'ERROR_NOT_FOUND');
  });
});

describe('deleting', () => {
  async function divisionWithMember(ws: Workspace, name: string) {
    const division = await create(name);
    const member = await plainMember(t, ws, `${name} 사람`);
    dataOf(await call(t, world.admin, 'PUT', membersUrl(division.id), { userIds: [member] }));
    return { division, member };
  }

  it('deletes an empty division', async () => {
    const empty = await create('빈 부서');
    dataOf(await call(t, world.admin, 'DELETE', divisionUrl(empty.id)));
    expect((await tree()).some((n) => n.id === empty.id)).toBe(false);
    expect((await lastAudit(t, world.ws, 'division.deleted'))?.data).toMatchObject({ divisionId: empty.id, name: '빈 부서', membersMovedTo: null });
  });

  it('refuses (409) a division with sub-divisions, or with members unless they move', async () => {
    const parent = await create('부모 부서');
    await create('자식 부서', parent.id);
    expect(expectError(await call(t, world.admin, 'DELETE', divisionUrl(parent.id)), 409, 'ERROR_CONFLICT').data).toMatchObject({ reason: 'HAS_CHILDREN' });
    const { division, member } = await divisionWithMember(world.ws, '사람 있는 부서');
    expect(expectError(await call(t, world.admin, 'DELETE', divisionUrl(division.id)), 409, 'ERROR_CONFLICT').data).toMatchObject({ reason: 'HAS_MEMBERS', memberCount: 1 });
    expect((await membershipOf(t, world.ws, member)).divisionId).toBe(division.id);
  });

  it('moves the members with ?moveMembersTo= and refreshes the names they show', async () => {
    const { division, member } = await divisionWithMember(world.ws, '해체 부서');
    const target = await create('인수 부서');
    expectFieldError(await call(t, world.admin, 'DELETE', `${divisionUrl(division.id)}?moveMembersTo=999999`), 'query.moveMembersTo');
    expectFieldError(await call(t, world.admin, 'DELETE', `${divisionUrl(division.id)}?moveMembersTo=${division.id}`), 'query.moveMembersTo');
    expectFieldError(await call(t, world.admin, 'DELETE', `${divisionUrl(division.id)}?moveMembersTo=abc`), 'query.moveMembersTo');
    dataOf(await call(t, world.admin, 'DELETE', `${divisionUrl(division.id)}?moveMembersTo=${target.id}`));
    expect(await membershipOf(t, world.ws, member)).toMatchObject({ divisionId: target.id, divisionName: '인수 부서' });
    expect((await lastAudit(t, world.ws, 'division.deleted'))?.data).toMatchObject({ divisionId: division.id, membersMovedTo: target.id, movedUserIds: [member] });
    expectError(await call(t, world.member, 'DELETE', divisionUrl(target.id)), 403, 'ERROR_FORBIDDEN');
    expectError(await call(t, world.admin, 'DELETE', divisionUrl(999_999)), 404, 'ERROR_NOT_FOUND');
  });
});
