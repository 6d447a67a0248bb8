export { i18n, changeLocale, currentLocale } from './i18n';
export { toLocale, readLocalePreference } from './locale-preference';
export { NAMESPACES, type Namespace } from './resources';
