import { type WelcomeSectionId, welcomeSectionAnchor } from '../../features/welcome/welcome-sections';
import { PATHS } from '../paths';

/**
 * The items of the public header (welcome, sign-in and the signed-in pages outside a workspace:
 * launcher, profile). Inside a workspace, the admin console and the super-admin console the side
 * navigation of the app shell takes over (nav-entries.ts): these never show there.
 */

/** Pages of a signed-in user that the public header links to. */
export type AccountPage = 'launcher' | 'profile';

/** Where an item leads: a section of the welcome page, or a page of a signed-in user. */
export type NavTarget = { kind: 'welcomeSection'; section: WelcomeSectionId } | { kind: 'accountPage'; page: AccountPage };

export interface NavItem {
  id: string;
  /** Key under `nav.items` of the common catalogue. */
  label: WelcomeSectionId | AccountPage;
  target: NavTarget;
}

const toSection = (section: WelcomeSectionId): NavItem => ({ id: section, label: section, target: { kind: 'welcomeSection', section } });
const toAccountPage = (page: AccountPage): NavItem => ({ id: page, label: page, target: { kind: 'accountPage', page } });

/** The product areas as presented on the welcome page. */
export const PUBLIC_NAV_ITEMS: readonly NavItem[] = [
  toSection('aiReview'),
  toSection('legalResearch'),
  toSection('contracts'),
  toSection('standardForms'),
  toSection('litigation'),
];

/** What signed-in users see after them: their workspaces and their profile. */
export const SIGNED_IN_NAV_ITEMS: readonly NavItem[] = [toAccountPage('launcher'), toAccountPage('profile')];

export function publicNavItems(isSignedIn: boolean): readonly NavItem[] {
  return isSignedIn ? [...PUBLIC_NAV_ITEMS, ...SIGNED_IN_NAV_ITEMS] : PUBLIC_NAV_ITEMS;
}

export interface NavHref {
  pathname: string;
  hash: string;
}

export function navHref(target: NavTarget): NavHref {
  switch (target.kind) {
    case 'welcomeSection':
      return { pathname: PATHS.home, hash: `#${welcomeSectionAnchor(target.section)}` };
    case 'accountPage':
      return { pathname: PATHS[target.page], hash: '' };
  }
}
