export { i18n, addNamespace, changeLocale, currentLocale, loadLocale, prepareLocale } from './i18n';
export { toLocale, readLocalePreference } from './locale-preference';
export { FEATURE_NAMESPACES, NAMESPACES, type Namespace } from './resources';
export {
  formatAmount, formatDateTime, formatInstantDate, formatIsoDate, formatNumber, formatTime, useFormatDateTime, useLocaleFormat, type LocaleFormat,
} from './locale-format';
