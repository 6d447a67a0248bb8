import { analyzeContract, deleteContractClauseLabels, getContractClauseLabels } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as analysis from './contract-analysis.service';

/** Contract analysis (7.3 analyze/v3, labelClauseExtraction) and the stored clause labels. */
export function registerContractAnalysisRoutes(app: FastifyInstance, services: AppServices) {
  route(app, analyzeContract, ({ ctx, body }) => analysis.analyzeContract(services, ctx, body));
  route(app, getContractClauseLabels, ({ ctx, params }) => analysis.getContractClauseLabels(services, ctx, params.contractId));
  route(app, deleteContractClauseLabels, ({ ctx, params }) => analysis.deleteContractClauseLabels(services, ctx, params.contractId));
}
