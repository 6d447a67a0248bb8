import type { CollectionQueryResult, DocumentCitation } from '@legal/api';
import type { RequestContext } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { requireAiService } from '../../ai';
import { researchConfigOf } from '../admin/research-configs.service';
import { tuningOf } from '../answer';
import { koreanToday, requireResearchUse } from '../research.policy';
import { answerableDocumentPassages, DOCUMENT_DECLINE_TEXT, documentCitationOf, extractiveDocumentAnswer, gateDocumentCitations } from './collection-answer';
import { retrieveCollectionPassages, type ScoredDocumentPassage } from './collection-retrieval';
import { visibleCollection, visibleCollections, visibleTo } from './collections.repo';
import { researchCollections } from './collections.table';

const strip = ({ passageId: _p, coverage: _c, ...passage }: ScoredDocumentPassage) => passage;

/** categories/{id}/query/v1: retrieval over one collection and the extractive answer, its citations gated. */
export async function queryCollection(services: AppServices, ctx: RequestContext, id: number, body: { query: string; limit: number }): Promise<CollectionQueryResult> {
  const { scope, userId } = requireResearchUse(ctx);
  await requireAiService(services.db, scope, 'LEGAL_RESEARCH');
  const collection = await visibleCollection(services.db, scope, userId, id);
  const retrieval = await retrieveCollectionPassages(services.db, scope, { question: body.query, collectionIds: [id], limit: body.limit, today: koreanToday() });
  const proposed = answerableDocumentPassages(retrieval, tuningOf(await researchConfigOf(services.db, scope))).map((p) => documentCitationOf(p, collection.name));
  const { kept } = await gateDocumentCitations(services.db, scope, userId, proposed);
  const answer =
    kept.length === 0
      ? { text: DOCUMENT_DECLINE_TEXT[ctx.locale], declined: true, citations: [] as DocumentCitation[] }
      : { text: extractiveDocumentAnswer(kept, ctx.locale, { afterStatutes: false }), declined: false, citations: kept };
  return { categoryId: id, answer, passages: retrieval.passages.map(strip) };
}

/** categories/search/v1: ranked passages over the collections the caller sees (or the ones named, each visible: 404 otherwise). */
export async function searchCollections(services: AppServices, ctx: RequestContext, query: { query: string; categoryIds?: number[]; limit: number }) {
  const { scope, userId } = requireResearchUse(ctx);
  await requireAiService(services.db, scope, 'LEGAL_RESEARCH');
  const ids = query.categoryIds?.length
    ? (await visibleCollections(services.db, scope, userId, query.categoryIds)).map((c) => c.id)
    : (await services.db.select({ id: researchCollections.id }).from(researchCollections).where(visibleTo(scope, userId))).map((c) => c.id);
  const retrieval = await retrieveCollectionPassages(services.db, scope, { question: query.query, collectionIds: ids, limit: query.limit, today: koreanToday() });
  return { passages: retrieval.passages.map(strip) };
}
