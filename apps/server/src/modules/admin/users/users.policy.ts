import type { PermissionName, RoleCode, UpdateUserBody, UserAbilities, UserRoleKind, UserStatus } from '@legal/api';

/** How a member qualifies for a role-filtered list: a permission of their roles, or a role code. */
export type RoleGrant = { kind: 'permission'; permission: PermissionName } | { kind: 'roleCode'; code: RoleCode };

const permission = (name: PermissionName): RoleGrant => ({ kind: 'permission', permission: name });

/**
 * The role-filtered user lists of catalogue 6, each mapped to what a member must hold (through
 * their own roles or their groups' roles) to appear in it.
 */
export const USER_ROLE_KIND_GRANTS: Readonly<Record<UserRoleKind, RoleGrant>> = {
  legalReviewers: permission('legal.review.review'),
  legalAssigners: permission('legal.review.assign'),
  legalApprovers: permission('legal.review.approve'),
  litigationReaders: permission('litigation.litigation.read'),
  litigationOwners: permission('litigation.litigation.own'),
  externalLawyers: { kind: 'roleCode', code: 'EXTERNAL_LAWYER' },
  contractReaders: permission('contract.contract.read'),
  groupContractReaders: permission('contract.group_contract.read'),
  assignedContractReaders: permission('approval.approval.read'),
  approvalReaders: permission('approval.approval.read'),
  consultingReaders: permission('consulting.consulting.read'),
  reviewApprovers: permission('consulting.consulting.approve'),
  sealReaders: permission('seal.seal.read'),
  sealApprovers: permission('seal.usage.approve'),
};

export const USER_WRITE: PermissionName = 'workspace.user.write';
export const USER_READ: PermissionName = 'workspace.user.read';

export interface AbilityInput {
  permissions: ReadonlySet<string>;
  isSelf: boolean;
  isImpersonating: boolean;
  status: UserStatus;
  isLocked: boolean;
  isLastSuperManager: boolean;
}

/** What the caller may do with a member: the screen shows exactly these actions; the service checks again. */
export function abilitiesOf(input: AbilityInput): UserAbilities {
  const canWrite = input.permissions.has(USER_WRITE);
  const isActive = input.status === 'ACTIVE';
  return {
    canUpdate: canWrite && isActive,
    canChangeRoles: canWrite && isActive,
    canDeactivate: canWrite && isActive && !input.isSelf && !input.isLastSuperManager,
    canReactivate: canWrite && !isActive,
    canUnlock: canWrite && input.isLocked,
    canForcePasswordReset: canWrite && isActive && !input.isSelf && !input.isImpersonating,
  };
}

/** The editable profile of a membership. */
export interface MemberProfile {
  displayName: string;
  phone: string | null;
  employeeNumber: string | null;
  divisionId: number | null;
  jobTitleId: number | null;
  jobPositionIds: number[];
}

const PROFILE_FIELDS = ['displayName', 'phone', 'employeeNumber', 'divisionId', 'jobTitleId', 'jobPositionIds'] as const satisfies ReadonlyArray<keyof MemberProfile>;
type ParsedUpdate = { [K in keyof MemberProfile]?: MemberProfile[K] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of an update that really change the profile, with their new values. */
export function profileChanges(current: MemberProfile, update: ParsedUpdate | UpdateUserBody): Partial<MemberProfile> {
  const changes: Partial<MemberProfile> = {};
  for (const field of PROFILE_FIELDS) {
    const next = (update as ParsedUpdate)[field];
    if (next !== undefined && !same(next, current[field])) Object.assign(changes, { [field]: next });
  }
  return changes;
}
