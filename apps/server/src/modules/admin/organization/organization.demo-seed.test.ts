import { DEMO_PASSWORD, type DivisionNode } from '@legal/api';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { memberships, workspaces } from '../../auth';
import { signIn, workspaceHeaders } from '../../auth/auth.test-support';
import { seedDemoOrganization } from './organization.demo-seed';
import { divisions, groupMembers, groups, jobPositions, jobTitles } from './organization.table';

const flatten = (nodes: DivisionNode[]): DivisionNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('the demo organisation agrees with its members', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let hanbit: { tenantId: number; workspaceId: number };

  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    const [ws] = await t.services.db.select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id }).from(workspaces).where(eq(workspaces.name, 'hanbit'));
    hanbit = ws!;
    headers = workspaceHeaders(hanbit, await signIn(t, 'admin@hanbit.example', DEMO_PASSWORD));
  });
  afterAll(() => t.close());

  it('counts the members who show 법무팀 in the 법무팀 of the division tree', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/divisions/v1', headers });
    expect(res.statusCode, res.body).toBe(200);
    const tree = res.json().data as DivisionNode[];
    expect(tree.map((d) => d.name)).toEqual(['한빛 법무법인']);
    const byName = new Map(flatten(tree).map((d) => [d.name, d]));
    // reviewer, assigner, approver and manager show 법무팀 (auth/demo-seed.ts).
    expect(byName.get('법무팀')?.memberCount).toBe(4);
    expect(byName.get('기업자문팀')?.memberCount).toBe(2);
    expect(byName.get('법무팀')?.parentId).toBe(tree[0]!.id);
    // Every member is placed: nobody shows a division that is not a row.
    const [unplaced] = await t.services.db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, hanbit.workspaceId), isNull(memberships.divisionId)));
    expect(unplaced!.n).toBe(0);
  });

  it('lists the titles and positions the members show, and links them by id', async () => {
    const [assigner] = await t.services.db
      .select({ jobTitleId: memberships.jobTitleId, jobTitleName: memberships.jobTitleName, positions: memberships.jobPositionIds, jobPositionName: memberships.jobPositionName })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, hanbit.workspaceId), eq(memberships.displayName, '박지훈')));
    const [title] = await t.services.db.select().from(jobTitles).where(eq(jobTitles.id, assigner!.jobTitleId!));
    expect(title).toMatchObject({ name: '팀장', workspaceId: hanbit.workspaceId });
    expect(assigner!.jobTitleName).toBe('팀장');
    const [position] = await t.services.db.select().from(jobPositions).where(eq(jobPositions.id, assigner!.positions[0]!));
    expect(position?.name).toBe(assigner!.jobPositionName);
  });

  it('has groups with members, and a second run changes nothing', async () => {
    const snapshot = async () => ({
      divisions: (await t.services.db.select({ n: count() }).from(divisions))[0]!.n,
      titles: (await t.services.db.select({ n: count() }).from(jobTitles))[0]!.n,
      positions: (await t.services.db.select({ n: count() }).from(jobPositions))[0]!.n,
      groups: (await t.services.db.select({ n: count() }).from(groups))[0]!.n,
      groupMembers: (await t.services.db.select({ n: count() }).from(groupMembers))[0]!.n,
    });
    const before = await snapshot();
    expect(before.groups).toBeGreaterThanOrEqual(3);
    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/groups/v1', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json().data)).toContain('계약 검토팀');
    await seedDemoOrganization(t.services.database, t.services.config);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the other tenant apart: its divisions are its own', async () => {
    const [saesol] = await t.services.db.select({ workspaceId: workspaces.id }).from(workspaces).where(eq(workspaces.name, 'saesol'));
    const names = await t.services.db.select({ name: divisions.name }).from(divisions).where(eq(divisions.workspaceId, saesol!.workspaceId));
    expect(names.map((d) => d.name)).toContain('법무지원팀');
    expect(names.map((d) => d.name)).not.toContain('법무팀');
  });
});
