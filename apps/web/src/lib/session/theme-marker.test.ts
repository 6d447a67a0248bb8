import { DEFAULT_THEME } from '@legal/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../browser-storage';
import { currentTheme, themeMarkerStore } from './theme-marker';

describe('theme marker', () => {
  beforeEach(() => themeMarkerStore.clear());

  it('persists the marker with its theme and restores both', async () => {
    const theme = { ...DEFAULT_THEME, name: 'acme', font: 'Pretendard' };
    themeMarkerStore.mark('1-2', theme);
    await themeMarkerStore.reload();
    expect(themeMarkerStore.getState()).toEqual({ key: '1-2', theme });
    expect(currentTheme()).toEqual(theme);
  });

  it('treats an unreadable cache as no marker', async () => {
    localStorage.setItem(STORAGE_KEYS.themeMarker, '1-2');
    await themeMarkerStore.reload();
    expect(themeMarkerStore.getState()).toEqual({ key: null, theme: DEFAULT_THEME });
    localStorage.setItem(STORAGE_KEYS.themeCache, '{not json');
    await themeMarkerStore.reload();
    expect(themeMarkerStore.getState()).toEqual({ key: '1-2', theme: DEFAULT_THEME });
  });

  it('restores a cached theme through the theme schema: what it does not accept is dropped or defaulted', async () => {
    localStorage.setItem(STORAGE_KEYS.themeMarker, '3-4');
    localStorage.setItem(STORAGE_KEYS.themeCache, JSON.stringify({ name: 'acme', chatDirectory: 'Not Valid!' }));
    await themeMarkerStore.reload();
    expect(themeMarkerStore.getState()).toEqual({ key: '3-4', theme: DEFAULT_THEME });
    localStorage.setItem(STORAGE_KEYS.themeCache, JSON.stringify({ name: 'acme', unknown: true }));
    await themeMarkerStore.reload();
    expect(themeMarkerStore.getState()).toEqual({ key: '3-4', theme: { ...DEFAULT_THEME, name: 'acme' } });
  });

  it('lets a mark made while the cache is being read win over that read', async () => {
    themeMarkerStore.mark('1-2', { ...DEFAULT_THEME, name: 'old' });
    const reading = themeMarkerStore.reload();
    const fresh = { ...DEFAULT_THEME, name: 'fresh' };
    themeMarkerStore.mark('5-6', fresh);
    await reading;
    expect(themeMarkerStore.getState()).toEqual({ key: '5-6', theme: fresh });
  });
});
