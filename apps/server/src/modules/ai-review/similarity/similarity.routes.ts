import { findSimilarClauses, predictContractTypes, predictMostFitContractType } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as similarity from './similarity.service';

export interface SimilarityRouteOptions {
  /** The playbook's clause examples for similar-clauses (none when absent). */
  playbookClauseExamples?: similarity.PlaybookClauseExamples;
}

/** Contract-type prediction and similar clauses (7.1), answered by the built-in engine. */
export function registerSimilarityRoutes(app: FastifyInstance, services: AppServices, options: SimilarityRouteOptions = {}) {
  route(app, predictContractTypes, ({ ctx, body }) => similarity.predictContractTypes(services, ctx, body));
  route(app, predictMostFitContractType, ({ ctx, body }) => similarity.predictMostFitContractType(services, ctx, body));
  route(app, findSimilarClauses, ({ ctx, body }) => similarity.findSimilarClauses(services, ctx, body, options.playbookClauseExamples));
}
