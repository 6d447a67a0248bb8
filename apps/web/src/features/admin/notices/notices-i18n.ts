import en from '../../../locales/en/notices.json';
import ko from '../../../locales/ko/notices.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('notices', { ko, en });
