import type { PermissionName, ProductType } from '@legal/api';
import type { TablerIcon } from '@tabler/icons-react';
import {
  IconBriefcase, IconCertificate, IconFileCertificate, IconHierarchy, IconHistory, IconKey, IconMailForward, IconPalette,
  IconCoins, IconRoute, IconSettings, IconTemplate, IconShieldCheck, IconSpeakerphone, IconTrash, IconUserCheck, IconUsers, IconUsersGroup,
} from './admin-icons';

/** The pages of the admin console, in navigation order. `path` is relative to `/:workspaceName/admin`; `product`: listed only in workspaces that have it. */
export const ADMIN_AREAS = [
  { id: 'users', path: 'users', permission: 'workspace.user.read', icon: IconUsers },
  { id: 'invitations', path: 'invitations', permission: 'workspace.user.write', icon: IconMailForward },
  { id: 'roles', path: 'roles', permission: 'workspace.role.write', icon: IconShieldCheck },
  { id: 'roleRequests', path: 'role-requests', permission: 'workspace.role.write', icon: IconUserCheck },
  { id: 'groups', path: 'groups', permission: 'workspace.group.write', icon: IconUsersGroup },
  { id: 'divisions', path: 'divisions', permission: 'workspace.group.write', icon: IconHierarchy },
  { id: 'jobs', path: 'job-titles', permission: 'workspace.group.write', icon: IconBriefcase },
  { id: 'notices', path: 'notices', permission: 'workspace.notice.write', icon: IconSpeakerphone },
  { id: 'terms', path: 'terms', permission: 'workspace.term.write', icon: IconFileCertificate },
  { id: 'settings', path: 'settings', permission: 'workspace.config.write', icon: IconSettings },
  { id: 'theme', path: 'theme', permission: 'workspace.config.write', icon: IconPalette },
  { id: 'sso', path: 'sso', permission: 'workspace.config.write', icon: IconKey },
  { id: 'credits', path: 'credits', permission: 'workspace.subscription.read', icon: IconCoins },
  { id: 'deletion', path: 'deletion', permission: 'workspace.deletion.request', icon: IconTrash },
  { id: 'audit', path: 'audit', permission: 'workspace.audit.read', icon: IconHistory },
  { id: 'standardForms', path: 'standard-forms', permission: 'workspace.config.write', icon: IconTemplate },
  { id: 'workflowPresets', path: 'workflow-presets', permission: 'workspace.config.write', icon: IconRoute },
  { id: 'esignCertificate', path: 'esign-certificate', permission: 'workspace.config.write', icon: IconCertificate, product: 'E_CONTRACT' },
] as const satisfies ReadonlyArray<{ id: string; path: string; permission: PermissionName; icon: TablerIcon; product?: ProductType }>;

export type AdminArea = (typeof ADMIN_AREAS)[number];
export type AdminAreaId = AdminArea['id'];

/** `/:workspaceName/admin/<area path>` */
export function adminPath(workspaceName: string, area?: AdminAreaId): string {
  const base = `/${encodeURIComponent(workspaceName)}/admin`;
  const found = ADMIN_AREAS.find((a) => a.id === area);
  return found ? `${base}/${found.path}` : base;
}


