/** Helpers for the workspace-settings tests (not a test file itself). */
import type { RoleCode } from '@legal/api';
import { and, desc, eq } from 'drizzle-orm';
import { auditEvents } from '../../../platform/audit/audit.table';
import { membershipRoles, memberships, roles } from '../../auth';
import { inScope } from '../../../platform/db/tenancy';
import type { TestApp } from '../../../test/harness';
import { cookiesOf, lastOtpCode, login, newUser, newWorkspace, signIn, unique, workspaceHeaders } from '../../auth/auth.test-support';

export type Workspace = Awaited<ReturnType<typeof newWorkspace>>;

export interface Caller {
  ws: Workspace;
  userId: number;
  loginId: string;
  cookie: string;
  headers: Record<string, string>;
}

/** A signed-in member of `ws` (a fresh workspace unless given) with the given roles. */
export async function callerIn(t: TestApp, ws: Workspace | null, roleCodes: RoleCode[]): Promise<Caller> {
  const workspace = ws ?? (await newWorkspace(t));
  const user = await newUser(t, { workspace, roles: roleCodes });
  const cookie = await signIn(t, user.loginId);
  return { ws: workspace, userId: user.userId, loginId: user.loginId, cookie, headers: workspaceHeaders(workspace, cookie) };
}

/** A member whose only role is a custom one holding exactly these permissions. */
export async function callerWithPermissions(t: TestApp, ws: Workspace, permissions: string[]): Promise<Caller> {
  const caller = await callerIn(t, ws, []);
  const [role] = await t.services.db.insert(roles).values({ ...scopeOf(ws), name: unique('role-'), permissions }).returning({ id: roles.id });
  const [membership] = await t.services.db.select({ id: memberships.id }).from(memberships).where(and(inScope(memberships, scopeOf(ws)), eq(memberships.userId, caller.userId)));
  await t.services.db.insert(membershipRoles).values({ ...scopeOf(ws), membershipId: membership!.id, roleId: role!.id });
  return caller;
}

export const scopeOf = (ws: Workspace) => ({ tenantId: ws.tenantId, workspaceId: ws.workspaceId });

/** The cookie of a super-admin session (super-admin sign-in with the mailed code). */
export async function superAdminCookie(t: TestApp): Promise<{ userId: number; cookie: string }> {
  const admin = await newUser(t, { isSuperAdmin: true });
  const started = await login(t, admin.loginId, admin.password, '/api/auth/login/super-admin/v3');
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/super-admin/v3/otp/verify',
    headers: { 'x-two-factor-token': started.json().data.twoFactorAuth.token },
    payload: { otp: await lastOtpCode(t, admin.loginId) },
  });
  if (verified.statusCode !== 200) throw new Error(`super-admin sign-in failed: ${verified.body}`);
  return { userId: admin.userId, cookie: cookiesOf(verified) };
}

/** The newest audit row of a type in a workspace. */
export async function lastAudit(t: TestApp, ws: Workspace, type: string) {
  const [row] = await t.services.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.type, type), eq(auditEvents.tenantId, ws.tenantId), eq(auditEvents.workspaceId, ws.workspaceId)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

/** The field names of a 400 answer. */
export const fieldsOf = (res: { json(): { data?: { fieldErrors?: Array<{ field: string }> } } }) => [...new Set((res.json().data?.fieldErrors ?? []).map((e) => e.field))].sort();
