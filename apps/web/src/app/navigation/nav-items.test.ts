import { describe, expect, it } from 'vitest';
import { WELCOME_SECTIONS } from '../../features/welcome/welcome-sections';
import { resources } from '../../test/catalogues';
import { PATHS } from '../paths';
import { PUBLIC_NAV_ITEMS, SIGNED_IN_NAV_ITEMS, navHref, publicNavItems } from './nav-items';
import { routedPaths } from './routed-paths.test-support';

describe('public header items', () => {
  it('lead only to pages that exist: sections of the welcome page and account pages', () => {
    const paths = routedPaths();
    const anchors = WELCOME_SECTIONS.map((s) => `#${s.anchor}`);
    for (const item of PUBLIC_NAV_ITEMS) {
      const href = navHref(item.target);
      expect(href.pathname).toBe(PATHS.home);
      expect(anchors).toContain(href.hash);
    }
    expect(SIGNED_IN_NAV_ITEMS.map((i) => navHref(i.target))).toEqual([
      { pathname: PATHS.launcher, hash: '' },
      { pathname: PATHS.profile, hash: '' },
    ]);
    for (const item of SIGNED_IN_NAV_ITEMS) expect(paths).toContain(navHref(item.target).pathname);
  });

  it('have a label in both languages', () => {
    for (const locale of ['ko', 'en'] as const) {
      const nav = resources[locale].common.nav;
      for (const item of [...PUBLIC_NAV_ITEMS, ...SIGNED_IN_NAV_ITEMS]) expect(nav.items[item.label]).toBeTruthy();
      expect(nav.public).toBeTruthy();
    }
  });

  it('add the launcher and the profile for signed-in users, keeping the others as they are', () => {
    expect(publicNavItems(false)).toEqual(PUBLIC_NAV_ITEMS);
    expect(publicNavItems(true).map((i) => i.id)).toEqual([...PUBLIC_NAV_ITEMS.map((i) => i.id), 'launcher', 'profile']);
  });
});
