import {
  deactivateUser, forceUserPasswordReset, getUser, getUserOptions, listUsers, listUsersByRole, reactivateUser, setUserRoles, unlockUser, updateUser,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as service from './users.service';

const asArray = <T>(v: T | T[] | undefined): T[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

/** Workspace users (catalogue 7.10) and the role-filtered user lists (catalogue 6) under /api/workspace/users. */
export function registerUsersRoutes(app: FastifyInstance, services: AppServices) {
  route(app, listUsers, ({ ctx, query }) =>
    service.listUsers(services, ctx, {
      page: query.page,
      size: query.size,
      sort: query.sort,
      keyword: query.keyword,
      status: query.status,
      roleIds: asArray(query.roleIds),
      groupIds: asArray(query.groupIds),
      divisionId: query.divisionId,
      jobTitleIds: asArray(query.jobTitleIds),
    }),
  );
  route(app, getUserOptions, ({ ctx }) => service.getUserOptions(services, ctx));
  route(app, listUsersByRole, ({ ctx, params, query }) => service.listUsersByRole(services, ctx, params.kind, query));
  route(app, getUser, ({ ctx, params }) => service.getUser(services, ctx, params.userId));
  route(app, updateUser, ({ ctx, params, body }) => service.updateUser(services, ctx, params.userId, body));
  route(app, setUserRoles, ({ ctx, params, body }) => service.setUserRoles(services, ctx, params.userId, body.roleIds));
  route(app, deactivateUser, ({ ctx, params }) => service.deactivateUser(services, ctx, params.userId));
  route(app, reactivateUser, ({ ctx, params }) => service.reactivateUser(services, ctx, params.userId));
  route(app, unlockUser, ({ ctx, params }) => service.unlockUser(services, ctx, params.userId));
  route(app, forceUserPasswordReset, ({ ctx, params }) => service.forceUserPasswordReset(services, ctx, params.userId));
}
