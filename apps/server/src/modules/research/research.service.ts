import type { ResearchQueryBodySchema, ResearchQueryResult } from '@legal/api';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { requireAiService } from '../ai';
import { requireResearchUse, koreanToday } from './research.policy';
import { enabledGeneralCategories } from './admin/general-categories.service';
import { indexProgress } from './passage-index';
import { questionVectorsFor } from './question-vectors';
import { retrievePassages } from './retrieval';

/** searches/query/v1: the ranked statute passages for a question, as the chat would read them (none when the workspace does not search statutes); fused with vectors when the workspace has an embedding model. */
export async function searchResearch(services: AppServices, ctx: RequestContext, body: z.output<typeof ResearchQueryBodySchema>): Promise<ResearchQueryResult> {
  const { scope } = requireResearchUse(ctx);
  await requireAiService(services.db, scope, 'LEGAL_RESEARCH');
  const searchesStatutes = (await enabledGeneralCategories(services.db, scope)).includes('STATUTE');
  const vectors = searchesStatutes ? await questionVectorsFor(services, scope) : null;
  const result = await retrievePassages(services.db, { question: body.query, asOf: body.asOf, statuteIds: body.statuteIds, limit: body.limit, today: koreanToday(), searchesStatutes, vectors });
  return {
    index: await indexProgress(services.db, vectors?.model ?? null),
    asOf: result.asOf,
    expandedTerms: result.understood.expansions,
    passages: result.passages.map(({ statuteId, lawSerialNumber, statuteTitle, kind, effectiveDate, article, articleTitle, heading, text, score }) => ({
      statuteId, lawSerialNumber, statuteTitle, kind, effectiveDate, article, articleTitle, heading, text, score,
    })),
  };
}
