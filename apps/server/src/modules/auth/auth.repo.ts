import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ProductType } from '@legal/api';
import { type Db, executorOf, type SqlExecutor, type Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { memberships } from './memberships.table';
import { sessions, userLoginTracks } from './sessions.table';
import { tenants, workspaces } from './tenants.table';
import { superAdmins, users } from './users.table';

type Queryable = Db | Tx;

export function normalizeLoginId(loginId: string): string {
  return loginId.trim().toLowerCase();
}

const isSuperAdminColumn = sql<boolean>`(${superAdmins.userId} IS NOT NULL)`;

/** The account behind a login id, with whether it may use the super-admin login. */
export async function findUserForLogin(db: Queryable, loginId: string) {
  const [row] = await db
    .select({ user: users, isSuperAdmin: isSuperAdminColumn })
    .from(users)
    .leftJoin(superAdmins, eq(superAdmins.userId, users.id))
    .where(eq(users.loginId, normalizeLoginId(loginId)));
  return row ? { ...row.user, isSuperAdmin: row.isSuperAdmin } : null;
}

export type LoginUser = NonNullable<Awaited<ReturnType<typeof findUserForLogin>>>;

export async function findUserById(db: Queryable, userId: number) {
  const [row] = await db
    .select({ user: users, isSuperAdmin: isSuperAdminColumn })
    .from(users)
    .leftJoin(superAdmins, eq(superAdmins.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { ...row.user, isSuperAdmin: row.isSuperAdmin } : null;
}

/** The strictest security policy over the user's workspaces: two-factor, idle timeout, password age. */
export async function workspacePolicyOf(db: Queryable, userId: number) {
  const [row] = await db
    .select({
      isTwoFactorRequired: sql<boolean>`coalesce(bool_or(${workspaces.isTwoFactorRequired}), false)`,
      idleMinutes: sql<number | null>`min(${workspaces.sessionIdleMinutes})`,
      passwordMaxAgeDays: sql<number | null>`min(${workspaces.passwordMaxAgeDays})`,
    })
    .from(memberships)
    .innerJoin(workspaces, and(eq(workspaces.id, memberships.workspaceId), eq(workspaces.tenantId, memberships.tenantId), isNull(workspaces.deletedAt)))
    .innerJoin(tenants, eq(tenants.id, workspaces.tenantId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE')));
  const num = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return { isTwoFactorRequired: row?.isTwoFactorRequired ?? false, idleMinutes: num(row?.idleMinutes), passwordMaxAgeDays: num(row?.passwordMaxAgeDays) };
}

export interface SessionLookup {
  id: string;
  userId: number;
  kind: 'USER' | 'SUPER_ADMIN';
  accessExpiresAt: Date;
  absoluteExpiresAt: Date;
  lastSeenAt: Date;
  idleTimeoutSeconds: number;
  revokedAt: Date | null;
  userStatus: 'ACTIVE' | 'DISABLED';
  isSuperAdmin: boolean;
  impersonatorUserId: number | null;
  /** The user's password expiry: an expired password confines the session (authenticate.ts). */
  passwordExpiresAt: Date | null;
  /** Asked for with a scope: the user's membership there (null: none). */
  membership?: Membership | null;
}

/** The membership of user `user` in workspace (`tenant`, `workspace`) as findMembership reads it; placeholders or column names in. */
function membershipSql(tenant: string, workspace: string, user: string): string {
  return `SELECT m.id, array(
              SELECT unnest(r.permissions) FROM membership_roles mr
                JOIN roles r ON r.tenant_id = ${tenant} AND r.workspace_id = ${workspace} AND r.id = mr.role_id
               WHERE mr.tenant_id = ${tenant} AND mr.workspace_id = ${workspace} AND mr.membership_id = m.id
              UNION
              SELECT unnest(r.permissions) FROM group_members gm
                JOIN group_roles gr ON gr.tenant_id = ${tenant} AND gr.workspace_id = ${workspace} AND gr.group_id = gm.group_id
                JOIN roles r ON r.tenant_id = ${tenant} AND r.workspace_id = ${workspace} AND r.id = gr.role_id
               WHERE gm.tenant_id = ${tenant} AND gm.workspace_id = ${workspace} AND gm.membership_id = m.id
            ) AS permissions, w.products
       FROM memberships m
       JOIN workspaces w ON w.id = m.workspace_id AND w.tenant_id = m.tenant_id AND w.deleted_at IS NULL
      WHERE m.tenant_id = ${tenant} AND m.workspace_id = ${workspace} AND m.user_id = ${user} AND m.status = 'ACTIVE'`;
}

export interface Membership {
  id: number;
  permissions: Set<string>;
  products: Set<ProductType>;
}

const membershipOf = (id: unknown, permissions: string[], products: string[]): Membership => ({
  id: Number(id),
  permissions: new Set(permissions),
  products: new Set(products as ProductType[]),
});

/**
 * The session behind an access-token hash, with what the authentication hook checks: one
 * indexed query per authenticated request. Hand-written SQL on the raw executor because it
 * runs on every request: the query builder and its row mapping cost ~0.5 ms more on PGlite
 * (measured: 1.0 ms vs 0.5 ms per lookup). Columns as in sessions.table.ts / users.table.ts.
 *
 * With `scope` (a workspace request) it also reads the session user's membership there, as
 * findMembership would (`membership`: null when there is none), so that the access check of the
 * request costs no second statement.
 */
export async function findSessionByAccessHash(executor: SqlExecutor, accessTokenHash: string, scope?: TenantScope): Promise<SessionLookup | null> {
  const { rows } = await executor.executeSql(
    `SELECT s.id, s.user_id, s.kind, s.access_expires_at, s.absolute_expires_at, s.last_seen_at, s.idle_timeout_seconds,
            s.revoked_at, s.impersonator_user_id, u.status, u.password_expires_at, (sa.user_id IS NOT NULL) AS is_super_admin${
              scope ? ', mem.id AS membership_id, mem.permissions AS membership_permissions, mem.products AS membership_products' : ''
            }
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN super_admins sa ON sa.user_id = s.user_id${scope ? `
       LEFT JOIN LATERAL (${membershipSql('$2', '$3', 's.user_id')}) mem ON true` : ''}
      WHERE s.access_token_hash = $1`,
    scope ? [accessTokenHash, scope.tenantId, scope.workspaceId] : [accessTokenHash],
  );
  const row = rows[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    id: String(row.id),
    userId: Number(row.user_id),
    kind: row.kind as SessionLookup['kind'],
    accessExpiresAt: date(row.access_expires_at),
    absoluteExpiresAt: date(row.absolute_expires_at),
    lastSeenAt: date(row.last_seen_at),
    idleTimeoutSeconds: Number(row.idle_timeout_seconds),
    revokedAt: row.revoked_at === null || row.revoked_at === undefined ? null : date(row.revoked_at),
    userStatus: row.status as SessionLookup['userStatus'],
    isSuperAdmin: row.is_super_admin === true,
    impersonatorUserId: row.impersonator_user_id === null || row.impersonator_user_id === undefined ? null : Number(row.impersonator_user_id),
    passwordExpiresAt: row.password_expires_at === null || row.password_expires_at === undefined ? null : date(row.password_expires_at),
    ...(scope
      ? {
          membership: row.membership_id === null || row.membership_id === undefined
            ? null
            : membershipOf(row.membership_id, row.membership_permissions as string[], row.membership_products as string[]),
        }
      : {}),
  };
}

/**
 * The caller's active membership in a workspace that still exists, with the union of the
 * permissions of its roles and of the roles of its groups, and the workspace's products. Null when there is none (a
 * deactivated member, a purged workspace): the access check answers 403. One round trip, and
 * hand-written SQL like findSessionByAccessHash because it runs on every workspace request:
 * building it with the query builder cost more than running it. Columns as in
 * memberships.table.ts and organization.table.ts.
 */
export async function findMembership(db: Queryable, scope: TenantScope, userId: number): Promise<Membership | null> {
  const { rows } = await executorOf(db).executeSql(membershipSql('$1', '$2', '$3'), [scope.tenantId, scope.workspaceId, userId]);
  const row = rows[0] as { id: unknown; permissions: string[]; products: string[] } | undefined;
  return row ? membershipOf(row.id, row.permissions, row.products) : null;
}

/** One launcher entry per membership, in workspace order. */
export async function listLauncherEntries(db: Queryable, userId: number) {
  return db
    .select({
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      workspaceMemo: workspaces.memo,
      tenantId: workspaces.tenantId,
      organizationName: tenants.name,
      organizationNameEn: tenants.nameEn,
      subscriptionStatus: workspaces.subscriptionStatus,
      userId: memberships.userId,
      displayName: memberships.displayName,
      jobPositionName: memberships.jobPositionName,
      divisionName: memberships.divisionName,
      jobTitleName: memberships.jobTitleName,
      products: workspaces.products,
    })
    .from(memberships)
    .innerJoin(workspaces, and(eq(workspaces.id, memberships.workspaceId), eq(workspaces.tenantId, memberships.tenantId), isNull(workspaces.deletedAt)))
    .innerJoin(tenants, eq(tenants.id, workspaces.tenantId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE')))
    .orderBy(workspaces.id);
}

/** The name of the scope's workspace (the address of the web app's pages), or null when it is gone. */
export async function findWorkspaceName(db: Queryable, scope: TenantScope): Promise<string | null> {
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(and(eq(workspaces.id, scope.workspaceId), eq(workspaces.tenantId, scope.tenantId)));
  return row?.name ?? null;
}

/**
 * The organisation's name as people outside it should read it (e-sign mails, the signer page, the
 * signed PDF's certificate): the tenant's name, in English where one is set and wanted. Not the
 * workspace's name, which is a URL slug.
 */
export async function findOrganizationName(db: Queryable, scope: TenantScope, locale: 'ko' | 'en'): Promise<string | null> {
  const [row] = await db
    .select({ name: tenants.name, nameEn: tenants.nameEn })
    .from(workspaces)
    .innerJoin(tenants, eq(tenants.id, workspaces.tenantId))
    .where(and(eq(workspaces.id, scope.workspaceId), eq(workspaces.tenantId, scope.tenantId)));
  if (!row) return null;
  return locale === 'en' ? (row.nameEn ?? row.name) : row.name;
}

export async function findWorkspaceTheme(db: Queryable, scope: TenantScope) {
  const [row] = await db
    .select({ theme: workspaces.theme })
    .from(workspaces)
    .where(and(eq(workspaces.id, scope.workspaceId), eq(workspaces.tenantId, scope.tenantId)));
  return row ?? null;
}

/** Sessions of a user that still work (not revoked, not past their absolute expiry). */
export async function listLiveSessions(db: Queryable, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.absoluteExpiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Revokes sessions of a user (all, one, or all but one) and answers the ids it ended. */
export async function revokeUserSessions(
  tx: Queryable,
  userId: number,
  reason: string,
  now: Date,
  which: { only?: string; except?: string } = {},
): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        which.only ? eq(sessions.id, which.only) : undefined,
        which.except ? ne(sessions.id, which.except) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function pageLoginTracks(db: Queryable, userId: number, page: { page: number; size: number }) {
  const where = eq(userLoginTracks.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(userLoginTracks).where(where).orderBy(desc(userLoginTracks.createdAt), desc(userLoginTracks.id)).limit(page.size).offset(page.page * page.size),
    db.select({ value: count() }).from(userLoginTracks).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Display names of users in this workspace, by user id (absent: unknown, or no longer a member). */
export async function memberDisplayNames(db: Db | Tx, scope: TenantScope, userIds: Iterable<number | null>): Promise<Map<number, string>> {
  const ids = [...new Set([...userIds].filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: memberships.userId, displayName: memberships.displayName })
    .from(memberships)
    .where(and(inScope(memberships, scope), inArray(memberships.userId, ids)));
  return new Map(rows.map((r) => [r.userId, r.displayName]));
}
