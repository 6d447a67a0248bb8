import { type ChatFilter, type ChatQueryBody, RECENT_FILTER_LIMIT, type RecentFilter, type RecentFilterV2 } from '@legal/api';
import { and, count, desc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { lawStatutes } from '../../law';
import { visibleTo } from '../collections/collections.repo';
import { researchCollections } from '../collections/collections.table';
import { requireResearchUse } from '../research.policy';
import { researchChatMessages, researchChats } from '../research.table';

/**
 * The recent filters (catalogue chats/recent-filter): what a question was narrowed with besides its
 * words (statutes, collections, date), stored with the question in canonical form so that equal
 * filters group together; read back as the caller's distinct filters, most recently used first.
 */

/** The filter a question was asked with, canonical (ids sorted and unique), or null when it had none. */
export function filterOf(body: Pick<ChatQueryBody, 'statuteIds' | 'categoryIds' | 'asOf'>): ChatFilter | null {
  const statuteIds = [...new Set(body.statuteIds ?? [])].sort();
  const categoryIds = [...new Set(body.categoryIds ?? [])].sort((a, b) => a - b);
  const asOf = body.asOf ?? null;
  return statuteIds.length === 0 && categoryIds.length === 0 && asOf === null ? null : { statuteIds, categoryIds, asOf };
}

export async function listRecentFilters(services: AppServices, ctx: RequestContext): Promise<RecentFilter[]> {
  const { scope, userId } = requireResearchUse(ctx);
  const lastUsed = max(researchChatMessages.createdAt);
  const rows = await services.db
    .select({ filter: researchChatMessages.filter, lastUsedAt: lastUsed, useCount: count() })
    .from(researchChatMessages)
    .innerJoin(researchChats, and(eq(researchChats.id, researchChatMessages.chatId), inScope(researchChats, scope)))
    .where(and(inScope(researchChatMessages, scope), eq(researchChats.userId, userId), eq(researchChatMessages.role, 'USER'), isNotNull(researchChatMessages.filter)))
    .groupBy(researchChatMessages.filter)
    .orderBy(desc(lastUsed))
    .limit(RECENT_FILTER_LIMIT);
  return rows.map((r) => ({ ...r.filter!, lastUsedAt: new Date(r.lastUsedAt!).toISOString(), useCount: Number(r.useCount) }));
}

/** v2: with statute titles (of their newest stored version) and collection names; what the caller can no longer see is left out. */
export async function listRecentFiltersV2(services: AppServices, ctx: RequestContext): Promise<RecentFilterV2[]> {
  const { scope, userId } = requireResearchUse(ctx);
  const filters = await listRecentFilters(services, ctx);
  const statuteIds = [...new Set(filters.flatMap((f) => f.statuteIds))];
  const categoryIds = [...new Set(filters.flatMap((f) => f.categoryIds))];
  const versions = statuteIds.length
    ? await services.db.select({ lawId: lawStatutes.lawId, title: lawStatutes.title, effectiveDate: lawStatutes.effectiveDate }).from(lawStatutes).where(inArray(lawStatutes.lawId, statuteIds))
    : [];
  const titles = new Map<string, { title: string; effectiveDate: string }>();
  for (const v of versions) {
    const known = titles.get(v.lawId);
    if (!known || v.effectiveDate > known.effectiveDate) titles.set(v.lawId, v);
  }
  const collections = categoryIds.length
    ? await services.db.select({ id: researchCollections.id, name: researchCollections.name }).from(researchCollections).where(and(visibleTo(scope, userId), inArray(researchCollections.id, categoryIds)))
    : [];
  const names = new Map(collections.map((c) => [c.id, c.name]));
  return filters
    .map((f) => ({
      statutes: f.statuteIds.filter((id) => titles.has(id)).map((statuteId) => ({ statuteId, title: titles.get(statuteId)!.title })),
      categories: f.categoryIds.filter((id) => names.has(id)).map((categoryId) => ({ categoryId, name: names.get(categoryId)! })),
      asOf: f.asOf,
      lastUsedAt: f.lastUsedAt,
      useCount: f.useCount,
    }))
    .filter((f) => f.statutes.length > 0 || f.categories.length > 0 || f.asOf !== null);
}
