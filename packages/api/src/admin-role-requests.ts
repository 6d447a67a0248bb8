import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { defineRoute, type RouteDescriptor } from './http';
import { repeatableQuery, sortQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Role requests (catalogue 3 "role requests (statuses, requesterIds, roleIds, approveUserId)",
// 4 "approve or reject", 7.10; page size 30 by section 9). A member asks for a role of the
// workspace, optionally naming an approver (a member holding workspace.role.write); approvers
// approve (the role is granted in the same transaction) or reject with a comment.
// ---------------------------------------------------------------------------------------------

export const ROLE_REQUEST_LIMITS = {
  reasonMaxLength: 1000,
  commentMaxLength: 1000,
  pageSize: 30,
  pageSizeMax: 1000,
} as const;

/** Who may decide role requests and be named as their approver. */
export const ROLE_REQUEST_APPROVER_PERMISSION = 'workspace.role.write';

export const ROLE_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELED'] as const;
export const RoleRequestStatusSchema = z.enum(ROLE_REQUEST_STATUSES);
export type RoleRequestStatus = z.infer<typeof RoleRequestStatusSchema>;

/** `data.reason` of the 409 ERROR_CONFLICT answers. */
export const ROLE_REQUEST_CONFLICT_REASONS = ['ROLE_ALREADY_HELD', 'REQUEST_PENDING', 'REQUEST_NOT_PENDING', 'REQUESTER_NOT_MEMBER'] as const;
export type RoleRequestConflictReason = (typeof ROLE_REQUEST_CONFLICT_REASONS)[number];

const positiveId = z.coerce.number().int().positive();
const idFilter = repeatableQuery(positiveId);
const PersonSchema = z.object({ userId: z.number().int(), displayName: z.string() });

export const RoleRequestSchema = z.object({
  id: z.number().int(),
  requester: PersonSchema.extend({ loginId: z.string() }),
  role: z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() }),
  reason: z.string().nullable(),
  approver: PersonSchema.nullable().describe('The approver the requester named (anyone with workspace.role.write may decide)'),
  status: RoleRequestStatusSchema,
  decidedBy: PersonSchema.nullable(),
  decisionComment: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  abilities: z.object({ canDecide: z.boolean(), canCancel: z.boolean() }),
});
export type RoleRequest = z.infer<typeof RoleRequestSchema>;

export const CreateRoleRequestBodySchema = z.object({
  roleId: z.number().int().positive().describe('A role of the workspace'),
  reason: z.string().trim().min(1).max(ROLE_REQUEST_LIMITS.reasonMaxLength),
  approveUserId: z.number().int().positive().optional().describe('A member holding workspace.role.write; mailed the request (else every such member is)'),
});
export type CreateRoleRequestBody = z.infer<typeof CreateRoleRequestBodySchema>;

/** The body may be left out: approving needs no comment. */
export const ApproveRoleRequestBodySchema = z.object({ comment: z.string().trim().max(ROLE_REQUEST_LIMITS.commentMaxLength).optional() }).default({});
export const RejectRoleRequestBodySchema = z.object({ comment: z.string().trim().min(1).max(ROLE_REQUEST_LIMITS.commentMaxLength) });

export const ROLE_REQUEST_SORT_FIELDS = ['createdAt', 'decidedAt'] as const;
export type RoleRequestSortField = (typeof ROLE_REQUEST_SORT_FIELDS)[number];

const roleRequestPage = pageQuery(ROLE_REQUEST_LIMITS.pageSize, ROLE_REQUEST_LIMITS.pageSizeMax).extend({
  statuses: repeatableQuery(RoleRequestStatusSchema).optional(),
  roleIds: idFilter.optional(),
  sort: sortQuery(ROLE_REQUEST_SORT_FIELDS).describe('createdAt (default, desc) or decidedAt'),
});

export const ListRoleRequestsQuerySchema = roleRequestPage.extend({
  requesterIds: idFilter.optional().describe('User ids of requesters'),
  approveUserId: positiveId.optional().describe('Requests naming this approver'),
});
export const ListMyRoleRequestsQuerySchema = roleRequestPage;

export const RoleRequestParamsSchema = z.object({ roleRequestId: positiveId });

export const RoleRequestFormOptionsSchema = z.object({
  roles: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      code: z.string().nullable(),
      isHeld: z.boolean().describe('The caller holds it (directly or through a group): nothing to request'),
      hasPendingRequest: z.boolean(),
    }),
  ),
  approvers: z.array(PersonSchema).describe('Active members holding workspace.role.write, the caller left out'),
});
export type RoleRequestFormOptions = z.infer<typeof RoleRequestFormOptionsSchema>;

const tags = ['workspace'];

export const createRoleRequest = defineRoute({
  method: 'POST', path: '/api/workspace/role-requests/v1', access: 'member',
  summary: 'Requests a role of the workspace and mails the approvers. 400 names an unknown roleId or an approveUserId who cannot approve; 409 ERROR_CONFLICT data.reason ROLE_ALREADY_HELD or REQUEST_PENDING',
  tags, schemas: { body: CreateRoleRequestBodySchema, data: RoleRequestSchema },
});
export const listMyRoleRequests = defineRoute({
  method: 'GET', path: '/api/workspace/role-requests/mine/v1', access: 'member',
  summary: "The caller's own role requests: filters statuses, roleIds; sort createdAt or decidedAt; page size 30",
  tags, schemas: { query: ListMyRoleRequestsQuerySchema, data: pageOf(RoleRequestSchema) },
});
export const getRoleRequestFormOptions = defineRoute({
  method: 'GET', path: '/api/workspace/role-requests/form-options/v1', access: 'member',
  summary: 'The roles the caller may request (with whether they hold it or asked already) and the members who may approve',
  tags, schemas: { data: RoleRequestFormOptionsSchema },
});
export const cancelRoleRequest = defineRoute({
  method: 'POST', path: '/api/workspace/role-requests/:roleRequestId/cancel/v1', access: 'member',
  summary: "Cancels the caller's own pending request (another member's answers 404); 409 ERROR_CONFLICT data.reason REQUEST_NOT_PENDING",
  tags, schemas: { params: RoleRequestParamsSchema, data: RoleRequestSchema },
});
export const listRoleRequests = defineRoute({
  method: 'GET', path: '/api/workspace/role-requests/v1', access: 'admin',
  summary: 'Role requests of the workspace for approvers (workspace.role.write): filters statuses, requesterIds, roleIds, approveUserId; sort createdAt or decidedAt; page size 30',
  tags, schemas: { query: ListRoleRequestsQuerySchema, data: pageOf(RoleRequestSchema) },
});
export const approveRoleRequest = defineRoute({
  method: 'POST', path: '/api/workspace/role-requests/:roleRequestId/approve/v1', access: 'admin',
  summary: 'Approves a pending request and grants the role in the same transaction (workspace.role.write); mails the requester. 409 ERROR_CONFLICT data.reason REQUEST_NOT_PENDING or REQUESTER_NOT_MEMBER',
  tags, schemas: { params: RoleRequestParamsSchema, body: ApproveRoleRequestBodySchema, data: RoleRequestSchema },
});
export const rejectRoleRequest = defineRoute({
  method: 'POST', path: '/api/workspace/role-requests/:roleRequestId/reject/v1', access: 'admin',
  summary: 'Rejects a pending request with a comment (workspace.role.write); mails the requester. 409 ERROR_CONFLICT data.reason REQUEST_NOT_PENDING',
  tags, schemas: { params: RoleRequestParamsSchema, body: RejectRoleRequestBodySchema, data: RoleRequestSchema },
});

/** The role request routes, in registration order. */
export const roleRequestRoutes: RouteDescriptor[] = [
  createRoleRequest, listMyRoleRequests, getRoleRequestFormOptions, cancelRoleRequest, listRoleRequests, approveRoleRequest, rejectRoleRequest,
];
