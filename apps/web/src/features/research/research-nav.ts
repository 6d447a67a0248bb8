import { DEFAULT_THEME, PERMISSION } from '@legal/api';
import { PATHS } from '../../app/paths';
import { defineNavEntry } from '../../app/navigation/nav-entry';
import { IconBellRinging, IconHistory, IconMessageBolt, IconMessageQuestion, IconScale } from './research-icons';
import { advisoryPath, researchChatPath, statuteAlertsPath } from './research-path';
import { RESEARCH_PERMISSIONS } from './research-permissions';
import './research-i18n';

/**
 * The research chat, the advisory inquiries and the statute-change alerts in the general area. The
 * entries cannot know the workspace theme, so they lead to the default directory; the page sends a
 * themed workspace on to its own directory.
 */
export const RESEARCH_NAV = [
  defineNavEntry({
    id: 'research',
    variants: ['general'],
    product: 'AI_STUDIO',
    permissions: RESEARCH_PERMISSIONS,
    path: (workspaceName) => researchChatPath(workspaceName, DEFAULT_THEME.chatDirectory),
    icon: IconScale,
    namespace: 'research',
    labelKey: 'nav.research',
  }),
  defineNavEntry({
    id: 'research.advisory',
    variants: ['general'],
    product: 'AI_STUDIO',
    permissions: RESEARCH_PERMISSIONS,
    path: (workspaceName) => advisoryPath(workspaceName, DEFAULT_THEME.chatDirectory),
    icon: IconMessageQuestion,
    namespace: 'research',
    labelKey: 'nav.advisory',
  }),
  defineNavEntry({
    id: 'research.alerts',
    variants: ['general'],
    product: 'AI_STUDIO',
    permissions: RESEARCH_PERMISSIONS,
    path: (workspaceName) => statuteAlertsPath(workspaceName, DEFAULT_THEME.chatDirectory),
    icon: IconBellRinging,
    namespace: 'research',
    labelKey: 'nav.alerts',
  }),
];

/** The super-admin console's research pages: a workspace's chats (audited reads) and its research settings. */
export const RESEARCH_SUPER_ADMIN_NAV = [
  defineNavEntry({
    id: 'superAdmin.researchChats',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => `${PATHS.superAdmin}/research-chats`,
    icon: IconHistory,
    namespace: 'research',
    labelKey: 'admin.nav.chats',
  }),
  defineNavEntry({
    id: 'superAdmin.researchSettings',
    variants: ['superAdmin'],
    permissions: [PERMISSION.superAdminWorkspaceRead],
    path: () => `${PATHS.superAdmin}/research-settings`,
    icon: IconMessageBolt,
    namespace: 'research',
    labelKey: 'admin.nav.settings',
  }),
];
