import type { CreateDivisionBody, Division, DivisionNode, OrganizationMember, Page, ReorderDivisionsBody } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { fetchPage } from '../../../platform/db/paging';
import { parseSort } from '../../../platform/db/sorting';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { conflict, type LocalizedText, notFound, validationError } from '../../../platform/http/errors';
import { memberships } from '../../auth';
import { buildDivisionTree, wouldCreateCycle } from './division-tree';
import * as repo from './divisions.repo';
import { countMembers, listMembers, resolveMemberSet, userIdsOf } from './members.repo';
import { refreshMembershipNames } from './membership-names';
import { audit, diffIds, type Executor, GROUP_WRITE, nameTaken, requireKnownIds, type Services, writerOf } from './organization.common';
import { divisions } from './organization.table';

const SIBLING_NAME_TAKEN: LocalizedText = { ko: '같은 상위 조직에 같은 이름의 조직이 이미 있습니다.', en: 'A division with this name already exists under the same parent.' };

export async function listDivisionTree(services: Services, scope: TenantScope): Promise<DivisionNode[]> {
  return buildDivisionTree(await repo.allDivisions(services.db, scope));
}

async function existing(db: Executor, scope: TenantScope, divisionId: number): Promise<Division> {
  const found = await repo.findDivision(db, scope, divisionId);
  if (!found) throw notFound();
  return found;
}

/** A division named in a body or query (not the path's): unknown answers 400 naming the field. */
async function referenced(tx: Tx, scope: TenantScope, divisionId: number, field: string): Promise<Division> {
  const found = await repo.findDivision(tx, scope, divisionId);
  if (!found) throw validationError([{ field, reason: 'no such division in this workspace' }]);
  return found;
}

export async function createDivision(services: Services, ctx: RequestContext, scope: TenantScope, body: CreateDivisionBody): Promise<Division> {
  writerOf(ctx, GROUP_WRITE);
  const parentId = body.parentId ?? null;
  return services.db.transaction(async (tx) => {
    await repo.lockDivisionTree(tx, scope);
    if (parentId !== null) await referenced(tx, scope, parentId, 'body.parentId');
    if (await repo.siblingNameTaken(tx, scope, parentId, body.name)) throw nameTaken(SIBLING_NAME_TAKEN);
    const displayOrder = await repo.nextDisplayOrder(tx, scope, parentId);
    const [row] = await tx.insert(divisions).values({ ...scope, parentId, name: body.name, displayOrder }).returning();
    await audit(tx, ctx, scope, { type: 'division.created', data: { divisionId: row!.id, name: row!.name, parentId } });
    return { id: row!.id, parentId, name: row!.name, displayOrder, memberCount: 0 };
  });
}

export async function renameDivision(services: Services, ctx: RequestContext, scope: TenantScope, divisionId: number, name: string): Promise<Division> {
  writerOf(ctx, GROUP_WRITE);
  return services.db.transaction(async (tx) => {
    await repo.lockDivisionTree(tx, scope);
    const division = await existing(tx, scope, divisionId);
    if (division.name === name) return division;
    if (await repo.siblingNameTaken(tx, scope, division.parentId, name, divisionId)) throw nameTaken(SIBLING_NAME_TAKEN);
    await repo.updateDivision(tx, scope, divisionId, { name });
    await refreshMembershipNames(tx, scope, await repo.memberIdsOfDivision(tx, scope, divisionId));
    await audit(tx, ctx, scope, { type: 'division.renamed', data: { divisionId, before: division.name, after: name } });
    return { ...division, name };
  });
}

export async function moveDivision(services: Services, ctx: RequestContext, scope: TenantScope, divisionId: number, parentId: number | null): Promise<Division> {
  writerOf(ctx, GROUP_WRITE);
  return services.db.transaction(async (tx) => {
    const parentOf = await repo.lockDivisionTree(tx, scope);
    const division = await existing(tx, scope, divisionId);
    if (parentId !== null && !parentOf.has(parentId)) throw validationError([{ field: 'body.parentId', reason: 'no such division in this workspace' }]);
    if (division.parentId === parentId) return division;
    if (wouldCreateCycle(parentOf, divisionId, parentId)) {
      throw conflict(
        { ko: '조직을 자기 자신이나 하위 조직 아래로 옮길 수 없습니다.', en: 'A division cannot move under itself or one of its sub-divisions.' },
        { reason: 'CYCLE' },
      );
    }
    if (await repo.siblingNameTaken(tx, scope, parentId, division.name, divisionId)) throw nameTaken(SIBLING_NAME_TAKEN);
    const displayOrder = await repo.nextDisplayOrder(tx, scope, parentId);
    await repo.updateDivision(tx, scope, divisionId, { parentId, displayOrder });
    // Members show the division's own name, not its path: a move leaves their display copies as they are.
    await audit(tx, ctx, scope, { type: 'division.moved', data: { divisionId, before: division.parentId, after: parentId } });
    return { ...division, parentId, displayOrder };
  });
}

export async function reorderDivisions(services: Services, ctx: RequestContext, scope: TenantScope, body: ReorderDivisionsBody): Promise<DivisionNode[]> {
  writerOf(ctx, GROUP_WRITE);
  return services.db.transaction(async (tx) => {
    const parentOf = await repo.lockDivisionTree(tx, scope);
    if (body.parentId !== null && !parentOf.has(body.parentId)) throw validationError([{ field: 'body.parentId', reason: 'no such division in this workspace' }]);
    requireKnownIds('body.orderedIds', body.orderedIds, new Set(parentOf.keys()), 'no such division in this workspace');
    const before = await repo.childIds(tx, scope, body.parentId);
    const { added, removed } = diffIds(before, body.orderedIds);
    if (added.length > 0 || removed.length > 0) {
      throw conflict(
        { ko: '하위 조직 목록이 바뀌었습니다. 새로 고친 뒤 다시 시도해 주세요.', en: 'The sub-divisions have changed. Reload and try again.' },
        { reason: 'STALE_LIST', expected: before },
      );
    }
    for (const [index, id] of body.orderedIds.entries()) await repo.updateDivision(tx, scope, id, { displayOrder: index });
    await audit(tx, ctx, scope, { type: 'division.reordered', data: { parentId: body.parentId, before, after: body.orderedIds } });
    return buildDivisionTree(await repo.allDivisions(tx, scope));
  });
}

export async function deleteDivision(services: Services, ctx: RequestContext, scope: TenantScope, divisionId: number, moveMembersTo: number | undefined): Promise<void> {
  writerOf(ctx, GROUP_WRITE);
  await services.db.transaction(async (tx) => {
    const parentOf = await repo.lockDivisionTree(tx, scope);
    const division = await existing(tx, scope, divisionId);
    if ([...parentOf.values()].includes(divisionId)) {
      throw conflict({ ko: '하위 조직이 있는 조직은 삭제할 수 없습니다.', en: 'Move or delete the sub-divisions first.' }, { reason: 'HAS_CHILDREN' });
    }
    if (moveMembersTo === divisionId) throw validationError([{ field: 'query.moveMembersTo', reason: 'must be another division' }]);
    if (moveMembersTo !== undefined) await referenced(tx, scope, moveMembersTo, 'query.moveMembersTo');
    const memberIds = await repo.memberIdsOfDivision(tx, scope, divisionId);
    if (memberIds.length > 0 && moveMembersTo === undefined) {
      throw conflict(
        { ko: '구성원이 있는 조직입니다. 구성원을 옮길 조직을 고른 뒤 삭제해 주세요.', en: 'The division has members: choose where they move first.' },
        { reason: 'HAS_MEMBERS', memberCount: memberIds.length },
      );
    }
    const movedUserIds = await userIdsOf(tx, scope, memberIds);
    await repo.setDivisionOf(tx, scope, memberIds, moveMembersTo ?? null);
    await tx.delete(divisions).where(and(inScope(divisions, scope), eq(divisions.id, divisionId)));
    await refreshMembershipNames(tx, scope, memberIds);
    await audit(tx, ctx, scope, {
      type: 'division.deleted',
      data: { divisionId, name: division.name, parentId: division.parentId, membersMovedTo: moveMembersTo ?? null, movedUserIds },
    });
  });
}

export async function listDivisionMembers(
  services: Services,
  scope: TenantScope,
  divisionId: number,
  page: { page: number; size: number; sort?: string | string[] },
): Promise<Page<OrganizationMember>> {
  const [sort] = parseSort(page.sort, ['displayName'] as const);
  await existing(services.db, scope, divisionId);
  const inDivision = eq(memberships.divisionId, divisionId);
  return fetchPage(
    page,
    (limit, offset) => listMembers(services.db, scope, inDivision, { limit, offset, direction: sort?.direction }),
    () => countMembers(services.db, scope, inDivision),
  );
}

/** The members of a division become exactly `userIds`: listed users move in, the others leave (no division). */
export async function setDivisionMembers(services: Services, ctx: RequestContext, scope: TenantScope, divisionId: number, userIds: readonly number[]) {
  writerOf(ctx, GROUP_WRITE);
  return services.db.transaction(async (tx) => {
    await existing(tx, scope, divisionId);
    const current = await repo.memberIdsOfDivision(tx, scope, divisionId);
    const next = (await resolveMemberSet(tx, scope, userIds, current)).map((m) => m.id);
    const { added, removed } = diffIds(current, next);
    const [addedUserIds, removedUserIds] = await Promise.all([userIdsOf(tx, scope, added), userIdsOf(tx, scope, removed)]);
    if (added.length === 0 && removed.length === 0) return { addedUserIds, removedUserIds };
    await repo.setDivisionOf(tx, scope, added, divisionId);
    await repo.setDivisionOf(tx, scope, removed, null);
    await refreshMembershipNames(tx, scope, [...added, ...removed]);
    await audit(tx, ctx, scope, { type: 'division.members_changed', data: { divisionId, addedUserIds, removedUserIds } });
    return { addedUserIds, removedUserIds };
  });
}
