import {
  type ContractDetail, type ContractSearchBodySchema, REPOSITORY_CODE_LISTS, type RepositoryCodes, type SemanticHit, type SemanticSearchMode, type Page,
} from '@legal/api';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fetchPage } from '../../../platform/db/paging';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { forbidden, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { contractSummaries } from '../contract-dto';
import * as discovery from './contract-discovery.repo';
import { countMatches, searchConditions } from './contract-search.repo';
import { CONTRACT_PERMISSIONS, type ContractActor } from '../contracts.policy';
import { contractContext, getContract } from '../contracts.service';
import { contracts } from '../contracts.table';
import { visibleTo } from '../contracts.visibility';
import { openContractFile } from '../exports/contract-exports.service';

/**
 * Finding contracts (7.3): ranking by meaning, code lists, reads by the conhub id. Every query
 * starts from `searchConditions` (workspace, live rows, the caller's read rule, filters).
 */

type Services = Pick<AppServices, 'db'>;

/** No embedding provider is configured in the product yet: the built-in engine ranks. */
export const SEMANTIC_MODE: SemanticSearchMode = 'BUILT_IN';
const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 200;

export const normaliseQuery = (query: string) => query.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** A passage of `text` around the first word of the query it contains (else its start). */
export function snippetOf(text: string, query: string): string {
  const words = query.split(' ').filter((w) => w.length >= 2).sort((a, b) => b.length - a.length);
  const lower = text.toLowerCase();
  const at = words.map((w) => lower.indexOf(w)).find((i) => i >= 0) ?? 0;
  const start = Math.max(0, at - SNIPPET_BEFORE);
  const passage = text.slice(start, start + SNIPPET_LENGTH).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${passage}${start + SNIPPET_LENGTH < text.length ? '…' : ''}`;
}

type Filter = z.output<typeof ContractSearchBodySchema> | undefined;

/** What a ranking runs over: the search conditions (scope, live, read rule, filters) and a shared bigram. */
function rankingConditions(services: Services, scope: TenantScope, actor: ContractActor, query: string, filter: Filter) {
  return and(searchConditions(services.db, scope, actor, filter ?? {}), discovery.sharesAnyGram(services.db, scope, query));
}

/** The ranked hits of one page, with a passage for those matched in a file's text or the memo. */
async function rankedHits(services: Services, scope: TenantScope, actor: ContractActor, where: SQL | undefined, query: string, limit: number, offset: number): Promise<SemanticHit[]> {
  const { db } = services;
  const ranked = await discovery.rankedIds(db, scope, where, query, limit, offset);
  const rows = await discovery.rowsInOrder(db, scope, ranked.map((r) => r.id));
  const rankOf = new Map(ranked.map((r) => [r.id, r]));
  const memoOf = new Map(rows.map((r) => [r.id, r.memo]));
  const summaries = await contractSummaries(db, scope, actor, rows);
  return Promise.all(
    summaries.map(async (summary) => {
      const { score, matchedIn } = rankOf.get(summary.id)!;
      const page = matchedIn === 'CONTENT' ? await discovery.closestPage(db, scope, summary.id, query) : null;
      const memo = matchedIn === 'METADATA' ? memoOf.get(summary.id) : null;
      return {
        ...summary, score, matchedIn,
        snippet: page ? snippetOf(page.text, query) : memo ? snippetOf(memo, query) : null,
        pageNumber: page?.pageNumber ?? null,
      };
    }),
  );
}

/** The caller's best `limit` contracts for the query, and how many share anything with it. */
export async function rankContracts(services: Services, scope: TenantScope, actor: ContractActor, rawQuery: string, filter: Filter, limit: number) {
  const query = normaliseQuery(rawQuery);
  const where = rankingConditions(services, scope, actor, query, filter);
  const [hits, total] = await Promise.all([rankedHits(services, scope, actor, where, query, limit, 0), countMatches(services.db, where)]);
  return { hits, total };
}

export async function semanticSearch(
  services: Services, ctx: RequestContext, page: { page: number; size: number }, body: { query: string; filter?: Filter },
): Promise<Page<SemanticHit> & { mode: SemanticSearchMode }> {
  const { scope, actor } = await contractContext(services, ctx);
  const query = normaliseQuery(body.query);
  const where = rankingConditions(services, scope, actor, query, body.filter);
  const hits = await fetchPage(
    page,
    (limit, offset) => rankedHits(services, scope, actor, where, query, limit, offset),
    () => countMatches(services.db, where),
  );
  return { ...hits, mode: SEMANTIC_MODE };
}

// Codes ------------------------------------------------------------------------------------------

const currencyNames = { ko: new Intl.DisplayNames(['ko'], { type: 'currency' }), en: new Intl.DisplayNames(['en'], { type: 'currency' }) };

export function repositoryCodes(locale: 'ko' | 'en'): RepositoryCodes {
  const labelled = (list: ReadonlyArray<{ code: string; name: { ko: string; en: string } }>) => list.map(({ code, name }) => ({ code, name, label: name[locale] }));
  const L = REPOSITORY_CODE_LISTS;
  return {
    contractTypes: labelled(L.contractTypes),
    statuses: labelled(L.statuses),
    languages: labelled(L.languages),
    signingTypes: labelled(L.signingTypes),
    ourPositions: labelled(L.ourPositions),
    disputeResolutionMethods: labelled(L.disputeResolutionMethods),
    currencies: labelled(L.currencies.map((code) => ({ code, name: { ko: currencyNames.ko.of(code) ?? code, en: currencyNames.en.of(code) ?? code } }))),
  };
}

export async function getRepositoryCodes(services: Services, ctx: RequestContext): Promise<RepositoryCodes> {
  await contractContext(services, ctx);
  return repositoryCodes(ctx.locale);
}

// By conhub contract id -------------------------------------------------------------------------

/** The oldest live contract with this conhub id that the caller may read (404 otherwise). */
async function contractIdOfConhub(services: Services, ctx: RequestContext, conhubContractId: string): Promise<number> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(inScope(contracts, scope), isNull(contracts.deletedAt), eq(contracts.conhubContractId, conhubContractId), visibleTo(actor)))
    .orderBy(asc(contracts.id))
    .limit(1);
  if (!row) throw notFound();
  return row.id;
}

export async function getContractByConhubId(services: Services, ctx: RequestContext, conhubContractId: string): Promise<ContractDetail> {
  return getContract(services, ctx, await contractIdOfConhub(services, ctx, conhubContractId));
}

export async function openContractFileByConhubId(services: Pick<AppServices, 'db' | 'storage' | 'logger'>, ctx: RequestContext, conhubContractId: string) {
  return openContractFile(services, ctx, await contractIdOfConhub(services, ctx, conhubContractId), undefined);
}

/** Reindexing rewrites every contract's search copies: a contract admin's tool. */
export async function reindexContext(services: Services, ctx: RequestContext) {
  const { scope, actor } = await contractContext(services, ctx);
  if (!actor.permissions.has(CONTRACT_PERMISSIONS.admin)) throw forbidden();
  return { scope, actor };
}
