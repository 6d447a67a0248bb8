import { randomUUID } from 'node:crypto';
import { SSO_ERROR_PARAM, SSO_LIMITS, SafeNextPathSchema, type SsoErrorCode, type SsoLoginBody } from '@legal/api';
import type { Configuration } from 'openid-client';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { findMembership, findUserById, findUserForLogin, findWorkspaceName, normalizeLoginId, workspacePolicyOf } from '../auth.repo';
import { trackLogin } from '../login-tracks';
import type { SsoFailureReason } from './sso.audit';
import { decryptSecret, ssoKeyOf } from './sso.crypto';
import { authorizationRequest, classifyExchangeError, exchangeCode, providerConfiguration, type ProviderClient, type VerifiedIdentity } from './sso.oidc';
import {
  claimLoginState, countMembershipsNotTrusting, findLinkedUserId, findSsoConfig, findSsoTarget, insertLoginState, linkIdentity,
  type SsoConfigRow, type SsoLoginStateRow,
} from './sso.repo';
import { allowsHttp, redirectUriOf } from './sso.service';
import { type IssuedSession, issueSession } from '../sessions.service';

/**
 * Single sign-on: the start (a state row with the PKCE verifier and nonce, and the provider's
 * authorization URL) and the callback (state claimed once, code exchanged, ID token validated,
 * account matched, session issued exactly like a password sign-in, with method SSO).
 */

type SsoDeps = Pick<AppServices, 'db' | 'config' | 'logger' | 'outbound'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ssoUnavailable = () =>
  new AppError('ERROR_NOT_FOUND', {
    message: { ko: '이 워크스페이스는 SSO 로그인을 사용하지 않습니다.', en: 'This workspace does not use single sign-on.' },
    data: { reason: 'SSO_NOT_AVAILABLE' },
  });

const providerUnavailable = () =>
  new AppError('ERROR_SERVICE_UNAVAILABLE', {
    message: { ko: 'SSO 제공자에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.', en: 'The sign-on provider cannot be reached. Please try again shortly.' },
    data: { reason: 'SSO_PROVIDER_UNAVAILABLE' },
  });

/** The client of a stored configuration; null when its secret cannot be read (key missing or changed). */
function providerClientOf(deps: Pick<SsoDeps, 'config' | 'outbound'>, row: SsoConfigRow): ProviderClient | null {
  let clientSecret: string | null = null;
  if (row.clientSecretEnc !== null) {
    const key = ssoKeyOf(deps.config);
    clientSecret = key ? decryptSecret(key, row.clientSecretEnc, row) : null;
    if (clientSecret === null) return null;
  }
  return { issuer: row.issuer, clientId: row.clientId, clientSecret, allowHttp: allowsHttp(deps.config), fetch: deps.outbound.fetch };
}

async function configurationOf(deps: SsoDeps, row: SsoConfigRow): Promise<Configuration | null> {
  const client = providerClientOf(deps, row);
  if (!client) {
    deps.logger.error({ tenantId: row.tenantId, workspaceId: row.workspaceId }, 'SSO client secret cannot be decrypted (SSO_SECRET_KEY missing or changed)');
    return null;
  }
  try {
    return await providerConfiguration(client);
  } catch (err) {
    deps.logger.warn({ err, issuer: row.issuer }, 'SSO provider discovery failed');
    return null;
  }
}

/** Starts a sign-in with the named workspace's provider; 404 when it has no enabled SSO. */
export async function startSsoLogin(deps: SsoDeps, body: SsoLoginBody): Promise<{ authorizationUrl: string; stateId: string }> {
  const target = await findSsoTarget(deps.db, body.workspaceName);
  if (!target || !target.config.isEnabled) throw ssoUnavailable();
  const configuration = await configurationOf(deps, target.config);
  if (!configuration) throw providerUnavailable();
  const stateId = randomUUID();
  const redirectUri = redirectUriOf(deps.config);
  const request = await authorizationRequest(configuration, { redirectUri, scope: target.config.scopes, state: stateId });
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await insertLoginState(
      tx,
      {
        id: stateId,
        ...target.scope,
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
        redirectUri,
        nextPath: body.next ?? null,
        expiresAt: new Date(now.getTime() + SSO_LIMITS.loginStateMinutes * 60_000),
        createdAt: now,
      },
      now,
    );
  });
  return { authorizationUrl: request.url, stateId };
}

export interface SsoCallbackInput {
  /** The query of the provider's redirect, as received. */
  query: Record<string, unknown>;
  /** The raw query string, for the code exchange (it checks every parameter the provider sent). */
  search: string;
  /** The state the browser that started the sign-in holds (cookie): binds the callback to it. */
  boundState: string | undefined;
}

export type SsoCallbackOutcome = { location: string; session: IssuedSession } | { location: string; session: null };

class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    readonly reason: SsoFailureReason,
    readonly detail: string | null = null,
    readonly user: { id: number; loginId: string } | null = null,
  ) {
    super(reason);
  }
}

const failureLocation = (code: SsoErrorCode) => `/sign-in?${SSO_ERROR_PARAM}=${code}`;

function firstString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** Where the browser goes: the start's `next` (a path of this site), else the workspace's home. */
function successLocation(state: SsoLoginStateRow, workspaceName: string | null): string {
  if (state.nextPath && SafeNextPathSchema.safeParse(state.nextPath).success) return state.nextPath;
  return workspaceName ? `/${encodeURIComponent(workspaceName)}` : '/';
}

/**
 * Completes a sign-in at the provider's redirect. Never throws for anything the provider, the
 * browser or the data did: every failure is audited (sso.failed) and answered as a redirect to
 * the sign-in page with an sso_error code.
 */
export async function completeSsoLogin(deps: SsoDeps, ctx: RequestContext, input: SsoCallbackInput): Promise<SsoCallbackOutcome> {
  const now = new Date();
  const stateId = firstString(input.query.state);
  let scope: TenantScope | null = null;
  let issuer: string | null = null;
  try {
    if (!stateId || !UUID.test(stateId)) throw new SsoFailure('INVALID_STATE', 'INVALID_STATE', 'MISSING');
    const claimed = await claimLoginState(deps.db, stateId, now);
    if (!claimed.row) {
      if (claimed.reason === 'REPLAYED') scope = claimed.scope;
      throw new SsoFailure('INVALID_STATE', 'INVALID_STATE', claimed.reason);
    }
    const state = claimed.row;
    scope = { tenantId: state.tenantId, workspaceId: state.workspaceId };
    if (input.boundState !== state.id) throw new SsoFailure('INVALID_STATE', 'STATE_MISMATCH');
    if (claimed.isExpired) throw new SsoFailure('EXPIRED_STATE', 'EXPIRED_STATE');

    const config = await findSsoConfig(deps.db, scope);
    if (!config || !config.isEnabled) throw new SsoFailure('SSO_DISABLED', 'SSO_DISABLED');
    issuer = config.issuer;
    const configuration = await configurationOf(deps, config);
    if (!configuration) throw new SsoFailure('PROVIDER_ERROR', 'PROVIDER_ERROR', 'CONFIGURATION');

    const currentUrl = new URL(state.redirectUri);
    currentUrl.search = input.search;
    let identity: VerifiedIdentity;
    try {
      identity = await exchangeCode(configuration, currentUrl, { state: state.id, nonce: state.nonce, codeVerifier: state.codeVerifier });
    } catch (err) {
      const failure = classifyExchangeError(err);
      throw new SsoFailure(failure.code, failure.code, failure.detail);
    }

    const user = await matchAccount(deps, scope, config, identity);
    const session = await signIn(deps, ctx, scope, identity, user, now);
    return { location: successLocation(state, await findWorkspaceName(deps.db, scope)), session };
  } catch (err) {
    const failure = err instanceof SsoFailure ? err : new SsoFailure('SERVER_ERROR', 'SERVER_ERROR');
    if (!(err instanceof SsoFailure)) deps.logger.error({ err }, 'SSO callback failed unexpectedly');
    await recordFailure(deps, ctx, { scope, issuer, failure }, now).catch((auditErr: unknown) => deps.logger.error({ err: auditErr }, 'SSO failure audit failed'));
    return { location: failureLocation(failure.code), session: null };
  }
}

/**
 * The account the provider vouches for: the one linked to (issuer, subject), else the one whose
 * login id is the verified e-mail. It must be active, an active member of the workspace, not a
 * super admin, and every workspace it belongs to must sign in with this issuer too.
 */
async function matchAccount(deps: SsoDeps, scope: TenantScope, config: SsoConfigRow, identity: VerifiedIdentity) {
  const linkedUserId = await findLinkedUserId(deps.db, identity.issuer, identity.subject);
  const email = identity.email ? normalizeLoginId(identity.email) : null;
  if (linkedUserId === null) {
    if (!email) throw new SsoFailure('EMAIL_MISSING', 'EMAIL_MISSING');
    if (identity.isEmailVerified === false) throw new SsoFailure('EMAIL_UNVERIFIED', 'EMAIL_UNVERIFIED', email.slice(0, 320));
  }
  if (config.allowedDomains.length > 0) {
    const domain = email?.split('@').pop() ?? '';
    if (!config.allowedDomains.includes(domain)) throw new SsoFailure('DOMAIN_NOT_ALLOWED', 'DOMAIN_NOT_ALLOWED', domain.slice(0, 253) || null);
  }
  const user = linkedUserId !== null ? await findUserById(deps.db, linkedUserId) : await findUserForLogin(deps.db, email as string);
  if (!user) throw new SsoFailure('NO_ACCOUNT', 'UNKNOWN_EMAIL', email);
  const known = { id: user.id, loginId: user.loginId };
  if (user.status !== 'ACTIVE') throw new SsoFailure('NO_ACCOUNT', 'USER_DISABLED', null, known);
  if (!(await findMembership(deps.db, scope, user.id))) throw new SsoFailure('NO_ACCOUNT', 'NOT_MEMBER', null, known);
  if (user.isSuperAdmin) throw new SsoFailure('ACCOUNT_NOT_ELIGIBLE', 'ACCOUNT_NOT_ELIGIBLE', 'SUPER_ADMIN', known);
  if ((await countMembershipsNotTrusting(deps.db, user.id, config.issuer)) > 0) {
    throw new SsoFailure('ACCOUNT_NOT_ELIGIBLE', 'ACCOUNT_NOT_ELIGIBLE', 'OTHER_WORKSPACES', known);
  }
  return { ...known, linked: linkedUserId !== null };
}

/** Links the identity (first time) and issues the session, under the user's session policy. */
async function signIn(deps: SsoDeps, ctx: RequestContext, scope: TenantScope, identity: VerifiedIdentity, user: { id: number; loginId: string; linked: boolean }, now: Date) {
  const policy = await workspacePolicyOf(deps.db, user.id);
  return deps.db.transaction(async (tx) => {
    const meta = { ...auditMetaOf(ctx, user.id), ...scope };
    if (!user.linked && (await linkIdentity(tx, { issuer: identity.issuer, subject: identity.subject, userId: user.id }, now))) {
      await recordAudit(tx, { type: 'sso.identity_linked', data: { issuer: identity.issuer, subject: identity.subject } }, meta);
    }
    const session = await issueSession(tx, { userId: user.id, kind: 'USER', method: 'SSO', idleTimeoutSeconds: policy.idleMinutes ? policy.idleMinutes * 60 : undefined }, ctx, now);
    await trackLogin(tx, { userId: user.id, loginId: user.loginId, method: 'SSO', result: 'SUCCESS' }, ctx, now);
    await recordAudit(tx, { type: 'session.signed_in', data: { sessionId: session.sessionId, method: 'SSO', isSuperAdmin: false, issuer: identity.issuer } }, meta);
    return session;
  });
}

async function recordFailure(deps: SsoDeps, ctx: RequestContext, input: { scope: TenantScope | null; issuer: string | null; failure: SsoFailure }, now: Date) {
  const { failure } = input;
  await deps.db.transaction(async (tx) => {
    if (failure.user) await trackLogin(tx, { userId: failure.user.id, loginId: failure.user.loginId, method: 'SSO', result: 'FAILED' }, ctx, now);
    await recordAudit(
      tx,
      { type: 'sso.failed', data: { reason: failure.reason, issuer: input.issuer, detail: failure.detail } },
      { ...auditMetaOf(ctx, null, failure.user?.id ?? null), tenantId: input.scope?.tenantId ?? null, workspaceId: input.scope?.workspaceId ?? null },
    );
  });
}
