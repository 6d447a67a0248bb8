import { ssoCallback, type SsoConfig, type SsoConfigBodySchema, type SsoConfigView, type SsoDiscoveryResult } from '@legal/api';
import type { z } from 'zod';
import type { Config } from '../../../config';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, tenantScope } from '../../../platform/http/context';
import { notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { unimpersonatedUser } from '../account.service';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { encryptSecret, requireSsoKey } from './sso.crypto';
import { testDiscovery } from './sso.oidc';
import { deleteSsoConfig, findSsoConfig, type SsoConfigRow, upsertSsoConfig } from './sso.repo';

/** Administration of a workspace's OpenID Connect provider (workspace.config.write). */

const CONFIG_PERMISSION = 'workspace.config.write';

type SsoDeps = Pick<AppServices, 'db' | 'config' | 'outbound'>;
type SsoConfigInput = z.output<typeof SsoConfigBodySchema>;

/** The address the provider redirects to; admins register it at the provider. */
export function redirectUriOf(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}${ssoCallback.path}`;
}

/** http issuers are for local providers outside production; production talks to providers over https only. */
export function allowsHttp(config: Pick<Config, 'isProduction'>): boolean {
  return !config.isProduction;
}

function assertIssuerScheme(config: Pick<Config, 'isProduction'>, issuer: string, field: string) {
  if (!allowsHttp(config) && new URL(issuer).protocol !== 'https:') throw validationError([{ field, reason: 'must use https' }]);
}

function toView(config: Pick<Config, 'publicUrl'>, row: SsoConfigRow | null): SsoConfigView {
  const view: SsoConfig | null = row
    ? {
        issuer: row.issuer,
        clientId: row.clientId,
        hasClientSecret: row.clientSecretEnc !== null,
        scopes: row.scopes,
        allowedDomains: row.allowedDomains,
        isEnabled: row.isEnabled,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }
    : null;
  return { redirectUri: redirectUriOf(config), config: view };
}

function adminScope(ctx: RequestContext) {
  requirePermission(ctx, CONFIG_PERMISSION);
  return tenantScope(ctx);
}


export async function getSsoConfigView(deps: SsoDeps, ctx: RequestContext): Promise<SsoConfigView> {
  const scope = adminScope(ctx);
  return toView(deps.config, await findSsoConfig(deps.db, scope));
}

export async function saveSsoConfig(deps: SsoDeps, ctx: RequestContext, body: SsoConfigInput): Promise<SsoConfigView> {
  const scope = adminScope(ctx);
  // Changing how members sign in is not something an impersonated session may do.
  const principal = unimpersonatedUser(ctx);
  assertIssuerScheme(deps.config, body.issuer, 'body.issuer');
  const existing = await findSsoConfig(deps.db, scope);
  // undefined keeps the stored secret, null removes it, a string replaces it (encrypted).
  const clientSecretEnc =
    body.clientSecret === undefined
      ? (existing?.clientSecretEnc ?? null)
      : body.clientSecret === null
        ? null
        : encryptSecret(requireSsoKey(deps.config), body.clientSecret, scope);
  const values = {
    issuer: body.issuer,
    clientId: body.clientId,
    clientSecretEnc,
    scopes: body.scopes.split(/\s+/).join(' '),
    allowedDomains: [...new Set(body.allowedDomains)].sort(),
    isEnabled: body.isEnabled,
  };
  const now = new Date();
  const row = await deps.db.transaction(async (tx) => {
    const saved = await upsertSsoConfig(tx, scope, values, now);
    await recordAudit(
      tx,
      {
        type: 'sso.config_saved',
        data: {
          issuer: saved.issuer, clientId: saved.clientId, scopes: saved.scopes, allowedDomains: saved.allowedDomains, isEnabled: saved.isEnabled,
          isCreated: existing === null, isSecretChanged: body.clientSecret !== undefined,
        },
      },
      { ...auditMetaOf(ctx, principal.userId), ...scope },
    );
    return saved;
  });
  return toView(deps.config, row);
}

export async function removeSsoConfig(deps: SsoDeps, ctx: RequestContext): Promise<SsoConfigView> {
  const scope = adminScope(ctx);
  // Changing how members sign in is not something an impersonated session may do.
  const principal = unimpersonatedUser(ctx);
  await deps.db.transaction(async (tx) => {
    const deleted = await deleteSsoConfig(tx, scope);
    if (!deleted) throw notFound();
    await recordAudit(tx, { type: 'sso.config_deleted', data: { issuer: deleted.issuer, clientId: deleted.clientId } }, { ...auditMetaOf(ctx, principal.userId), ...scope });
  });
  return toView(deps.config, null);
}

/**
 * Tests the issuer of the form (or, without one, the stored issuer; 404 when there is none),
 * through the guarded outbound client. An issuer the server cannot connect to, because the
 * address is refused (loopback, private, metadata...) or nothing answers there, is a 400 on
 * body.issuer with one neutral reason: no hint of which internal addresses exist or listen.
 */
export async function testSsoDiscovery(deps: SsoDeps, ctx: RequestContext, body: { issuer?: string }): Promise<SsoDiscoveryResult> {
  const scope = adminScope(ctx);
  const issuer = body.issuer ?? (await findSsoConfig(deps.db, scope))?.issuer;
  if (!issuer) throw notFound();
  assertIssuerScheme(deps.config, issuer, 'body.issuer');
  const result = await testDiscovery(issuer, allowsHttp(deps.config), deps.outbound.fetch);
  if (result.error?.code === 'UNREACHABLE') throw validationError([{ field: 'body.issuer', reason: UNREACHABLE_ISSUER }]);
  return result;
}

const UNREACHABLE_ISSUER =
  'the server cannot connect to this address: check it, or, for a provider on an internal network, ask the operator to allow it (OUTBOUND_ALLOW_HOSTS)';
