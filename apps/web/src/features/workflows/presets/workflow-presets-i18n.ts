import en from '../../../locales/en/workflow-presets.json';
import ko from '../../../locales/ko/workflow-presets.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('workflowPresets', { ko, en });
