import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { newUser, newWorkspace } from '../../auth/auth.test-support';
import { memberships } from '../../auth';
import { refreshMembershipNames } from './membership-names';
import { divisions, jobPositions, jobTitles } from './organization.table';
import { membershipOf, organizationTestApp, type Workspace } from './organization.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await organizationTestApp();
});
afterAll(() => t.close());

async function orgOf(ws: Workspace, prefix: string) {
  const scope = { tenantId: ws.tenantId, workspaceId: ws.workspaceId };
  const [division] = await t.services.db.insert(divisions).values({ ...scope, name: `${prefix} 부서` }).returning();
  const [title] = await t.services.db.insert(jobTitles).values({ ...scope, name: `${prefix} 직책` }).returning();
  const [low, high] = await t.services.db
    .insert(jobPositions)
    .values([
      { ...scope, name: `${prefix} 직위2`, displayOrder: 2 },
      { ...scope, name: `${prefix} 직위1`, displayOrder: 1 },
    ])
    .returning();
  return { division: division!, title: title!, low: low!, high: high! };
}

describe('refreshMembershipNames', () => {
  it("rewrites each member's display copies from their own ids, positions in display order", async () => {
    const ws = await newWorkspace(t);
    const org = await orgOf(ws, '가');
    const a = (await newUser(t, { workspace: ws })).userId;
    const b = (await newUser(t, { workspace: ws })).userId;
    const [ma, mb] = [await membershipOf(t, ws, a), await membershipOf(t, ws, b)];
    await t.services.db.update(memberships).set({ divisionId: org.division.id, jobTitleId: org.title.id, jobPositionIds: [org.low.id, org.high.id] }).where(eq(memberships.id, ma.id));
    await t.services.db.update(memberships).set({ jobPositionIds: [org.low.id] }).where(eq(memberships.id, mb.id));
    await t.services.db.transaction((tx) => refreshMembershipNames(tx, ws));
    expect(await membershipOf(t, ws, a)).toMatchObject({ divisionName: '가 부서', jobTitleName: '가 직책', jobPositionName: '가 직위1, 가 직위2' });
    // The test users start with copies that have no ids behind them: those are cleared.
    expect(await membershipOf(t, ws, b)).toMatchObject({ divisionName: null, jobTitleName: null, jobPositionName: '가 직위2' });
  });

  it('touches only the listed memberships, and none for an empty list', async () => {
    const ws = await newWorkspace(t);
    const org = await orgOf(ws, '나');
    const a = await membershipOf(t, ws, (await newUser(t, { workspace: ws })).userId);
    const b = await membershipOf(t, ws, (await newUser(t, { workspace: ws })).userId);
    await t.services.db.update(memberships).set({ divisionId: org.division.id }).where(inArray(memberships.id, [a.id, b.id]));
    await t.services.db.transaction((tx) => refreshMembershipNames(tx, ws, []));
    expect((await membershipOf(t, ws, a.userId)).divisionName).toBe('법무팀');
    await t.services.db.transaction((tx) => refreshMembershipNames(tx, ws, [a.id]));
    expect((await membershipOf(t, ws, a.userId)).divisionName).toBe('나 부서');
    expect((await membershipOf(t, ws, b.userId)).divisionName).toBe('법무팀');
  });

  it("never reads another workspace's names, even with its ids", async () => {
    const mine = await newWorkspace(t);
    const theirs = await newWorkspace(t);
    const foreign = await orgOf(theirs, '남');
    const a = await membershipOf(t, mine, (await newUser(t, { workspace: mine })).userId);
    await t.services.db.update(memberships).set({ divisionId: foreign.division.id, jobTitleId: foreign.title.id, jobPositionIds: [foreign.low.id] }).where(eq(memberships.id, a.id));
    await t.services.db.transaction((tx) => refreshMembershipNames(tx, mine, [a.id]));
    expect(await membershipOf(t, mine, a.userId)).toMatchObject({ divisionName: null, jobTitleName: null, jobPositionName: null });
  });
});
