import { AUTH_LIMITS, DEFAULT_ROLE_CODES, type ProductType, ROLE_TEMPLATES, type RoleCode, type Theme } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import type { TenantScope } from '../../platform/http/context';
import { inScope } from '../../platform/db/tenancy';
import { normalizeLoginId } from './auth.repo';
import { membershipRoles, memberships, roles } from './memberships.table';
import { hashPassword } from './passwords';
import { tenants, workspaces } from './tenants.table';
import { superAdmins, users } from './users.table';

type Queryable = Db | Tx;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Creation of tenants, workspaces, users and memberships. The seed and the tests use these;
 * the admin and sign-up modules will too. Each is idempotent on its natural key.
 */
export interface WorkspaceInput {
  tenantName: string;
  tenantNameEn?: string;
  name: string;
  memo?: string;
  subscriptionStatus?: 'TRIAL' | 'ACTIVE' | 'PAST_DUE' | 'EXPIRED' | 'CANCELED';
  products?: ProductType[];
  theme?: Partial<Theme> | null;
  isTwoFactorRequired?: boolean;
  sessionIdleMinutes?: number;
  /** Role codes to create besides the three default roles. */
  extraRoles?: RoleCode[];
}

/** A tenant with one workspace and its roles; answers the existing one when the name is taken. */
export async function provisionWorkspace(db: Queryable, input: WorkspaceInput): Promise<TenantScope & { roleIds: Partial<Record<RoleCode, number>> }> {
  let [workspace] = await db.select({ id: workspaces.id, tenantId: workspaces.tenantId }).from(workspaces).where(eq(workspaces.name, input.name));
  if (!workspace) {
    const [tenant] = await db.insert(tenants).values({ name: input.tenantName, nameEn: input.tenantNameEn ?? null }).returning({ id: tenants.id });
    if (!tenant) throw new Error('tenant insert returned nothing');
    [workspace] = await db
      .insert(workspaces)
      .values({
        tenantId: tenant.id,
        name: input.name,
        memo: input.memo ?? null,
        subscriptionStatus: input.subscriptionStatus ?? 'TRIAL',
        products: input.products ?? [],
        theme: input.theme ? JSON.stringify(input.theme) : null,
        isTwoFactorRequired: input.isTwoFactorRequired ?? false,
        sessionIdleMinutes: input.sessionIdleMinutes ?? AUTH_LIMITS.sessionIdleSeconds / 60,
      })
      .returning({ id: workspaces.id, tenantId: workspaces.tenantId });
    if (!workspace) throw new Error('workspace insert returned nothing');
  }
  const scope: TenantScope = { tenantId: workspace.tenantId, workspaceId: workspace.id };
  const codes = [...new Set([...DEFAULT_ROLE_CODES, ...(input.extraRoles ?? [])])];
  await db
    .insert(roles)
    .values(codes.map((code) => ({ ...scope, code, name: ROLE_TEMPLATES[code].name.ko, isDefault: ROLE_TEMPLATES[code].isDefault, permissions: ROLE_TEMPLATES[code].permissions })))
    .onConflictDoNothing();
  const rows = await db.select({ id: roles.id, code: roles.code }).from(roles).where(inScope(roles, scope));
  const roleIds = Object.fromEntries(rows.filter((r) => r.code).map((r) => [r.code, r.id])) as Partial<Record<RoleCode, number>>;
  return { ...scope, roleIds };
}

export interface UserInput {
  loginId: string;
  name: string;
  password: string;
  locale?: 'ko' | 'en';
  isTwoFactorRequired?: boolean;
  isSuperAdmin?: boolean;
  /** Days until the password expires (default 90). */
  passwordExpiresInDays?: number;
}

/** A user (the password hashed with argon2id); answers the existing id when the login id is taken. */
export async function provisionUser(db: Queryable, input: UserInput): Promise<number> {
  const loginId = normalizeLoginId(input.loginId);
  let [user] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId));
  if (!user) {
    const now = new Date();
    [user] = await db
      .insert(users)
      .values({
        loginId,
        name: input.name,
        locale: input.locale ?? 'ko',
        passwordHash: await hashPassword(input.password),
        passwordChangedAt: now,
        passwordExpiresAt: new Date(now.getTime() + (input.passwordExpiresInDays ?? AUTH_LIMITS.passwordPostponeDays) * DAY_MS),
        isTwoFactorRequired: input.isTwoFactorRequired ?? false,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    user ??= (await db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId)))[0];
    if (!user) throw new Error('user insert returned nothing');
  }
  if (input.isSuperAdmin) await db.insert(superAdmins).values({ userId: user.id }).onConflictDoNothing();
  return user.id;
}

export interface MembershipInput {
  displayName: string;
  jobPositionName?: string | null;
  divisionName?: string | null;
  jobTitleName?: string | null;
  roles: RoleCode[];
}

/** Puts a user in a workspace with roles (which must exist there); idempotent. */
export async function provisionMembership(db: Queryable, scope: TenantScope & { roleIds: Partial<Record<RoleCode, number>> }, userId: number, input: MembershipInput): Promise<number> {
  await db
    .insert(memberships)
    .values({
      tenantId: scope.tenantId,
      workspaceId: scope.workspaceId,
      userId,
      displayName: input.displayName,
      jobPositionName: input.jobPositionName ?? null,
      divisionName: input.divisionName ?? null,
      jobTitleName: input.jobTitleName ?? null,
    })
    .onConflictDoNothing();
  const [membership] = await db.select({ id: memberships.id }).from(memberships).where(and(inScope(memberships, scope), eq(memberships.userId, userId)));
  if (!membership) throw new Error('membership insert returned nothing');
  const roleRows = input.roles.map((code) => {
    const roleId = scope.roleIds[code];
    if (!roleId) throw new Error(`role ${code} does not exist in workspace ${scope.workspaceId}`);
    return { tenantId: scope.tenantId, workspaceId: scope.workspaceId, membershipId: membership.id, roleId };
  });
  if (roleRows.length > 0) await db.insert(membershipRoles).values(roleRows).onConflictDoNothing();
  return membership.id;
}
