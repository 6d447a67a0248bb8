import { DEMO_ACCOUNTS } from '@legal/api';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
import type { Database, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { memberships, tenants, users, workspaces } from '../../auth';
import { refreshMembershipNames } from './membership-names';
import { findJobItemByName, insertJobItem, JOB_POSITION, JOB_TITLE, type JobItemKind } from './job-items.repo';
import { divisions, groupMembers, groups } from './organization.table';

const SEED_LOCK = 727_102;

/**
 * The demo groups (the identity seed gives each persona a division, title and position by name;
 * groups are ours). Contracts are shared with these groups (the contracts module's demo seed),
 * so that a reader sees the contracts of their group and no others.
 */
const DEMO_GROUPS: Record<string, Array<{ name: string; description: string; members: string[] }>> = {
  hanbit: [
    {
      name: '계약 검토팀',
      description: '계약 검토와 결재를 맡는 법무팀 구성원',
      members: ['reviewer@hanbit.example', 'assigner@hanbit.example', 'approver@hanbit.example', 'manager@hanbit.example'],
    },
    { name: '재무 협업', description: '대금 지급과 비용 계약을 함께 보는 재무팀과 법무팀', members: ['reader@hanbit.example', 'manager@hanbit.example'] },
    { name: '기업자문 TF', description: '기업자문팀과 외부 자문 변호사의 공동 작업', members: ['member@hanbit.example', 'otp@hanbit.example', 'lawyer@hanbit.example'] },
  ],
  saesol: [{ name: '법무지원팀', description: '새솔 주식회사의 계약 관리', members: ['admin@saesol.example', 'member@saesol.example'] }],
};

/** The names of a membership's positions as the identity seed wrote them ("수석", "책임, 수석"). */
const positionNames = (value: string | null) => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

async function findOrInsertJobItem(tx: Tx, kind: JobItemKind, scope: TenantScope, name: string, displayOrder: number): Promise<number> {
  const found = await findJobItemByName(tx, kind, scope, name);
  return found ? found.id : (await insertJobItem(tx, kind, scope, name, displayOrder)).id;
}

async function findOrInsertDivision(tx: Tx, scope: TenantScope, parentId: number | null, name: string, displayOrder: number): Promise<number> {
  const [found] = await tx
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(inScope(divisions, scope), parentId === null ? isNull(divisions.parentId) : eq(divisions.parentId, parentId), eq(divisions.name, name)));
  if (found) return found.id;
  const [row] = await tx.insert(divisions).values({ ...scope, parentId, name, displayOrder }).returning({ id: divisions.id });
  return row!.id;
}

/**
 * Makes the organisation of one workspace agree with its members: a division under the
 * organisation's root for each division name a member shows, a job title and position for each
 * of theirs, and the members linked to them by id (so the division tree counts them), then the
 * display copies rewritten from the ids. Members an administrator already placed are left alone.
 */
export async function linkMembersToOrganization(tx: Tx, scope: TenantScope, rootName: string): Promise<void> {
  const unplaced = await tx
    .select({ id: memberships.id, divisionName: memberships.divisionName, jobTitleName: memberships.jobTitleName, jobPositionName: memberships.jobPositionName })
    .from(memberships)
    .where(and(inScope(memberships, scope), isNull(memberships.divisionId), isNull(memberships.jobTitleId)));
  if (unplaced.length === 0) return;
  const rootId = await findOrInsertDivision(tx, scope, null, rootName, 0);
  const divisionNames = [...new Set(unplaced.map((m) => m.divisionName).filter((n): n is string => Boolean(n)))];
  const titleNames = [...new Set(unplaced.map((m) => m.jobTitleName).filter((n): n is string => Boolean(n)))];
  const positions = [...new Set(unplaced.flatMap((m) => positionNames(m.jobPositionName)))];
  const divisionIds = new Map<string, number>();
  for (const [i, name] of divisionNames.entries()) divisionIds.set(name, await findOrInsertDivision(tx, scope, rootId, name, i + 1));
  const titleIds = new Map<string, number>();
  for (const [i, name] of titleNames.entries()) titleIds.set(name, await findOrInsertJobItem(tx, JOB_TITLE, scope, name, i + 1));
  const positionIds = new Map<string, number>();
  for (const [i, name] of positions.entries()) positionIds.set(name, await findOrInsertJobItem(tx, JOB_POSITION, scope, name, i + 1));
  for (const m of unplaced) {
    await tx
      .update(memberships)
      .set({
        divisionId: m.divisionName ? (divisionIds.get(m.divisionName) ?? null) : null,
        jobTitleId: m.jobTitleName ? (titleIds.get(m.jobTitleName) ?? null) : null,
        jobPositionIds: positionNames(m.jobPositionName).map((n) => positionIds.get(n)!),
        updatedAt: new Date(),
      })
      .where(and(inScope(memberships, scope), eq(memberships.id, m.id)));
  }
  await refreshMembershipNames(tx, scope, unplaced.map((m) => m.id));
}

async function seedGroups(tx: Tx, scope: TenantScope, demoGroups: (typeof DEMO_GROUPS)[string]): Promise<void> {
  for (const group of demoGroups) {
    const [existing] = await tx.select({ id: groups.id }).from(groups).where(and(inScope(groups, scope), eq(groups.name, group.name)));
    // An existing group is the administrator's now: its members are not touched again.
    if (existing) continue;
    const [row] = await tx.insert(groups).values({ ...scope, name: group.name, description: group.description }).returning({ id: groups.id });
    const members = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(inScope(memberships, scope), inArray(users.loginId, group.members)));
    if (members.length > 0) await tx.insert(groupMembers).values(members.map((m) => ({ ...scope, groupId: row!.id, membershipId: m.id })));
  }
}

/**
 * The demo workspaces' organisation (defect: members showed 법무팀 / 팀장 while the division tree,
 * titles and groups were empty). Runs after the identity seed; idempotent; never in production.
 */
export async function seedDemoOrganization(database: Database, config: Pick<Config, 'isProduction' | 'seedDemo'>, logger?: Logger): Promise<void> {
  if (config.isProduction || !config.seedDemo) return;
  const demoWorkspaces = [...new Set(DEMO_ACCOUNTS.map((a) => a.workspace).filter((w): w is string => Boolean(w)))];
  await database.withLock(SEED_LOCK, async () => {
    const found = await database.db
      .select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id, name: workspaces.name, tenantName: tenants.name })
      .from(workspaces)
      .innerJoin(tenants, eq(tenants.id, workspaces.tenantId))
      .where(inArray(workspaces.name, demoWorkspaces));
    for (const ws of found) {
      const scope = { tenantId: ws.tenantId, workspaceId: ws.workspaceId };
      await database.db.transaction(async (tx) => {
        await linkMembersToOrganization(tx, scope, ws.tenantName);
        await seedGroups(tx, scope, DEMO_GROUPS[ws.name] ?? []);
      });
    }
  });
  logger?.info('demo organisation ready');
}
