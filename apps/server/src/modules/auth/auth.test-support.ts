/** Helpers for the identity tests (not a test file itself). */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { RoleCode } from '@legal/api';
import { mailOutbox } from '../../platform/mail/mail.table';
import type { TestApp } from '../../test/harness';
import { provisionMembership, provisionUser, provisionWorkspace, type WorkspaceInput } from './provisioning';

export const PASSWORD = 'Correct-horse-42';

/** `name=value; name=value` from the Set-Cookie headers of an answer. */
export function cookiesOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0] ?? '').filter((c) => !c.endsWith('=')).join('; ');
}

export function setCookie(res: LightMyRequestResponse, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.find((c) => c.startsWith(`${name}=`));
}

export function unique(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

/** A fresh tenant + workspace with the default roles and the persona roles. */
export async function newWorkspace(t: TestApp, input: Partial<WorkspaceInput> = {}) {
  const name = input.name ?? unique('ws-');
  return provisionWorkspace(t.services.db, {
    tenantName: `${name} 테넌트`,
    name,
    products: ['AI_REVIEW', 'CLM'],
    extraRoles: ['WORKSPACE_ADMIN', 'READER', 'LEGAL_REVIEWER'],
    ...input,
  });
}

/** A fresh user (optionally a member of a workspace with roles). */
export async function newUser(
  t: TestApp,
  options: { workspace?: Awaited<ReturnType<typeof newWorkspace>>; roles?: RoleCode[]; password?: string; isSuperAdmin?: boolean; isTwoFactorRequired?: boolean; passwordExpiresInDays?: number; displayName?: string } = {},
) {
  const loginId = `${unique('user-')}@example.kr`;
  const password = options.password ?? PASSWORD;
  const userId = await provisionUser(t.services.db, {
    loginId,
    name: options.displayName ?? '홍길동',
    password,
    isSuperAdmin: options.isSuperAdmin,
    isTwoFactorRequired: options.isTwoFactorRequired,
    passwordExpiresInDays: options.passwordExpiresInDays,
  });
  if (options.workspace) {
    await provisionMembership(t.services.db, options.workspace, userId, {
      displayName: options.displayName ?? '홍길동',
      divisionName: '법무팀',
      jobTitleName: '변호사',
      jobPositionName: '책임',
      roles: options.roles ?? ['GENERAL_MEMBER'],
    });
  }
  return { userId, loginId, password };
}

export async function login(t: TestApp, loginId: string, password: string, url = '/api/auth/login/v1', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: { loginId, password }, headers });
}

/** Signs in (no two-factor) and answers the cookie header of the new session. */
export async function signIn(t: TestApp, loginId: string, password = PASSWORD): Promise<string> {
  const res = await login(t, loginId, password);
  if (res.statusCode !== 200 || res.json().data.twoFactorAuth) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookiesOf(res);
}

/** The newest one-time code mailed to an address. */
export async function lastOtpCode(t: TestApp, to: string): Promise<string> {
  const [mail] = await t.services.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'auth.otp')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export function workspaceHeaders(scope: { tenantId: number; workspaceId: number }, cookie?: string): Record<string, string> {
  return { 'x-tenant': String(scope.tenantId), 'x-workspace': String(scope.workspaceId), ...(cookie ? { cookie } : {}) };
}
