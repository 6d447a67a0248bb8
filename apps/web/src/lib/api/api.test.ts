import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n';
import { clearSession, selectWorkspace } from '../session';
import { api } from './index';

describe('the app api client', () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 'SUCCESS', message: null, data: 1 }), { status: 200 }));

  beforeEach(() => {
    clearSession();
    vi.stubGlobal('fetch', fetch);
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    clearSession();
    await changeLocale('ko');
  });

  it('sends the defaults 0, 0 and ko before anything is selected', async () => {
    await api.request('/api/health');
    const headers = new Headers((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
    expect([headers.get('x-tenant'), headers.get('x-workspace'), headers.get('x-locale')]).toEqual(['0', '0', 'ko']);
  });

  it('follows the selected workspace and the interface language', async () => {
    selectWorkspace(12, 34);
    await changeLocale('en');
    await api.request('/api/health');
    const headers = new Headers((fetch.mock.calls.at(-1) as unknown as [string, RequestInit])[1].headers);
    expect([headers.get('x-tenant'), headers.get('x-workspace'), headers.get('x-locale')]).toEqual(['12', '34', 'en']);
  });
});
