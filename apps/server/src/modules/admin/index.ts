import { defineModule } from '../../platform/module';
import { registerAuditLogRoutes } from './audit/audit.routes';
import { registerInvitationsRoutes } from './invitations/invitations.routes';
import * as invitationTables from './invitations/invitations.table';
import { registerNoticeFileAccess } from './notices/notice-files.access';
import { registerNoticesRoutes } from './notices/notices.routes';
import * as noticeTables from './notices/notices.table';
import { seedDemoOrganization } from './organization/organization.demo-seed';
import { registerOrganizationRoutes } from './organization/organization.routes';
import * as organizationTables from './organization/organization.table';
import { registerRoleRequestsRoutes } from './role-requests/role-requests.routes';
import * as roleRequestTables from './role-requests/role-requests.table';
import { registerTermsRoutes } from './terms/terms.routes';
import * as termsTables from './terms/terms.table';
import { registerUsersRoutes } from './users/users.routes';
import * as deletionRequestTables from './workspace/deletion-requests.table';
import { scheduleWorkspacePurgeSweep, workspaceJobs } from './workspace/workspace.jobs';
import { registerWorkspaceSettingsRoutes } from './workspace/workspace.routes';

/**
 * Workspace administration (catalogue 7.10) under `/api/workspace/...`: one folder per area,
 * each with its routes, service, audit events and tests. Areas reach each other only through
 * exported service functions.
 */
export const adminModule = defineModule({
  name: 'admin',
  product: null,
  routes(app, services) {
    registerUsersRoutes(app, services);
    registerInvitationsRoutes(app, services);
    registerRoleRequestsRoutes(app, services);
    registerOrganizationRoutes(app, services);
    registerNoticesRoutes(app, services);
    registerTermsRoutes(app, services);
    registerWorkspaceSettingsRoutes(app, services);
    registerAuditLogRoutes(app, services);
  },
  jobs: workspaceJobs(),
  schedule: (services) => scheduleWorkspacePurgeSweep(services),
  attachments: registerNoticeFileAccess,
  seed: (database, config, logger) => seedDemoOrganization(database, config, logger),
  tables: { ...organizationTables, ...invitationTables, ...roleRequestTables, ...noticeTables, ...termsTables, ...deletionRequestTables },
});

// What other modules use of this one (through this file only; see docs/adding-a-service.md).
export { groupMembers, groupRoles, groups } from './organization/organization.table';
/** SQL over an outer `memberships` row: the member holds the permission through their roles or their groups' roles. */
export { holdsGrant } from './users/users.repo';
/** The workflow hub: members holding a permission (assigners, reviewers, approvers) and people by id (mail recipients). */
export { membersWithPermission, peopleByIds } from './role-requests/role-requests.repo';
