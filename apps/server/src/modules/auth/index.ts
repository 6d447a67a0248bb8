import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services';
import { registerAccountRoutes } from './account.routes';
import { registerApiKeyRoutes } from './api-keys.routes';
import { registerCredentialRoutes } from './credentials.routes';
import { registerLoginRoutes } from './login.routes';
import { registerSessionRoutes } from './session.routes';
import { registerSsoRoutes } from './sso.routes';

/** The identity module: sign-in, sessions, tenancy context, permissions (catalogue 7.9). */
export function registerAuth(app: FastifyInstance, services: AppServices) {
  registerLoginRoutes(app, services);
  registerSessionRoutes(app, services);
  registerAccountRoutes(app, services);
  registerApiKeyRoutes(app, services);
  registerCredentialRoutes(app, services);
  registerSsoRoutes(app, services);
}

export { installAuthentication } from './authenticate';
export { disableUser, userPrincipal } from './account.service';
export { type AuditEvent, type AuditEventType, type AuditMeta, auditMetaOf, recordAudit } from './audit';
export { seedDemoData } from './demo-seed';
export { hashPassword, passwordProblems } from './passwords';

// What the workspace admin console uses of accounts, sessions and tokens.
export { isLocked } from './auth.policy';
export { findUserForLogin, findWorkspaceName, listLiveSessions, revokeUserSessions } from './auth.repo';
export { setSessionCookies } from './cookies';
export { forcePasswordReset } from './credentials.service';
export { type IssuedSession, issueSession } from './sessions.service';
export { hashToken, newToken } from './tokens';
