import { UNIFIED_SEARCH_DOMAIN_CATALOGUE, UNIFIED_SEARCH_DOMAINS, type UnifiedHit, type UnifiedSearchDomain, type Page } from '@legal/api';
import type { RequestContext } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { findWorkspaceName } from '../auth';
import { contractUrl } from './reminders.mail';
import { rankContracts } from './contract-discovery.service';
import { contractContext } from './contracts.service';

/**
 * The unified search (7.3): one page of hits over every searchable domain. A domain joins by
 * registering a `UnifiedSearchSource` (its code must be in UNIFIED_SEARCH_DOMAIN_CATALOGUE);
 * each source applies its own read rule and answers its best hits with scores in 0..1, so the
 * merge is a plain sort.
 */

type Services = Pick<AppServices, 'db'>;

export interface UnifiedSearchSource {
  domain: UnifiedSearchDomain;
  /** The caller's best `limit` hits for the keyword, best first, and how many match in all. */
  search(services: Services, ctx: RequestContext, keyword: string, limit: number): Promise<{ hits: UnifiedHit[]; total: number }>;
}

const sources = new Map<UnifiedSearchDomain, UnifiedSearchSource>();

export function registerUnifiedSearchSource(source: UnifiedSearchSource): void {
  if (sources.has(source.domain)) throw new Error(`unified search domain ${source.domain} registered twice`);
  sources.set(source.domain, source);
}

/** Contracts, ranked by the semantic engine; the caller's read rule applies through searchConditions. */
export const contractSearchSource: UnifiedSearchSource = {
  domain: 'CONTRACT',
  async search(services, ctx, keyword, limit) {
    const { scope, actor } = await contractContext(services, ctx);
    const [ranked, workspaceName] = await Promise.all([rankContracts(services, scope, actor, keyword, undefined, limit), findWorkspaceName(services.db, scope)]);
    return {
      total: ranked.total,
      hits: ranked.hits.map((h) => ({ domain: 'CONTRACT', id: h.id, title: h.title, snippet: h.snippet, score: h.score, url: contractUrl('', workspaceName ?? '', h.id) })),
    };
  },
};
registerUnifiedSearchSource(contractSearchSource);

/**
 * Page `page` of the merged hits: each source is asked for its best (page + 1) * size hits, which
 * always contain every hit of that page of the merge.
 */
export async function unifiedSearch(
  services: Services, ctx: RequestContext, query: { page: number; size: number }, body: { keyword: string; domains?: UnifiedSearchDomain[] },
): Promise<Page<UnifiedHit>> {
  const wanted = (body.domains ?? UNIFIED_SEARCH_DOMAINS).map((d) => sources.get(d)).filter((s): s is UnifiedSearchSource => s !== undefined);
  const reach = (query.page + 1) * query.size;
  const answers = await Promise.all(wanted.map((s) => s.search(services, ctx, body.keyword, reach)));
  const merged = answers.flatMap((a) => a.hits).sort((a, b) => b.score - a.score || a.domain.localeCompare(b.domain) || b.id - a.id);
  const totalElements = answers.reduce((n, a) => n + a.total, 0);
  return {
    content: merged.slice(query.page * query.size, reach),
    page: query.page,
    size: query.size,
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
  };
}

/** The domains searched, with names; a member without access to any of them is refused (403). */
export async function unifiedSearchCodes(services: Services, ctx: RequestContext) {
  await contractContext(services, ctx);
  return UNIFIED_SEARCH_DOMAIN_CATALOGUE.filter((d) => sources.has(d.code)).map((d) => ({ code: d.code, name: d.name, label: d.name[ctx.locale] }));
}
