import en from '../../../locales/en/sso.json';
import ko from '../../../locales/ko/sso.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('sso', { ko, en });
