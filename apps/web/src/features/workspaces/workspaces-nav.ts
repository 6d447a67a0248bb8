import { defineNavEntry } from '../../app/navigation/nav-entry';
import { IconHome } from '../../components/icons';
import './workspaces-i18n';

/** `/:workspaceName`: the workspace home, first in every workspace area (the admin console's way back). */
export const WORKSPACES_NAV = [
  defineNavEntry({
    id: 'home',
    variants: ['general', 'contractManagement', 'aiReview', 'eContract', 'admin'],
    path: (workspaceName) => `/${encodeURIComponent(workspaceName)}`,
    icon: IconHome,
    namespace: 'workspaces',
    labelKey: 'nav.home',
  }),
];
