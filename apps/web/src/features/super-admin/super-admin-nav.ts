import { PERMISSION } from '@legal/api';
import { defineNavEntry } from '../../app/navigation/nav-entry';
import { PATHS } from '../../app/paths';
import { IconBug, IconTrash } from './super-admin-icons';
import './super-admin-i18n';
import { IconChartBar, IconCoins, IconPrompt, IconRobot } from '../ai-platform/ai-platform-icons';

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
  defineNavEntry({
    id: 'superAdmin.aiSettings',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => `${PATHS.superAdmin}/ai-settings`,
    icon: IconRobot,
    namespace: 'superAdmin',
    labelKey: 'nav.aiSettings',
  }),
  defineNavEntry({
    id: 'superAdmin.credits',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => `${PATHS.superAdmin}/credits`,
    icon: IconCoins,
    namespace: 'superAdmin',
    labelKey: 'nav.credits',
  }),
  defineNavEntry({
    id: 'superAdmin.prompts',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => `${PATHS.superAdmin}/prompts`,
    icon: IconPrompt,
    namespace: 'superAdmin',
    labelKey: 'nav.prompts',
  }),
  defineNavEntry({
    id: 'superAdmin.llmDashboard',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => `${PATHS.superAdmin}/llm-dashboard`,
    icon: IconChartBar,
    namespace: 'superAdmin',
    labelKey: 'nav.llmDashboard',
  }),
];
