import en from '../../locales/en/esign.json';
import ko from '../../locales/ko/esign.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('esign', { ko, en });
