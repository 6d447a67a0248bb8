import { describe, expect, it } from 'vitest';
import { isThemeAssetUrl, ThemeBodySchema, UpdateWorkspaceSettingsBodySchema, WorkspaceNameSchema } from './admin-workspace';

const b64 = (bytes: number[] | string) => btoa(typeof bytes === 'string' ? bytes : String.fromCharCode(...bytes));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('theme asset addresses', () => {
  it('accepts https URLs, site paths and raster data URLs whose bytes match their type', () => {
    for (const ok of [
      'https://cdn.example/logo.png',
      '/brand/logo.png',
      `data:image/png;base64,${b64(PNG)}`,
      `data:image/jpeg;base64,${b64([0xff, 0xd8, 0xff, 0xe0, 0, 16])}`,
      `data:image/gif;base64,${b64('GIF89a\u0001\u0000')}`,
      `data:image/webp;base64,${b64('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')}`,
      `data:image/x-icon;base64,${b64([0, 0, 1, 0, 1, 0])}`,
    ]) {
      expect(isThemeAssetUrl(ok), ok).toBe(true);
    }
  });

  it('refuses script-capable, plain-http, protocol-relative and mislabelled addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'http://cdn.example/logo.png',
      '//evil.example/logo.png',
      '/\\evil.example',
      `data:image/svg+xml;base64,${b64('<svg onload="alert(1)"/>')}`,
      `data:text/html;base64,${b64('<script>alert(1)</script>')}`,
      `data:image/png;base64,${b64('GIF89a-not-a-png')}`,
      'data:image/png,%89PNG',
      'data:image/png;base64,iVBORw0KGgo', // not a whole base64 string
      '',
    ]) {
      expect(isThemeAssetUrl(bad), bad).toBe(false);
    }
  });

  it('is enforced by the theme body, with the theme’s own length limit', () => {
    expect(ThemeBodySchema.safeParse({ logo: { light: `data:image/png;base64,${'A'.repeat(2100)}` } }).success).toBe(false);
    const parsed = ThemeBodySchema.parse({ favicon: `data:image/png;base64,${b64(PNG)}` });
    expect(parsed.font).toBe('Poppins');
    expect(ThemeBodySchema.safeParse({ font: "Evil'; } body {" }).success).toBe(false);
    expect(ThemeBodySchema.safeParse({ fontLinks: ['http://fonts.example/a.css'] }).success).toBe(false);
  });
});

describe('workspace names and settings', () => {
  it('allows letters of any script, digits, - and _, and refuses app paths', () => {
    for (const ok of ['hanbit', '한빛-법무', 'acme_2026', 'Ünïcode']) expect(WorkspaceNameSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['a', 'a b', 'a/b', '-acme', '_acme', 'super-admin', 'Sign-In', 'workspaces', 'x'.repeat(61), '%2F']) {
      expect(WorkspaceNameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('needs at least one field to change, within the policy bounds', () => {
    expect(UpdateWorkspaceSettingsBodySchema.safeParse({}).success).toBe(false);
    expect(UpdateWorkspaceSettingsBodySchema.safeParse({ expectedUpdatedAt: '2026-01-01T00:00:00Z' }).success).toBe(false);
    expect(UpdateWorkspaceSettingsBodySchema.safeParse({ memo: null }).success).toBe(true);
    expect(UpdateWorkspaceSettingsBodySchema.safeParse({ sessionIdleMinutes: 9 }).success).toBe(false);
    expect(UpdateWorkspaceSettingsBodySchema.safeParse({ passwordMaxAgeDays: 366 }).success).toBe(false);
    expect(UpdateWorkspaceSettingsBodySchema.safeParse({ products: ['CLM', 'CLM'] }).success).toBe(false);
  });
});
