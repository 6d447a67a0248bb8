import en from '../../locales/en/workspaces.json';
import ko from '../../locales/ko/workspaces.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('workspaces', { ko, en });
