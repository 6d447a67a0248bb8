import en from '../../locales/en/standard-forms.json';
import ko from '../../locales/ko/standard-forms.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('standardForms', { ko, en });
