import en from '../../locales/en/welcome.json';
import ko from '../../locales/ko/welcome.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('welcome', { ko, en });
