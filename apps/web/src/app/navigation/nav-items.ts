import { type WelcomeSectionId, welcomeSectionAnchor } from '../../features/welcome/welcome-sections';
import { PATHS } from '../paths';

/** The navigation bar variants of spec section 1. */
export const NAV_VARIANTS = ['general', 'admin', 'aiReview', 'contractManagement', 'eContract', 'superAdmin'] as const;
export type NavVariant = (typeof NAV_VARIANTS)[number];

/**
 * Where an item leads. Only destinations that exist are expressible: for now the sections of the
 * welcome page; workspace routes (`/:workspaceName/...`) join as their pages are built.
 */
export type NavTarget = { kind: 'welcomeSection'; section: WelcomeSectionId };

export interface NavItem {
  id: string;
  /** Key under `nav.items` of the common catalogue. */
  label: WelcomeSectionId;
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

export interface NavHref {
  pathname: string;
  hash: string;
}

export function navHref(target: NavTarget): NavHref {
  switch (target.kind) {
    case 'welcomeSection':
      return { pathname: PATHS.home, hash: `#${welcomeSectionAnchor(target.section)}` };
  }
}

export function isNavVariant(value: unknown): value is NavVariant {
  return typeof value === 'string' && (NAV_VARIANTS as readonly string[]).includes(value);
}
