import en from '../../../locales/en/role-requests.json';
import ko from '../../../locales/ko/role-requests.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('roleRequests', { ko, en });
