import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../platform/services';
import { registerDivisionRoutes } from './divisions.routes';
import { registerGroupRoutes } from './groups.routes';
import { registerJobItemRoutes } from './job-items.routes';
import { registerRoleRoutes } from './roles.routes';

/** The organization of a workspace: roles and permissions, groups, the division tree, job titles and positions. */
export function registerOrganizationRoutes(app: FastifyInstance, services: AppServices) {
  registerRoleRoutes(app, services);
  registerGroupRoutes(app, services);
  registerDivisionRoutes(app, services);
  registerJobItemRoutes(app, services);
}
