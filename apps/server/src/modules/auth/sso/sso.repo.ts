import { and, count, eq, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { memberships } from '../memberships.table';
import { ssoConfigs, ssoIdentities, ssoLoginStates } from './sso.table';
import { workspaces } from '../tenants.table';

type Queryable = Db | Tx;

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoLoginStateRow = typeof ssoLoginStates.$inferSelect;

export async function findSsoConfig(db: Queryable, scope: TenantScope): Promise<SsoConfigRow | null> {
  const [row] = await db.select().from(ssoConfigs).where(inScope(ssoConfigs, scope));
  return row ?? null;
}

export type SsoConfigValues = Pick<SsoConfigRow, 'issuer' | 'clientId' | 'clientSecretEnc' | 'scopes' | 'allowedDomains' | 'isEnabled'>;

/** Creates or replaces the workspace's configuration (one per workspace). */
export async function upsertSsoConfig(tx: Tx, scope: TenantScope, values: SsoConfigValues, now: Date): Promise<SsoConfigRow> {
  const [row] = await tx
    .insert(ssoConfigs)
    .values({ ...scope, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [ssoConfigs.tenantId, ssoConfigs.workspaceId], set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('sso_configs upsert returned nothing');
  return row;
}

export async function deleteSsoConfig(tx: Tx, scope: TenantScope): Promise<SsoConfigRow | null> {
  const [row] = await tx.delete(ssoConfigs).where(inScope(ssoConfigs, scope)).returning();
  return row ?? null;
}

/**
 * The workspace a sign-in names, with its configuration. The sign-in start knows only the
 * workspace name (no tenant context yet): the workspace row gives the scope.
 */
export async function findSsoTarget(db: Queryable, workspaceName: string) {
  const [workspace] = await db
    .select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(and(eq(workspaces.name, workspaceName), isNull(workspaces.deletedAt)));
  if (!workspace) return null;
  const scope: TenantScope = { tenantId: workspace.tenantId, workspaceId: workspace.workspaceId };
  const config = await findSsoConfig(db, scope);
  return config ? { scope, workspaceName: workspace.name, config } : null;
}

/** Stores an authorization request in flight, and drops the workspace's long-expired ones. */
export async function insertLoginState(tx: Tx, row: typeof ssoLoginStates.$inferInsert & TenantScope, now: Date): Promise<void> {
  await tx.delete(ssoLoginStates).where(and(inScope(ssoLoginStates, row), lt(ssoLoginStates.expiresAt, new Date(now.getTime() - 24 * 3600_000))));
  await tx.insert(ssoLoginStates).values(row);
}

export type ClaimedState = { row: SsoLoginStateRow; isExpired: boolean } | { row: null; reason: 'UNKNOWN' } | { row: null; reason: 'REPLAYED'; scope: TenantScope };

/**
 * Marks a state used, once: a second callback with it finds it consumed. Looked up by its id
 * alone (the callback comes from the provider with no tenant context); the row's own scope then
 * scopes everything after.
 */
export async function claimLoginState(db: Db, stateId: string, now: Date): Promise<ClaimedState> {
  const [row] = await db
    .update(ssoLoginStates)
    .set({ consumedAt: now })
    .where(and(eq(ssoLoginStates.id, stateId), isNull(ssoLoginStates.consumedAt)))
    .returning();
  if (row) return { row, isExpired: row.expiresAt <= now };
  const [used] = await db
    .select({ tenantId: ssoLoginStates.tenantId, workspaceId: ssoLoginStates.workspaceId })
    .from(ssoLoginStates)
    .where(eq(ssoLoginStates.id, stateId));
  return used ? { row: null, reason: 'REPLAYED', scope: used } : { row: null, reason: 'UNKNOWN' };
}

export async function findLinkedUserId(db: Queryable, issuer: string, subject: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  return row?.userId ?? null;
}

/** Links the provider's subject to the user; answers whether a new link was made. */
export async function linkIdentity(tx: Tx, input: { issuer: string; subject: string; userId: number }, now: Date): Promise<boolean> {
  const rows = await tx.insert(ssoIdentities).values({ ...input, createdAt: now }).onConflictDoNothing().returning({ id: ssoIdentities.id });
  return rows.length > 0;
}

/**
 * How many of the user's active memberships are in workspaces that do not sign in with this
 * issuer. The session an SSO sign-in opens reaches every workspace of the user, so each of them
 * must trust the issuer (a workspace admin's own provider must not open another tenant's data).
 * A deliberate read across the user's workspaces, like the security policy of auth.repo.ts.
 */
export async function countMembershipsNotTrusting(db: Queryable, userId: number, issuer: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(memberships)
    .innerJoin(workspaces, and(eq(workspaces.id, memberships.workspaceId), eq(workspaces.tenantId, memberships.tenantId), isNull(workspaces.deletedAt)))
    .leftJoin(
      ssoConfigs,
      and(eq(ssoConfigs.tenantId, memberships.tenantId), eq(ssoConfigs.workspaceId, memberships.workspaceId), eq(ssoConfigs.issuer, issuer), eq(ssoConfigs.isEnabled, true)),
    )
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE'), isNull(ssoConfigs.id)));
  return Number(row?.value ?? 0);
}
