import type { Locale } from '@legal/api';
import koAuth from '../../locales/ko/auth.json';
import koCommon from '../../locales/ko/common.json';

/**
 * Namespaces bundled with the first screen: the shell's own texts and sign-in. Feature pages
 * bring theirs with their code (`addNamespace` in their `*-i18n.ts`), so the first screen does
 * not carry every page's texts.
 */
export const NAMESPACES = ['common', 'auth'] as const;
/** Namespaces registered by lazily loaded features. */
export const FEATURE_NAMESPACES = [
  'welcome', 'account', 'workspaces', 'superAdmin', 'files', 'admin', 'users', 'auditLog', 'invitations', 'roleRequests',
  'organization', 'notices', 'terms', 'workspaceSettings', 'sso', 'contracts', 'aiReview', 'aiPlatform', 'research', 'standardForms', 'workflows', 'workflowPresets', 'esign', 'seals', 'esignSigner', 'notifications',
] as const;
export type Namespace = (typeof NAMESPACES)[number] | (typeof FEATURE_NAMESPACES)[number];

export type ShellCatalogues = { common: typeof koCommon; auth: typeof koAuth };

/** Korean, the default language, ships with the first screen. */
export const defaultCatalogues: ShellCatalogues = { common: koCommon, auth: koAuth };

/**
 * The shell catalogues of a language, loaded when that language is chosen (or saved) so that the
 * first screen carries one language only.
 */
export const loadShellCatalogues: Record<Locale, () => Promise<ShellCatalogues>> = {
  ko: async () => defaultCatalogues,
  en: async () => {
    const [common, auth] = await Promise.all([import('../../locales/en/common.json'), import('../../locales/en/auth.json')]);
    return { common: common.default, auth: auth.default };
  },
};
