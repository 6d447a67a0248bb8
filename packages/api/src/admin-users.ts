import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { defineRoute, type RouteDescriptor } from './http';

// ---------------------------------------------------------------------------------------------
// Workspace users (catalogue 7.10 "users", 6 "role-filtered user lists"). A user is addressed by
// `users.id` and is always reached through their membership of the X-Tenant/X-Workspace
// workspace: a user of another workspace answers 404.
// ---------------------------------------------------------------------------------------------

export const USER_LIMITS = {
  /** Spec section 9: user lists default to 30 and allow up to 10000. */
  defaultPageSize: 30,
  maxPageSize: 10_000,
  displayNameMaxLength: 100,
  phoneMaxLength: 40,
  employeeNumberMaxLength: 50,
  keywordMaxLength: 100,
  maxRoles: 100,
  maxJobPositions: 50,
  maxFilterIds: 100,
} as const;

export const USER_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

const id = z.coerce.number().int().positive();
/** A repeatable id query parameter (`?roleIds=1&roleIds=2`). */
const idFilter = z.union([id, z.array(id).max(USER_LIMITS.maxFilterIds)]);
const keyword = z.string().trim().min(1).max(USER_LIMITS.keywordMaxLength);

export const UserIdParamsSchema = z.object({ userId: id });

export const AssignedRoleSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable().describe('Built-in role code (SUPER_MANAGER, ...); null for custom roles') });
export type AssignedRole = z.infer<typeof AssignedRoleSchema>;
export const UserOrgRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type UserOrgRef = z.infer<typeof UserOrgRefSchema>;

// List -----------------------------------------------------------------------------------------

export const USER_SORT_FIELDS = ['displayName', 'loginId', 'createdAt', 'lastSignedInAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const ListUsersQuerySchema = pageQuery(USER_LIMITS.defaultPageSize, USER_LIMITS.maxPageSize).extend({
  keyword: keyword.optional().describe('Part of the name, display name or login id (Korean partial match, case-insensitive)'),
  status: UserStatusSchema.optional(),
  roleIds: idFilter.optional().describe('Members holding any of these roles directly'),
  groupIds: idFilter.optional().describe('Members of any of these groups'),
  divisionId: id.optional().describe('Members of this division or of a division below it'),
  jobTitleIds: idFilter.optional(),
});
export type ListUsersQuery = z.input<typeof ListUsersQuerySchema>;

export const WorkspaceUserSchema = z.object({
  userId: z.number().int(),
  loginId: z.string(),
  name: z.string().describe('Account name (global)'),
  displayName: z.string().describe('Name in this workspace'),
  employeeNumber: z.string().nullable(),
  divisionId: z.number().int().nullable(),
  divisionName: z.string().nullable(),
  jobTitleId: z.number().int().nullable(),
  jobTitleName: z.string().nullable(),
  jobPositionName: z.string().nullable().describe('Job positions joined with ", " in display order'),
  status: UserStatusSchema,
  deactivatedAt: z.string().nullable(),
  isLocked: z.boolean().describe('Locked out after too many failed sign-ins'),
  roles: z.array(AssignedRoleSchema).describe('Roles held directly'),
  groups: z.array(UserOrgRefSchema),
  createdAt: z.string().describe('When the user joined the workspace'),
  lastSignedInAt: z.string().nullable(),
});
export type WorkspaceUser = z.infer<typeof WorkspaceUserSchema>;

// Detail ---------------------------------------------------------------------------------------

export const UserAbilitiesSchema = z.object({
  canUpdate: z.boolean(),
  canChangeRoles: z.boolean(),
  canDeactivate: z.boolean(),
  canReactivate: z.boolean(),
  canUnlock: z.boolean(),
  canForcePasswordReset: z.boolean(),
});
export type UserAbilities = z.infer<typeof UserAbilitiesSchema>;

export const WorkspaceUserDetailSchema = WorkspaceUserSchema.extend({
  locale: z.enum(['ko', 'en']),
  accountStatus: z.enum(['ACTIVE', 'DISABLED']).describe('The global account; DISABLED accounts cannot sign in anywhere'),
  phone: z.string().nullable(),
  jobPositions: z.array(UserOrgRefSchema),
  groupRoles: z.array(AssignedRoleSchema.extend({ groupId: z.number().int(), groupName: z.string() })).describe('Roles the user holds through groups'),
  failedLoginCount: z.number().int(),
  lockedUntil: z.string().nullable(),
  passwordExpiresAt: z.string().nullable(),
  lastSignIn: z.object({ at: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable() }).nullable(),
  liveSessionCount: z.number().int(),
  isLastSuperManager: z.boolean().describe('The only active holder of the SUPER_MANAGER role: cannot lose it or be deactivated'),
  abilities: UserAbilitiesSchema,
});
export type WorkspaceUserDetail = z.infer<typeof WorkspaceUserDetailSchema>;

/** What the filters and pickers of the users screen offer. */
export const UserOptionsSchema = z.object({
  roles: z.array(AssignedRoleSchema),
  groups: z.array(UserOrgRefSchema),
  divisions: z.array(UserOrgRefSchema.extend({ parentId: z.number().int().nullable() })).describe('In tree order (parents first, siblings by display order)'),
  jobTitles: z.array(UserOrgRefSchema),
  jobPositions: z.array(UserOrgRefSchema),
});
export type UserOptions = z.infer<typeof UserOptionsSchema>;

// Changes --------------------------------------------------------------------------------------

const nullableText = (max: number) => z.string().trim().max(max).transform((v) => (v === '' ? null : v)).nullable();

export const UpdateUserBodySchema = z
  .object({
    displayName: z.string().trim().min(1).max(USER_LIMITS.displayNameMaxLength).optional(),
    phone: nullableText(USER_LIMITS.phoneMaxLength)
      .refine((v) => v === null || /^[0-9+\-() ]+$/.test(v), 'digits, spaces and + - ( ) only')
      .optional(),
    employeeNumber: nullableText(USER_LIMITS.employeeNumberMaxLength).optional(),
    divisionId: z.number().int().positive().nullable().optional(),
    jobTitleId: z.number().int().positive().nullable().optional(),
    jobPositionIds: z
      .array(z.number().int().positive())
      .max(USER_LIMITS.maxJobPositions)
      .refine((ids) => new Set(ids).size === ids.length, 'ids must be unique')
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to update');
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

export const SetUserRolesBodySchema = z.object({
  roleIds: z
    .array(z.number().int().positive())
    .max(USER_LIMITS.maxRoles)
    .refine((ids) => new Set(ids).size === ids.length, 'ids must be unique'),
});
export type SetUserRolesBody = z.infer<typeof SetUserRolesBodySchema>;

export const ForcePasswordResetDataSchema = z.object({ revokedSessions: z.number().int() });

// Role-filtered user lists (catalogue 6) -------------------------------------------------------

export const USER_ROLE_KINDS = [
  'legalReviewers', 'legalAssigners', 'legalApprovers', 'litigationReaders', 'litigationOwners', 'externalLawyers',
  'contractReaders', 'groupContractReaders', 'assignedContractReaders', 'approvalReaders', 'consultingReaders', 'reviewApprovers',
  'sealReaders', 'sealApprovers',
] as const;
export const UserRoleKindSchema = z.enum(USER_ROLE_KINDS);
export type UserRoleKind = z.infer<typeof UserRoleKindSchema>;

export const UsersByRoleParamsSchema = z.object({ kind: UserRoleKindSchema });
export const UsersByRoleQuerySchema = pageQuery(USER_LIMITS.defaultPageSize, USER_LIMITS.maxPageSize).extend({
  keyword: keyword.optional().describe('Part of the display name, name or login id'),
});
export type UsersByRoleQuery = z.input<typeof UsersByRoleQuerySchema>;

export const UserPickSchema = z.object({
  userId: z.number().int(),
  displayName: z.string(),
  loginId: z.string(),
  divisionName: z.string().nullable(),
  jobTitleName: z.string().nullable(),
  jobPositionName: z.string().nullable(),
});
export type UserPick = z.infer<typeof UserPickSchema>;

// Routes ---------------------------------------------------------------------------------------

const tags = ['workspace: users'];
const params = UserIdParamsSchema;
const userNote = 'The user is resolved through a membership of X-Workspace (another workspace: 404).';
const readNote = 'Needs workspace.user.read.';
const writeNote = 'Needs workspace.user.write.';

export const listUsers = defineRoute({
  method: 'GET', path: '/api/workspace/users/v1', access: 'admin', tags,
  summary: `Lists the members of the workspace: keyword, status, roles, groups, division (with sub-divisions), job titles; sort by displayName (default), loginId, createdAt or lastSignedInAt. ${readNote}`,
  schemas: { query: ListUsersQuerySchema, data: pageOf(WorkspaceUserSchema) },
});
export const getUserOptions = defineRoute({
  method: 'GET', path: '/api/workspace/users/options/v1', access: 'admin', tags,
  summary: `The roles, groups, divisions, job titles and job positions of the workspace, for the users screen's filters and pickers. ${readNote}`,
  schemas: { data: UserOptionsSchema },
});
export const listUsersByRole = defineRoute({
  method: 'GET', path: '/api/workspace/users/by-role/:kind/v1', access: 'member', tags,
  summary:
    'Active members who may act in a role (legal reviewers, assigners, approvers, litigation readers and owners, external lawyers, contract, ' +
    'group contract, assigned contract, approval and consulting readers, review approvers, seal readers (custodian picker) and seal usage approvers (approval line picker)) through their own roles or their groups\' roles; ' +
    'any member may call it to pick people. Sorted by display name.',
  schemas: { params: UsersByRoleParamsSchema, query: UsersByRoleQuerySchema, data: pageOf(UserPickSchema) },
});
export const getUser = defineRoute({
  method: 'GET', path: '/api/workspace/users/:userId/v1', access: 'admin', tags,
  summary: `A member: profile, roles (own and through groups), groups, organisation, status, lock state, last sign-in and abilities. ${userNote} ${readNote}`,
  schemas: { params, data: WorkspaceUserDetailSchema },
});
export const updateUser = defineRoute({
  method: 'PUT', path: '/api/workspace/users/:userId/v1', access: 'admin', tags,
  summary:
    `Changes the member's profile in this workspace (display name, phone, employee number, division, job title, job positions; ids must exist in the workspace). ` +
    `409 for a deactivated member. ${userNote} ${writeNote}`,
  schemas: { params, body: UpdateUserBodySchema, data: WorkspaceUserDetailSchema },
});
export const setUserRoles = defineRoute({
  method: 'PUT', path: '/api/workspace/users/:userId/roles/v1', access: 'admin', tags,
  summary: `Replaces the roles the member holds directly. 409 when it would leave the workspace without an active super manager, or for a deactivated member. ${userNote} ${writeNote}`,
  schemas: { params, body: SetUserRolesBodySchema, data: WorkspaceUserDetailSchema },
});
export const deactivateUser = defineRoute({
  method: 'POST', path: '/api/workspace/users/:userId/deactivate/v1', access: 'admin', tags,
  summary: `Deactivates the membership and signs the user out (their live sessions end). 409 when already deactivated, for your own account, or for the last super manager. ${userNote} ${writeNote}`,
  schemas: { params, data: WorkspaceUserDetailSchema },
});
export const reactivateUser = defineRoute({
  method: 'POST', path: '/api/workspace/users/:userId/reactivate/v1', access: 'admin', tags,
  summary: `Reactivates a deactivated membership (409 when it is active). ${userNote} ${writeNote}`,
  schemas: { params, data: WorkspaceUserDetailSchema },
});
export const unlockUser = defineRoute({
  method: 'POST', path: '/api/workspace/users/:userId/unlock/v1', access: 'admin', tags,
  summary: `Lifts a sign-in lockout (clears the failure count); 409 when the account is not locked. ${userNote} ${writeNote}`,
  schemas: { params, data: WorkspaceUserDetailSchema },
});
export const forceUserPasswordReset = defineRoute({
  method: 'POST', path: '/api/workspace/users/:userId/force-password-reset/v1', access: 'admin', tags,
  summary: `Expires the member's password and ends their sessions: they must set a new one at next sign-in. 409 for your own account or a deactivated member. ${userNote} ${writeNote}`,
  schemas: { params, data: ForcePasswordResetDataSchema },
});

/** The users routes, in registration order (static paths before `:userId`). */
export const adminUsersRoutes: RouteDescriptor[] = [
  listUsers, getUserOptions, listUsersByRole, getUser, updateUser, setUserRoles,
  deactivateUser, reactivateUser, unlockUser, forceUserPasswordReset,
];
