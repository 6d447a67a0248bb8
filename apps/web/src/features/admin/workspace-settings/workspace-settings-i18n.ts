import en from '../../../locales/en/workspace-settings.json';
import ko from '../../../locales/ko/workspace-settings.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('workspaceSettings', { ko, en });
