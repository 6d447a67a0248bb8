import {
  createRole, deleteRole, getPermissionCatalogue, getRole, getRoleMatrix, listRoles, permissionCatalogue, setRoleMembers, updateRole, updateRoleMatrix,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { tenantScope } from '../../../platform/http/context';
import { route } from '../../../platform/http/route';
import type { Services } from './organization.common';
import * as service from './roles.service';

/** Roles, their members and the permission matrix. */
export function registerRoleRoutes(app: FastifyInstance, services: Services) {
  route(app, getPermissionCatalogue, async () => permissionCatalogue());
  route(app, listRoles, ({ ctx, query }) => service.listRoles(services, ctx, tenantScope(ctx), query));
  route(app, getRoleMatrix, ({ ctx }) => service.getRoleMatrix(services, tenantScope(ctx)));
  route(app, updateRoleMatrix, ({ ctx, body }) => service.updateRoleMatrix(services, ctx, tenantScope(ctx), body));
  route(app, getRole, ({ ctx, params }) => service.getRole(services, ctx, tenantScope(ctx), params.roleId));
  route(app, createRole, ({ ctx, body }) => service.createRole(services, ctx, tenantScope(ctx), body));
  route(app, updateRole, ({ ctx, params, body }) => service.updateRole(services, ctx, tenantScope(ctx), params.roleId, body));
  route(app, deleteRole, ({ ctx, params }) => service.deleteRole(services, ctx, tenantScope(ctx), params.roleId));
  route(app, setRoleMembers, ({ ctx, params, body }) => service.setRoleMembers(services, ctx, tenantScope(ctx), params.roleId, body.userIds));
}
