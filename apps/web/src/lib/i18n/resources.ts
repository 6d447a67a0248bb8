import enAuth from '../../locales/en/auth.json';
import enCommon from '../../locales/en/common.json';
import koAuth from '../../locales/ko/auth.json';
import koCommon from '../../locales/ko/common.json';

/**
 * Namespaces bundled with the first screen: the shell's own texts and sign-in. Feature pages
 * bring theirs with their code (`addNamespace` in their `*-i18n.ts`), so the first screen does
 * not carry every page's texts.
 */
export const NAMESPACES = ['common', 'auth'] as const;
/** Namespaces registered by lazily loaded features. */
export const FEATURE_NAMESPACES = ['welcome', 'account', 'workspaces', 'superAdmin', 'files'] as const;
export type Namespace = (typeof NAMESPACES)[number] | (typeof FEATURE_NAMESPACES)[number];

export const resources = {
  ko: { common: koCommon, auth: koAuth },
  en: { common: enCommon, auth: enAuth },
} as const;
