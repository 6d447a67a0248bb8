import type { Credential, CreateCredentialBodySchema, UpdateCredentialBodySchema } from '@legal/api';
import { and, count, eq, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { AppError, forbidden, notFound, validationError } from '../../../platform/http/errors';
import { userPrincipal } from '../account.service';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { findMembership, findUserById, findUserForLogin, normalizeLoginId } from '../auth.repo';
import { membershipRoles, memberships, roles } from '../memberships.table';
import { hashPassword, passwordProblems } from '../passwords';
import { users } from '../users.table';

/**
 * Accounts a workspace admin manages (catalogue 7.9 credentials create, update, delete). An
 * account is global (one person, several workspaces): an admin changes one only while it
 * belongs to their workspace alone, and removing it from the workspace deletes it only then.
 */

const USER_WRITE_PERMISSION = 'workspace.user.write';
/** The role a created account receives; other roles are the users screen's job (workspace.role.write). */
const INITIAL_ROLE = 'GENERAL_MEMBER';

type CreateInput = z.output<typeof CreateCredentialBodySchema>;
type UpdateInput = z.output<typeof UpdateCredentialBodySchema>;
type Field = 'loginId' | 'name' | 'locale';

const loginIdTaken = () =>
  new AppError('ERROR_CONFLICT', {
    message: { ko: '이미 사용 중인 로그인 ID입니다.', en: 'This login ID is already in use.' },
    data: { reason: 'LOGIN_ID_TAKEN', field: 'body.loginId' },
  });

const sharedAccount = () =>
  new AppError('ERROR_CONFLICT', {
    message: { ko: '다른 워크스페이스에도 속한 계정은 변경할 수 없습니다.', en: 'An account that also belongs to another workspace cannot be changed here.' },
    data: { reason: 'SHARED_ACCOUNT' },
  });

const ownAccount = () => new AppError('ERROR_CONFLICT', { data: { reason: 'OWN_ACCOUNT' } });

/** workspace.user.write, and not from an impersonated session (accounts are not changed on someone's behalf). */
function writerOf(ctx: RequestContext) {
  requirePermission(ctx, USER_WRITE_PERMISSION);
  const principal = userPrincipal(ctx);
  if (principal.impersonatorUserId !== undefined) throw forbidden();
  return principal;
}

/**
 * The member's row in this workspace (404 for anyone else, e.g. another tenant's user). An admin
 * may not manage a member holding an administration permission the admin lacks.
 */
async function memberToManage(db: Db, scope: TenantScope, actorPermissions: ReadonlySet<string>, userId: number) {
  const [row] = await db.select({ id: memberships.id }).from(memberships).where(and(inScope(memberships, scope), eq(memberships.userId, userId)));
  if (!row) throw notFound();
  const active = await findMembership(db, scope, userId);
  for (const name of active?.permissions ?? []) {
    if (name.startsWith('workspace.') && !actorPermissions.has(name)) throw forbidden();
  }
  return row;
}

/** Memberships of the user outside this workspace (any status): the account is shared then. */
async function countOtherMemberships(db: Db, scope: TenantScope, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), or(ne(memberships.tenantId, scope.tenantId), ne(memberships.workspaceId, scope.workspaceId))));
  return Number(row?.value ?? 0);
}

function toCredential(user: typeof users.$inferSelect, membershipId: number): Credential {
  return {
    userId: user.id,
    loginId: user.loginId,
    name: user.name,
    locale: user.locale,
    status: user.status,
    passwordExpiresAt: user.passwordExpiresAt?.toISOString() ?? null,
    membershipId,
  };
}

/**
 * Creates an account and its membership with the initial role. The initial password has
 * expired already: the first sign-in answers passwordAlertLevel EXPIRED and the session may do
 * nothing but change it.
 */
export async function createCredential(db: Db, ctx: RequestContext, body: CreateInput): Promise<Credential> {
  const principal = writerOf(ctx);
  const scope = tenantScope(ctx);
  const loginId = normalizeLoginId(body.loginId);
  const problems = (await passwordProblems(body.password, { loginId, names: [body.name, body.displayName] })).map((reason) => ({ field: 'body.password', reason }));
  if (problems.length > 0) throw validationError(problems);
  if (await findUserForLogin(db, loginId)) throw loginIdTaken();
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ loginId, name: body.name, locale: body.locale, passwordHash, passwordChangedAt: null, passwordExpiresAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!user) throw loginIdTaken();
    const [membership] = await tx
      .insert(memberships)
      .values({ ...scope, userId: user.id, displayName: body.displayName ?? body.name, createdAt: now, updatedAt: now })
      .returning({ id: memberships.id });
    if (!membership) throw new Error('membership insert returned nothing');
    const [role] = await tx.select({ id: roles.id }).from(roles).where(and(inScope(roles, scope), eq(roles.code, INITIAL_ROLE)));
    if (role) await tx.insert(membershipRoles).values({ ...scope, membershipId: membership.id, roleId: role.id });
    await recordAudit(tx, { type: 'credentials.created', data: { loginId, membershipId: membership.id } }, { ...auditMetaOf(ctx, principal.userId, user.id), ...scope });
    return toCredential(user, membership.id);
  });
}

/** Changes the login id, name or locale of an account that belongs to this workspace alone. */
export async function updateCredential(db: Db, ctx: RequestContext, userId: number, body: UpdateInput): Promise<Credential> {
  const principal = writerOf(ctx);
  const scope = tenantScope(ctx);
  const member = await memberToManage(db, scope, principal.permissions, userId);
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  if (user.isSuperAdmin || (await countOtherMemberships(db, scope, userId)) > 0) throw sharedAccount();

  const next = { loginId: body.loginId === undefined ? undefined : normalizeLoginId(body.loginId), name: body.name, locale: body.locale };
  const fields = (Object.keys(next) as Field[]).filter((field) => next[field] !== undefined && next[field] !== user[field]);
  if (fields.includes('loginId') && (await findUserForLogin(db, next.loginId as string))) throw loginIdTaken();
  if (fields.length === 0) return toCredential(user, member.id);

  const now = new Date();
  return db.transaction(async (tx) => {
    const changes = Object.fromEntries(fields.map((field) => [field, next[field]]));
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId))
      .returning()
      .catch((err: unknown) => {
        // Two admins renaming to the same login id at once: the unique index decides.
        if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') throw loginIdTaken();
        throw err;
      });
    if (!updated) throw notFound();
    await recordAudit(
      tx,
      { type: 'credentials.updated', data: { fields, previousLoginId: fields.includes('loginId') ? user.loginId : null } },
      { ...auditMetaOf(ctx, principal.userId, userId), ...scope },
    );
    return toCredential(updated, member.id);
  });
}

/**
 * Removes the member from this workspace. The account itself is deleted (its sessions, links
 * and tokens with it) only when it belongs to no other workspace and is not a super admin.
 */
export async function deleteCredential(db: Db, ctx: RequestContext, userId: number): Promise<{ isAccountDeleted: boolean }> {
  const principal = writerOf(ctx);
  const scope = tenantScope(ctx);
  const member = await memberToManage(db, scope, principal.permissions, userId);
  if (userId === principal.userId) throw ownAccount();
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  return db.transaction(async (tx) => {
    const removed = await tx.delete(memberships).where(and(inScope(memberships, scope), eq(memberships.id, member.id))).returning({ id: memberships.id });
    if (removed.length === 0) throw notFound();
    const [others] = await tx.select({ value: count() }).from(memberships).where(eq(memberships.userId, userId));
    const isAccountDeleted = Number(others?.value ?? 0) === 0 && !user.isSuperAdmin;
    if (isAccountDeleted) await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(
      tx,
      { type: 'credentials.deleted', data: { loginId: user.loginId, membershipId: member.id, isAccountDeleted } },
      { ...auditMetaOf(ctx, principal.userId, userId), ...scope },
    );
    return { isAccountDeleted };
  });
}
