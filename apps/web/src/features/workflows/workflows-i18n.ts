import en from '../../locales/en/workflows.json';
import ko from '../../locales/ko/workflows.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('workflows', { ko, en });
