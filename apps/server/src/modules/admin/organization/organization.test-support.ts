/** Helpers for the organization tests (not a test file itself). */
import type { RoleCode } from '@legal/api';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../../platform/audit/audit.table';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../../auth/auth.test-support';
import { membershipRoles, memberships, roles } from '../../auth';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Workspace = Awaited<ReturnType<typeof newWorkspace>>;

/** A test application whose rate limit never gets in the way of a long matrix. */
export const organizationTestApp = () => createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });

/** A signed-in member of a workspace, with the headers of their requests. */
export interface Caller {
  userId: number;
  loginId: string;
  headers: Record<string, string>;
}

export async function memberOf(t: TestApp, ws: Workspace, roleCodes: RoleCode[], displayName?: string): Promise<Caller> {
  const user = await newUser(t, { workspace: ws, roles: roleCodes, displayName });
  const cookie = await signIn(t, user.loginId);
  return { userId: user.userId, loginId: user.loginId, headers: workspaceHeaders(ws, cookie) };
}

/** A member who is not signed in (for member lists). */
export async function plainMember(t: TestApp, ws: Workspace, displayName?: string, roleCodes: RoleCode[] = ['GENERAL_MEMBER']): Promise<number> {
  return (await newUser(t, { workspace: ws, roles: roleCodes, displayName })).userId;
}

/** A workspace with a super manager (`admin`) and a general member (`member`). */
export async function organizationWorld(t: TestApp) {
  const ws = await newWorkspace(t);
  const admin = await memberOf(t, ws, ['SUPER_MANAGER'], '관리자');
  const member = await memberOf(t, ws, ['GENERAL_MEMBER'], '구성원');
  return { ws, admin, member };
}

export function call(t: TestApp, who: { headers: Record<string, string> } | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The `data` of a SUCCESS answer (fails the test with the body otherwise); as loosely typed as JSON unless `T` is given. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test helper: answers are checked by assertions, not types
export function dataOf<T = any>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res.json() as { code: string; message: string; data?: Record<string, unknown> };
}

/** A 400 naming exactly this field (among others). */
export function expectFieldError(res: LightMyRequestResponse, field: string) {
  const body = expectError(res, 400, 'ERROR_VALIDATION');
  expect((body.data?.fieldErrors as Array<{ field: string }>).map((f) => f.field)).toContain(field);
}

export async function lastAudit(t: TestApp, ws: Workspace, type: string) {
  const [row] = await t.services.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, ws.workspaceId), eq(auditEvents.type, type)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

export async function membershipOf(t: TestApp, ws: Workspace, userId: number) {
  const [row] = await t.services.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.workspaceId, ws.workspaceId), eq(memberships.userId, userId)));
  return row!;
}

/** A custom role with these permissions, held directly by the given user. */
export async function grantCustomRole(t: TestApp, ws: Workspace, userId: number | null, name: string, permissions: string[]) {
  const [role] = await t.services.db.insert(roles).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, name, permissions }).returning();
  if (userId !== null) {
    const membership = await membershipOf(t, ws, userId);
    await t.services.db.insert(membershipRoles).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, membershipId: membership.id, roleId: role!.id });
  }
  return role!.id;
}
