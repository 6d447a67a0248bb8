import { MyGroupSchema, UserWithDivisionSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupRoles } from '../admin';
import { roles } from '../auth';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, fieldsOf, groupWith, person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { createTestApp, type TestApp } from '../../test/harness';

/** The pickers of the workflow hub: users with divisions (name, permission), my groups, my authorized groups. */

let t: TestApp;
let ws: Workspace;
let member: Person, reviewer: Person, manager: Person, reader: Person, outsider: Person, noRole: Person;
let call: ReturnType<typeof caller>;
let sales: number, legal: number, buying: number;

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t, { extraRoles: ['WORKSPACE_ADMIN', 'READER', 'LEGAL_REVIEWER', 'LEGAL_APPROVER'] });
  member = await person(t, ws, ['GENERAL_MEMBER'], '김구성');
  reviewer = await person(t, ws, ['LEGAL_REVIEWER'], '박검토');
  manager = await person(t, ws, ['LEGAL_MANAGER'], '이관리');
  reader = await person(t, ws, ['READER'], '최열람');
  noRole = await person(t, ws, [], '권한없음');
  outsider = await person(t, await newWorkspace(t), ['SUPER_MANAGER'], '김외부');
  call = caller(t, () => ws);
  sales = await groupWith(t, ws, '영업팀', [member.userId, reader.userId]);
  legal = await groupWith(t, ws, '법무팀', [reviewer.userId, manager.userId]);
  buying = await groupWith(t, ws, '구매팀', []);
});
afterAll(() => t.close());

const data = async (who: Person, url: string) => {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET users/with-divisions/v1', () => {
  const URL = '/api/conhub/users/with-divisions/v1';

  it('answers 401 and 400 naming the field', async () => {
    expect((await call(null, 'GET', URL)).statusCode).toBe(401);
    const bad = await call(member, 'GET', `${URL}?permission=contract.contract.admin&size=101`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['query.permission', 'query.size']);
  });

  it('lists the active members with their division, by name and permission, of this workspace only', async () => {
    const all = (await data(member, URL)) as Array<{ userId: number; displayName: string }>;
    expect(all.map((u) => u.displayName)).toEqual(['권한없음', '김구성', '박검토', '이관리', '최열람']);
    expect(UserWithDivisionSchema.strict().parse(all[1])).toEqual({ userId: member.userId, displayName: '김구성', email: member.loginId, divisionName: '법무팀', jobTitle: '변호사' });
    expect((await data(member, `${URL}?userDisplayName=${encodeURIComponent('검토')}`)).map((u: { userId: number }) => u.userId)).toEqual([reviewer.userId]);
    // Reviewers hold legal.review.review through their role: the manager and the reviewer.
    expect((await data(member, `${URL}?permission=legal.review.review`)).map((u: { userId: number }) => u.userId)).toEqual([reviewer.userId, manager.userId]);
    expect((await data(member, `${URL}?permission=legal.review.assign`)).map((u: { userId: number }) => u.userId)).toEqual([manager.userId]);
    expect((await data(member, `${URL}?size=2`)).length).toBe(2);
    // Another workspace's members never appear; a member of it sees only their own.
    expect((await data(outsider, URL)).map((u: { userId: number }) => u.userId)).toEqual([outsider.userId]);
  });

  it('finds a member who holds the permission through a group role', async () => {
    const viaGroup = await person(t, ws, ['GENERAL_MEMBER'], '하그룹');
    expect((await data(member, `${URL}?permission=approval.approval.approve`)).map((u: { userId: number }) => u.userId)).toEqual([manager.userId]);
    const [role] = await t.services.db.select({ id: roles.id }).from(roles).where(and(eq(roles.workspaceId, ws.workspaceId), eq(roles.code, 'LEGAL_APPROVER')));
    const g = await groupWith(t, ws, '결재자 그룹', [viaGroup.userId]);
    await t.services.db.insert(groupRoles).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, groupId: g, roleId: role!.id });
    expect((await data(member, `${URL}?permission=approval.approval.approve`)).map((u: { userId: number }) => u.userId)).toEqual([manager.userId, viaGroup.userId]);
  });
});

describe('GET users/my-groups/v1 and my-authorized-groups/v1', () => {
  it('answers the caller\'s own groups', async () => {
    expect((await call(null, 'GET', '/api/conhub/users/my-groups/v1')).statusCode).toBe(401);
    const mine = await data(member, '/api/conhub/users/my-groups/v1');
    expect(mine).toEqual([{ groupId: sales, name: '영업팀', groupType: null }]);
    for (const g of mine) MyGroupSchema.strict().parse(g);
    expect(await data(manager, '/api/conhub/users/my-groups/v1')).toEqual([{ groupId: legal, name: '법무팀', groupType: null }]);
    // Groups carry no type: a type filter matches none.
    expect(await data(member, '/api/conhub/users/my-groups/v1?groupType=TEAM')).toEqual([]);
    expect(await data(outsider, '/api/conhub/users/my-groups/v1')).toEqual([]);
  });

  it('answers the groups whose contracts the caller may read', async () => {
    const URL = '/api/conhub/users/my-authorized-groups/v1';
    // Every group of the workspace (by name) for a reader of every contract.
    expect((await data(manager, URL)).map((g: { name: string }) => g.name)).toEqual(['결재자 그룹', '구매팀', '법무팀', '영업팀']);
    expect((await data(manager, URL)).map((g: { groupId: number }) => g.groupId)).toEqual(expect.arrayContaining([sales, legal, buying]));
    // Own groups with contract.group_contract.read.
    expect(await data(reader, URL)).toEqual([{ groupId: sales, name: '영업팀', groupType: null }]);
    // No group reading: none.
    expect(await data(member, URL)).toEqual([]);
    expect((await call(noRole, 'GET', URL)).statusCode).toBe(403);
    expect(await data(outsider, URL)).toEqual([]);
  });
});
