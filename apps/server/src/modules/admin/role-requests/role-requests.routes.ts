import {
  approveRoleRequest, cancelRoleRequest, createRoleRequest, getRoleRequestFormOptions, listMyRoleRequests, listRoleRequests, rejectRoleRequest,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as service from './role-requests.service';

/** Role requests (catalogue 7.10): members ask for roles, approvers (workspace.role.write) decide. */
export function registerRoleRequestsRoutes(app: FastifyInstance, services: AppServices) {
  route(app, createRoleRequest, ({ ctx, body }) => service.createRoleRequest(services, ctx, body));
  route(app, listMyRoleRequests, ({ ctx, query }) => service.listMyRoleRequests(services, ctx, query));
  route(app, getRoleRequestFormOptions, ({ ctx }) => service.getFormOptions(services, ctx));
  route(app, cancelRoleRequest, ({ ctx, params }) => service.cancelRoleRequest(services, ctx, params.roleRequestId));

  route(app, listRoleRequests, ({ ctx, query }) => service.listRoleRequests(services, ctx, query));
  route(app, approveRoleRequest, ({ ctx, params, body }) => service.approveRoleRequest(services, ctx, params.roleRequestId, body.comment));
  route(app, rejectRoleRequest, ({ ctx, params, body }) => service.rejectRoleRequest(services, ctx, params.roleRequestId, body.comment));
}
