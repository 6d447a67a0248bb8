import type { AnyJob } from '../../platform/jobs/jobs';
import { defineModule } from '../../platform/module';
import type { AppServices } from '../../platform/services';
import { registerAccountRoutes } from './account.routes';
import { registerApiKeyRoutes } from './api-keys/api-keys.routes';
import * as apiKeyTables from './api-keys/api-keys.table';
import { pruneIdentityJob, scheduleIdentityPrune } from './auth.jobs';
import { installAuthentication } from './authenticate';
import { registerCredentialRoutes } from './credentials/credentials.routes';
import { seedDemoData } from './demo-seed';
import { registerLoginRoutes } from './login.routes';
import * as membershipTables from './memberships.table';
import { registerSessionRoutes } from './session.routes';
import * as sessionTables from './sessions.table';
import { registerSsoRoutes } from './sso/sso.routes';
import * as ssoTables from './sso/sso.table';
import * as tenantTables from './tenants.table';
import * as userTables from './users.table';

/** The identity module: sign-in, sessions, tenancy context, permissions (catalogue 7.9). */
export const authModule = defineModule({
  name: 'auth',
  product: null,
  hooks: installAuthentication,
  routes(app, services) {
    registerLoginRoutes(app, services);
    registerSessionRoutes(app, services);
    registerAccountRoutes(app, services);
    registerApiKeyRoutes(app, services);
    registerCredentialRoutes(app, services);
    registerSsoRoutes(app, services);
  },
  jobs: [pruneIdentityJob as AnyJob<AppServices>],
  schedule: (services) => scheduleIdentityPrune(services),
  tables: { ...tenantTables, ...userTables, ...membershipTables, ...sessionTables, ...apiKeyTables, ...ssoTables },
  seed: (database, config, logger) => seedDemoData(database, config, logger),
});

export { disableUser, unimpersonatedUser, userPrincipal } from './account.service';
export { seedDemoData } from './demo-seed';
export { hashPassword, passwordProblems } from './passwords';

// What the workspace admin console uses of accounts, sessions and tokens.
export { isLocked } from './auth.policy';
export { findOrganizationName, findUserForLogin, findWorkspaceName, listLiveSessions, revokeUserSessions } from './auth.repo';
export { setSessionCookies } from './cookies';
export { forcePasswordReset } from './credentials/credentials.service';
export { type IssuedSession, issueSession } from './sessions.service';
export { hashToken, newToken } from './tokens';

// What other modules use of this one (through this file only; see docs/adding-a-service.md).
export { membershipRoles, memberships, roles } from './memberships.table';
export { users } from './users.table';
export { tenants, workspaces } from './tenants.table';
export { provisionMembership } from './provisioning';
export { userLoginTracks } from './sessions.table';
export { findMembership, memberDisplayNames } from './auth.repo';
/** A member as a request context (demo seeds, jobs acting on a member's behalf). */
export { demoSeedContext, memberRequestContext } from './member-context';
