import { z } from 'zod';
import { type Locale } from './context';
import { PERMISSION } from './permissions';

// ---------------------------------------------------------------------------------------------
// Permission catalogue: `<area>.<resource>.<verb>`. Roles hold these names; the server loads the
// names of the caller's roles in the X-Tenant/X-Workspace workspace into the request principal.
// ---------------------------------------------------------------------------------------------

export const PERMISSION_CATALOGUE = {
  // super-admin consoles (granted by a super-admin session, never by a workspace role)
  [PERMISSION.superAdminWorkspaceRead]: 'Super admin: read every workspace',
  'super_admin.workspace.write': 'Super admin: change workspaces, subscriptions, plans and licenses',
  // contract repository and workflow hub
  'contract.contract.read': 'Read contracts the user takes part in',
  'contract.contract.write': 'Create and edit contracts',
  'contract.contract.admin': 'Manage every contract of the workspace (owner transfer, delete, bulk registration)',
  'contract.group_contract.read': 'Read the contracts of the groups the user belongs to',
  'contract.all_contract.read': 'Read every contract of the workspace',
  'approval.approval.read': 'Read approvals assigned to the user',
  'approval.approval.approve': 'Approve or reject approval steps',
  // legal review
  'legal.review.read': 'Read legal review requests',
  'legal.review.review': 'Review contracts as a legal reviewer',
  'legal.review.assign': 'Assign legal reviewers',
  'legal.review.approve': 'Approve legal reviews',
  // litigation and consulting
  'litigation.litigation.read': 'Read litigations',
  'litigation.litigation.own': 'Own, edit and complete litigations',
  'consulting.consulting.read': 'Read consultings',
  'consulting.consulting.write': 'Request and answer consultings',
  'consulting.consulting.approve': 'Approve consulting reviews',
  // standard forms
  'standard_form.form.read': 'Use the standard-form library',
  'standard_form.form.write': 'Create and edit standard forms and templates',
  // files (arxive)
  'file.file.read': 'Read and download the files of the workspace',
  'file.file.write': 'Upload files and revisions, rename and delete own files',
  'file.file.admin': 'Delete and restore any file of the workspace',
  // AI
  'ai.review.use': 'AI contract review',
  'ai.research.use': 'Legal research chat',
  // seals and e-sign
  'seal.seal.read': 'See seals and request their use',
  'seal.seal.manage': 'Manage seals',
  'seal.usage.approve': 'Approve seal usage requests',
  'esign.document.send': 'Send documents for electronic signing',
  // workspace administration
  'workspace.admin.access': 'Enter the workspace admin console',
  'workspace.user.read': 'List workspace users',
  'workspace.user.write': 'Invite, change and disable users',
  'workspace.role.write': 'Manage roles and role requests',
  'workspace.group.write': 'Manage groups, divisions, job titles and positions',
  'workspace.notice.write': 'Publish notices',
  'workspace.term.write': 'Manage terms and consent',
  'workspace.config.write': 'Change workspace settings, theme and security policy',
  'workspace.subscription.read': 'See the subscription, credits and usage',
  [PERMISSION.orderPublish]: 'Publish orders (plans, credits, storage)',
  [PERMISSION.orderPay]: 'Pay orders and manage billing methods',
  'workspace.api_key.write': 'Manage API keys',
  'workspace.deletion.request': 'Request deletion of the workspace',
  'workspace.audit.read': 'Read and export the audit log of the workspace',
} as const satisfies Record<string, string>;

export type PermissionName = keyof typeof PERMISSION_CATALOGUE;
export const PERMISSION_NAMES = Object.keys(PERMISSION_CATALOGUE) as [PermissionName, ...PermissionName[]];
export const PermissionNameSchema = z.enum(PERMISSION_NAMES);

/** Needed by the `admin` access level on top of a membership. */
export const WORKSPACE_ADMIN_PERMISSION: PermissionName = 'workspace.admin.access';

const WORKSPACE_PERMISSIONS = PERMISSION_NAMES.filter((p) => !p.startsWith('super_admin.'));
const ADMIN_PERMISSIONS = WORKSPACE_PERMISSIONS.filter((p) => p.startsWith('workspace.'));
const BASE_MEMBER: PermissionName[] = [
  'contract.contract.read', 'contract.contract.write', 'approval.approval.read', 'standard_form.form.read',
  'ai.review.use', 'ai.research.use', 'consulting.consulting.read', 'seal.seal.read', 'esign.document.send',
  'file.file.read', 'file.file.write',
];

export const ROLE_CODES = [
  'SUPER_MANAGER', 'LEGAL_MANAGER', 'GENERAL_MEMBER',
  'LEGAL_REVIEWER', 'LEGAL_ASSIGNER', 'LEGAL_APPROVER', 'EXTERNAL_LAWYER', 'READER', 'WORKSPACE_ADMIN',
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export interface RoleTemplate {
  code: RoleCode;
  name: { ko: string; en: string };
  /** Default roles are created in every new workspace; the others are demo personas. */
  isDefault: boolean;
  permissions: PermissionName[];
}

const unique = (names: PermissionName[]) => [...new Set(names)];

export const ROLE_TEMPLATES: Record<RoleCode, RoleTemplate> = {
  SUPER_MANAGER: { code: 'SUPER_MANAGER', name: { ko: '최고 관리자', en: 'Super manager' }, isDefault: true, permissions: [...WORKSPACE_PERMISSIONS] },
  LEGAL_MANAGER: {
    code: 'LEGAL_MANAGER',
    name: { ko: '법무 관리자', en: 'Legal manager' },
    isDefault: true,
    permissions: unique([
      ...BASE_MEMBER, 'contract.contract.admin', 'contract.group_contract.read', 'contract.all_contract.read', 'approval.approval.approve',
      'legal.review.read', 'legal.review.review', 'legal.review.assign', 'legal.review.approve',
      'litigation.litigation.read', 'litigation.litigation.own', 'consulting.consulting.write', 'consulting.consulting.approve',
      'standard_form.form.write', 'seal.seal.manage', 'seal.usage.approve', 'workspace.user.read', 'file.file.admin',
    ]),
  },
  GENERAL_MEMBER: { code: 'GENERAL_MEMBER', name: { ko: '일반 구성원', en: 'General member' }, isDefault: true, permissions: [...BASE_MEMBER] },
  LEGAL_REVIEWER: {
    code: 'LEGAL_REVIEWER',
    name: { ko: '법무 검토자', en: 'Legal reviewer' },
    isDefault: false,
    permissions: unique([...BASE_MEMBER, 'legal.review.read', 'legal.review.review', 'contract.group_contract.read', 'consulting.consulting.write', 'litigation.litigation.read']),
  },
  LEGAL_ASSIGNER: {
    code: 'LEGAL_ASSIGNER',
    name: { ko: '검토 배정자', en: 'Review assigner' },
    isDefault: false,
    permissions: unique([...BASE_MEMBER, 'legal.review.read', 'legal.review.assign', 'contract.all_contract.read']),
  },
  LEGAL_APPROVER: {
    code: 'LEGAL_APPROVER',
    name: { ko: '검토 승인자', en: 'Review approver' },
    isDefault: false,
    permissions: unique([...BASE_MEMBER, 'legal.review.read', 'legal.review.approve', 'approval.approval.approve', 'consulting.consulting.approve', 'seal.usage.approve']),
  },
  EXTERNAL_LAWYER: {
    code: 'EXTERNAL_LAWYER',
    name: { ko: '외부 변호사', en: 'External lawyer' },
    isDefault: false,
    permissions: ['contract.contract.read', 'legal.review.read', 'legal.review.review', 'litigation.litigation.read', 'consulting.consulting.read', 'consulting.consulting.write', 'file.file.read', 'file.file.write'],
  },
  READER: {
    code: 'READER',
    name: { ko: '열람자', en: 'Reader' },
    isDefault: false,
    permissions: ['contract.contract.read', 'contract.group_contract.read', 'standard_form.form.read', 'litigation.litigation.read', 'consulting.consulting.read', 'file.file.read'],
  },
  WORKSPACE_ADMIN: { code: 'WORKSPACE_ADMIN', name: { ko: '워크스페이스 관리자', en: 'Workspace admin' }, isDefault: false, permissions: unique([...BASE_MEMBER, ...ADMIN_PERMISSIONS]) },
};

/**
 * A role's name in the reader's language. A workspace's preset roles are stored with the name
 * of the language they were created in; until an admin renames one, it is shown by its catalogue
 * name in each language (a renamed or custom role keeps the name it was given).
 */
export function roleDisplayName(role: { code: string | null; name: string }, locale: Locale): string {
  const template = role.code !== null && (ROLE_CODES as readonly string[]).includes(role.code) ? ROLE_TEMPLATES[role.code as RoleCode] : undefined;
  if (!template || (role.name !== template.name.ko && role.name !== template.name.en)) return role.name;
  return template.name[locale];
}

export const DEFAULT_ROLE_CODES: RoleCode[] = ROLE_CODES.filter((c) => ROLE_TEMPLATES[c].isDefault);
