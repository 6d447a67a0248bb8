import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as ood from './ood/ood.service';
import * as checkpoints from './playbook/checkpoints.service';
import { registerPlaybookExcelRoutes } from './playbook/playbook-excel.routes';
import * as playbook from './playbook/playbook-routes.service';
import * as standalone from './standalone/standalone.service';
import { clauseAnalysis, summarizeReview } from './review/review-extras.service';
import { exportContractDocx, exportReviewReport } from './review/review-export.service';
import * as model from './review/review-model.service';
import * as reviews from './review/review.service';
import { streamReviewProgress } from './review/review-watch.service';
import { registerReviewVersionRoutes } from './review/review-versions.routes';

/** Catalogue 7.1 (aireview): review runs, findings and decisions, the playbook, exports and the model-backed calls. */
export function registerAiReviewRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.estimateReview, ({ ctx, body }) => reviews.estimateReview(services, ctx, body));
  route(app, api.reviewContractDocument, ({ ctx, body, request }) => reviews.startReview(services, ctx, body, idempotencyKeyOf(request)));
  route(app, api.reviewContractDocumentByCache, ({ ctx, body }) => reviews.reviewByCache(services, ctx, body));
  route(app, api.getReview, ({ ctx, params }) => reviews.getReview(services, ctx, params.reviewId));
  route(app, api.watchReviewProgress, ({ ctx, params, request, reply }) => streamReviewProgress(services, ctx, params.reviewId, request, reply));
  route(app, api.listReviews, ({ ctx, query }) => reviews.listReviews(services, ctx, query));
  route(app, api.decideFinding, ({ ctx, params, body }) => reviews.decideFinding(services, ctx, params.reviewId, params.findingId, body));
  route(app, api.exportReviewedContractDocx, ({ ctx, params, reply }) => exportContractDocx(services, ctx, params.reviewId, reply));
  route(app, api.exportReviewReport, ({ ctx, params, query, reply }) => exportReviewReport(services, ctx, params.reviewId, query.format, reply));

  route(app, api.listReviewContractTypes, ({ ctx }) => playbook.listContractTypes(services, ctx));
  route(app, api.listLabelCheckpoints, ({ ctx, query }) => playbook.listLabelCheckpoints(services, ctx, query));
  route(app, api.getCheckpointStats, ({ ctx, query }) => playbook.checkpointStats(services, ctx, query.contractType));
  route(app, api.getReviewChatQuestionExamples, ({ ctx, query }) => Promise.resolve(playbook.questionExamples(ctx, query.contractType)));
  route(app, api.getReviewCodes, ({ ctx }) => Promise.resolve(playbook.reviewCodes(ctx)));

  route(app, api.createWorkspaceCheckpoint, ({ ctx, body }) => checkpoints.createCheckpoint(services, ctx, body));
  route(app, api.updateWorkspaceCheckpoint, ({ ctx, params, body }) => checkpoints.updateCheckpoint(services, ctx, params.checkpointId, body));
  route(app, api.deleteWorkspaceCheckpoint, ({ ctx, params }) => checkpoints.deleteCheckpoint(services, ctx, params.checkpointId));
  registerPlaybookExcelRoutes(app, services);

  route(app, api.listStandaloneContracts, ({ ctx, query }) => standalone.listStandalone(services, ctx, query));
  route(app, api.createStandaloneContract, ({ ctx, body }) => standalone.createStandalone(services, ctx, body));
  route(app, api.getStandaloneContract, ({ ctx, params }) => standalone.getStandalone(services, ctx, params.standaloneContractId));
  route(app, api.setStandaloneContractDocument, ({ ctx, params, body }) => standalone.setStandaloneDocument(services, ctx, params.standaloneContractId, body.fileKey));
  route(app, api.downloadStandaloneContract, ({ ctx, params, request, reply }) => standalone.downloadStandalone(services, ctx, params.standaloneContractId, request, reply));

  route(app, api.getUserOodConfig, ({ ctx }) => ood.getUserOod(services, ctx));
  route(app, api.putUserOodConfig, ({ ctx, body }) => ood.putUserOod(services, ctx, body));
  route(app, api.getWorkspaceOodConfig, ({ ctx }) => ood.getWorkspaceOod(services, ctx));
  route(app, api.superAdminGetWorkspaceOodConfig, ({ params }) => ood.superAdminGetOod(services, params.workspaceId));
  route(app, api.superAdminPutWorkspaceOodConfig, ({ ctx, params, body }) => ood.superAdminPutOod(services, ctx, params.workspaceId, body));

  route(app, api.summarizeContract, ({ ctx, body }) => summarizeReview(services, ctx, body.reviewId));
  route(app, api.reviewClauseAnalysis, ({ ctx, body }) => clauseAnalysis(services, ctx, body.reviewId, body.startOffset));
  route(app, api.editClause, ({ ctx, body }) => model.editClause(services, ctx, body));
  route(app, api.reviewChat, ({ ctx, body, reply }) => model.reviewChat(services, ctx, body, reply));
  route(app, api.translateReview, ({ ctx, body }) => model.translateReview(services, ctx, body));
  registerReviewVersionRoutes(app, services);
}
