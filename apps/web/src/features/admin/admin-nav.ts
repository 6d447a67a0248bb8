import { WORKSPACE_ADMIN_PERMISSION } from '@legal/api';
import { defineNavEntry } from '../../app/navigation/nav-entry';
import { IconShieldLock } from '../../components/icons';
import { ADMIN_AREAS, adminPath } from './admin-areas';
import './admin-i18n';

/**
 * The admin console: one way in from the workspace's areas, and its own areas (admin-areas.ts) as
 * the admin variant, each with the permission its page needs (the server checks again).
 */
export const ADMIN_NAV = [
  defineNavEntry({
    id: 'admin',
    variants: ['general', 'contractManagement'],
    permissions: [WORKSPACE_ADMIN_PERMISSION],
    path: (workspaceName) => adminPath(workspaceName),
    icon: IconShieldLock,
    namespace: 'admin',
    labelKey: 'nav.console',
  }),
  ...ADMIN_AREAS.map((area) =>
    defineNavEntry({
      id: `admin.${area.id}`,
      variants: ['admin'],
      permissions: [area.permission],
      ...('product' in area ? { product: area.product } : {}),
      path: (workspaceName) => adminPath(workspaceName, area.id),
      icon: area.icon,
      namespace: 'admin',
      labelKey: `nav.${area.id}`,
    }),
  ),
];
