import en from '../../../locales/en/organization.json';
import ko from '../../../locales/ko/organization.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('organization', { ko, en });
