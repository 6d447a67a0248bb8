import en from '../../locales/en/contracts.json';
import ko from '../../locales/ko/contracts.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('contracts', { ko, en });
