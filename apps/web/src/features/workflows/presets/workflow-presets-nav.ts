import { PERMISSION } from '@legal/api';
import { defineNavEntry } from '../../../app/navigation/nav-entry';
import { PATHS } from '../../../app/paths';
import { IconRoute } from '../workflows-icons';
import './workflow-presets-i18n';

/** The published workflow presets in the super-admin console (the workspace's adaptation is an admin area). */
export const WORKFLOW_PRESETS_SUPER_ADMIN_NAV = [
  defineNavEntry({
    id: 'superAdmin.workflowPresets',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => `${PATHS.superAdmin}/workflow-presets`,
    icon: IconRoute,
    namespace: 'workflowPresets',
    labelKey: 'nav.superAdmin',
  }),
];
