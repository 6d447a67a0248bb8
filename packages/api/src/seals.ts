import { z } from 'zod';
import { IsoDateSchema, UserRefSchema } from './contract-schemas';
import { pageOf, pageQuery } from './envelope';
import { FileKeySchema } from './files';
import { defineRoute } from './http';
import { repeatableQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Seals (catalogue 7.11 seal). A workspace registers its seals (법인인감, 사용인감, 직인, 계약인...)
// with an image (PNG with transparency, uploaded through files), a custodian and the groups allowed
// to request them. A member asks to use a seal on documents (uploaded files or a contract's main
// document) with a purpose, date and count; an approval line (in order) approves or rejects; the
// custodian then applies it, physically (uploading the stamped scan) or electronically (the seal
// image fills the company party's SEAL fields of the contract's e-sign envelope). Every application
// is one usage history row: the seal ledger. A seal is never deleted once used: it is marked
// unavailable with a reason. The reconciliation report matches every application to an approved
// request and lists the mismatches.
// ---------------------------------------------------------------------------------------------

const product = 'SEAL' as const;
const tags = ['seal: seals'];
const usageTags = ['seal: usage requests'];
const base = '/api/seal';

const text = (max: number) => z.string().trim().min(1).max(max);
const Localized = z.object({ ko: z.string(), en: z.string() });

export const SEAL_TYPES = ['CORPORATE', 'USAGE', 'OFFICIAL', 'CONTRACT', 'OTHER'] as const;
export type SealType = (typeof SEAL_TYPES)[number];
export const SealTypeSchema = z.enum(SEAL_TYPES).describe('CORPORATE 법인인감, USAGE 사용인감, OFFICIAL 직인, CONTRACT 계약인');
export const SEAL_STATUSES = ['VALID', 'UNAVAILABLE'] as const;
export const SealStatusSchema = z.enum(SEAL_STATUSES);

export const USAGE_REQUEST_STATUSES = ['IN_APPROVAL', 'APPROVED', 'REJECTED', 'CANCELED', 'APPLIED'] as const;
export const UsageRequestStatusSchema = z.enum(USAGE_REQUEST_STATUSES);
export type UsageRequestStatus = z.infer<typeof UsageRequestStatusSchema>;
export const USAGE_ACTIONS = ['APPROVE', 'REJECT', 'CANCEL', 'APPLY'] as const;
export const UsageActionSchema = z.enum(USAGE_ACTIONS);
export type UsageAction = z.infer<typeof UsageActionSchema>;
export const APPLY_METHODS = ['PHYSICAL', 'ELECTRONIC'] as const;
export const ApplyMethodSchema = z.enum(APPLY_METHODS);
export type ApplyMethod = z.infer<typeof ApplyMethodSchema>;
export const SEAL_REFERENCE_TYPES = ['CONTRACT', 'ENVELOPE', 'FILE'] as const;
export const SealReferenceTypeSchema = z.enum(SEAL_REFERENCE_TYPES);
export type SealReferenceType = z.infer<typeof SealReferenceTypeSchema>;

export const SealIdSchema = z.coerce.number().int().positive();
export const SealParamsSchema = z.object({ sealId: SealIdSchema });
export const UsageRequestIdSchema = z.coerce.number().int().positive();
export const UsageRequestParamsSchema = z.object({ requestId: UsageRequestIdSchema });

const manage = 'Needs seal.seal.manage (403).';
const readSeal = 'Needs seal.seal.read; a seal of another workspace answers 404.';
const readRequest = 'Readable by its requester, its approvers, the seal\'s custodian and seal.seal.manage; 404 otherwise.';

// Seals ----------------------------------------------------------------------------------------

export const SealSchema = z.object({
  sealId: z.number().int(),
  name: z.string(),
  type: SealTypeSchema,
  description: z.string().nullable(),
  status: SealStatusSchema,
  unavailableReason: z.string().nullable(),
  imageFileKey: FileKeySchema,
  custodian: UserRefSchema,
  allowedGroups: z.array(z.object({ groupId: z.number().int(), name: z.string() })).describe('Empty: every member may request it'),
  usageCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Seal = z.infer<typeof SealSchema>;

export const SealBodySchema = z.object({
  name: text(100),
  type: SealTypeSchema,
  description: z.string().trim().max(1000).optional(),
  imageFileKey: FileKeySchema.describe('A PNG uploaded through files (400 for another type); transparency is kept'),
  custodianUserId: z.number().int().positive().describe('A member of the workspace (400 otherwise)'),
  allowedGroupIds: z.array(z.number().int().positive()).max(100).default([]),
});
export const UpdateSealBodySchema = SealBodySchema.extend({ version: z.number().int().describe('409 ERROR_CONFLICT when stale') });

export const ListSealsQuerySchema = pageQuery(10, 100).extend({
  keyword: z.string().trim().max(100).optional(),
  statuses: repeatableQuery(SealStatusSchema).optional(),
  types: repeatableQuery(SealTypeSchema).optional(),
});

export const SealMetaSchema = z.object({
  types: z.array(z.object({ code: SealTypeSchema, label: Localized })),
  statuses: z.array(z.object({ code: SealStatusSchema, label: Localized })),
  requestStatuses: z.array(z.object({ code: UsageRequestStatusSchema, label: Localized })),
  applyMethods: z.array(z.object({ code: ApplyMethodSchema, label: Localized })),
});

export const getSealMeta = defineRoute({ method: 'GET', path: `${base}/seals/meta/v1`, access: 'member', product, tags, summary: 'Seal types, statuses, request statuses and apply methods with ko/en labels.', schemas: { data: SealMetaSchema } });
export const listSeals = defineRoute({ method: 'GET', path: `${base}/seals/v1`, access: 'member', product, tags, summary: `The workspace's seals. ${readSeal}`, schemas: { query: ListSealsQuerySchema, data: pageOf(SealSchema) } });
export const listValidSeals = defineRoute({ method: 'GET', path: `${base}/seals/valid/v1`, access: 'member', product, tags, summary: `The VALID seals the caller may request (their groups allowed, or no group restriction). ${readSeal}`, schemas: { data: z.array(SealSchema) } });
export const getSeal = defineRoute({ method: 'GET', path: `${base}/seals/:sealId/v1`, access: 'member', product, tags, summary: `One seal. ${readSeal}`, schemas: { params: SealParamsSchema, data: SealSchema } });
export const createSeal = defineRoute({ method: 'POST', path: `${base}/seals/v1`, access: 'member', product, tags, summary: `Registers a seal. ${manage}`, schemas: { body: SealBodySchema, data: SealSchema } });
export const updateSeal = defineRoute({ method: 'PUT', path: `${base}/seals/:sealId/v1`, access: 'member', product, tags, summary: `Changes a seal's details (its history stays with it). ${manage}`, schemas: { params: SealParamsSchema, body: UpdateSealBodySchema, data: SealSchema } });
export const deleteSeal = defineRoute({ method: 'DELETE', path: `${base}/seals/:sealId/v1`, access: 'member', product, tags, summary: `Deletes a seal that was never requested or used; 409 otherwise (mark it unavailable instead). ${manage}`, schemas: { params: SealParamsSchema, data: z.object({ sealId: z.number().int() }) } });
export const copySeal = defineRoute({ method: 'POST', path: `${base}/seals/:sealId/copy/v1`, access: 'member', product, tags, summary: `A new VALID seal with the same details and a copy of the image, named "… (copy)". ${manage}`, schemas: { params: SealParamsSchema, data: SealSchema } });
export const MarkUnavailableBodySchema = z.object({ reason: text(500), version: z.number().int() });
export const markSealUnavailable = defineRoute({ method: 'POST', path: `${base}/seals/:sealId/unavailable/v1`, access: 'member', product, tags, summary: `Marks a seal unavailable with a reason (lost, replaced, retired): it can no longer be requested or applied; its history stays. Pending requests for it are not changed but cannot be applied. ${manage}`, schemas: { params: SealParamsSchema, body: MarkUnavailableBodySchema, data: SealSchema } });
export const markSealAvailable = defineRoute({ method: 'POST', path: `${base}/seals/:sealId/available/v1`, access: 'member', product, tags, summary: `Makes an unavailable seal VALID again. ${manage}`, schemas: { params: SealParamsSchema, body: z.object({ version: z.number().int() }), data: SealSchema } });
export const downloadSealImage = defineRoute({ method: 'GET', path: `${base}/seals/:sealId/image/v1`, access: 'member', product, tags, raw: true, summary: `The seal's PNG image. ${readSeal}`, schemas: { params: SealParamsSchema } });

// Usage requests -------------------------------------------------------------------------------

export const UsageDocumentSchema = z.object({
  documentId: z.number().int(),
  fileKey: FileKeySchema,
  fileName: z.string(),
  contractId: z.number().int().nullable().describe('Set when the document is a contract\'s main document'),
});

export const ApprovalStepSchema = z.object({
  order: z.number().int(),
  approver: UserRefSchema,
  decision: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  comment: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

export const UsageRequestSchema = z.object({
  requestId: z.number().int(),
  seal: z.object({ sealId: z.number().int(), name: z.string(), type: SealTypeSchema, status: SealStatusSchema }),
  requester: UserRefSchema,
  purpose: z.string(),
  useDate: IsoDateSchema.describe('The day the seal is to be used (KST); applying later is a mismatch in the reconciliation'),
  count: z.number().int().describe('How many impressions are approved'),
  status: UsageRequestStatusSchema,
  referenceType: SealReferenceTypeSchema.nullable(),
  referenceId: z.number().int().nullable(),
  documents: z.array(UsageDocumentSchema),
  approvals: z.array(ApprovalStepSchema),
  /** The approver whose turn it is. */
  currentApproverId: z.number().int().nullable(),
  appliedMethod: ApplyMethodSchema.nullable(),
  appliedAt: z.string().nullable(),
  stampedFileKey: FileKeySchema.nullable().describe('PHYSICAL: the stamped scan'),
  envelopeId: z.number().int().nullable().describe('ELECTRONIC: the envelope the seal was applied to'),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UsageRequest = z.infer<typeof UsageRequestSchema>;

export const UsageRequestBodySchema = z.object({
  sealId: z.number().int().positive().describe('A VALID seal the caller may request (400 otherwise)'),
  purpose: text(1000),
  useDate: IsoDateSchema,
  count: z.number().int().min(1).max(1000).default(1),
  fileKeys: z.array(FileKeySchema).max(20).default([]).describe('Uploaded documents the caller can read'),
  contractId: z.number().int().positive().optional().describe('A readable contract: its main document is added and the request references it (referenceType CONTRACT)'),
  approverUserIds: z.array(z.number().int().positive()).min(1).max(10).describe('The approval line in order: members holding seal.usage.approve (400 naming one who does not)'),
});
export const UpdateUsageRequestBodySchema = UsageRequestBodySchema.extend({ version: z.number().int() });

export const UsageActionBodySchema = z.object({
  version: z.number().int().describe('409 ERROR_CONFLICT when stale'),
  comment: z.string().trim().max(1000).optional().describe('Required to REJECT'),
  method: ApplyMethodSchema.optional().describe('APPLY: how the custodian applied it'),
  stampedFileKey: FileKeySchema.optional().describe('APPLY PHYSICAL: the stamped scan'),
  envelopeId: z.number().int().positive().optional().describe('APPLY ELECTRONIC: the envelope (of the referenced contract) whose company SEAL fields take the seal image'),
});
export const UsageActionParamsSchema = UsageRequestParamsSchema.extend({ action: UsageActionSchema });

export const ListUsageRequestsQuerySchema = pageQuery(10, 100).extend({
  statuses: repeatableQuery(UsageRequestStatusSchema).optional(),
  sealId: SealIdSchema.optional(),
  keyword: z.string().trim().max(200).optional(),
  from: IsoDateSchema.optional().describe('useDate from (inclusive)'),
  to: IsoDateSchema.optional().describe('useDate to (inclusive)'),
});

export const listMyUsageRequests = defineRoute({ method: 'GET', path: `${base}/usage-requests/v1`, access: 'member', product, tags: usageTags, summary: 'The caller\'s own requests, newest first. Needs seal.seal.read.', schemas: { query: ListUsageRequestsQuerySchema, data: pageOf(UsageRequestSchema) } });
export const listUsageRequestsToApprove = defineRoute({ method: 'GET', path: `${base}/usage-requests/to-be-approved/v1`, access: 'member', product, tags: usageTags, summary: 'Requests waiting on the caller: their turn in an approval line, or (APPROVED) waiting for them to apply as custodian.', schemas: { query: ListUsageRequestsQuerySchema, data: pageOf(UsageRequestSchema) } });
export const listProcessedUsageRequests = defineRoute({ method: 'GET', path: `${base}/usage-requests/processed/v1`, access: 'member', product, tags: usageTags, summary: 'Requests the caller approved, rejected or applied (seal.seal.manage: every processed request of the workspace).', schemas: { query: ListUsageRequestsQuerySchema, data: pageOf(UsageRequestSchema) } });
export const downloadProcessedUsageRequests = defineRoute({ method: 'GET', path: `${base}/usage-requests/processed/download/v1`, access: 'member', product, tags: usageTags, raw: true, summary: 'The processed list as an Excel workbook (same filters, up to 10,000 rows).', schemas: { query: ListUsageRequestsQuerySchema.omit({ page: true, size: true, sort: true }) } });
export const getUsageRequest = defineRoute({ method: 'GET', path: `${base}/usage-requests/:requestId/v1`, access: 'member', product, tags: usageTags, summary: `One request. ${readRequest}`, schemas: { params: UsageRequestParamsSchema, data: UsageRequestSchema } });
export const createUsageRequest = defineRoute({ method: 'POST', path: `${base}/usage-requests/v1`, access: 'member', product, tags: usageTags, summary: 'Asks to use a seal; the first approver is told by mail. 400 without any document.', schemas: { body: UsageRequestBodySchema, data: UsageRequestSchema } });
export const updateUsageRequest = defineRoute({ method: 'PUT', path: `${base}/usage-requests/:requestId/v1`, access: 'member', product, tags: usageTags, summary: 'Changes a request (its requester, before anyone approved it; 409 after).', schemas: { params: UsageRequestParamsSchema, body: UpdateUsageRequestBodySchema, data: UsageRequestSchema } });
export const deleteUsageRequest = defineRoute({ method: 'DELETE', path: `${base}/usage-requests/:requestId/v1`, access: 'member', product, tags: usageTags, summary: 'Deletes a request (its requester, before anyone approved it; 409 after: cancel it instead).', schemas: { params: UsageRequestParamsSchema, data: z.object({ requestId: z.number().int() }) } });
export const actOnUsageRequest = defineRoute({ method: 'POST', path: `${base}/usage-requests/:requestId/actions/:action/v1`, access: 'member', product, tags: usageTags, summary: 'APPROVE / REJECT (the approver whose turn it is; the last approval makes it APPROVED and tells the custodian), CANCEL (the requester, before it is applied), APPLY (the custodian, on an APPROVED request of a VALID seal: PHYSICAL with the stamped scan, or ELECTRONIC on the envelope of the referenced contract). 403 for a caller the step does not allow; 409 for a state that does not allow it or a stale version.', schemas: { params: UsageActionParamsSchema, body: UsageActionBodySchema, data: UsageRequestSchema } });
export const listUsageRequestDocuments = defineRoute({ method: 'GET', path: `${base}/usage-requests/:requestId/documents/v1`, access: 'member', product, tags: usageTags, summary: `The request's documents (download through the files routes: they are as visible as the request). ${readRequest}`, schemas: { params: UsageRequestParamsSchema, data: z.array(UsageDocumentSchema) } });

// The ledger -----------------------------------------------------------------------------------

export const UsageHistorySchema = z.object({
  historyId: z.number().int(),
  seal: z.object({ sealId: z.number().int(), name: z.string(), type: SealTypeSchema }),
  requestId: z.number().int().nullable().describe('Null: applied without a request'),
  method: ApplyMethodSchema,
  referenceType: SealReferenceTypeSchema,
  referenceId: z.number().int(),
  referenceTitle: z.string().nullable(),
  appliedBy: UserRefSchema,
  appliedAt: z.string(),
});
export const ListUsageHistoriesQuerySchema = pageQuery(10, 100).extend({
  sealId: SealIdSchema.optional(),
  referenceType: SealReferenceTypeSchema.optional(),
  referenceId: z.coerce.number().int().positive().optional(),
});
export const listUsageHistories = defineRoute({ method: 'GET', path: `${base}/usage-histories/v1`, access: 'member', product, tags, summary: 'The seal ledger: every application, newest first, by seal or by reference. Needs seal.seal.manage, or the custodian of the filtered seal.', schemas: { query: ListUsageHistoriesQuerySchema, data: pageOf(UsageHistorySchema) } });

export const DirectApplyBodySchema = z.object({
  method: ApplyMethodSchema,
  envelopeId: z.number().int().positive().optional().describe('ELECTRONIC: the envelope whose company SEAL fields take the image'),
  stampedFileKey: FileKeySchema.optional().describe('PHYSICAL: the stamped scan'),
  contractId: z.number().int().positive().optional().describe('PHYSICAL: the contract stamped'),
  reason: text(500).describe('Why no request was made (shown in the ledger and the reconciliation)'),
});
export const applySealDirectly = defineRoute({ method: 'POST', path: `${base}/seals/:sealId/applications/v1`, access: 'member', product, tags, summary: `The custodian applies a VALID seal without a usage request (an urgent case): recorded in the ledger and listed by the reconciliation as APPLIED_WITHOUT_APPROVAL. The custodian or seal.seal.manage (403).`, schemas: { params: SealParamsSchema, body: DirectApplyBodySchema, data: UsageHistorySchema } });

export const SignatureReferenceQuerySchema = z.object({ referenceType: SealReferenceTypeSchema, referenceId: z.coerce.number().int().positive() });
export const SignatureSyncStatusSchema = z.object({
  status: z.enum(['NONE', 'PENDING', 'SYNCED', 'MISMATCH']).describe('NONE: no seal is involved; PENDING: a request or application is outstanding; SYNCED: every application has an approved request; MISMATCH: see the reconciliation'),
  requests: z.array(z.object({ requestId: z.number().int(), status: UsageRequestStatusSchema, sealName: z.string() })),
  applications: z.number().int(),
  envelopeStatus: z.string().nullable(),
});
export const getSignatureSyncStatus = defineRoute({ method: 'GET', path: `${base}/signatures/sync-status/v1`, access: 'member', product, tags, summary: 'Whether the seals applied to a reference (a contract or envelope) match its approved usage requests. The reference must be readable (404).', schemas: { query: SignatureReferenceQuerySchema, data: SignatureSyncStatusSchema } });
export const MySignStatusSchema = z.object({
  toApprove: z.array(z.number().int()).describe('Request ids waiting on the caller\'s approval'),
  toApply: z.array(z.number().int()).describe('APPROVED request ids the caller (custodian) must apply'),
  myRequests: z.array(z.object({ requestId: z.number().int(), status: UsageRequestStatusSchema })),
});
export const getMySignStatus = defineRoute({ method: 'GET', path: `${base}/signatures/my-sign-status/v1`, access: 'member', product, tags, summary: 'What the caller must still do for a reference (approve or apply) and their own requests on it.', schemas: { query: SignatureReferenceQuerySchema, data: MySignStatusSchema } });

export const EsignAccessSchema = z.object({
  canSend: z.boolean().describe('esign.document.send and the E_CONTRACT product'),
  canRequestSeal: z.boolean(),
  canApproveSeal: z.boolean(),
  custodianOf: z.array(z.number().int()).describe('Seal ids the caller keeps'),
  canManageSeals: z.boolean(),
});
export const getEsignAccess = defineRoute({ method: 'GET', path: `${base}/esign-access/v1`, access: 'member', product, tags, summary: 'May this user sign or seal for this workspace: what the caller may do with e-sign and seals.', schemas: { data: EsignAccessSchema } });

// The reconciliation ---------------------------------------------------------------------------

export const MISMATCH_KINDS = ['APPLIED_WITHOUT_APPROVAL', 'APPROVED_NOT_USED', 'USED_AFTER_DATE', 'USED_MORE_THAN_APPROVED'] as const;
export const MismatchKindSchema = z.enum(MISMATCH_KINDS);
export type MismatchKind = z.infer<typeof MismatchKindSchema>;
export const ReconciliationQuerySchema = z.object({ from: IsoDateSchema, to: IsoDateSchema });
export const ReconciliationSchema = z.object({
  from: IsoDateSchema,
  to: IsoDateSchema,
  /** Executed contracts carrying a seal in the range, and how many match an approved request. */
  sealedContracts: z.number().int(),
  matched: z.number().int(),
  countsByKind: z.array(z.object({ kind: MismatchKindSchema, count: z.number().int() })),
  bySeal: z.array(z.object({ sealId: z.number().int(), name: z.string(), applications: z.number().int(), mismatches: z.number().int() })),
  mismatches: z.array(z.object({
    kind: MismatchKindSchema,
    seal: z.object({ sealId: z.number().int(), name: z.string() }),
    requestId: z.number().int().nullable(),
    historyId: z.number().int().nullable(),
    referenceType: SealReferenceTypeSchema.nullable(),
    referenceId: z.number().int().nullable(),
    referenceTitle: z.string().nullable(),
    date: z.string().describe('Applied at, or the approved use date'),
    detail: z.string(),
  })),
});
export const getReconciliation = defineRoute({ method: 'GET', path: `${base}/reconciliation/v1`, access: 'member', product, tags, summary: `Matches every seal application in the range (KST dates) to an approved request and lists the mismatches. ${manage}`, schemas: { query: ReconciliationQuerySchema, data: ReconciliationSchema } });
export const downloadReconciliation = defineRoute({ method: 'GET', path: `${base}/reconciliation/download/v1`, access: 'member', product, tags, raw: true, summary: `The reconciliation as an Excel workbook (summary and mismatches). ${manage}`, schemas: { query: ReconciliationQuerySchema } });
