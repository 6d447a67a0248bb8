import { getContractStats, getContractUserConfig, listRecentlyViewedContracts, updateContractUserConfig } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as recentViews from './contract-recent-views.service';
import * as stats from './contract-stats.service';
import * as userConfig from './user-config.service';

/** How a member looks at the repository: their list settings (7.3 user-config), the home chart (7.6 contract-stats) and what they opened lately. */
export function registerContractViewRoutes(app: FastifyInstance, services: AppServices) {
  route(app, getContractUserConfig, ({ ctx }) => userConfig.getUserConfig(services, ctx));
  route(app, updateContractUserConfig, ({ ctx, body }) => userConfig.updateUserConfig(services, ctx, body));
  route(app, getContractStats, ({ ctx, query }) => stats.getContractStats(services, ctx, query));
  route(app, listRecentlyViewedContracts, ({ ctx, query }) => recentViews.listRecentlyViewedContracts(services, ctx, query));
}
