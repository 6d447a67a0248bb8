export { i18n, addNamespace, changeLocale, currentLocale, loadLocale, prepareLocale } from './i18n';
export { toLocale, readLocalePreference } from './locale-preference';
export { FEATURE_NAMESPACES, NAMESPACES, type Namespace } from './resources';
export { formatDateTime, useFormatDateTime } from './format-date';
