import { z } from 'zod';
import { PermissionCatalogueSchema, PermissionSetSchema } from './admin-organization-permissions';
import { ROLE_CODES } from './auth-roles';
import { pageOf, pageQuery } from './envelope';
import { defineRoute, type RouteDescriptor } from './http';
import { booleanQuery } from './list-query';

/** The permission catalogue with Korean texts and areas (the matrix's rows) lives beside this file. */
export * from './admin-organization-permissions';

// ---------------------------------------------------------------------------------------------
// Organization of a workspace (catalogue 3 and 7.10): roles and their permission matrix, groups,
// the division tree, job titles (직책) and job positions (직위). Reads are open to every member of
// the workspace (pickers across the product use them); changes need workspace.role.write (roles)
// or workspace.group.write (groups, divisions, titles, positions) on top of the admin console.
// ---------------------------------------------------------------------------------------------

export const ORGANIZATION_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 1000,
  /** Users in one membership change (a group or role may hold every member of a large workspace). */
  userIdsMax: 10_000,
  roleIdsMax: 200,
  orderedIdsMax: 1000,
  keywordMaxLength: 100,
  groupPageMax: 10_000,
  listPageMax: 1000,
} as const;

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive();
const uniqueIds = <T extends z.ZodArray<z.ZodNumber>>(schema: T) => schema.refine((ids) => new Set(ids).size === ids.length, 'ids must be unique');

/** A name shown in lists and pickers: trimmed, 1-100 characters, no control characters. */
export const OrganizationNameSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(ORGANIZATION_LIMITS.nameMaxLength, `at most ${ORGANIZATION_LIMITS.nameMaxLength} characters`)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'no control characters');
const DescriptionSchema = z.string().trim().max(ORGANIZATION_LIMITS.descriptionMaxLength, `at most ${ORGANIZATION_LIMITS.descriptionMaxLength} characters`);
const keyword = z.string().trim().min(1).max(ORGANIZATION_LIMITS.keywordMaxLength).optional().describe('Part of the name (case-insensitive)');
const UserIdsSchema = uniqueIds(z.array(id).max(ORGANIZATION_LIMITS.userIdsMax));

// ---------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------

export const RoleCodeSchema = z.enum(ROLE_CODES);
/** The role whose permissions are locked to every workspace permission and whose last holder cannot leave. */
export const LOCKED_ROLE_CODE = 'SUPER_MANAGER' as const;

/** A member of the workspace as organization screens and pickers show them. */
export const OrganizationMemberSchema = z.object({
  userId: z.number().int(),
  loginId: z.string(),
  displayName: z.string(),
  divisionName: z.string().nullable(),
  jobTitleName: z.string().nullable(),
  jobPositionName: z.string().nullable(),
  status: z.enum(['ACTIVE', 'DEACTIVATED']),
});
export type OrganizationMember = z.infer<typeof OrganizationMemberSchema>;

export const OrgRoleRefSchema = z.object({ id: z.number().int(), code: RoleCodeSchema.nullable(), name: z.string() });
export type OrgRoleRef = z.infer<typeof OrgRoleRefSchema>;

export const SetMembersBodySchema = z.object({
  userIds: UserIdsSchema.describe('The complete new set of members (user ids); users added must be active members of the workspace'),
});
export type SetMembersBody = z.infer<typeof SetMembersBodySchema>;

export const MembersChangeSchema = z.object({
  addedUserIds: z.array(z.number().int()),
  removedUserIds: z.array(z.number().int()),
});

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

export const RoleAbilitiesSchema = z.object({
  canRename: z.boolean().describe('Custom roles only: built-in role names are fixed'),
  canEditDescription: z.boolean(),
  canEditPermissions: z.boolean().describe('False for SUPER_MANAGER, which always holds every workspace permission'),
  canEditMembers: z.boolean(),
  canDelete: z.boolean().describe('Custom roles that nobody holds (directly or through a group)'),
});

export const RoleSummarySchema = z.object({
  id: z.number().int(),
  code: RoleCodeSchema.nullable().describe('Built-in roles carry a code; custom roles null'),
  name: z.string().describe('As stored (Korean for built-in roles: the web shows ROLE_TEMPLATES[code].name in the interface language)'),
  description: z.string().nullable(),
  isDefault: z.boolean().describe('One of the three default roles of every workspace'),
  isBuiltIn: z.boolean(),
  isLocked: z.boolean().describe('Permissions fixed (SUPER_MANAGER)'),
  permissions: z.array(z.string()),
  memberCount: z.number().int().describe('Members holding the role directly'),
  groupCount: z.number().int().describe('Groups holding the role'),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: RoleAbilitiesSchema,
});
export type RoleSummary = z.infer<typeof RoleSummarySchema>;

export const RoleDetailSchema = RoleSummarySchema.extend({
  members: z.array(OrganizationMemberSchema).describe('Members holding the role directly, by name'),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), memberCount: z.number().int() })),
});
export type RoleDetail = z.infer<typeof RoleDetailSchema>;

export const ROLE_SORT_FIELDS = ['name', 'createdAt', 'memberCount'] as const;
export const ListRolesQuerySchema = pageQuery(10, ORGANIZATION_LIMITS.listPageMax).extend({ keyword });
export const RoleIdParamsSchema = z.object({ roleId: idParam });

export const CreateRoleBodySchema = z.object({
  name: OrganizationNameSchema,
  description: DescriptionSchema.nullable().optional(),
  permissions: PermissionSetSchema,
});
export type CreateRoleBody = z.infer<typeof CreateRoleBodySchema>;

export const UpdateRoleBodySchema = z
  .object({
    name: OrganizationNameSchema.optional(),
    description: DescriptionSchema.nullable().optional(),
    permissions: PermissionSetSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.permissions !== undefined, 'nothing to update');
export type UpdateRoleBody = z.infer<typeof UpdateRoleBodySchema>;

export const RoleMatrixSchema = z.object({
  permissions: z.array(z.string()).describe('The rows: grantable permissions in catalogue order'),
  roles: z.array(
    z.object({ id: z.number().int(), code: RoleCodeSchema.nullable(), name: z.string(), isBuiltIn: z.boolean(), isLocked: z.boolean(), permissions: z.array(z.string()) }),
  ),
});
export type RoleMatrix = z.infer<typeof RoleMatrixSchema>;

export const UpdateRoleMatrixBodySchema = z.object({
  roles: z
    .array(z.object({ roleId: id, permissions: PermissionSetSchema }))
    .min(1)
    .max(ORGANIZATION_LIMITS.roleIdsMax)
    .refine((rows) => new Set(rows.map((r) => r.roleId)).size === rows.length, 'each role at most once'),
});
export type UpdateRoleMatrixBody = z.infer<typeof UpdateRoleMatrixBodySchema>;

const roleTags = ['workspace: roles'];
const roleWrite = 'Needs workspace.role.write.';

export const getPermissionCatalogue = defineRoute({
  method: 'GET', path: '/api/workspace/permissions/v1', access: 'member', tags: roleTags,
  summary: 'The permissions a role may hold, grouped by area, with Korean and English descriptions (the rows of the permission matrix)',
  schemas: { data: PermissionCatalogueSchema },
});
export const listRoles = defineRoute({
  method: 'GET', path: '/api/workspace/roles/v1', access: 'member', tags: roleTags,
  summary: 'Roles of the workspace with member and group counts; sort by name, createdAt (default, built-in roles first) or memberCount',
  schemas: { query: ListRolesQuerySchema, data: pageOf(RoleSummarySchema) },
});
export const getRoleMatrix = defineRoute({
  method: 'GET', path: '/api/workspace/roles/matrix/v1', access: 'member', tags: roleTags,
  summary: 'Every role with its permissions (the columns of the permission matrix)',
  schemas: { data: RoleMatrixSchema },
});
export const updateRoleMatrix = defineRoute({
  method: 'PUT', path: '/api/workspace/roles/matrix/v1', access: 'admin', tags: roleTags,
  summary: `Sets the permissions of several roles in one transaction, under the rules of a single update (409 when SUPER_MANAGER would lose a permission; nothing changes then). Answers the new matrix. ${roleWrite}`,
  schemas: { body: UpdateRoleMatrixBodySchema, data: RoleMatrixSchema },
});
export const getRole = defineRoute({
  method: 'GET', path: '/api/workspace/roles/:roleId/v1', access: 'member', tags: roleTags,
  summary: 'A role with its permissions, direct members and groups',
  schemas: { params: RoleIdParamsSchema, data: RoleDetailSchema },
});
export const createRole = defineRoute({
  method: 'POST', path: '/api/workspace/roles/v1', access: 'admin', tags: roleTags,
  summary: `Creates a custom role with permissions from the catalogue (super_admin.* never). 409 when the name is taken or is a built-in role's. ${roleWrite}`,
  schemas: { body: CreateRoleBodySchema, data: RoleDetailSchema },
});
export const updateRole = defineRoute({
  method: 'PUT', path: '/api/workspace/roles/:roleId/v1', access: 'admin', tags: roleTags,
  summary: `Changes a role's name, description or permissions. Built-in roles keep their names (409); SUPER_MANAGER keeps every workspace permission (409 on a reduction). ${roleWrite}`,
  schemas: { params: RoleIdParamsSchema, body: UpdateRoleBodySchema, data: RoleDetailSchema },
});
export const deleteRole = defineRoute({
  method: 'DELETE', path: '/api/workspace/roles/:roleId/v1', access: 'admin', tags: roleTags,
  summary: `Deletes a custom role. 409 for a built-in role, and while any member or group holds it (data.memberCount, data.groupCount). ${roleWrite}`,
  schemas: { params: RoleIdParamsSchema },
});
export const setRoleMembers = defineRoute({
  method: 'PUT', path: '/api/workspace/roles/:roleId/members/v1', access: 'admin', tags: roleTags,
  summary: `Replaces the members holding the role directly. 409 when no active member would hold SUPER_MANAGER any more. ${roleWrite}`,
  schemas: { params: RoleIdParamsSchema, body: SetMembersBodySchema, data: RoleDetailSchema },
});

// ---------------------------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------------------------

export const GroupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number().int(),
  roles: z.array(OrgRoleRefSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupSummary = z.infer<typeof GroupSummarySchema>;
export const GroupDetailSchema = GroupSummarySchema.extend({ members: z.array(OrganizationMemberSchema) });
export type GroupDetail = z.infer<typeof GroupDetailSchema>;

export const GROUP_SORT_FIELDS = ['name', 'createdAt', 'memberCount'] as const;
export const ListGroupsQuerySchema = pageQuery(10, ORGANIZATION_LIMITS.groupPageMax).extend({
  keyword,
  userId: idParam.optional().describe('Only the groups this user belongs to'),
});
export const GroupIdParamsSchema = z.object({ groupId: idParam });
export const CreateGroupBodySchema = z.object({ name: OrganizationNameSchema, description: DescriptionSchema.nullable().optional() });
export type CreateGroupBody = z.infer<typeof CreateGroupBodySchema>;
export const UpdateGroupBodySchema = z
  .object({ name: OrganizationNameSchema.optional(), description: DescriptionSchema.nullable().optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined, 'nothing to update');
export type UpdateGroupBody = z.infer<typeof UpdateGroupBodySchema>;
export const SetGroupRolesBodySchema = z.object({
  roleIds: uniqueIds(z.array(id).max(ORGANIZATION_LIMITS.roleIdsMax)).describe('The complete new set of roles the group holds'),
});
export type SetGroupRolesBody = z.infer<typeof SetGroupRolesBodySchema>;

const groupTags = ['workspace: groups'];
const groupWrite = 'Needs workspace.group.write.';

export const listGroups = defineRoute({
  method: 'GET', path: '/api/workspace/groups/v1', access: 'member', tags: groupTags,
  summary: 'Groups with member counts and roles (page size 10 by default, at most 10000); sort by name (default), createdAt or memberCount',
  schemas: { query: ListGroupsQuerySchema, data: pageOf(GroupSummarySchema) },
});
export const getGroup = defineRoute({
  method: 'GET', path: '/api/workspace/groups/:groupId/v1', access: 'member', tags: groupTags,
  summary: 'A group with its members and roles',
  schemas: { params: GroupIdParamsSchema, data: GroupDetailSchema },
});
export const createGroup = defineRoute({
  method: 'POST', path: '/api/workspace/groups/v1', access: 'admin', tags: groupTags,
  summary: `Creates a group (409 when the name is taken). ${groupWrite}`,
  schemas: { body: CreateGroupBodySchema, data: GroupDetailSchema },
});
export const updateGroup = defineRoute({
  method: 'PUT', path: '/api/workspace/groups/:groupId/v1', access: 'admin', tags: groupTags,
  summary: `Renames a group or changes its description (409 when the name is taken). ${groupWrite}`,
  schemas: { params: GroupIdParamsSchema, body: UpdateGroupBodySchema, data: GroupDetailSchema },
});
export const deleteGroup = defineRoute({
  method: 'DELETE', path: '/api/workspace/groups/:groupId/v1', access: 'admin', tags: groupTags,
  summary: `Deletes a group; its members lose the roles it gave them. 409 when no active member would hold SUPER_MANAGER any more. ${groupWrite}`,
  schemas: { params: GroupIdParamsSchema },
});
export const setGroupMembers = defineRoute({
  method: 'PUT', path: '/api/workspace/groups/:groupId/members/v1', access: 'admin', tags: groupTags,
  summary: `Replaces the members of a group. 409 when no active member would hold SUPER_MANAGER any more. ${groupWrite} When the group holds roles, also workspace.role.write (joining gives those roles).`,
  schemas: { params: GroupIdParamsSchema, body: SetMembersBodySchema, data: GroupDetailSchema },
});
export const setGroupRoles = defineRoute({
  method: 'PUT', path: '/api/workspace/groups/:groupId/roles/v1', access: 'admin', tags: groupTags,
  summary: `Replaces the roles a group gives its members (role ids of this workspace). 409 when no active member would hold SUPER_MANAGER any more. Needs workspace.group.write and workspace.role.write.`,
  schemas: { params: GroupIdParamsSchema, body: SetGroupRolesBodySchema, data: GroupDetailSchema },
});

// ---------------------------------------------------------------------------------------------
// Division tree (조직도)
// ---------------------------------------------------------------------------------------------

export const DivisionSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  displayOrder: z.number().int(),
  memberCount: z.number().int().describe('Members whose division this is (not counting sub-divisions)'),
});
export type Division = z.infer<typeof DivisionSchema>;

export type DivisionNode = Division & { children: DivisionNode[] };
export const DivisionNodeSchema: z.ZodType<DivisionNode> = DivisionSchema.extend({
  get children() {
    return z.array(DivisionNodeSchema);
  },
});

export const DivisionIdParamsSchema = z.object({ divisionId: idParam });
export const CreateDivisionBodySchema = z.object({
  name: OrganizationNameSchema,
  parentId: id.nullable().optional().describe('Absent or null: a top-level division'),
});
export type CreateDivisionBody = z.infer<typeof CreateDivisionBodySchema>;
export const RenameDivisionBodySchema = z.object({ name: OrganizationNameSchema });
export const MoveDivisionBodySchema = z.object({ parentId: id.nullable().describe('The new parent; null: top level') });
export const ReorderDivisionsBodySchema = z.object({
  parentId: id.nullable().describe('Whose children are reordered; null: the top level'),
  orderedIds: uniqueIds(z.array(id).min(1).max(ORGANIZATION_LIMITS.orderedIdsMax)).describe('Every child of the parent, in the new order'),
});
export type ReorderDivisionsBody = z.infer<typeof ReorderDivisionsBodySchema>;
export const DeleteDivisionQuerySchema = z.object({
  moveMembersTo: idParam.optional().describe('Move the members of the division to this division first'),
});
export const ListDivisionMembersQuerySchema = pageQuery(30, ORGANIZATION_LIMITS.groupPageMax);

const divisionTags = ['workspace: divisions'];

export const listDivisionTree = defineRoute({
  method: 'GET', path: '/api/workspace/divisions/v1', access: 'member', tags: divisionTags,
  summary: 'The division tree: top-level divisions, each with its children, siblings in display order',
  schemas: { data: z.array(DivisionNodeSchema) },
});
export const createDivision = defineRoute({
  method: 'POST', path: '/api/workspace/divisions/v1', access: 'admin', tags: divisionTags,
  summary: `Creates a division as the last child of its parent. 409 when a sibling has the name. ${groupWrite}`,
  schemas: { body: CreateDivisionBodySchema, data: DivisionSchema },
});
export const reorderDivisions = defineRoute({
  method: 'PUT', path: '/api/workspace/divisions/order/v1', access: 'admin', tags: divisionTags,
  summary: `Puts the children of a parent in the given order. 409 when the list is not exactly the current children (reload and retry). Answers the tree. ${groupWrite}`,
  schemas: { body: ReorderDivisionsBodySchema, data: z.array(DivisionNodeSchema) },
});
export const renameDivision = defineRoute({
  method: 'PUT', path: '/api/workspace/divisions/:divisionId/v1', access: 'admin', tags: divisionTags,
  summary: `Renames a division and the division name members show. 409 when a sibling has the name. ${groupWrite}`,
  schemas: { params: DivisionIdParamsSchema, body: RenameDivisionBodySchema, data: DivisionSchema },
});
export const moveDivision = defineRoute({
  method: 'POST', path: '/api/workspace/divisions/:divisionId/move/v1', access: 'admin', tags: divisionTags,
  summary: `Moves a division (with its sub-divisions) under another parent, as its last child. 409 when the new parent is the division itself or one of its descendants, or a new sibling has the name. ${groupWrite}`,
  schemas: { params: DivisionIdParamsSchema, body: MoveDivisionBodySchema, data: DivisionSchema },
});
export const deleteDivision = defineRoute({
  method: 'DELETE', path: '/api/workspace/divisions/:divisionId/v1', access: 'admin', tags: divisionTags,
  summary: `Deletes a division. 409 while it has sub-divisions, and while it has members unless ?moveMembersTo= names the division they move to. ${groupWrite}`,
  schemas: { params: DivisionIdParamsSchema, query: DeleteDivisionQuerySchema },
});
export const listDivisionMembers = defineRoute({
  method: 'GET', path: '/api/workspace/divisions/:divisionId/members/v1', access: 'member', tags: divisionTags,
  summary: 'Members of a division (not of its sub-divisions), sorted by displayName (asc by default); page size 30 by default, at most 10000',
  schemas: { params: DivisionIdParamsSchema, query: ListDivisionMembersQuerySchema, data: pageOf(OrganizationMemberSchema) },
});
export const setDivisionMembers = defineRoute({
  method: 'PUT', path: '/api/workspace/divisions/:divisionId/members/v1', access: 'admin', tags: divisionTags,
  summary: `Replaces the members of a division: the users listed move into it (out of their previous division), the others leave it (no division). ${groupWrite}`,
  schemas: { params: DivisionIdParamsSchema, body: SetMembersBodySchema, data: MembersChangeSchema },
});

// ---------------------------------------------------------------------------------------------
// Job titles (직책) and job positions (직위): two ordered lists of the same shape
// ---------------------------------------------------------------------------------------------

export const JobItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayOrder: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type JobItem = z.infer<typeof JobItemSchema>;

export const JOB_ITEM_SORT_FIELDS = ['displayOrder', 'name', 'createdAt'] as const;
export const ListJobItemsQuerySchema = pageQuery(10, ORGANIZATION_LIMITS.listPageMax).extend({ keyword });
export const JobItemBodySchema = z.object({ name: OrganizationNameSchema });
export type JobItemBody = z.infer<typeof JobItemBodySchema>;
export const ReorderJobItemsBodySchema = z.object({
  orderedIds: uniqueIds(z.array(id).min(1).max(ORGANIZATION_LIMITS.orderedIdsMax)).describe('Every item of the list, in the new order'),
});
export const DeleteJobItemQuerySchema = z.object({
  clearFromMembers: booleanQuery.optional().describe('true: take it away from the members that have it, then delete'),
});

const deleteJobNote =
  'While members have it, deletion is refused with 409 (data.memberCount) unless ?clearFromMembers=true, which takes it away from them (and from the names they show) in the same transaction.';

function jobItemRoutes<P extends string>(resource: 'job-titles' | 'job-positions', param: P, label: string, tag: string) {
  const tags = [tag];
  const base = `/api/workspace/${resource}`;
  const params = z.object({ [param]: idParam } as Record<P, typeof idParam>);
  return {
    list: defineRoute({
      method: 'GET', path: `${base}/v1`, access: 'member', tags,
      summary: `${label}s with member counts; sort by displayOrder (default), name or createdAt`,
      schemas: { query: ListJobItemsQuerySchema, data: pageOf(JobItemSchema) },
    }),
    create: defineRoute({
      method: 'POST', path: `${base}/v1`, access: 'admin', tags,
      summary: `Creates a ${label.toLowerCase()} at the end of the list (409 when the name is taken). ${groupWrite}`,
      schemas: { body: JobItemBodySchema, data: JobItemSchema },
    }),
    reorder: defineRoute({
      method: 'PUT', path: `${base}/order/v1`, access: 'admin', tags,
      summary: `Puts every ${label.toLowerCase()} in the given order (409 when the list is not exactly the current one). Answers the list. ${groupWrite}`,
      schemas: { body: ReorderJobItemsBodySchema, data: z.array(JobItemSchema) },
    }),
    rename: defineRoute({
      method: 'PUT', path: `${base}/:${param}/v1`, access: 'admin', tags,
      summary: `Renames a ${label.toLowerCase()} and the name its members show (409 when the name is taken). ${groupWrite}`,
      schemas: { params, body: JobItemBodySchema, data: JobItemSchema },
    }),
    remove: defineRoute({
      method: 'DELETE', path: `${base}/:${param}/v1`, access: 'admin', tags,
      summary: `Deletes a ${label.toLowerCase()}. ${deleteJobNote} ${groupWrite}`,
      schemas: { params, query: DeleteJobItemQuerySchema },
    }),
  };
}

export const jobTitleRoutes = jobItemRoutes('job-titles', 'jobTitleId', 'Job title (직책)', 'workspace: job titles');
export const jobPositionRoutes = jobItemRoutes('job-positions', 'jobPositionId', 'Job position (직위)', 'workspace: job positions');
/** The five routes of one ordered list; `P` is the name of its id path parameter. */
export type JobItemRoutes<P extends string> = ReturnType<typeof jobItemRoutes<P>>;

/** Every route of this area, in registration order (static paths before their `:id` siblings). */
export const organizationRoutes: RouteDescriptor[] = [
  getPermissionCatalogue, listRoles, getRoleMatrix, updateRoleMatrix, getRole, createRole, updateRole, deleteRole, setRoleMembers,
  listGroups, getGroup, createGroup, updateGroup, deleteGroup, setGroupMembers, setGroupRoles,
  listDivisionTree, createDivision, reorderDivisions, renameDivision, moveDivision, deleteDivision, listDivisionMembers, setDivisionMembers,
  ...Object.values(jobTitleRoutes), ...Object.values(jobPositionRoutes),
];
