import { PERMISSION } from '@legal/api';
import { defineNavEntry } from '../../app/navigation/nav-entry';
import { PATHS } from '../../app/paths';
import { IconBug, IconTrash } from './super-admin-icons';
import './super-admin-i18n';

/** The super-admin console (a super-admin session holds super_admin.workspace.read; no workspace). */
export const SUPER_ADMIN_NAV = [
  defineNavEntry({
    id: 'superAdmin.clientErrors',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => PATHS.superAdmin,
    icon: IconBug,
    namespace: 'superAdmin',
    labelKey: 'nav.clientErrors',
  }),
  defineNavEntry({
    id: 'superAdmin.deletionRequests',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => `${PATHS.superAdmin}/deletion-requests`,
    icon: IconTrash,
    namespace: 'superAdmin',
    labelKey: 'nav.deletionRequests',
  }),
];
