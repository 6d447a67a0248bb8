import enCommon from '../../locales/en/common.json';
import enWelcome from '../../locales/en/welcome.json';
import koCommon from '../../locales/ko/common.json';
import koWelcome from '../../locales/ko/welcome.json';

export const NAMESPACES = ['common', 'welcome'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  ko: { common: koCommon, welcome: koWelcome },
  en: { common: enCommon, welcome: enWelcome },
} as const;
