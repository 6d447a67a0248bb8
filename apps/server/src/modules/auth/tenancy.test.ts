import { authAdminRoutes, authRoutes, DEFAULT_THEME, DEMO_ACCOUNTS, defineRoute, LauncherEntrySchema, parseTheme, ThemeSchema } from '@legal/api';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTE_TABLE, route } from '../../platform/http/route';
import { createTestApp, type TestApp } from '../../test/harness';
import { recordStatements } from '../../test/statement-recorder';
import { findMembership } from './auth.repo';
import { login, newUser, newWorkspace, signIn, workspaceHeaders } from './auth.test-support';
import { seedDemoData } from './demo-seed';
import { memberships, roles } from './memberships.table';
import { provisionMembership } from './provisioning';
import { tenants, workspaces } from './tenants.table';
import { users } from './users.table';

const memberProbe = defineRoute({
  method: 'GET', path: '/api/test/member-probe/v1', access: 'member', summary: 'test',
  schemas: { data: z.object({ membershipId: z.number().nullable(), permissions: z.array(z.string()) }) },
});
const adminProbe = defineRoute({ method: 'POST', path: '/api/test/admin-probe/v1', access: 'admin', summary: 'test', schemas: { data: z.object({ ok: z.boolean() }) } });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  route(t.app, memberProbe, async ({ ctx }) => ({
    membershipId: ctx.principal?.kind === 'user' ? (ctx.principal.membershipId ?? null) : null,
    permissions: ctx.principal?.kind === 'user' ? [...ctx.principal.permissions].sort() : [],
  }));
  route(t.app, adminProbe, async () => ({ ok: true }));
  await t.app.ready();
});
afterAll(() => t.close());

it('registers every route of the shared auth catalogue', () => {
  const registered = t.app[ROUTE_TABLE].filter((r) => r.path.startsWith('/api/auth/'));
  expect(registered.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...authRoutes, ...authAdminRoutes].map((r) => `${r.method} ${r.path}`).sort());
});

describe('workspace context: membership is verified, headers are never trusted alone', () => {
  it('refuses a member of workspace A who sends the headers of workspace B (403), and a mixed tenant/workspace pair', async () => {
    const a = await newWorkspace(t);
    const b = await newWorkspace(t);
    const user = await newUser(t, { workspace: a });
    const cookie = await signIn(t, user.loginId);

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: workspaceHeaders(a, cookie) })).statusCode).toBe(200);
    for (const headers of [workspaceHeaders(b, cookie), workspaceHeaders({ tenantId: b.tenantId, workspaceId: a.workspaceId }, cookie), workspaceHeaders({ tenantId: a.tenantId, workspaceId: b.workspaceId }, cookie)]) {
      for (const url of ['/api/auth/theme/v1', '/api/test/member-probe/v1', '/api/auth/permissions/v1']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().code).toBe('ERROR_FORBIDDEN');
      }
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/test/member-probe/v1', headers: { cookie } });
    expect(none.statusCode).toBe(403);
    expect(none.json().data.reason).toBe('NO_WORKSPACE');
    expect((await t.app.inject({ method: 'GET', url: '/api/test/member-probe/v1', headers: workspaceHeaders(a) })).statusCode).toBe(401);
  });

  it('loads the membership permissions into the principal; admin access needs the workspace admin permission', async () => {
    const ws = await newWorkspace(t);
    const member = await newUser(t, { workspace: ws, roles: ['GENERAL_MEMBER'] });
    const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
    const memberCookie = await signIn(t, member.loginId);
    const adminCookie = await signIn(t, admin.loginId);

    const probe = await t.app.inject({ method: 'GET', url: '/api/test/member-probe/v1', headers: workspaceHeaders(ws, memberCookie) });
    expect(probe.json().data.membershipId).toEqual(expect.any(Number));
    expect(probe.json().data.permissions).toContain('contract.contract.read');
    expect(probe.json().data.permissions).not.toContain('workspace.admin.access');

    expect((await t.app.inject({ method: 'POST', url: '/api/test/admin-probe/v1', headers: workspaceHeaders(ws, memberCookie) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/test/admin-probe/v1', headers: workspaceHeaders(ws, adminCookie) })).statusCode).toBe(200);
    const other = await newWorkspace(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/test/admin-probe/v1', headers: workspaceHeaders(other, adminCookie) })).statusCode).toBe(403);
  });
});

describe('a workspace request\'s access check', () => {
  it('reads the session and the membership in one statement, with what findMembership answers; a deactivated member is refused at once', async () => {
    const ws = await newWorkspace(t);
    const member = await newUser(t, { workspace: ws, roles: ['LEGAL_MANAGER'] });
    const cookie = await signIn(t, member.loginId);
    const recording = recordStatements(t.services.database);
    const probe = await t.app.inject({ method: 'GET', url: '/api/test/member-probe/v1', headers: workspaceHeaders(ws, cookie) });
    recording.stop();
    expect(probe.statusCode, probe.body).toBe(200);
    const reads = recording.statements.filter((s) => /\bsessions\b|\bmemberships\b/i.test(s.sql));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.sql).toMatch(/FROM sessions s[\s\S]*JOIN LATERAL[\s\S]*FROM memberships m/);
    const membership = await findMembership(t.services.db, ws, member.userId);
    expect(probe.json().data).toEqual({ membershipId: membership!.id, permissions: [...membership!.permissions].sort() });

    // A route without a workspace reads the session alone.
    const alone = recordStatements(t.services.database);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/launcher/v1', headers: { cookie } })).statusCode).toBe(200);
    alone.stop();
    expect(alone.statements.filter((s) => /JOIN LATERAL/.test(s.sql))).toHaveLength(0);

    await t.services.db.update(memberships).set({ status: 'DEACTIVATED' }).where(eq(memberships.id, membership!.id));
    const refused = await t.app.inject({ method: 'GET', url: '/api/test/member-probe/v1', headers: workspaceHeaders(ws, cookie) });
    expect(refused.statusCode).toBe(403);
  });
});

describe('what a signed-in user reads about themselves', () => {
  it('permissions v1 (names), v2 and v3 ({name} objects) for the workspace in the headers; none without a workspace', async () => {
    const ws = await newWorkspace(t);
    const user = await newUser(t, { workspace: ws, roles: ['GENERAL_MEMBER', 'READER'] });
    const cookie = await signIn(t, user.loginId);
    const v1 = (await t.app.inject({ method: 'GET', url: '/api/auth/permissions/v1', headers: workspaceHeaders(ws, cookie) })).json().data as string[];
    expect(v1).toEqual(expect.arrayContaining(['contract.contract.read', 'contract.group_contract.read', 'litigation.litigation.read']));
    expect(new Set(v1).size).toBe(v1.length);
    for (const version of ['v2', 'v3']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/permissions/${version}`, headers: workspaceHeaders(ws, cookie) });
      expect(res.json().data).toEqual(v1.map((name) => ({ name })));
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/permissions/v1', headers: { cookie } })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/permissions/v1' })).statusCode).toBe(401);
  });

  it('the launcher has one entry per membership with the launcher fields', async () => {
    const first = await newWorkspace(t, { memo: '첫 워크스페이스', products: ['AI_REVIEW', 'LITIGATION'], subscriptionStatus: 'ACTIVE' });
    const second = await newWorkspace(t);
    const user = await newUser(t, { workspace: first, displayName: '김변호사' });
    await provisionMembership(t.services.db, second, user.userId, { displayName: '김 자문', roles: ['READER'] });
    const cookie = await signIn(t, user.loginId);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/launcher/v1', headers: { cookie } });
    const entries = res.json().data;
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(LauncherEntrySchema.strict().parse(entry)).toBeTruthy();
    expect(entries[0]).toEqual({
      workspaceId: first.workspaceId,
      workspaceName: expect.any(String),
      workspaceMemo: '첫 워크스페이스',
      tenantId: first.tenantId,
      organizationName: expect.stringContaining('테넌트'),
      organizationNameEn: null,
      subscriptionStatus: 'ACTIVE',
      userId: user.userId,
      displayName: '김변호사',
      jobPositionName: '책임',
      divisionName: '법무팀',
      jobTitleName: '변호사',
      products: [{ type: 'AI_REVIEW' }, { type: 'LITIGATION' }],
    });
    expect(entries[1]).toMatchObject({ workspaceId: second.workspaceId, displayName: '김 자문', jobTitleName: null });
  });

  it('the theme comes as a JSON string: the default theme, or the stored one', async () => {
    const plain = await newWorkspace(t);
    const branded = await newWorkspace(t, { theme: { name: 'brand', font: 'Pretendard' } });
    const user = await newUser(t, { workspace: plain });
    await provisionMembership(t.services.db, branded, user.userId, { displayName: '브랜드', roles: ['GENERAL_MEMBER'] });
    const cookie = await signIn(t, user.loginId);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: workspaceHeaders(plain, cookie) });
    expect(typeof res.json().data.theme).toBe('string');
    expect(JSON.parse(res.json().data.theme)).toEqual(DEFAULT_THEME);
    const brandedTheme = (await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: workspaceHeaders(branded, cookie) })).json().data.theme;
    const parsed = ThemeSchema.parse(JSON.parse(brandedTheme));
    expect(parsed).toMatchObject({ name: 'brand', font: 'Pretendard', palette: DEFAULT_THEME.palette });
    expect(parseTheme(brandedTheme).name).toBe('brand');
  });

  it('the profile and the paged sign-in history of the caller only', async () => {
    const user = await newUser(t, { displayName: '박법무' });
    await login(t, user.loginId, 'wrong-password');
    const cookie = await signIn(t, user.loginId);
    await signIn(t, user.loginId);
    const other = await newUser(t);
    await signIn(t, other.loginId);

    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile/v1', headers: { cookie } });
    expect(profile.json().data).toEqual({
      id: user.userId, loginId: user.loginId, locale: 'ko', name: '박법무', alertLevel: 'NONE', passwordAlertLevel: 'NONE',
      passwordExpiresAt: expect.any(String), isSuperAdmin: false, impersonatedBy: null,
    });

    const page = (await t.app.inject({ method: 'GET', url: '/api/auth/user-login-tracks/v1?size=2', headers: { cookie } })).json().data;
    expect(page).toMatchObject({ page: 0, size: 2, totalElements: 3, totalPages: 2 });
    expect(page.content[0]).toEqual({ id: expect.any(Number), createdAt: expect.any(String), loginId: user.loginId, method: 'PASSWORD', result: 'SUCCESS', ip: '127.0.0.1', userAgent: expect.any(String) });
    const last = (await t.app.inject({ method: 'GET', url: '/api/auth/user-login-tracks/v1?page=1&size=2', headers: { cookie } })).json().data;
    expect(last.content.map((r: { result: string }) => r.result)).toEqual(['FAILED']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/auth/user-login-tracks/v1?size=0', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('is seeded once: running the seed again changes nothing', async () => {
    const counts = async () => ({
      tenants: (await t.services.db.select({ n: count() }).from(tenants))[0]?.n,
      workspaces: (await t.services.db.select({ n: count() }).from(workspaces))[0]?.n,
      users: (await t.services.db.select({ n: count() }).from(users))[0]?.n,
      memberships: (await t.services.db.select({ n: count() }).from(memberships))[0]?.n,
      roles: (await t.services.db.select({ n: count() }).from(roles))[0]?.n,
    });
    const before = await counts();
    await seedDemoData(t.services.database, t.services.config);
    await seedDemoData(t.services.database, t.services.config);
    expect(await counts()).toEqual(before);
    const [hanbit] = await t.services.db.select().from(workspaces).where(eq(workspaces.name, 'hanbit'));
    expect(hanbit).toBeDefined();
  });

  it('lists the demo accounts, and each signs in with the documented password', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/demo-accounts/v1' });
    expect(res.json().data).toEqual(DEMO_ACCOUNTS);
    for (const account of DEMO_ACCOUNTS) {
      const url = account.role === 'SUPER_ADMIN' ? '/api/auth/login/super-admin/v1' : '/api/auth/login/v1';
      const signed = await login(t, account.loginId, account.password, url);
      expect(signed.statusCode, account.loginId).toBe(200);
      expect(Boolean(signed.json().data.twoFactorAuth), account.loginId).toBe(account.twoFactor);
    }
  });

  it('keeps the two demo tenants apart', async () => {
    const cookie = await signIn(t, 'member@saesol.example', DEMO_ACCOUNTS[0]!.password);
    const [entry] = (await t.app.inject({ method: 'GET', url: '/api/auth/launcher/v1', headers: { cookie } })).json().data;
    expect(entry).toMatchObject({ workspaceName: 'saesol', displayName: '임태현' });
    const [hanbit] = await t.services.db.select().from(workspaces).where(eq(workspaces.name, 'hanbit'));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: workspaceHeaders({ tenantId: hanbit!.tenantId, workspaceId: hanbit!.id }, cookie) });
    expect(res.statusCode).toBe(403);
  });

  it('gives the external lawyer a workspace in each tenant', async () => {
    const cookie = await signIn(t, 'lawyer@hanbit.example', DEMO_ACCOUNTS[0]!.password);
    const entries = (await t.app.inject({ method: 'GET', url: '/api/auth/launcher/v1', headers: { cookie } })).json().data;
    expect(entries.map((e: { workspaceName: string }) => e.workspaceName).sort()).toEqual(['hanbit', 'saesol']);
    expect(new Set(entries.map((e: { tenantId: number }) => e.tenantId)).size).toBe(2);
  });
});
