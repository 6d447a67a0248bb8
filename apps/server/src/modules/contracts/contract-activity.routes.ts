import { listContractActivities } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as activity from './contract-activity.service';

/** The history of a contract from the audit trail (7.6 activities/v1). */
export function registerContractActivityRoutes(app: FastifyInstance, services: AppServices) {
  route(app, listContractActivities, ({ ctx, params, query }) => activity.listContractActivities(services, ctx, params.contractId, query));
}
