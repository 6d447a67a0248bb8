import { createGroup, deleteGroup, getGroup, listGroups, setGroupMembers, setGroupRoles, updateGroup } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { tenantScope } from '../../../platform/http/context';
import { route } from '../../../platform/http/route';
import * as service from './groups.service';
import type { Services } from './organization.common';

/** Groups, their members and the roles they give. */
export function registerGroupRoutes(app: FastifyInstance, services: Services) {
  route(app, listGroups, ({ ctx, query }) => service.listGroups(services, tenantScope(ctx), query));
  route(app, getGroup, ({ ctx, params }) => service.getGroup(services, tenantScope(ctx), params.groupId));
  route(app, createGroup, ({ ctx, body }) => service.createGroup(services, ctx, tenantScope(ctx), body));
  route(app, updateGroup, ({ ctx, params, body }) => service.updateGroup(services, ctx, tenantScope(ctx), params.groupId, body));
  route(app, deleteGroup, ({ ctx, params }) => service.deleteGroup(services, ctx, tenantScope(ctx), params.groupId));
  route(app, setGroupMembers, ({ ctx, params, body }) => service.setGroupMembers(services, ctx, tenantScope(ctx), params.groupId, body.userIds));
  route(app, setGroupRoles, ({ ctx, params, body }) => service.setGroupRoles(services, ctx, tenantScope(ctx), params.groupId, body.roleIds));
}
