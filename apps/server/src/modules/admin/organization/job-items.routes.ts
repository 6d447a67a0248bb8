import { type JobItemRoutes, jobPositionRoutes, jobTitleRoutes } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { tenantScope } from '../../../platform/http/context';
import { route } from '../../../platform/http/route';
import { JOB_POSITION, JOB_TITLE, type JobItemKind } from './job-items.repo';
import * as service from './job-items.service';
import type { Services } from './organization.common';

/** The item id in the validated path parameters (zod's inferred object type hides that `param` indexes it). */
const itemId = (params: unknown, param: string) => (params as Record<string, number>)[param]!;

/** The routes of one ordered list, whose item id is the path parameter `param`. */
function registerJobItemList<P extends string>(app: FastifyInstance, services: Services, routes: JobItemRoutes<P>, kind: JobItemKind, param: P) {
  route(app, routes.list, ({ ctx, query }) => service.listJobItems(services, kind, tenantScope(ctx), query));
  route(app, routes.create, ({ ctx, body }) => service.createJobItem(services, kind, ctx, tenantScope(ctx), body.name));
  route(app, routes.reorder, ({ ctx, body }) => service.reorderJobItems(services, kind, ctx, tenantScope(ctx), body.orderedIds));
  route(app, routes.rename, ({ ctx, params, body }) => service.renameJobItem(services, kind, ctx, tenantScope(ctx), itemId(params, param), body.name));
  route(app, routes.remove, ({ ctx, params, query }) => service.deleteJobItem(services, kind, ctx, tenantScope(ctx), itemId(params, param), query.clearFromMembers ?? false));
}

/** Job titles (직책) and job positions (직위). */
export function registerJobItemRoutes(app: FastifyInstance, services: Services) {
  registerJobItemList(app, services, jobTitleRoutes, JOB_TITLE, 'jobTitleId');
  registerJobItemList(app, services, jobPositionRoutes, JOB_POSITION, 'jobPositionId');
}
