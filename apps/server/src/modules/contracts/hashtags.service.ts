import type { Hashtag, Page } from '@legal/api';
import { and, asc, desc, ilike, sql } from 'drizzle-orm';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext } from '../../platform/http/context';
import { conflict, forbidden } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { ensureHashtags } from './contract-children.repo';
import { likePattern, parseSort } from '../../platform/db/sorting';
import { allow } from './contracts.policy';
import { contractContext } from './contracts.service';
import { hashtags } from './contracts.table';

/** The workspace's hashtags (7.3 hashtags/v1): listed for pickers, added explicitly or by tagging a contract. */

type Services = Pick<AppServices, 'db'>;

const SORT_COLUMNS = { name: hashtags.name, createdAt: hashtags.createdAt } as const;

export async function listHashtags(services: Services, ctx: RequestContext, query: { page: number; size: number; sort?: string | string[]; keyword?: string }): Promise<Page<Hashtag>> {
  const { scope } = await contractContext(services, ctx);
  const keyword = query.keyword?.replace(/^#+/, '');
  const where = and(inScope(hashtags, scope), keyword ? ilike(hashtags.name, likePattern(keyword)) : undefined);
  const order = parseSort(query.sort, ['name', 'createdAt'] as const, { fallback: { field: 'name', direction: 'asc' } }).map((s) =>
    s.direction === 'asc' ? asc(SORT_COLUMNS[s.field]) : desc(SORT_COLUMNS[s.field]),
  );
  return fetchPage(
    query,
    (limit, offset) => services.db.select({ id: hashtags.id, name: hashtags.name }).from(hashtags).where(where).orderBy(...order, asc(hashtags.id)).limit(limit).offset(offset),
    async () => Number((await services.db.select({ n: sql<number>`count(*)::int` }).from(hashtags).where(where))[0]?.n ?? 0),
  );
}

/** 409 with data.id when the name exists (regardless of case). */
export async function createHashtag(services: Services, ctx: RequestContext, name: string): Promise<Hashtag> {
  const { scope, actor } = await contractContext(services, ctx);
  if (!allow(actor, 'contract.create')) throw forbidden();
  return services.db.transaction(async (tx) => {
    const { tags, created } = await ensureHashtags(tx, scope, [name], actor.userId);
    const tag = tags[0]!;
    if (created.length === 0) throw conflict({ ko: '이미 있는 해시태그입니다.', en: 'This hashtag already exists.' }, { id: tag.id, name: tag.name });
    await recordAudit(tx, { type: 'hashtag.created', data: { hashtagId: tag.id, name: tag.name } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    return tag;
  });
}
