import en from '../../../locales/en/invitations.json';
import ko from '../../../locales/ko/invitations.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('invitations', { ko, en });
