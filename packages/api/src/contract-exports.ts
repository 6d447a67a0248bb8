import { z } from 'zod';
import type { Named } from './contract-catalogue';
import { ContractParamsSchema } from './contract-schemas';
import { CONTRACT_SORT_FIELDS, ContractSearchV4BodySchema } from './contract-search';
import { FileKeySchema } from './files';
import { defineRoute } from './http';
import { sortQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// What a user keeps of the repository list (7.3 contracts/user-config/v1: the columns shown and
// exported, and named saved filters) and the exports (7.3): the Excel workbook of a search
// (excel/v2, the user's columns, streamed), a zip of selected contracts' files and one file of a
// contract. Exports only ever hold contracts the caller may read.
// ---------------------------------------------------------------------------------------------

/** Columns of the repository list and of the Excel export, with their ko/en headers. */
/**
 * The glossary of contract field labels: one term per field and language, used by the list
 * headers, the column picker, the Excel export and the bulk sheet, and checked against the web
 * app's `contracts` locale (form, detail, filters) by contract-glossary.test.ts.
 */
export const CONTRACT_COLUMN_CATALOGUE = [
  { code: 'id', name: { ko: '번호', en: 'No.' } },
  { code: 'title', name: { ko: '계약명', en: 'Title' } },
  { code: 'contractType', name: { ko: '계약 유형', en: 'Contract type' } },
  { code: 'status', name: { ko: '상태', en: 'Status' } },
  { code: 'counterparties', name: { ko: '계약 상대방', en: 'Counterparties' } },
  { code: 'hashtags', name: { ko: '해시태그', en: 'Hashtags' } },
  { code: 'owner', name: { ko: '담당자', en: 'Owner' } },
  { code: 'group', name: { ko: '그룹', en: 'Group' } },
  { code: 'signedDate', name: { ko: '체결일', en: 'Signed date' } },
  { code: 'startDate', name: { ko: '시작일', en: 'Start date' } },
  { code: 'endDate', name: { ko: '종료일', en: 'End date' } },
  { code: 'amount', name: { ko: '계약 금액', en: 'Contract amount' } },
  { code: 'currency', name: { ko: '통화', en: 'Currency' } },
  { code: 'language', name: { ko: '언어', en: 'Language' } },
  { code: 'signingType', name: { ko: '서명 방식', en: 'Signing type' } },
  { code: 'governingLaw', name: { ko: '준거법', en: 'Governing law' } },
  { code: 'disputeResolutionMethod', name: { ko: '분쟁 해결 방법', en: 'Dispute resolution' } },
  { code: 'ourPosition', name: { ko: '당사 지위', en: 'Our position' } },
  { code: 'venue', name: { ko: '체결 장소', en: 'Place of signing' } },
  { code: 'memo', name: { ko: '메모', en: 'Memo' } },
  { code: 'desiredReviewDeadline', name: { ko: '검토 희망 기한', en: 'Desired review deadline' } },
  { code: 'createdAt', name: { ko: '등록일', en: 'Registered' } },
  { code: 'updatedAt', name: { ko: '수정일', en: 'Updated' } },
] as const satisfies ReadonlyArray<Named<string>>;
export type ContractColumn = (typeof CONTRACT_COLUMN_CATALOGUE)[number]['code'];
export const CONTRACT_COLUMNS = CONTRACT_COLUMN_CATALOGUE.map((c) => c.code) as [ContractColumn, ...ContractColumn[]];
export const ContractColumnSchema = z.enum(CONTRACT_COLUMNS);

/** What a user sees before choosing. */
export const DEFAULT_CONTRACT_COLUMNS: ContractColumn[] = ['title', 'contractType', 'status', 'counterparties', 'owner', 'startDate', 'endDate', 'amount', 'currency', 'createdAt'];

export const CONTRACT_EXPORT_LIMITS = {
  /** Rows of one Excel export; beyond it the workbook says it was cut and X-Export-Truncated is true. */
  excelMaxRows: 100_000,
  /** Contracts of one zip download. */
  zipMaxContracts: 100,
  savedFiltersMax: 20,
  savedFilterNameMaxLength: 50,
} as const;

const L = CONTRACT_EXPORT_LIMITS;

// User config -----------------------------------------------------------------------------------

const SortOfListSchema = sortQuery(CONTRACT_SORT_FIELDS);

export const SavedContractFilterSchema = z.object({
  name: z.string().trim().min(1).max(L.savedFilterNameMaxLength),
  filter: ContractSearchV4BodySchema.describe('The page-search v4 body'),
  sort: SortOfListSchema.describe('sort=field,asc|desc as the list sends it'),
});

export const UpdateContractUserConfigBodySchema = z
  .object({
    columns: z
      .array(ContractColumnSchema)
      .min(1)
      .max(CONTRACT_COLUMNS.length)
      .refine((l) => new Set(l).size === l.length, 'each column once')
      .describe('In display order; the Excel export uses the same'),
    savedFilters: z
      .array(SavedContractFilterSchema)
      .max(L.savedFiltersMax)
      .default([])
      .refine((l) => new Set(l.map((f) => f.name)).size === l.length, 'each name once'),
    defaultFilterName: z.string().trim().min(1).nullable().default(null).describe('One of savedFilters, applied when the list opens'),
    version: z.number().int().min(0).optional().describe('The version read; another one answers 409 ERROR_CONFLICT (omit to overwrite)'),
  })
  .superRefine((b, issue) => {
    if (b.defaultFilterName !== null && !b.savedFilters.some((f) => f.name === b.defaultFilterName)) {
      issue.addIssue({ code: 'custom', path: ['defaultFilterName'], message: 'the name of a saved filter' });
    }
  });
export type UpdateContractUserConfigBody = z.input<typeof UpdateContractUserConfigBodySchema>;

export const ContractUserConfigSchema = z.object({
  columns: z.array(ContractColumnSchema),
  savedFilters: z.array(SavedContractFilterSchema),
  defaultFilterName: z.string().nullable(),
  version: z.number().int().describe('0 until the user saves; send it back with PUT'),
  updatedAt: z.string().nullable(),
});
export type ContractUserConfig = z.infer<typeof ContractUserConfigSchema>;

// Exports ---------------------------------------------------------------------------------------

export const ContractExportQuerySchema = z.object({
  sort: z
    .string()
    .regex(new RegExp(`^(${CONTRACT_SORT_FIELDS.join('|')})(,(asc|desc|ASC|DESC))?$`), `sort by ${CONTRACT_SORT_FIELDS.join(', ')}, then asc or desc`)
    .optional()
    .describe('One sort field (default createdAt,desc)'),
});

export const ContractZipBodySchema = z.object({
  contractIds: z
    .array(z.number().int().positive())
    .min(1)
    .max(L.zipMaxContracts)
    .refine((l) => new Set(l).size === l.length, 'each contract once'),
});

export const ContractDownloadQuerySchema = z.object({
  fileKey: FileKeySchema.optional().describe('One of the contract\'s files; default its first MAIN file (or its first file)'),
});

// Routes ----------------------------------------------------------------------------------------

const tags = ['alex: contracts'];

export const getContractUserConfig = defineRoute({
  method: 'GET', path: '/api/alex/contracts/user-config/v1', access: 'member', product: 'CLM',
  summary: 'The caller\'s columns and saved filters of the contract list in this workspace (the defaults until saved)', tags,
  schemas: { data: ContractUserConfigSchema },
});
export const updateContractUserConfig = defineRoute({
  method: 'PUT', path: '/api/alex/contracts/user-config/v1', access: 'member', product: 'CLM',
  summary: 'Saves the caller\'s columns and saved filters (validated against the column catalogue and the search filters); 409 when `version` is stale', tags,
  schemas: { body: UpdateContractUserConfigBodySchema, data: ContractUserConfigSchema },
});

export const exportContractsExcel = defineRoute({
  method: 'POST', path: '/api/alex/contracts/excel/v2', access: 'member', product: 'CLM', raw: true,
  summary: `The contracts of a search (the page-search v4 body) as an .xlsx workbook, streamed, with the caller's configured columns and headers in the X-Locale language. Text that a spreadsheet would run as a formula is written with a leading apostrophe. At most ${L.excelMaxRows.toLocaleString('en-US')} rows (X-Export-Truncated). Only contracts the caller may read.`,
  tags, schemas: { query: ContractExportQuerySchema, body: ContractSearchV4BodySchema },
});
export const downloadContractsZip = defineRoute({
  method: 'POST', path: '/api/alex/contracts/zip/download/v1', access: 'member', product: 'CLM', raw: true,
  summary: 'A zip (streamed) of the current revision of every file of the selected contracts, a folder per contract, names made unique. Contracts the caller cannot read are left out; 404 when none is readable.',
  tags, schemas: { body: ContractZipBodySchema },
});
export const downloadContractFile = defineRoute({
  method: 'GET', path: '/api/alex/contracts/:contractId/download/v1', access: 'member', product: 'CLM', raw: true,
  summary: 'One file of the contract (current revision) as an attachment; 404 when the contract is not readable or the file is not one of its files.',
  tags, schemas: { params: ContractParamsSchema, query: ContractDownloadQuerySchema },
});
