import { describe, expect, it } from 'vitest';
import { WELCOME_SECTIONS } from '../../features/welcome/welcome-sections';
import { resources } from '../../test/catalogues';
import { PATHS } from '../paths';
import { appRoutes } from '../router';
import { NAV_ITEMS, NAV_VARIANTS, SIGNED_IN_NAV_ITEMS, isNavVariant, navHref, navItemsFor } from './nav-items';

/** Paths the router defines (index routes count as their parent's path). */
function routedPaths(): string[] {
  const paths: string[] = [];
  const walk = (routes: typeof appRoutes, parent: string) => {
    for (const route of routes) {
      const own = route.path ? (route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`) : parent;
      if (route.index || (route.path && route.path !== '*' && !route.children)) paths.push(own);
      if (route.children) walk(route.children, own);
    }
  };
  walk(appRoutes, '');
  return paths;
}

describe('navigation items', () => {
  it('defines every variant with at least one item', () => {
    expect(Object.keys(NAV_ITEMS).sort()).toEqual([...NAV_VARIANTS].sort());
    for (const variant of NAV_VARIANTS) expect(NAV_ITEMS[variant].length).toBeGreaterThan(0);
  });

  it('only leads to routes that exist and sections that are on the page', () => {
    const paths = routedPaths();
    const anchors = WELCOME_SECTIONS.map((s) => `#${s.anchor}`);
    expect(paths).toContain(PATHS.home);
    for (const variant of NAV_VARIANTS) {
      for (const item of NAV_ITEMS[variant]) {
        const href = navHref(item.target);
        expect(paths).toContain(href.pathname);
        expect(anchors).toContain(href.hash);
      }
    }
  });

  it('has a label and an accessible name in both languages', () => {
    for (const locale of ['ko', 'en'] as const) {
      const nav = resources[locale].common.nav;
      for (const variant of NAV_VARIANTS) {
        expect(nav.variants[variant]).toBeTruthy();
        for (const item of NAV_ITEMS[variant]) expect(nav.items[item.label]).toBeTruthy();
      }
    }
  });

  it('adds the launcher and the profile to the general items of signed-in users, keeping the others as they are', () => {
    const paths = routedPaths();
    expect(navItemsFor('general', false)).toEqual(NAV_ITEMS.general);
    expect(navItemsFor('general', true).map((i) => i.id)).toEqual([...NAV_ITEMS.general.map((i) => i.id), 'launcher', 'profile']);
    expect(navItemsFor('admin', true)).toEqual(NAV_ITEMS.admin);
    for (const item of SIGNED_IN_NAV_ITEMS) {
      expect(paths).toContain(navHref(item.target).pathname);
      for (const locale of ['ko', 'en'] as const) expect(resources[locale].common.nav.items[item.label]).toBeTruthy();
    }
    expect(SIGNED_IN_NAV_ITEMS.map((i) => navHref(i.target).pathname)).toEqual([PATHS.launcher, PATHS.profile]);
  });

  it('has unique items per variant', () => {
    for (const variant of NAV_VARIANTS) {
      const ids = NAV_ITEMS[variant].map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('recognises variant names', () => {
    expect(isNavVariant('eContract')).toBe(true);
    expect(isNavVariant('billing')).toBe(false);
    expect(isNavVariant(undefined)).toBe(false);
  });
});
