import en from '../../locales/en/admin.json';
import ko from '../../locales/ko/admin.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('admin', { ko, en });
