import en from '../../locales/en/ai-platform.json';
import ko from '../../locales/ko/ai-platform.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('aiPlatform', { ko, en });
