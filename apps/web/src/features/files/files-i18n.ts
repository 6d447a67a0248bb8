import en from '../../locales/en/files.json';
import ko from '../../locales/ko/files.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('files', { ko, en });
