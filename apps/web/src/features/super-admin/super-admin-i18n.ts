import en from '../../locales/en/super-admin.json';
import ko from '../../locales/ko/super-admin.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('superAdmin', { ko, en });
