import { UNIFIED_SEARCH_DOMAIN_CATALOGUE, UNIFIED_SEARCH_DOMAINS, type Page, type UnifiedHit, type UnifiedSearchDomain } from '@legal/api';
import type { RequestContext } from '../http/context';
import type { AppServices } from '../services';

/**
 * The unified search (7.3): one page of hits over every searchable domain. A module joins by
 * listing a `UnifiedSearchSource` in its manifest (its code must be in
 * UNIFIED_SEARCH_DOMAIN_CATALOGUE); each source applies its own read rule and answers its best
 * hits with scores in 0..1, so the merge is a plain sort.
 */
type Services = Pick<AppServices, 'db'>;

export interface UnifiedSearchSource {
  domain: UnifiedSearchDomain;
  /** The caller's best `limit` hits for the keyword, best first, and how many match in all. */
  search(services: Services, ctx: RequestContext, keyword: string, limit: number): Promise<{ hits: UnifiedHit[]; total: number }>;
}

/** The sources of the modules, by domain; a domain offered twice is a start-up error. */
export function unifiedSearchSources(modules: ReadonlyArray<{ name: string; searchSources?: readonly UnifiedSearchSource[] }>): ReadonlyMap<UnifiedSearchDomain, UnifiedSearchSource> {
  const sources = new Map<UnifiedSearchDomain, UnifiedSearchSource>();
  for (const module of modules) {
    for (const source of module.searchSources ?? []) {
      if (sources.has(source.domain)) throw new Error(`unified search domain ${source.domain} offered twice (module ${module.name})`);
      sources.set(source.domain, source);
    }
  }
  return sources;
}

/**
 * Page `page` of the merged hits: each source is asked for its best (page + 1) * size hits, which
 * always contain every hit of that page of the merge.
 */
export async function unifiedSearch(
  services: Services & Pick<AppServices, 'searchSources'>,
  ctx: RequestContext,
  query: { page: number; size: number },
  body: { keyword: string; domains?: UnifiedSearchDomain[] },
): Promise<Page<UnifiedHit>> {
  const wanted = (body.domains ?? UNIFIED_SEARCH_DOMAINS).map((d) => services.searchSources.get(d)).filter((s): s is UnifiedSearchSource => s !== undefined);
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

/** The domains that can be searched, with names in the caller's language. */
export function unifiedSearchCodes(services: Pick<AppServices, 'searchSources'>, ctx: RequestContext) {
  return UNIFIED_SEARCH_DOMAIN_CATALOGUE.filter((d) => services.searchSources.has(d.code)).map((d) => ({ code: d.code, name: d.name, label: d.name[ctx.locale] }));
}
