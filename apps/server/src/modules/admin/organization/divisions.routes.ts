import {
  createDivision, deleteDivision, listDivisionMembers, listDivisionTree, moveDivision, renameDivision, reorderDivisions, setDivisionMembers,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { tenantScope } from '../../../platform/http/context';
import { route } from '../../../platform/http/route';
import * as service from './divisions.service';
import type { Services } from './organization.common';

/** The division tree and who belongs where. */
export function registerDivisionRoutes(app: FastifyInstance, services: Services) {
  route(app, listDivisionTree, ({ ctx }) => service.listDivisionTree(services, tenantScope(ctx)));
  route(app, createDivision, ({ ctx, body }) => service.createDivision(services, ctx, tenantScope(ctx), body));
  route(app, reorderDivisions, ({ ctx, body }) => service.reorderDivisions(services, ctx, tenantScope(ctx), body));
  route(app, renameDivision, ({ ctx, params, body }) => service.renameDivision(services, ctx, tenantScope(ctx), params.divisionId, body.name));
  route(app, moveDivision, ({ ctx, params, body }) => service.moveDivision(services, ctx, tenantScope(ctx), params.divisionId, body.parentId));
  route(app, deleteDivision, ({ ctx, params, query }) => service.deleteDivision(services, ctx, tenantScope(ctx), params.divisionId, query.moveMembersTo));
  route(app, listDivisionMembers, ({ ctx, params, query }) => service.listDivisionMembers(services, tenantScope(ctx), params.divisionId, query));
  route(app, setDivisionMembers, ({ ctx, params, body }) => service.setDivisionMembers(services, ctx, tenantScope(ctx), params.divisionId, body.userIds));
}
