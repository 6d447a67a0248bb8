import en from '../../locales/en/account.json';
import ko from '../../locales/ko/account.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('account', { ko, en });
