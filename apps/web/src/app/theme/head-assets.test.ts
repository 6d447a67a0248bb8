import { DEFAULT_THEME } from '@legal/api';
import { afterEach, describe, expect, it } from 'vitest';
import { pickLogo } from './brand-logo';
import { DEFAULT_FAVICON, applyFavicon, applyFontLinks, isSafeAssetUrl } from './head-assets';

const fontLinks = () => Array.from(document.head.querySelectorAll('link[data-theme-font]')).map((l) => l.getAttribute('href'));

describe('head assets', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('injects the theme font links once and replaces them when the theme changes', () => {
    applyFontLinks(document, ['https://fonts.example/a.css', 'https://fonts.example/b.css']);
    applyFontLinks(document, ['https://fonts.example/a.css', 'https://fonts.example/b.css']);
    expect(fontLinks()).toEqual(['https://fonts.example/a.css', 'https://fonts.example/b.css']);
    const link = document.head.querySelector('link[data-theme-font]') as HTMLLinkElement;
    expect(link.rel).toBe('stylesheet');

    applyFontLinks(document, ['https://fonts.example/b.css', 'https://fonts.example/c.css', 'javascript:alert(1)']);
    expect(fontLinks()).toEqual(['https://fonts.example/b.css', 'https://fonts.example/c.css']);
    applyFontLinks(document, []);
    expect(fontLinks()).toEqual([]);
  });

  it('sets the favicon and falls back to the product icon', () => {
    applyFavicon(document, 'https://cdn.example/acme.png');
    const icon = () => document.head.querySelector('link[data-app-favicon]') as HTMLLinkElement;
    expect(icon().getAttribute('href')).toBe('https://cdn.example/acme.png');
    expect(icon().rel).toBe('icon');
    expect(icon().hasAttribute('type')).toBe(false);
    applyFavicon(document, undefined);
    expect(icon().getAttribute('href')).toBe(DEFAULT_FAVICON);
    expect(icon().type).toBe('image/svg+xml');
    applyFavicon(document, 'javascript:alert(1)');
    expect(icon().getAttribute('href')).toBe(DEFAULT_FAVICON);
    expect(document.head.querySelectorAll('link[data-app-favicon]')).toHaveLength(1);
  });

  it('accepts only http(s), relative and data:image asset addresses', () => {
    expect(isSafeAssetUrl('/brand/logo.svg')).toBe(true);
    expect(isSafeAssetUrl('https://cdn.example/logo.svg')).toBe(true);
    expect(isSafeAssetUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isSafeAssetUrl('data:image/png;base64,AAAA', { allowDataImage: true })).toBe(true);
    expect(isSafeAssetUrl('data:text/html,<script>', { allowDataImage: true })).toBe(false);
    expect(isSafeAssetUrl('javascript:alert(1)', { allowDataImage: true })).toBe(false);
    expect(isSafeAssetUrl('  ')).toBe(false);
  });
});

describe('pickLogo', () => {
  const theme = { ...DEFAULT_THEME, logo: { light: '/logo-light.svg', dark: '/logo-dark.svg' } };

  it('picks the logo of the colour scheme', () => {
    expect(pickLogo(theme, 'light')).toBe('/logo-light.svg');
    expect(pickLogo(theme, 'dark')).toBe('/logo-dark.svg');
  });

  it('answers null (draw the wordmark) when the scheme has no usable logo', () => {
    expect(pickLogo(DEFAULT_THEME, 'light')).toBeNull();
    expect(pickLogo({ ...theme, logo: { light: '/logo-light.svg' } }, 'dark')).toBeNull();
    expect(pickLogo({ ...theme, logo: { light: 'javascript:x' } }, 'light')).toBeNull();
  });
});
