import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as hub from './contract-search.service';

/** Catalogue 7.6 "Dashboard and search" and "Listings": the contract search, the contracts to be executed, my related contracts. */
export function registerContractSearchRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.searchHubContractsV1, ({ ctx, query }) => hub.searchHubContracts(services, ctx, query, { keyword: query.keyword }));
  route(app, api.searchHubContractsV2, ({ ctx, query }) => hub.searchHubContracts(services, ctx, query, hub.hubFilterOf(query)));
  route(app, api.searchToBeExecutedV1, ({ ctx, query }) => hub.searchToBeExecuted(services, ctx, query, { keyword: query.keyword }));
  route(app, api.searchToBeExecutedV2, ({ ctx, query }) => hub.searchToBeExecuted(services, ctx, query, hub.hubFilterOf(query)));
  route(app, api.listMyRelatedContracts, ({ ctx, query }) => hub.listMyRelatedContracts(services, ctx, query));
}
