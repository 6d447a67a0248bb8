import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as analytics from './workflow-analytics.service';

/** The workflow hub's dashboard (issue 18, beyond the catalogue): open items by step and age, cycle times per step. */
export function registerWorkflowAnalyticsRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.getWorkflowOpenItems, ({ ctx }) => analytics.getOpenItems(services, ctx));
  route(app, api.getWorkflowCycleTimes, ({ ctx, query }) => analytics.getCycleTimes(services, ctx, query));
}
