import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services';
import { registerAuditLogRoutes } from './audit/audit.routes';
import { registerInvitationsRoutes } from './invitations/invitations.routes';
import { registerNoticeFileAccess } from './notices/notice-files.access';
import { registerNoticesRoutes } from './notices/notices.routes';
import { registerOrganizationRoutes } from './organization/organization.routes';
import { registerRoleRequestsRoutes } from './role-requests/role-requests.routes';
import { registerTermsRoutes } from './terms/terms.routes';
import { registerUsersRoutes } from './users/users.routes';
import { registerWorkspaceSettingsRoutes } from './workspace/workspace.routes';

/**
 * Workspace administration (catalogue 7.10) under `/api/workspace/...`: one folder per area,
 * each with its routes, service, audit events and tests. Areas reach each other only through
 * exported service functions.
 */
export function registerAdmin(app: FastifyInstance, services: AppServices) {
  registerUsersRoutes(app, services);
  registerInvitationsRoutes(app, services);
  registerRoleRequestsRoutes(app, services);
  registerOrganizationRoutes(app, services);
  registerNoticesRoutes(app, services);
  registerTermsRoutes(app, services);
  registerWorkspaceSettingsRoutes(app, services);
  registerAuditLogRoutes(app, services);
  registerNoticeFileAccess(services.attachments);
}
