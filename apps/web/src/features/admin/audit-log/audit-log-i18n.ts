import en from '../../../locales/en/audit-log.json';
import ko from '../../../locales/ko/audit-log.json';
import { addNamespace } from '../../../lib/i18n';

addNamespace('auditLog', { ko, en });
