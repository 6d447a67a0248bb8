import en from '../../locales/en/seals.json';
import ko from '../../locales/ko/seals.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('seals', { ko, en });
