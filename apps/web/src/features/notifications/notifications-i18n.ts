import en from '../../locales/en/notifications.json';
import ko from '../../locales/ko/notifications.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('notifications', { ko, en });
