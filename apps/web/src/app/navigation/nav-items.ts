import { type WelcomeSectionId, welcomeSectionAnchor } from '../../features/welcome/welcome-sections';
import { PATHS } from '../paths';

/** The navigation bar variants of spec section 1. */
export const NAV_VARIANTS = ['general', 'admin', 'aiReview', 'contractManagement', 'eContract', 'superAdmin'] as const;
export type NavVariant = (typeof NAV_VARIANTS)[number];

/** Pages of a signed-in user that the navigation links to. */
export type AccountPage = 'launcher' | 'profile';

/**
 * Where an item leads. Only destinations that exist are expressible: the sections of the
 * welcome page and the pages of a signed-in user; workspace routes (`/:workspaceName/...`, see
 * workspaceHomePath) join as their pages are built.
 */
export type NavTarget = { kind: 'welcomeSection'; section: WelcomeSectionId } | { kind: 'accountPage'; page: AccountPage };

export interface NavItem {
  id: string;
  /** Key under `nav.items` of the common catalogue. */
  label: WelcomeSectionId | AccountPage;
  target: NavTarget;
}

const toSection = (section: WelcomeSectionId): NavItem => ({
  id: section,
  label: section,
  target: { kind: 'welcomeSection', section },
});

export const NAV_ITEMS: Readonly<Record<NavVariant, readonly NavItem[]>> = {
  general: [
    toSection('aiReview'),
    toSection('legalResearch'),
    toSection('contracts'),
    toSection('standardForms'),
    toSection('litigation'),
  ],
  admin: [toSection('administration'), toSection('contracts'), toSection('standardForms')],
  aiReview: [toSection('aiReview'), toSection('legalResearch')],
  contractManagement: [toSection('contracts'), toSection('standardForms'), toSection('litigation')],
  eContract: [toSection('signing'), toSection('contracts')],
  superAdmin: [toSection('superAdmin'), toSection('administration')],
};

const toAccountPage = (page: AccountPage): NavItem => ({ id: page, label: page, target: { kind: 'accountPage', page } });

/** What signed-in users see after the general items. */
export const SIGNED_IN_NAV_ITEMS: readonly NavItem[] = [toAccountPage('launcher'), toAccountPage('profile')];

/** The items of a variant; signed-in users get links to the launcher and their profile in the general one. */
export function navItemsFor(variant: NavVariant, isSignedIn: boolean): readonly NavItem[] {
  return variant === 'general' && isSignedIn ? [...NAV_ITEMS.general, ...SIGNED_IN_NAV_ITEMS] : NAV_ITEMS[variant];
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

export function isNavVariant(value: unknown): value is NavVariant {
  return typeof value === 'string' && (NAV_VARIANTS as readonly string[]).includes(value);
}
