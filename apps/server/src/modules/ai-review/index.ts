import type { FastifyInstance } from 'fastify';
import type { AnyJob } from '../../platform/jobs/jobs';
import { defineModule } from '../../platform/module';
import type { AppServices } from '../../platform/services';
import * as tables from './ai-review.table';
import { registerAiReviewRoutes } from './ai-review.routes';
import { stopReviewEngineThread } from './engine/engine-off-thread';
import { STARTER_PLAYBOOK } from './playbook';
import { runReviewJob } from './review/review.job';
import type { PlaybookClauseExample } from './similarity/similarity.service';
import { registerSimilarityRoutes } from './similarity/similarity.routes';
import './ai-review.audit';

/** The starter playbook's clause examples (both languages), for similar-clauses beside the workspace's own contracts. */
const STARTER_CLAUSE_EXAMPLES: PlaybookClauseExample[] = STARTER_PLAYBOOK.flatMap((c) =>
  [...c.examples.ko, ...c.examples.en].map((text) => ({ checkpointCode: c.code, label: c.label, text })),
);

/** AI contract review (catalogue 7.1, /api/aireview): playbooks, review runs, findings, exports, similarity. */
export const aiReviewModule = defineModule({
  name: 'ai-review',
  product: 'AI_REVIEW',
  routes(app: FastifyInstance, services: AppServices) {
    registerAiReviewRoutes(app, services);
    registerSimilarityRoutes(app, services, {
      playbookClauseExamples: async (_ctx, { label }) => STARTER_CLAUSE_EXAMPLES.filter((e) => !label || e.label === label),
    });
  },
  jobs: [runReviewJob as AnyJob<AppServices>],
  tables,
  // The built-in engine's worker thread (review job).
  shutdown: (services) => stopReviewEngineThread(services),
});

/** The statute-change alerts: findings citing an article (across workspaces, for the detection job) and who may see one. */
export { type CitingFinding, readableFindingWhere, unscopedCitedByFindings, unscopedFindingsCiting } from './review/review-citations';
