import en from '../../locales/en/research.json';
import ko from '../../locales/ko/research.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('research', { ko, en });
