import { z } from 'zod';
import { NewPasswordSchema } from './auth-schemas';
import { pageOf, pageQuery } from './envelope';
import { defineRoute, type RouteDescriptor } from './http';
import { booleanQuery, repeatableQuery, sortQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Invitations (catalogue 3 "invitations with loginId, groupId, jobPositionIds, statuses,
// expired", 4 "resend or cancel, with an expired flag", 7.10; page size 30 by section 9).
// An admin invites an e-mail address; the mail carries a link
// `{publicUrl}/invitations/accept?token=...` (32 random bytes, base64url; only its SHA-256 is
// stored). The invited person opens it, signs up (no account yet) or signs in, and joins.
// ---------------------------------------------------------------------------------------------

export const INVITATION_LIMITS = {
  expiresInDays: 7,
  /** A resend within this many seconds of the last mail answers 429 ERROR_RATE_LIMITED. */
  resendIntervalSeconds: 60,
  bulkMax: 50,
  idsMax: 50,
  displayNameMaxLength: 100,
  pageSize: 30,
  pageSizeMax: 1000,
} as const;

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'CANCELED'] as const;
export const InvitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

/**
 * `data.reason` of the 409 ERROR_CONFLICT answers: the link ran out, was used or canceled; the
 * address is already a member or already has a pending invitation (resend it instead).
 */
export const INVITATION_CONFLICT_REASONS = ['INVITATION_EXPIRED', 'INVITATION_USED', 'INVITATION_CANCELED', 'ALREADY_MEMBER', 'ALREADY_INVITED', 'ACCOUNT_EXISTS'] as const;
export type InvitationConflictReason = (typeof INVITATION_CONFLICT_REASONS)[number];

const positiveId = z.coerce.number().int().positive();
const idList = (what: string) =>
  z
    .array(z.number().int().positive())
    .max(INVITATION_LIMITS.idsMax)
    .refine((ids) => new Set(ids).size === ids.length, `${what} must not repeat`);

export const InvitationLoginIdSchema = z.string().trim().toLowerCase().max(320).pipe(z.email('an e-mail address'));
const displayName = z.string().trim().min(1).max(INVITATION_LIMITS.displayNameMaxLength);

const NamedRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const InvitationSchema = z.object({
  id: z.number().int(),
  loginId: z.string(),
  displayName: z.string().nullable().describe('The name the member will have in the workspace; their account name when null'),
  group: NamedRefSchema.nullable(),
  jobPositions: z.array(NamedRefSchema),
  roles: z.array(NamedRefSchema),
  status: InvitationStatusSchema,
  expired: z.boolean().describe('PENDING and past expiresAt: the link no longer works; resend to renew it'),
  expiresAt: z.string(),
  sendCount: z.number().int(),
  lastSentAt: z.string(),
  invitedBy: z.object({ userId: z.number().int(), displayName: z.string() }).nullable(),
  acceptedUserId: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
  abilities: z.object({ canResend: z.boolean(), canCancel: z.boolean() }),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** What the invited member gets besides the address: all optional (roles default to the general member role). */
const InvitationSetupSchema = z.object({
  groupId: z.number().int().positive().nullable().optional().describe('A group of the workspace the member joins'),
  jobPositionIds: idList('jobPositionIds').optional().describe('Job positions of the workspace'),
  roleIds: idList('roleIds').optional().describe('Roles of the workspace; default: the general member role'),
});

export const CreateInvitationBodySchema = InvitationSetupSchema.extend({
  loginId: InvitationLoginIdSchema,
  displayName: displayName.optional(),
});
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;

export const BulkCreateInvitationsBodySchema = InvitationSetupSchema.extend({
  loginIds: z.array(InvitationLoginIdSchema).min(1).max(INVITATION_LIMITS.bulkMax),
});
export type BulkCreateInvitationsBody = z.infer<typeof BulkCreateInvitationsBodySchema>;

export const BulkInvitationsDataSchema = z.object({
  invited: z.array(InvitationSchema),
  skipped: z.array(z.object({ loginId: z.string(), reason: z.enum(['ALREADY_MEMBER', 'ALREADY_INVITED']), invitationId: z.number().int().nullable() })),
});

export const INVITATION_SORT_FIELDS = ['createdAt', 'loginId', 'expiresAt', 'lastSentAt'] as const;
export type InvitationSortField = (typeof INVITATION_SORT_FIELDS)[number];

export const ListInvitationsQuerySchema = pageQuery(INVITATION_LIMITS.pageSize, INVITATION_LIMITS.pageSizeMax).extend({
  statuses: repeatableQuery(InvitationStatusSchema).optional(),
  keyword: z.string().trim().min(1).max(200).optional().describe('Part of the address or display name (case-insensitive)'),
  expired: booleanQuery.optional().describe('true: only expired pending invitations; false: none of them'),
  sort: sortQuery(INVITATION_SORT_FIELDS).describe('createdAt (default, desc), loginId, expiresAt, lastSentAt'),
});

export const InvitationParamsSchema = z.object({ invitationId: positiveId });

export const InvitationFormOptionsSchema = z.object({
  groups: z.array(NamedRefSchema),
  jobPositions: z.array(NamedRefSchema),
  roles: z.array(NamedRefSchema.extend({ code: z.string().nullable() })),
  defaultRoleIds: z.array(z.number().int()),
});

// Accepting (public) ------------------------------------------------------------------------------

const token = z.string().trim().min(1).max(256);

export const InvitationTokenBodySchema = z.object({ token });

export const InvitationPreviewSchema = z.object({
  workspaceName: z.string(),
  tenantName: z.string(),
  loginId: z.string(),
  displayName: z.string().nullable(),
  invitedByName: z.string().nullable(),
  status: InvitationStatusSchema,
  expired: z.boolean(),
  expiresAt: z.string(),
  hasAccount: z.boolean().describe('An account with this login id exists: sign in as it to accept'),
  signedInAs: z.enum(['INVITEE', 'OTHER', 'NONE']).describe('Whom the request is signed in as'),
  requiresSignIn: z.boolean().describe('After a sign-up the user must sign in themselves (the workspace requires two-factor sign-in)'),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const INVITATION_NAME_MAX_LENGTH = 100;

export const AcceptInvitationBodySchema = z.object({
  token,
  name: z.string().trim().min(1).max(INVITATION_NAME_MAX_LENGTH).optional().describe('Sign-up only: the account name'),
  password: NewPasswordSchema.optional().describe('Sign-up only: the new password (the password rules apply)'),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;

export const AcceptedInvitationSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  workspaceName: z.string(),
  userId: z.number().int(),
  isNewAccount: z.boolean(),
  isSignedIn: z.boolean().describe('The answer set session cookies (or the caller was signed in already)'),
});
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;

const tags = ['workspace'];
const conflictNote = '409 ERROR_CONFLICT with data.reason';

export const createInvitation = defineRoute({
  method: 'POST', path: '/api/workspace/invitations/v1', access: 'admin',
  summary: `Invites an e-mail address (workspace.user.write) and mails the accept link (7 days). 400 names an unknown groupId, jobPositionIds or roleIds; ${conflictNote} ALREADY_MEMBER, or ALREADY_INVITED (data.invitationId: resend it)`,
  tags, schemas: { body: CreateInvitationBodySchema, data: InvitationSchema },
});
export const bulkCreateInvitations = defineRoute({
  method: 'POST', path: '/api/workspace/invitations/bulk/v1', access: 'admin',
  summary: 'Invites several addresses with the same setup (workspace.user.write); members and addresses with a pending invitation are skipped and listed',
  tags, schemas: { body: BulkCreateInvitationsBodySchema, data: BulkInvitationsDataSchema },
});
export const listInvitations = defineRoute({
  method: 'GET', path: '/api/workspace/invitations/v1', access: 'admin',
  summary: 'Invitations of the workspace (workspace.user.read or write): filters statuses, keyword, expired; sort createdAt, loginId, expiresAt, lastSentAt; page size 30',
  tags, schemas: { query: ListInvitationsQuerySchema, data: pageOf(InvitationSchema) },
});
export const getInvitationFormOptions = defineRoute({
  method: 'GET', path: '/api/workspace/invitations/form-options/v1', access: 'admin',
  summary: 'The groups, job positions and roles an invitation may name, and the default roles (workspace.user.write)',
  tags, schemas: { data: InvitationFormOptionsSchema },
});
export const resendInvitation = defineRoute({
  method: 'POST', path: '/api/workspace/invitations/:invitationId/resend/v1', access: 'admin',
  summary: `Mails a new link (the old one stops working) valid 7 more days (workspace.user.write). PENDING only: ${conflictNote} INVITATION_USED or INVITATION_CANCELED; 429 ERROR_RATE_LIMITED within a minute of the last mail (data.retryAfterSeconds)`,
  tags, schemas: { params: InvitationParamsSchema, data: InvitationSchema },
});
export const cancelInvitation = defineRoute({
  method: 'POST', path: '/api/workspace/invitations/:invitationId/cancel/v1', access: 'admin',
  summary: `Cancels a pending invitation: its link stops working (workspace.user.write). ${conflictNote} INVITATION_USED or INVITATION_CANCELED`,
  tags, schemas: { params: InvitationParamsSchema, data: InvitationSchema },
});
export const previewInvitation = defineRoute({
  method: 'POST', path: '/api/workspace/invitations/accept/preview/v1', access: 'public',
  summary: 'What the accept page shows for the token of a link (the token travels in the body, never in a logged URL): workspace, address, whether an account exists, state. 404 for an unknown token. Rate-limited',
  tags, schemas: { body: InvitationTokenBodySchema, data: InvitationPreviewSchema },
});
export const acceptInvitation = defineRoute({
  method: 'POST', path: '/api/workspace/invitations/accept/v1', access: 'public',
  summary:
    'Joins the workspace with the token of a link. No account yet: the body carries name and password and the account is created (sign-up) and signed in, unless the workspace requires two-factor sign-in. ' +
    'Existing account: the caller must be signed in as it (401 data.reason SIGN_IN_REQUIRED, 403 data.reason WRONG_ACCOUNT). ' +
    `${conflictNote} INVITATION_EXPIRED, INVITATION_USED, INVITATION_CANCELED or ALREADY_MEMBER; 404 for an unknown token. Rate-limited`,
  tags, schemas: { body: AcceptInvitationBodySchema, data: AcceptedInvitationSchema },
});

/** The invitation routes, in registration order. */
export const invitationRoutes: RouteDescriptor[] = [
  createInvitation, bulkCreateInvitations, listInvitations, getInvitationFormOptions, resendInvitation, cancelInvitation, previewInvitation, acceptInvitation,
];
