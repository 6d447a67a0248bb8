import { defineNavEntry } from '../../app/navigation/nav-entry';
import { REPOSITORY_PERMISSIONS } from '../contracts/contract-permissions';
import { workflowsPath } from './workflows-path';
import { APPROVE_PERMISSIONS, ASSIGN_PERMISSIONS } from './workflows-permissions';
import { IconChartBar, IconChecklist, IconFileSearch, IconSend, IconSignature, IconUsersGroup } from './workflows-icons';
import './workflows-i18n';

/** The workflow hub's pages: contract users have a to-do list, their requests, the contract search and the dashboard; assigners and approvers have theirs. */
export const WORKFLOWS_NAV = [
  defineNavEntry({
    id: 'workflows.todo', variants: ['general', 'contractManagement'], product: 'CLM', permissions: REPOSITORY_PERMISSIONS,
    path: (w) => workflowsPath(w, 'todo'), icon: IconChecklist, namespace: 'workflows', labelKey: 'nav.todo',
  }),
  defineNavEntry({
    id: 'workflows.myRequests', variants: ['contractManagement'], product: 'CLM', permissions: REPOSITORY_PERMISSIONS,
    path: (w) => workflowsPath(w, 'my-requests'), icon: IconSend, namespace: 'workflows', labelKey: 'nav.myRequests',
  }),
  defineNavEntry({
    id: 'workflows.search', variants: ['contractManagement'], product: 'CLM', permissions: REPOSITORY_PERMISSIONS,
    path: (w) => workflowsPath(w, 'search'), icon: IconFileSearch, namespace: 'workflows', labelKey: 'nav.search',
  }),
  defineNavEntry({
    id: 'workflows.assignments', variants: ['contractManagement'], product: 'CLM', permissions: ASSIGN_PERMISSIONS,
    path: (w) => workflowsPath(w, 'assignments'), icon: IconUsersGroup, namespace: 'workflows', labelKey: 'nav.assignments',
  }),
  defineNavEntry({
    id: 'workflows.approvals', variants: ['contractManagement'], product: 'CLM', permissions: APPROVE_PERMISSIONS,
    path: (w) => workflowsPath(w, 'approvals'), icon: IconSignature, namespace: 'workflows', labelKey: 'nav.approvals',
  }),
  defineNavEntry({
    id: 'workflows.dashboard', variants: ['contractManagement'], product: 'CLM', permissions: REPOSITORY_PERMISSIONS,
    path: (w) => workflowsPath(w, 'dashboard'), icon: IconChartBar, namespace: 'workflows', labelKey: 'nav.dashboard',
  }),
];
