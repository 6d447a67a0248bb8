import { pageSearchContractsV3, pageSearchContractsV4, scrollSearchContracts } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as service from './contract-search.service';

/** Contract search (7.3): page-search v3 (every keyword target), v4 (keywordTargets) and scroll-search v2. */
export function registerContractSearchRoutes(app: FastifyInstance, services: AppServices) {
  route(app, pageSearchContractsV3, ({ ctx, query, body }) => service.pageSearchContracts(services, ctx, query, body));
  route(app, pageSearchContractsV4, ({ ctx, query, body }) => service.pageSearchContracts(services, ctx, query, body));
  route(app, scrollSearchContracts, ({ ctx, body }) => service.scrollSearchContracts(services, ctx, body));
}
