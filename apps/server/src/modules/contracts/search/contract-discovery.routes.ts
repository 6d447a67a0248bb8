import {
  downloadContractByConhubId, getContractByConhubIdV3, getContractByConhubIdV4, getRepositoryCodesV2, reindexAllContracts, reindexContractsRange,
  semanticSearchContracts, unifiedSearchCodes, unifiedSearchPage,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import { unifiedSearch } from '../../../platform/search/unified-search';
import type { AppServices } from '../../../platform/services';
import { sendContractFile } from '../exports/contract-exports.routes';
import { queueReindex } from './contract-discovery.job';
import * as service from './contract-discovery.service';
import * as unified from './contract-discovery.unified';

/** Finding contracts (7.3): semantic and unified search, repository codes, reads by conhub id, reindexing. */
export function registerContractDiscoveryRoutes(app: FastifyInstance, services: AppServices) {
  route(app, semanticSearchContracts, ({ ctx, query, body }) => service.semanticSearch(services, ctx, query, body));
  route(app, unifiedSearchPage, ({ ctx, query, body }) => unifiedSearch(services, ctx, query, body));
  route(app, unifiedSearchCodes, ({ ctx }) => unified.searchableDomains(services, ctx));
  route(app, getRepositoryCodesV2, ({ ctx }) => service.getRepositoryCodes(services, ctx));
  for (const descriptor of [getContractByConhubIdV3, getContractByConhubIdV4]) {
    route(app, descriptor, ({ ctx, query }) => service.getContractByConhubId(services, ctx, query.conhubContractId));
  }
  route(app, downloadContractByConhubId, async ({ ctx, query, reply }) =>
    sendContractFile(reply, await service.openContractFileByConhubId(services, ctx, query.conhubContractId), ctx, services),
  );
  route(app, reindexContractsRange, ({ ctx, body }) => queueReindex(services, ctx, body));
  route(app, reindexAllContracts, ({ ctx }) => queueReindex(services, ctx, {}));
}
