import { COUNTERPARTY_BOOKMARK_SORT_FIELDS, type CounterpartyBookmark, type CounterpartyType, type Page } from '@legal/api';
import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { conflict, forbidden, notFound } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { counterpartyColumns, type CounterpartyFields } from './contract-children.repo';
import { counterpartyDto } from './contract-dto';
import { likePattern, parseSort } from '../../platform/db/sorting';
import { allow, allowBookmarkEdit, type ContractActor } from './contracts.policy';
import type { Executor } from './contracts.repo';
import { contractContext } from './contracts.service';
import { counterpartyBookmarks } from './counterparties.table';

/**
 * The workspace's address book of counterparties (7.6 counterparty-bookmarks): every contract
 * reader sees it, writers add to it, the creator or a contract admin changes it. One entry per
 * type, name and registration number (409 on a duplicate).
 */

type Services = Pick<AppServices, 'db'>;
type BookmarkRow = typeof counterpartyBookmarks.$inferSelect;

function bookmarkDto(row: BookmarkRow, actor: ContractActor): CounterpartyBookmark {
  const canEdit = allowBookmarkEdit(actor, row);
  return {
    ...counterpartyDto(row),
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: { canUpdate: canEdit, canDelete: canEdit },
  };
}

const duplicate = () =>
  conflict({ ko: '같은 거래처가 이미 즐겨찾기에 있습니다.', en: 'This counterparty is already bookmarked.' });

/** Another bookmark with the same identity (the unique index is the final word under races). */
async function sameIdentity(db: Executor, scope: TenantScope, c: CounterpartyFields, exceptId: number | null) {
  const [row] = await db
    .select({ id: counterpartyBookmarks.id })
    .from(counterpartyBookmarks)
    .where(
      and(
        inScope(counterpartyBookmarks, scope),
        eq(counterpartyBookmarks.counterpartyType, c.counterpartyType),
        eq(counterpartyBookmarks.name, c.name),
        sql`coalesce(${counterpartyBookmarks.businessRegistrationNumber}, '') = ${c.businessRegistrationNumber ?? ''}`,
        exceptId !== null ? ne(counterpartyBookmarks.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

const SORT_COLUMNS = { name: counterpartyBookmarks.name, createdAt: counterpartyBookmarks.createdAt } as const;

export async function listCounterpartyBookmarks(
  services: Services,
  ctx: RequestContext,
  query: { page: number; size: number; sort?: string | string[]; counterpartyType?: CounterpartyType; keyword?: string },
): Promise<Page<CounterpartyBookmark>> {
  const { scope, actor } = await contractContext(services, ctx);
  const like = query.keyword ? likePattern(query.keyword) : null;
  const where = and(
    inScope(counterpartyBookmarks, scope),
    query.counterpartyType ? eq(counterpartyBookmarks.counterpartyType, query.counterpartyType) : undefined,
    like
      ? or(ilike(counterpartyBookmarks.name, like), ilike(counterpartyBookmarks.representative, like), ilike(counterpartyBookmarks.businessRegistrationNumber, like))
      : undefined,
  );
  const order = parseSort(query.sort, COUNTERPARTY_BOOKMARK_SORT_FIELDS, { fallback: { field: 'name', direction: 'asc' } }).map((s) =>
    s.direction === 'asc' ? asc(SORT_COLUMNS[s.field]) : desc(SORT_COLUMNS[s.field]),
  );
  return fetchPage(
    query,
    async (limit, offset) =>
      (await services.db.select().from(counterpartyBookmarks).where(where).orderBy(...order, asc(counterpartyBookmarks.id)).limit(limit).offset(offset)).map((r) =>
        bookmarkDto(r, actor),
      ),
    async () => Number((await services.db.select({ n: sql<number>`count(*)::int` }).from(counterpartyBookmarks).where(where))[0]?.n ?? 0),
  );
}

export async function createCounterpartyBookmark(services: Services, ctx: RequestContext, body: CounterpartyFields): Promise<CounterpartyBookmark> {
  const { scope, actor } = await contractContext(services, ctx);
  if (!allow(actor, 'contract.create')) throw forbidden();
  return services.db.transaction(async (tx) => {
    if (await sameIdentity(tx, scope, body, null)) throw duplicate();
    const [row] = await tx
      .insert(counterpartyBookmarks)
      .values({ ...scope, ...counterpartyColumns(body), createdByUserId: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw duplicate();
    await recordAudit(
      tx,
      { type: 'counterparty_bookmark.created', data: { bookmarkId: row.id, counterpartyType: row.counterpartyType, name: row.name } },
      { ...auditMetaOf(ctx, actor.userId), ...scope },
    );
    return bookmarkDto(row, actor);
  });
}

async function editableBookmark(db: Executor, scope: TenantScope, actor: ContractActor, bookmarkId: number) {
  const [row] = await db
    .select()
    .from(counterpartyBookmarks)
    .where(and(inScope(counterpartyBookmarks, scope), eq(counterpartyBookmarks.id, bookmarkId)))
    .for('update');
  if (!row) throw notFound();
  if (!allowBookmarkEdit(actor, row)) throw forbidden();
  return row;
}

export async function updateCounterpartyBookmark(services: Services, ctx: RequestContext, bookmarkId: number, body: CounterpartyFields): Promise<CounterpartyBookmark> {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const before = await editableBookmark(tx, scope, actor, bookmarkId);
    if (await sameIdentity(tx, scope, body, bookmarkId)) throw duplicate();
    const [row] = await tx
      .update(counterpartyBookmarks)
      .set({ ...counterpartyColumns(body), updatedAt: new Date() })
      .where(and(inScope(counterpartyBookmarks, scope), eq(counterpartyBookmarks.id, bookmarkId)))
      .returning();
    await recordAudit(
      tx,
      { type: 'counterparty_bookmark.updated', data: { bookmarkId, before: counterpartyDto(before), after: counterpartyDto(row!) } },
      { ...auditMetaOf(ctx, actor.userId), ...scope },
    );
    return bookmarkDto(row!, actor);
  });
}

export async function deleteCounterpartyBookmark(services: Services, ctx: RequestContext, bookmarkId: number): Promise<CounterpartyBookmark> {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const row = await editableBookmark(tx, scope, actor, bookmarkId);
    await tx.delete(counterpartyBookmarks).where(and(inScope(counterpartyBookmarks, scope), eq(counterpartyBookmarks.id, bookmarkId)));
    await recordAudit(tx, { type: 'counterparty_bookmark.deleted', data: { bookmarkId, name: row.name } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    return bookmarkDto(row, actor);
  });
}
