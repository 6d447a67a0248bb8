import { JOB_ITEM_SORT_FIELDS, type JobItem, type Page } from '@legal/api';
import { fetchPage } from '../../../platform/db/paging';
import { parseSort } from '../../../platform/db/sorting';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import * as repo from './job-items.repo';
import type { JobItemKind } from './job-items.repo';
import { refreshMembershipNames } from './membership-names';
import { audit, diffIds, GROUP_WRITE, iso, nameTaken, requireKnownIds, type Services, withUniqueName, writerOf } from './organization.common';

/** Job titles and job positions: the same operations over two tables (see JobItemKind). */

const dto = (row: repo.JobItemRow): JobItem => ({ id: row.id, name: row.name, displayOrder: row.displayOrder, memberCount: row.memberCount, createdAt: iso(row.createdAt) });

export async function listJobItems(services: Services, kind: JobItemKind, scope: TenantScope, input: { page: number; size: number; sort?: string | string[]; keyword?: string }): Promise<Page<JobItem>> {
  const sorts = parseSort(input.sort, JOB_ITEM_SORT_FIELDS);
  return fetchPage(
    input,
    async (limit, offset) => (await repo.searchJobItems(services.db, kind, scope, input.keyword, sorts, limit, offset)).map(dto),
    () => repo.countJobItems(services.db, kind, scope, input.keyword),
  );
}

export async function createJobItem(services: Services, kind: JobItemKind, ctx: RequestContext, scope: TenantScope, name: string): Promise<JobItem> {
  writerOf(ctx, GROUP_WRITE);
  return withUniqueName(kind.nameTaken, () =>
    services.db.transaction(async (tx) => {
      const items = await repo.allJobItems(tx, kind, scope, { forUpdate: true });
      if (await repo.findJobItemByName(tx, kind, scope, name)) throw nameTaken(kind.nameTaken);
      const displayOrder = Math.max(-1, ...items.map((i) => i.displayOrder)) + 1;
      const row = await repo.insertJobItem(tx, kind, scope, name, displayOrder);
      await audit(tx, ctx, scope, { type: `${kind.audit}.created`, data: { id: row.id, name } });
      return { id: row.id, name, displayOrder, memberCount: 0, createdAt: iso(row.createdAt) };
    }),
  );
}

/** The item in a list loaded for update, or 404. */
function itemIn(items: repo.JobItemRow[], itemId: number): repo.JobItemRow {
  const item = items.find((i) => i.id === itemId);
  if (!item) throw notFound();
  return item;
}

export async function renameJobItem(services: Services, kind: JobItemKind, ctx: RequestContext, scope: TenantScope, itemId: number, name: string): Promise<JobItem> {
  writerOf(ctx, GROUP_WRITE);
  return withUniqueName(kind.nameTaken, () =>
    services.db.transaction(async (tx) => {
      const item = itemIn(await repo.allJobItems(tx, kind, scope, { forUpdate: true }), itemId);
      if (item.name === name) return dto(item);
      const taken = await repo.findJobItemByName(tx, kind, scope, name);
      if (taken) throw nameTaken(kind.nameTaken);
      await repo.updateJobItem(tx, kind, scope, itemId, { name });
      const holders = await repo.holderIds(tx, kind, scope, itemId);
      await refreshMembershipNames(tx, scope, holders);
      await audit(tx, ctx, scope, { type: `${kind.audit}.renamed`, data: { id: itemId, before: item.name, after: name, affectedMembers: holders.length } });
      return dto({ ...item, name });
    }),
  );
}

export async function reorderJobItems(services: Services, kind: JobItemKind, ctx: RequestContext, scope: TenantScope, orderedIds: readonly number[]): Promise<JobItem[]> {
  writerOf(ctx, GROUP_WRITE);
  return services.db.transaction(async (tx) => {
    const items = await repo.allJobItems(tx, kind, scope, { forUpdate: true });
    const before = items.map((i) => i.id);
    requireKnownIds('body.orderedIds', orderedIds, new Set(before), 'no such item in this workspace');
    const { added, removed } = diffIds(before, orderedIds);
    if (added.length > 0 || removed.length > 0) {
      throw conflict({ ko: '목록이 바뀌었습니다. 새로 고친 뒤 다시 시도해 주세요.', en: 'The list has changed. Reload and try again.' }, { reason: 'STALE_LIST', expected: before });
    }
    for (const [index, id] of orderedIds.entries()) await repo.updateJobItem(tx, kind, scope, id, { displayOrder: index });
    if (kind.orderShownBy) await refreshMembershipNames(tx, scope, await kind.orderShownBy(tx, scope));
    await audit(tx, ctx, scope, { type: `${kind.audit}.reordered`, data: { before, after: [...orderedIds] } });
    return (await repo.allJobItems(tx, kind, scope)).map(dto);
  });
}

/** Refused (409) while members hold the item, unless `clearFromMembers`, which takes it from them first. */
export async function deleteJobItem(services: Services, kind: JobItemKind, ctx: RequestContext, scope: TenantScope, itemId: number, clearFromMembers: boolean): Promise<void> {
  writerOf(ctx, GROUP_WRITE);
  await services.db.transaction(async (tx) => {
    const item = itemIn(await repo.allJobItems(tx, kind, scope, { forUpdate: true }), itemId);
    const holders = await repo.holderIds(tx, kind, scope, itemId);
    if (holders.length > 0 && !clearFromMembers) {
      throw conflict(kind.inUse, { reason: 'IN_USE', memberCount: holders.length });
    }
    await kind.clear(tx, scope, itemId);
    await repo.deleteJobItem(tx, kind, scope, itemId);
    await refreshMembershipNames(tx, scope, holders);
    await audit(tx, ctx, scope, { type: `${kind.audit}.deleted`, data: { id: itemId, name: item.name, clearedFromMembers: holders.length } });
  });
}
