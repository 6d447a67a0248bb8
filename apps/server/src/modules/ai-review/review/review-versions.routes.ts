import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeyOf } from '../../../platform/http/idempotency-key';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as checkpoints from '../playbook/checkpoints.service';
import * as playbook from '../playbook/playbook-routes.service';
import { workspaceContractTypes } from '../playbook/workspace-contract-types.service';
import { confirmChatQuery } from './review-chat-confirm.service';
import { clauseAnalysis } from './review-extras.service';
import { reviewContractFile } from './review-file.service';
import * as model from './review-model.service';
import * as reviews from './review.service';

/**
 * The rest of catalogue 7.1: earlier versions answering exactly as the current one (one handler
 * each), upload-and-review, review against chosen checkpoints, chat query confirmation and the
 * workspace's contract types.
 */
export function registerReviewVersionRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.reviewContractDocumentV4, ({ ctx, body, request }) => reviews.startReview(services, ctx, body, idempotencyKeyOf(request)));
  route(app, api.reviewContractDocumentByCacheV2, ({ ctx, body }) => reviews.reviewByCache(services, ctx, body));
  route(app, api.listLabelCheckpointsV1, ({ ctx, query }) => playbook.listLabelCheckpoints(services, ctx, query));
  route(app, api.listReviewContractTypesV1, ({ ctx }) => playbook.listContractTypes(services, ctx));
  for (const descriptor of [api.editClauseV1, api.editClauseV2]) route(app, descriptor, ({ ctx, body }) => model.editClause(services, ctx, body));
  route(app, api.reviewChatV1, ({ ctx, body, reply }) => model.reviewChat(services, ctx, body, reply));
  route(app, api.reviewClauseAnalysisV1, ({ ctx, body }) => clauseAnalysis(services, ctx, body.reviewId, body.startOffset));
  route(app, api.createWorkspaceCheckpointV4, ({ ctx, body }) => checkpoints.createCheckpoint(services, ctx, body));

  route(app, api.reviewContractFile, ({ ctx, request }) => reviewContractFile(services, ctx, request, { allowStandalone: false }));
  route(app, api.reviewContractFileV2, ({ ctx, request }) => reviewContractFile(services, ctx, request, { allowStandalone: true }));
  route(app, api.reviewContractByPlaybook, ({ ctx, body, request }) => reviews.startReview(services, ctx, body, idempotencyKeyOf(request), body.checkpointIds));
  route(app, api.reviewChatQueryConfirm, ({ ctx, body }) => confirmChatQuery(services, ctx, body));
  route(app, api.listWorkspaceContractTypesV4, async ({ ctx }) => (await workspaceContractTypes(services, ctx)).map(({ code, name }) => ({ code, name })));
  route(app, api.listWorkspaceContractTypesV5, ({ ctx }) => workspaceContractTypes(services, ctx));
}
