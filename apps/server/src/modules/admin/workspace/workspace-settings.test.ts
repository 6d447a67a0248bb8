import * as api from '@legal/api';
import { DEFAULT_THEME, PALETTE_SHADES, type RouteDescriptor, WorkspaceSettingsSchema, WorkspaceThemeSchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../auth';
import { workspaceStorage } from '../../files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { newWorkspace, unique, workspaceHeaders } from '../../auth/auth.test-support';
import { callerIn, callerWithPermissions, fieldsOf, lastAudit, scopeOf, superAdminCookie } from './workspace.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

const SETTINGS = '/api/workspace/settings/v1';
const THEME = '/api/workspace/theme/v1';
const STORAGE = '/api/workspace/storage/v1';
const quotaUrl = (workspaceId: number | string) => `/api/workspace/super-admin/workspaces/${workspaceId}/storage/v1`;

const rowOf = async (workspaceId: number) => (await t.services.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0]!;
/** A 1x1 PNG as a data URL. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('workspace settings (GET/PUT settings/v1)', () => {
  it('401 without a session, 403 for a general member, for an admin without workspace.config.write and for another workspace', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const member = await callerIn(t, admin.ws, ['GENERAL_MEMBER']);
    const adminOnly = await callerWithPermissions(t, admin.ws, ['workspace.admin.access']);
    const other = await newWorkspace(t);
    const before = await rowOf(other.workspaceId);
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? { memo: '바뀜' } : undefined;
      expect((await t.app.inject({ method, url: SETTINGS, headers: workspaceHeaders(admin.ws), payload })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url: SETTINGS, headers: member.headers, payload })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url: SETTINGS, headers: adminOnly.headers, payload })).json().code).toBe('ERROR_FORBIDDEN');
      expect((await t.app.inject({ method, url: SETTINGS, headers: workspaceHeaders(other, admin.cookie), payload })).statusCode).toBe(403);
    }
    expect(await rowOf(other.workspaceId)).toEqual(before);
  });

  it('reads the configuration and changes only what differs, auditing before/after', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const read = await t.app.inject({ method: 'GET', url: SETTINGS, headers: admin.headers });
    expect(read.statusCode).toBe(200);
    const current = WorkspaceSettingsSchema.strict().parse(read.json().data);
    expect(current).toMatchObject({ ...scopeOf(admin.ws), defaultLocale: 'ko', passwordMaxAgeDays: 90, isTwoFactorRequired: false, sessionIdleMinutes: 120, products: ['AI_REVIEW', 'CLM'] });

    const name = unique('법무-');
    const res = await t.app.inject({
      method: 'PUT', url: SETTINGS, headers: admin.headers,
      payload: { name, memo: '  법무팀 공간 ', defaultLocale: 'en', passwordMaxAgeDays: 60, isTwoFactorRequired: true, sessionIdleMinutes: 30, products: ['LITIGATION', 'CLM'], expectedUpdatedAt: current.updatedAt },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name, memo: '법무팀 공간', defaultLocale: 'en', passwordMaxAgeDays: 60, isTwoFactorRequired: true, sessionIdleMinutes: 30, products: ['LITIGATION', 'CLM'] });
    const audit = await lastAudit(t, admin.ws, 'workspace.config_updated');
    expect(audit?.actorUserId).toBe(admin.userId);
    expect(audit?.data).toEqual({
      changes: {
        name: { before: current.name, after: name },
        memo: { before: null, after: '법무팀 공간' },
        defaultLocale: { before: 'ko', after: 'en' },
        passwordMaxAgeDays: { before: 90, after: 60 },
        isTwoFactorRequired: { before: false, after: true },
        sessionIdleMinutes: { before: 120, after: 30 },
        products: { before: ['AI_REVIEW', 'CLM'], after: ['LITIGATION', 'CLM'] },
      },
    });
    const launcher = await t.app.inject({ method: 'GET', url: '/api/auth/launcher/v1', headers: { cookie: admin.cookie } });
    expect(launcher.json().data[0]).toMatchObject({ workspaceName: name, workspaceMemo: '법무팀 공간', products: [{ type: 'LITIGATION' }, { type: 'CLM' }] });

    // The same values again change nothing and write no audit row; an empty memo clears it.
    const again = await t.app.inject({ method: 'PUT', url: SETTINGS, headers: admin.headers, payload: { name, sessionIdleMinutes: 30 } });
    expect(again.json().data.updatedAt).toBe(res.json().data.updatedAt);
    expect((await lastAudit(t, admin.ws, 'workspace.config_updated'))?.id).toBe(audit?.id);
    expect((await t.app.inject({ method: 'PUT', url: SETTINGS, headers: admin.headers, payload: { memo: '' } })).json().data.memo).toBeNull();
  });

  it('400 names every bad field', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const res = await t.app.inject({
      method: 'PUT', url: SETTINGS, headers: admin.headers,
      payload: { name: 'a/b', defaultLocale: 'fr', passwordMaxAgeDays: 7, sessionIdleMinutes: 5000, products: ['CLM', 'CLM', 'GAMES'], isTwoFactorRequired: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(expect.arrayContaining(['body.defaultLocale', 'body.isTwoFactorRequired', 'body.name', 'body.passwordMaxAgeDays', 'body.sessionIdleMinutes']));
    expect(fieldsOf(res).some((f) => f.startsWith('body.products'))).toBe(true);
    for (const name of ['super-admin', 'Workspaces', 'x', '-lead', 'a b']) {
      expect(fieldsOf(await t.app.inject({ method: 'PUT', url: SETTINGS, headers: admin.headers, payload: { name } })), name).toEqual(['body.name']);
    }
    expect(fieldsOf(await t.app.inject({ method: 'PUT', url: SETTINGS, headers: admin.headers, payload: {} }))).toEqual(['body']);
  });

  it('409 for a name another workspace uses (in any case), and for a stale expectedUpdatedAt', async () => {
    const taken = await newWorkspace(t, { name: unique('Taken-') });
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const before = await rowOf(admin.ws.workspaceId);
    const clash = await t.app.inject({ method: 'PUT', url: SETTINGS, headers: admin.headers, payload: { name: (await rowOf(taken.workspaceId)).name.toLowerCase() } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { field: 'body.name', reason: 'NAME_TAKEN' } });
    const stale = await t.app.inject({ method: 'PUT', url: SETTINGS, headers: admin.headers, payload: { memo: 'x', expectedUpdatedAt: '2020-01-01T00:00:00.000Z' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.reason).toBe('STALE');
    expect(await rowOf(admin.ws.workspaceId)).toEqual(before);
  });
});

describe('theme (GET/PUT/DELETE theme/v1)', () => {
  const blue = Object.fromEntries(PALETTE_SHADES.map((s, i) => [`primary-${s}`, `#1${i}4${i}a${i}`]));

  it('401, 403 for a general member and for another workspace (whose theme stays)', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const member = await callerIn(t, admin.ws, ['GENERAL_MEMBER']);
    const other = await newWorkspace(t, { theme: { name: 'other' } });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { theme: { name: 'x' } } : undefined;
      expect((await t.app.inject({ method, url: THEME, headers: workspaceHeaders(admin.ws), payload })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url: THEME, headers: member.headers, payload })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url: THEME, headers: workspaceHeaders(other, admin.cookie), payload })).statusCode).toBe(403);
    }
    expect((await rowOf(other.workspaceId)).theme).toBe(JSON.stringify({ name: 'other' }));
  });

  it('saves a theme with sanitized HTML and serves it to members; reset brings the default back', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const member = await callerIn(t, admin.ws, ['GENERAL_MEMBER']);
    const initial = WorkspaceThemeSchema.parse((await t.app.inject({ method: 'GET', url: THEME, headers: admin.headers })).json().data);
    expect(initial).toMatchObject({ isDefault: true, theme: DEFAULT_THEME });

    const res = await t.app.inject({
      method: 'PUT', url: THEME, headers: admin.headers,
      payload: {
        expectedUpdatedAt: initial.updatedAt,
        theme: {
          name: 'acme', palette: blue, font: 'Noto Sans KR', fontLinks: ['https://fonts.example/noto.css'],
          favicon: PNG, logo: { light: 'https://cdn.example/logo.png', dark: '/brand/logo-dark.png' },
          customWelcomeHtml: '<h2 onclick="steal()">환영합니다</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a><p style="color:red">본문</p>',
          customSidebarFooterHtml: '<img src=x onerror=alert(1)>',
          flags: { hideTopNavigation: true, businessAgentShowCustomWelcome: true },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = WorkspaceThemeSchema.parse(res.json().data);
    expect(saved.isDefault).toBe(false);
    expect(saved.theme).toMatchObject({ name: 'acme', palette: blue, favicon: PNG, flags: { hideTopNavigation: true, sendAnalytics: true } });
    expect(saved.theme.customWelcomeHtml).toBe('<h2>환영합니다</h2><a rel="noopener noreferrer nofollow">x</a><p>본문</p>');
    expect(saved.theme.customSidebarFooterHtml).toBeUndefined();
    expect((await lastAudit(t, admin.ws, 'workspace.theme_updated'))?.data).toMatchObject({ isReset: false, fields: expect.arrayContaining(['palette', 'customWelcomeHtml', 'favicon']) });

    const served = await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: member.headers });
    expect(JSON.parse(served.json().data.theme)).toEqual(saved.theme);

    const stale = await t.app.inject({ method: 'PUT', url: THEME, headers: admin.headers, payload: { theme: {}, expectedUpdatedAt: initial.updatedAt } });
    expect(stale.statusCode).toBe(409);

    const reset = await t.app.inject({ method: 'DELETE', url: THEME, headers: admin.headers });
    expect(reset.json().data).toMatchObject({ isDefault: true, theme: DEFAULT_THEME });
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: member.headers })).json().data.theme)).toEqual(DEFAULT_THEME);
    const again = await t.app.inject({ method: 'DELETE', url: THEME, headers: admin.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ERROR_CONFLICT');
  });

  it('400 names unsafe logos, favicons, fonts, links and colours', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    const lyingPng = `data:image/png;base64,${Buffer.from('GIF89a-not-a-png').toString('base64')}`;
    const res = await t.app.inject({
      method: 'PUT', url: THEME, headers: admin.headers,
      payload: {
        theme: {
          palette: { ...blue, 'primary-500': 'red' },
          font: "Evil'; } body {",
          fontLinks: ['http://fonts.example/a.css'],
          favicon: svg,
          logo: { light: 'javascript:alert(1)', dark: lyingPng },
          customWelcomeHtml: 'x'.repeat(20001),
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      'body.theme.customWelcomeHtml', 'body.theme.favicon', 'body.theme.font', 'body.theme.fontLinks.0', 'body.theme.logo.dark', 'body.theme.logo.light', 'body.theme.palette.primary-500',
    ]);
    const tooBig = await t.app.inject({ method: 'PUT', url: THEME, headers: admin.headers, payload: { theme: { favicon: `data:image/png;base64,${'A'.repeat(2100)}` } } });
    expect(fieldsOf(tooBig)).toEqual(['body.theme.favicon']);
  });
});

describe('storage (GET storage/v1, super-admin PUT quota)', () => {
  it('shows usage and the default quota to admins only', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    const member = await callerIn(t, admin.ws, ['GENERAL_MEMBER']);
    expect((await t.app.inject({ method: 'GET', url: STORAGE, headers: workspaceHeaders(admin.ws) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: STORAGE, headers: member.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: STORAGE, headers: workspaceHeaders(await newWorkspace(t), admin.cookie) })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: STORAGE, headers: admin.headers });
    expect(res.json().data).toEqual({ ...scopeOf(admin.ws), usedBytes: 0, quotaBytes: t.services.config.files.defaultQuotaBytes, isDefaultQuota: true });
  });

  it('lets only a super-admin session set or clear a quota; 400, 404 and 409 as due', async () => {
    const admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    await t.services.db.insert(workspaceStorage).values({ ...scopeOf(admin.ws), usedBytes: 1234 });
    const url = quotaUrl(admin.ws.workspaceId);
    expect((await t.app.inject({ method: 'PUT', url, payload: { quotaBytes: 10 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { quotaBytes: 10 } })).statusCode).toBe(403);

    const { cookie } = await superAdminCookie(t);
    const bad = await t.app.inject({ method: 'PUT', url: quotaUrl('x'), headers: { cookie }, payload: { quotaBytes: -1 } });
    expect(fieldsOf(bad)).toEqual(['body.quotaBytes', 'params.workspaceId']);
    expect(fieldsOf(await t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: {} }))).toEqual(['body.quotaBytes']);
    expect((await t.app.inject({ method: 'PUT', url: quotaUrl(99_999_999), headers: { cookie }, payload: { quotaBytes: 10 } })).statusCode).toBe(404);

    const set = await t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: { quotaBytes: 5_000 } });
    expect(set.json().data).toEqual({ ...scopeOf(admin.ws), usedBytes: 1234, quotaBytes: 5000, isDefaultQuota: false });
    expect((await t.app.inject({ method: 'GET', url: STORAGE, headers: admin.headers })).json().data.quotaBytes).toBe(5000);
    expect((await lastAudit(t, admin.ws, 'workspace.storage_quota_updated'))?.data).toEqual({ before: null, after: 5000 });
    const cleared = await t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: { quotaBytes: null } });
    expect(cleared.json().data).toMatchObject({ quotaBytes: t.services.config.files.defaultQuotaBytes, isDefaultQuota: true });

    const fresh = await newWorkspace(t);
    expect((await t.app.inject({ method: 'PUT', url: quotaUrl(fresh.workspaceId), headers: { cookie }, payload: { quotaBytes: 0 } })).json().data).toMatchObject({ usedBytes: 0, quotaBytes: 0 });
    await t.services.db.update(workspaces).set({ deletedAt: new Date() }).where(eq(workspaces.id, fresh.workspaceId));
    const gone = await t.app.inject({ method: 'PUT', url: quotaUrl(fresh.workspaceId), headers: { cookie }, payload: { quotaBytes: 1 } });
    expect(gone.statusCode).toBe(409);
  });
});

describe('super-admin workspace simple search', () => {
  const SEARCH = '/api/workspace/super-admin/workspaces/simple-search/v1';
  it('finds workspaces by name, memo or organisation for a super admin only, deleted ones last and marked', async () => {
    const tag = unique('find').toLowerCase();
    const live = await newWorkspace(t, { name: `${tag}-b`, tenantName: `${tag} 법무법인` });
    const gone = await newWorkspace(t, { name: `${tag}-a` });
    await t.services.db.update(workspaces).set({ deletedAt: new Date() }).where(eq(workspaces.id, gone.workspaceId));
    const admin = await callerIn(t, live, ['WORKSPACE_ADMIN']);
    expect((await t.app.inject({ method: 'GET', url: `${SEARCH}?keyword=${tag}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${SEARCH}?keyword=${tag}`, headers: admin.headers })).statusCode).toBe(403);

    const { cookie } = await superAdminCookie(t);
    expect(fieldsOf(await t.app.inject({ method: 'GET', url: `${SEARCH}?size=101`, headers: { cookie } }))).toEqual(['query.size']);
    const found = await t.app.inject({ method: 'GET', url: `${SEARCH}?keyword=${tag.toUpperCase()}`, headers: { cookie } });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((w: { workspaceName: string; isDeleted: boolean }) => [w.workspaceName, w.isDeleted])).toEqual([[`${tag}-b`, false], [`${tag}-a`, true]]);
    expect(found.json().data[0]).toMatchObject({ tenantId: live.tenantId, workspaceId: live.workspaceId, organizationName: `${tag} 법무법인` });
    const byOrganisation = await t.app.inject({ method: 'GET', url: `${SEARCH}?keyword=${encodeURIComponent(`${tag} 법무`)}`, headers: { cookie } });
    expect(byOrganisation.json().data.map((w: { workspaceId: number }) => w.workspaceId)).toEqual([live.workspaceId]);
    // A keyword is matched literally: % and _ are not wildcards.
    expect((await t.app.inject({ method: 'GET', url: `${SEARCH}?keyword=${tag}%25`, headers: { cookie } })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${SEARCH}?size=1`, headers: { cookie } })).json().data).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('describes every route of the area, with its summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    const names = [
      'getWorkspaceSettings', 'updateWorkspaceSettings', 'getWorkspaceTheme', 'updateWorkspaceTheme', 'resetWorkspaceTheme', 'listDeletionRequests',
      'getCurrentDeletionRequest', 'createDeletionRequest', 'cancelDeletionRequest', 'downloadWorkspaceExport', 'superAdminListDeletionRequests',
      'approveDeletionRequest', 'rejectDeletionRequest', 'getWorkspaceStorage', 'setWorkspaceStorageQuota', 'searchWorkspacesSimple',
    ] as const;
    for (const name of names) {
      const route = (api as unknown as Record<string, RouteDescriptor>)[name]!;
      const operation = doc.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation?.summary, `${route.method} ${route.path}`).toBe(route.summary);
    }
  });
});
