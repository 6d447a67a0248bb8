import en from '../../../locales/en/users.json';
import ko from '../../../locales/ko/users.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('users', { ko, en });
