import en from '../../../locales/en/terms.json';
import ko from '../../../locales/ko/terms.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('terms', { ko, en });
