import type { RequestContext } from '../../../platform/http/context';
import { unifiedSearchCodes, type UnifiedSearchSource } from '../../../platform/search/unified-search';
import type { AppServices } from '../../../platform/services';
import { findWorkspaceName } from '../../auth';
import { contractUrl } from '../reminders/reminders.mail';
import { rankContracts } from './contract-discovery.service';
import { contractContext } from '../contracts.service';

/** Contracts in the unified search, ranked by the semantic engine; the caller's read rule applies through searchConditions. */
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

type Services = Pick<AppServices, 'db' | 'searchSources'>;

/** The domains searched, with names; a member without access to contracts is refused (403). */
export async function searchableDomains(services: Services, ctx: RequestContext) {
  await contractContext(services, ctx);
  return unifiedSearchCodes(services, ctx);
}
