import { PERMISSION } from '@legal/api';
import { defineNavEntry } from '../../app/navigation/nav-entry';
import { IconTemplate, IconWorld } from './standard-form-icons';
import { GLOBAL_FORMS_PATH, standardFormsPath } from './standard-forms-path';
import { FORM_READ_PERMISSIONS } from './standard-forms-permissions';
import './standard-forms-i18n';

/** The standard-form library in the workspace's areas, and the global forms in the super-admin console. */
export const STANDARD_FORMS_NAV = [
  defineNavEntry({
    id: 'standardForms',
    variants: ['general', 'contractManagement'],
    product: 'CLM',
    permissions: FORM_READ_PERMISSIONS,
    path: standardFormsPath,
    icon: IconTemplate,
    namespace: 'standardForms',
    labelKey: 'nav.library',
  }),
];

export const STANDARD_FORMS_SUPER_ADMIN_NAV = [
  defineNavEntry({
    id: 'superAdmin.standardForms',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => GLOBAL_FORMS_PATH,
    icon: IconWorld,
    namespace: 'standardForms',
    labelKey: 'nav.globalForms',
  }),
];
