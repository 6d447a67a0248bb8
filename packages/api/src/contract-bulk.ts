import { z } from 'zod';
import { FileKeySchema } from './files';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';
import { UserRefSchema } from './contract-schemas';
import { CONTRACT_COLUMN_CATALOGUE, type ContractColumn } from './contract-exports';

// ---------------------------------------------------------------------------------------------
// Bulk registration of contracts (catalogue 3 "Bulk request", 4 "Contract bulk request", 7.3 alex
// bulk-requests). The flow: download the template; upload the filled sheet and the contract files
// through arxive (POST /api/arxive/files/v2); POST the keys. The server reads the sheet, checks
// every row with the rules of contract creation and keeps per-row errors. Rows can be fixed one by
// one, given an owner or group, re-checked (retry); then confirm and register: a job creates the
// contracts through the same creation service, one transaction per row, so a row is never
// registered twice (same request registered twice, or a job re-run after a crash).
// Every route needs contract.contract.admin (403) and answers 404 for another workspace's request.
// ---------------------------------------------------------------------------------------------

export const BULK_EXECUTION_STATUSES = ['UPLOADED', 'VALIDATED', 'CONFIRMED', 'REGISTERING', 'DONE', 'PARTIALLY_FAILED'] as const;
export const BulkExecutionStatusSchema = z.enum(BULK_EXECUTION_STATUSES);
export type BulkExecutionStatus = z.infer<typeof BulkExecutionStatusSchema>;

export const BULK_ROW_STATUSES = ['PENDING', 'INVALID', 'REGISTERED', 'FAILED'] as const;
export const BulkRowStatusSchema = z.enum(BULK_ROW_STATUSES);
export type BulkRowStatus = z.infer<typeof BulkRowStatusSchema>;

/** The columns of the template, in order; each cell is kept as text. */
export const BULK_COLUMNS = [
  'title', 'contractType', 'counterparties', 'signedDate', 'startDate', 'endDate', 'amount', 'currency', 'ownerEmail', 'groupName', 'hashtags', 'memo', 'fileNames',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
export const BulkColumnSchema = z.enum(BULK_COLUMNS);

export const BULK_LIMITS = { maxRows: 1000, maxFiles: 2000, cellMaxLength: 5000 } as const;

/** A field's label from the one glossary of contract fields (CONTRACT_COLUMN_CATALOGUE). */
const glossary = (code: ContractColumn) => CONTRACT_COLUMN_CATALOGUE.find((c) => c.code === code)!.name;

export const BULK_COLUMN_LABELS: Record<BulkColumn, { ko: string; en: string }> = {
  title: glossary('title'),
  contractType: glossary('contractType'),
  counterparties: glossary('counterparties'),
  signedDate: glossary('signedDate'),
  startDate: glossary('startDate'),
  endDate: glossary('endDate'),
  amount: glossary('amount'),
  currency: glossary('currency'),
  ownerEmail: { ko: '담당자 이메일', en: 'Owner e-mail' },
  groupName: glossary('group'),
  hashtags: glossary('hashtags'),
  memo: glossary('memo'),
  fileNames: { ko: '파일명', en: 'File names' },
};

const cell = z.string().max(BULK_LIMITS.cellMaxLength).nullable().optional();
/** A row as typed in the sheet: every column is text (dates as yyyy-mm-dd, lists comma separated). */
export const BulkRowValuesSchema = z.object(Object.fromEntries(BULK_COLUMNS.map((c) => [c, cell])) as Record<BulkColumn, typeof cell>);
export type BulkRowValues = z.infer<typeof BulkRowValuesSchema>;

export const BulkRowErrorSchema = z.object({
  field: BulkColumnSchema,
  code: z.string().describe('required | invalid | unknownType | unknownMember | notAllowed | unknownGroup | unknownFile | failed'),
  reason: z.string().describe('What is wrong, in English'),
  message: z.string().describe('The same for people, in the X-Locale language'),
});
export type BulkRowError = z.infer<typeof BulkRowErrorSchema>;

export const BulkRowSchema = z.object({
  rowNumber: z.number().int().describe('The row of the sheet (the header is row 1)'),
  status: BulkRowStatusSchema,
  values: BulkRowValuesSchema,
  errors: z.array(BulkRowErrorSchema),
  contractId: z.number().int().nullable(),
  fileNames: z.array(z.string()),
});
export type BulkRow = z.infer<typeof BulkRowSchema>;

export const BulkCountsSchema = z.object({
  totalRows: z.number().int(),
  pendingRows: z.number().int(),
  invalidRows: z.number().int(),
  registeredRows: z.number().int(),
  failedRows: z.number().int(),
});

export const BulkRequestSchema = z.object({
  requestId: z.number().int(),
  executionStatus: BulkExecutionStatusSchema,
  sheetFileKey: z.string(),
  sheetFileName: z.string(),
  fileKeys: z.array(z.string()),
  counts: BulkCountsSchema,
  createdBy: UserRefSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BulkRequest = z.infer<typeof BulkRequestSchema>;

export const BulkRequestDetailSchema = BulkRequestSchema.extend({ rows: pageOf(BulkRowSchema) });
export type BulkRequestDetail = z.infer<typeof BulkRequestDetailSchema>;

const requestId = z.coerce.number().int().positive();
const rowNumbers = z.array(z.number().int().min(2)).min(1).max(BULK_LIMITS.maxRows).optional().describe('Rows to change; omitted: every row not yet registered');

export const CreateBulkRequestBodySchema = z.object({
  sheetFileKey: FileKeySchema.describe('The filled template (.xlsx) uploaded through arxive; like fileKeys, a file the registering admin may read (a hidden one answers as a missing one)'),
  fileKeys: z.array(FileKeySchema).max(BULK_LIMITS.maxFiles).default([]).refine((l) => new Set(l).size === l.length, 'each file once').describe('The contract files named in the fileNames column'),
});
export type CreateBulkRequestBody = z.input<typeof CreateBulkRequestBodySchema>;
export const BulkRequestIdBodySchema = z.object({ requestId });
export const BulkRequestParamsSchema = z.object({ requestId });
export const BulkRequestQuerySchema = pageQuery(10, 1000).omit({ sort: true }).extend({
  requestId,
  rowStatus: BulkRowStatusSchema.optional().describe('Only rows of this status'),
});
export const BulkRequestDeleteQuerySchema = z.object({ requestId });
export const BulkAssignUsersBodySchema = z.object({ requestId, rowNumbers, ownerUserId: z.number().int().positive() });
export const BulkAssignGroupsBodySchema = z.object({ requestId, rowNumbers, groupId: z.number().int().positive() });
export const BulkRowUpdateBodySchema = z.object({ requestId, rowNumber: z.number().int().min(2), values: BulkRowValuesSchema });

export const BULK_SORT_FIELDS = ['createdAt', 'updatedAt', 'executionStatus', 'requestId'] as const;
export const BulkPageSearchQuerySchema = pageQuery(10, 100).extend({
  executionStatus: BulkExecutionStatusSchema.optional(),
});
export const BulkPageSearchV2QuerySchema = pageQuery(10, 100).extend({
  executionStatuses: z
    .union([BulkExecutionStatusSchema, z.array(BulkExecutionStatusSchema)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
    .describe('Repeatable'),
  createdFrom: z.iso.date().optional(),
  createdTo: z.iso.date().optional(),
});
export const BulkCountByStatusSchema = z.object(Object.fromEntries(BULK_EXECUTION_STATUSES.map((s) => [s, z.number().int()])) as Record<BulkExecutionStatus, z.ZodNumber>);

const tags = ['alex: contract bulk registration'];
const admin = 'Needs contract.contract.admin (403); 404 for a request of another workspace.';
const path = (rest: string) => `/api/alex/contracts/bulk-requests/${rest}`;

export const downloadBulkTemplate = defineRoute({
  method: 'GET', path: path('template/v1'), access: 'member', product: 'CLM', raw: true,
  summary: `The .xlsx template: a header row in the X-Locale language, an example row and lists for the contract type and currency cells. ${admin}`,
  tags, schemas: {},
});
export const createBulkRequest = defineRoute({
  method: 'POST', path: path('v1'), access: 'member', product: 'CLM',
  summary: `Reads the uploaded sheet (at most ${BULK_LIMITS.maxRows} rows; formulas are read as their values) and checks every row with the rules of contract creation; the request is VALIDATED with per-row errors. 400 on body.sheetFileKey when it is not a readable .xlsx. ${admin}`,
  tags, schemas: { body: CreateBulkRequestBodySchema, data: BulkRequestDetailSchema },
});
export const getBulkRequest = defineRoute({
  method: 'GET', path: path('v1'), access: 'member', product: 'CLM',
  summary: `The request with its counts and a page of its rows (by row number). ${admin}`,
  tags, schemas: { query: BulkRequestQuerySchema, data: BulkRequestDetailSchema },
});
export const deleteBulkRequest = defineRoute({
  method: 'DELETE', path: path('v1'), access: 'member', product: 'CLM',
  summary: `Deletes the request and its rows for every bulk route (contracts already registered stay); the request is kept, marked deleted, so its sheet and files stay readable by contract admins only. 409 while REGISTERING. ${admin}`,
  tags, schemas: { query: BulkRequestDeleteQuerySchema, data: z.object({ requestId: z.number().int() }) },
});
export const updateBulkRow = defineRoute({
  method: 'PUT', path: path('rows/v1'), access: 'member', product: 'CLM',
  summary: `Replaces the values of one row and checks it again. 409 once the row is registered or while the request is REGISTERING or DONE. ${admin}`,
  tags, schemas: { body: BulkRowUpdateBodySchema, data: BulkRowSchema },
});
export const assignBulkUsers = defineRoute({
  method: 'PUT', path: path('users/v1'), access: 'member', product: 'CLM',
  summary: `Makes an active member the owner of the chosen rows (all rows not registered when rowNumbers is omitted) and checks them again. 400 on body.ownerUserId for a non-member. ${admin}`,
  tags, schemas: { body: BulkAssignUsersBodySchema, data: BulkRequestSchema },
});
export const assignBulkGroups = defineRoute({
  method: 'PUT', path: path('groups/v1'), access: 'member', product: 'CLM',
  summary: `Puts the chosen rows in a group of the workspace and checks them again. 400 on body.groupId for an unknown group. ${admin}`,
  tags, schemas: { body: BulkAssignGroupsBodySchema, data: BulkRequestSchema },
});
export const retryBulkRequest = defineRoute({
  method: 'PUT', path: path('retry/v1'), access: 'member', product: 'CLM',
  summary: `Checks every row not yet registered again (failed rows included) and answers the request VALIDATED. 409 while REGISTERING or when DONE. ${admin}`,
  tags, schemas: { body: BulkRequestIdBodySchema, data: BulkRequestSchema },
});
export const confirmBulkRequest = defineRoute({
  method: 'PUT', path: path('confirm/v1'), access: 'member', product: 'CLM',
  summary: `VALIDATED -> CONFIRMED; invalid rows are left out of the registration (and can be fixed afterwards). 409 from any other status or with no valid row. ${admin}`,
  tags, schemas: { body: BulkRequestIdBodySchema, data: BulkRequestSchema },
});
export const registerBulkRequest = defineRoute({
  method: 'PUT', path: path('register/v1'), access: 'member', product: 'CLM',
  summary: `CONFIRMED -> REGISTERING: a job creates the valid rows' contracts (progress in counts), then DONE, or PARTIALLY_FAILED when a row failed or stays invalid. 409 from any other status. ${admin}`,
  tags, schemas: { body: BulkRequestIdBodySchema, data: BulkRequestSchema },
});
export const downloadBulkResult = defineRoute({
  method: 'GET', path: path(':requestId/download/v1'), access: 'member', product: 'CLM', raw: true,
  summary: `The rows as an .xlsx workbook with a status, contract id and error column (X-Locale). ${admin}`,
  tags, schemas: { params: BulkRequestParamsSchema },
});
export const searchBulkRequestsV1 = defineRoute({
  method: 'GET', path: path('page-search/v1'), access: 'member', product: 'CLM',
  summary: `The workspace's requests, newest first; executionStatus filter; sort by ${BULK_SORT_FIELDS.join(', ')}. ${admin}`,
  tags, schemas: { query: BulkPageSearchQuerySchema, data: pageOf(BulkRequestSchema) },
});
export const searchBulkRequestsV2 = defineRoute({
  method: 'GET', path: path('page-search/v2'), access: 'member', product: 'CLM',
  summary: `v1 with several executionStatuses and a creation date range (yyyy-mm-dd, Asia/Seoul days). ${admin}`,
  tags, schemas: { query: BulkPageSearchV2QuerySchema, data: pageOf(BulkRequestSchema) },
});
export const countBulkRequestsByStatus = defineRoute({
  method: 'GET', path: path('count-by-status/v1'), access: 'member', product: 'CLM',
  summary: `How many requests of the workspace are in each executionStatus. ${admin}`,
  tags, schemas: { data: BulkCountByStatusSchema },
});

export const SuperAdminCreateBulkRequestBodySchema = CreateBulkRequestBodySchema.extend({
  workspaceId: z.number().int().positive().describe('The workspace the contracts are registered in (404 when unknown or deleted)'),
  registeringUserId: z
    .number()
    .int()
    .positive()
    .describe('An active member of that workspace holding contract.contract.admin: the request is theirs and they own the contracts (400 otherwise)'),
});
export type SuperAdminCreateBulkRequestBody = z.input<typeof SuperAdminCreateBulkRequestBodySchema>;

export const superAdminCreateBulkRequest = defineRoute({
  method: 'POST', path: '/api/alex/super-admin/contracts/bulk/v1', access: 'superAdmin',
  summary:
    'Super admin: starts a bulk request in any workspace on behalf of one of its contract admins (registeringUserId), who then fixes, confirms and registers it ' +
    'through the bulk-requests routes. The sheet and files must already be in that workspace (POST /api/arxive/files/unlimited/v1 with its X-Tenant/X-Workspace). ' +
    'Same reading and per-row checks as POST bulk-requests/v1; 404 for an unknown workspace.',
  tags: ['alex: contract bulk registration'], schemas: { body: SuperAdminCreateBulkRequestBodySchema, data: BulkRequestDetailSchema },
});
