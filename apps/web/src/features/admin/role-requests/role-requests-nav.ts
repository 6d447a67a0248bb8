import { defineNavEntry } from '../../../app/navigation/nav-entry';
import { IconUserCheck } from '../admin-icons';
import './role-requests-i18n';

/** `/:workspaceName/role-requests`: a member asks for a role (and follows the answers). */
export const ROLE_REQUESTS_NAV = [
  defineNavEntry({
    id: 'roleRequests.mine',
    variants: ['general'],
    path: (workspaceName) => `/${encodeURIComponent(workspaceName)}/role-requests`,
    icon: IconUserCheck,
    namespace: 'roleRequests',
    labelKey: 'nav.mine',
  }),
];
