import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { sendWorkbook } from '../../platform/export/xlsx';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as lists from './workflow-lists.service';
import * as pickers from './workflow-pickers.service';

/** Catalogue 7.6 "what waits on me": the to-do, assignment lists and counts, listings, requests (and their Excel), approvals, pickers. */
export function registerWorkflowListRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.getHomeTodo, ({ ctx }) => lists.getHomeTodo(services, ctx));

  route(app, api.listToBeAssignedV1, ({ ctx, query }) => lists.listToBeAssigned(services, ctx, query));
  route(app, api.listToBeAssignedV2, ({ ctx, query }) => lists.listToBeAssigned(services, ctx, query));
  route(app, api.countAssignmentsByMember, ({ ctx }) => lists.countAssignmentsByMember(services, ctx));
  route(app, api.countAssignmentsByStep, ({ ctx }) => lists.countAssignmentsByStep(services, ctx));

  route(app, api.listWorkflowProcesses, ({ ctx, query }) => lists.listWorkflowProcesses(services, ctx, query));
  route(app, api.listMyRequestsV1, ({ ctx, query }) => lists.listRequests(services, ctx, 'mine', query));
  route(app, api.listMyRequestsV2, ({ ctx, query }) => lists.listRequests(services, ctx, 'mine', query));
  route(app, api.listGroupRequestsV1, ({ ctx, query }) => lists.listRequests(services, ctx, 'groups', query));
  route(app, api.listGroupRequestsV2, ({ ctx, query }) => lists.listRequests(services, ctx, 'groups', query));

  const downloads = [
    [api.downloadMyRequestsV1, 'mine'],
    [api.downloadMyRequestsV2, 'mine'],
    [api.downloadGroupRequestsV1, 'groups'],
    [api.downloadGroupRequestsV2, 'groups'],
  ] as const;
  for (const [descriptor, which] of downloads) {
    route(
      app,
      descriptor,
      async ({ ctx, query, reply }) => sendWorkbook(reply, await lists.prepareRequestsWorkbook(services, ctx, which, query), { logger: services.logger, requestId: ctx.requestId, what: 'requests export' }),
      { rateLimit: { max: 10, timeWindow: '1 minute' } },
    );
  }

  route(app, api.listApprovals, ({ ctx, query }) => lists.listApprovals(services, ctx, query));

  route(app, api.listUsersWithDivisions, ({ ctx, query }) => pickers.listUsersWithDivisions(services, ctx, query));
  route(app, api.listMyGroups, ({ ctx, query }) => pickers.listMyGroups(services, ctx, query));
  route(app, api.listMyAuthorizedGroups, ({ ctx, query }) => pickers.listMyAuthorizedGroups(services, ctx, query));
}
