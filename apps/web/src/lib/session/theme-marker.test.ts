import { DEFAULT_THEME } from '@legal/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../browser-storage';
import { currentTheme, themeMarkerStore } from './theme-marker';

describe('theme marker', () => {
  beforeEach(() => themeMarkerStore.clear());

  it('persists the marker with its theme and restores both', () => {
    const theme = { ...DEFAULT_THEME, name: 'acme', font: 'Pretendard' };
    themeMarkerStore.mark('1-2', theme);
    themeMarkerStore.reload();
    expect(themeMarkerStore.getState()).toEqual({ key: '1-2', theme });
    expect(currentTheme()).toEqual(theme);
  });

  it('treats an unreadable cache as no marker', () => {
    localStorage.setItem(STORAGE_KEYS.themeMarker, '1-2');
    themeMarkerStore.reload();
    expect(themeMarkerStore.getState()).toEqual({ key: null, theme: DEFAULT_THEME });
    localStorage.setItem(STORAGE_KEYS.themeCache, '{not json');
    themeMarkerStore.reload();
    expect(themeMarkerStore.getState()).toEqual({ key: '1-2', theme: DEFAULT_THEME });
  });
});
