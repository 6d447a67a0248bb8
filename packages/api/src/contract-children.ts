import { z } from 'zod';
import {
  COMMON_CURRENCIES, CONTRACT_FILE_ROLE_CATALOGUE, CONTRACT_LANGUAGE_CATALOGUE, CONTRACT_LIMITS as L, CONTRACT_STATUS_CATALOGUE, CONTRACT_STATUS_GROUPS,
  CONTRACT_TYPE_CATALOGUE, ContractStatusSchema, COUNTERPARTY_TYPE_CATALOGUE, CounterpartyTypeSchema, DISPUTE_RESOLUTION_CATALOGUE, OUR_POSITION_CATALOGUE,
  REFERENCE_TYPE_CATALOGUE, SIGNING_TYPE_CATALOGUE,
} from './contract-catalogue';
import {
  ContractFileInputSchema, ContractFileSchema, ContractIdSchema, ContractParamsSchema, ContractPermissionsSchema, ContractSummarySchema,
  CounterpartyInputSchema, CounterpartySchema, HashtagNameSchema,
} from './contract-schemas';
import { CONTRACT_SORT_FIELDS, KEYWORD_TARGETS } from './contract-search';
import { pageOf, pageQuery } from './envelope';
import { FileKeySchema } from './files';
import { defineRoute } from './http';
import { sortQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// The children of a contract (7.6): counterparties, files, bookmarks, permissions; and the
// workspace lists around contracts: counterparty bookmarks (an address book of counterparties,
// page size 30), hashtags (7.3), contract types and the meta catalogue.
// ---------------------------------------------------------------------------------------------

const id = z.coerce.number().int().positive();

// Counterparties --------------------------------------------------------------------------------

export const CounterpartyParamsSchema = z.object({ contractId: ContractIdSchema, counterpartyId: id });
export const CounterpartiesFromBookmarksBodySchema = z.object({
  bookmarkIds: z.array(z.number().int().positive()).min(1).max(L.counterpartiesMax).refine((l) => new Set(l).size === l.length, 'each bookmark once'),
});

// Counterparty bookmarks ------------------------------------------------------------------------

export const CounterpartyBookmarkSchema = CounterpartySchema.extend({
  createdByUserId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: z.object({ canUpdate: z.boolean(), canDelete: z.boolean() }),
});
export type CounterpartyBookmark = z.infer<typeof CounterpartyBookmarkSchema>;

export const COUNTERPARTY_BOOKMARK_SORT_FIELDS = ['name', 'createdAt'] as const;
export const ListCounterpartyBookmarksQuerySchema = pageQuery(30, 1000).extend({
  sort: sortQuery(COUNTERPARTY_BOOKMARK_SORT_FIELDS),
  counterpartyType: CounterpartyTypeSchema.optional(),
  keyword: z.string().trim().min(1).max(L.keywordMaxLength).optional().describe('Part of the name, representative or business registration number'),
});
export const CounterpartyBookmarkParamsSchema = z.object({ bookmarkId: id });

// Hashtags --------------------------------------------------------------------------------------

export const HashtagSchema = z.object({ id: z.number().int(), name: z.string() });
export type Hashtag = z.infer<typeof HashtagSchema>;
export const ListHashtagsQuerySchema = pageQuery(10, 1000).extend({
  sort: sortQuery(['name', 'createdAt']),
  keyword: z.string().trim().min(1).max(L.hashtagMaxLength).optional().describe('Part of the name (a leading # is ignored)'),
});
export const CreateHashtagBodySchema = z.object({ name: HashtagNameSchema });

// Bookmarks, permissions, files ----------------------------------------------------------------------

export const ContractBookmarkStateSchema = z.object({ contractId: z.number().int(), isBookmarked: z.boolean() });
export const ListContractBookmarksQuerySchema = pageQuery(30, 1000);
export const ContractFileParamsSchema = z.object({ contractId: ContractIdSchema, fileKey: FileKeySchema });

// Catalogues ------------------------------------------------------------------------------------

const NamedSchema = z.object({ code: z.string(), name: z.object({ ko: z.string(), en: z.string() }) });
export const ContractTypeEntrySchema = NamedSchema.extend({ label: z.string().describe('The name in the X-Locale language') });

export const ContractMetaSchema = z.object({
  statuses: z.array(NamedSchema.extend({ code: ContractStatusSchema, group: z.enum(CONTRACT_STATUS_GROUPS) })),
  contractTypes: z.array(NamedSchema),
  languages: z.array(NamedSchema),
  signingTypes: z.array(NamedSchema),
  disputeResolutionMethods: z.array(NamedSchema),
  ourPositions: z.array(NamedSchema),
  counterpartyTypes: z.array(NamedSchema),
  fileRoles: z.array(NamedSchema),
  referenceTypes: z.array(NamedSchema),
  currencies: z.array(z.string()).describe('Offered first; any ISO 4217 code is accepted'),
  sortFields: z.array(z.string()),
  keywordTargets: z.array(z.string()),
  limits: z.record(z.string(), z.number()),
});
export type ContractMeta = z.infer<typeof ContractMetaSchema>;

/** The meta answer is constant: built once here so the server and the web app agree. */
export const CONTRACT_META: ContractMeta = {
  statuses: CONTRACT_STATUS_CATALOGUE,
  contractTypes: CONTRACT_TYPE_CATALOGUE,
  languages: CONTRACT_LANGUAGE_CATALOGUE,
  signingTypes: SIGNING_TYPE_CATALOGUE,
  disputeResolutionMethods: DISPUTE_RESOLUTION_CATALOGUE,
  ourPositions: OUR_POSITION_CATALOGUE,
  counterpartyTypes: COUNTERPARTY_TYPE_CATALOGUE,
  fileRoles: CONTRACT_FILE_ROLE_CATALOGUE,
  referenceTypes: REFERENCE_TYPE_CATALOGUE,
  currencies: [...COMMON_CURRENCIES],
  sortFields: [...CONTRACT_SORT_FIELDS],
  keywordTargets: [...KEYWORD_TARGETS],
  limits: { ...L },
};

// Routes ----------------------------------------------------------------------------------------

const conhub = ['conhub: contracts'];
const alex = ['alex: contracts'];
const readable = 'The contract must be readable by the caller (404 otherwise).';
const writable = 'Needs the owner with contract.contract.write, or contract.contract.admin (403); 404 when the contract is not readable.';

export const listCounterparties = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/:contractId/counterparties/v1', access: 'member', product: 'CLM',
  summary: `The counterparties of a contract in order. ${readable}`, tags: conhub,
  schemas: { params: ContractParamsSchema, data: z.array(CounterpartySchema) },
});
export const addCounterparty = defineRoute({
  method: 'POST', path: '/api/conhub/contracts/:contractId/counterparties/v1', access: 'member', product: 'CLM',
  summary: `Adds a counterparty at the end. ${writable}`, tags: conhub,
  schemas: { params: ContractParamsSchema, body: CounterpartyInputSchema, data: CounterpartySchema },
});
export const updateCounterparty = defineRoute({
  method: 'PUT', path: '/api/conhub/contracts/:contractId/counterparties/:counterpartyId/v1', access: 'member', product: 'CLM',
  summary: `Replaces one counterparty's fields. ${writable}`, tags: conhub,
  schemas: { params: CounterpartyParamsSchema, body: CounterpartyInputSchema, data: CounterpartySchema },
});
export const deleteCounterparty = defineRoute({
  method: 'DELETE', path: '/api/conhub/contracts/:contractId/counterparties/:counterpartyId/v1', access: 'member', product: 'CLM',
  summary: `Removes one counterparty. ${writable}`, tags: conhub,
  schemas: { params: CounterpartyParamsSchema, data: CounterpartySchema },
});
export const addCounterpartiesFromBookmarks = defineRoute({
  method: 'POST', path: '/api/conhub/contracts/:contractId/counterparties/by-bookmarks/v1', access: 'member', product: 'CLM',
  summary: `Copies counterparty bookmarks onto the contract (400 on body.bookmarkIds.N for an unknown bookmark). ${writable}`, tags: conhub,
  schemas: { params: ContractParamsSchema, body: CounterpartiesFromBookmarksBodySchema, data: z.array(CounterpartySchema) },
});

export const listCounterpartyBookmarks = defineRoute({
  method: 'GET', path: '/api/conhub/counterparty-bookmarks/v1', access: 'member', product: 'CLM',
  summary: 'The workspace\'s counterparty bookmarks by counterpartyType and keyword; size defaults to 30', tags: conhub,
  schemas: { query: ListCounterpartyBookmarksQuerySchema, data: pageOf(CounterpartyBookmarkSchema) },
});
export const createCounterpartyBookmark = defineRoute({
  method: 'POST', path: '/api/conhub/counterparty-bookmarks/v1', access: 'member', product: 'CLM',
  summary: 'Bookmarks a counterparty for the workspace (contract.contract.write); 409 when the same type, name and registration number is already bookmarked', tags: conhub,
  schemas: { body: CounterpartyInputSchema, data: CounterpartyBookmarkSchema },
});
export const updateCounterpartyBookmark = defineRoute({
  method: 'PUT', path: '/api/conhub/counterparty-bookmarks/:bookmarkId/v1', access: 'member', product: 'CLM',
  summary: 'Replaces a bookmark (its creator, or contract.contract.admin); 409 on a duplicate', tags: conhub,
  schemas: { params: CounterpartyBookmarkParamsSchema, body: CounterpartyInputSchema, data: CounterpartyBookmarkSchema },
});
export const deleteCounterpartyBookmark = defineRoute({
  method: 'DELETE', path: '/api/conhub/counterparty-bookmarks/:bookmarkId/v1', access: 'member', product: 'CLM',
  summary: 'Deletes a bookmark (its creator, or contract.contract.admin); counterparties copied from it stay', tags: conhub,
  schemas: { params: CounterpartyBookmarkParamsSchema, data: CounterpartyBookmarkSchema },
});

export const listHashtags = defineRoute({
  method: 'GET', path: '/api/alex/hashtags/v1', access: 'member', product: 'CLM',
  summary: 'The workspace\'s hashtags by keyword (default sort name,asc)', tags: alex,
  schemas: { query: ListHashtagsQuerySchema, data: pageOf(HashtagSchema) },
});
export const createHashtag = defineRoute({
  method: 'POST', path: '/api/alex/hashtags/v1', access: 'member', product: 'CLM',
  summary: 'Adds a hashtag to the workspace list (contract.contract.write); 409 with data.id when it exists', tags: alex,
  schemas: { body: CreateHashtagBodySchema, data: HashtagSchema },
});

export const addContractFile = defineRoute({
  method: 'POST', path: '/api/conhub/contracts/:contractId/files/v1', access: 'member', product: 'CLM',
  summary: `Attaches an uploaded arxive file (400 on body.fileKey when it is not a live file of the workspace the caller may read, a hidden file answering as a missing one; 409 when already attached). ${writable}`, tags: conhub,
  schemas: { params: ContractParamsSchema, body: ContractFileInputSchema, data: z.array(ContractFileSchema) },
});
export const removeContractFile = defineRoute({
  method: 'DELETE', path: '/api/conhub/contracts/:contractId/files/:fileKey/v1', access: 'member', product: 'CLM',
  summary: `Detaches a file (the file itself stays in arxive). ${writable}`, tags: conhub,
  schemas: { params: ContractFileParamsSchema, data: z.array(ContractFileSchema) },
});

export const bookmarkContract = defineRoute({
  method: 'POST', path: '/api/conhub/contracts/:contractId/bookmarks/v1', access: 'member', product: 'CLM',
  summary: `Bookmarks the contract for the caller (idempotent). ${readable}`, tags: conhub,
  schemas: { params: ContractParamsSchema, data: ContractBookmarkStateSchema },
});
export const unbookmarkContract = defineRoute({
  method: 'DELETE', path: '/api/conhub/contracts/:contractId/bookmarks/v1', access: 'member', product: 'CLM',
  summary: `Removes the caller's bookmark (idempotent). ${readable}`, tags: conhub,
  schemas: { params: ContractParamsSchema, data: ContractBookmarkStateSchema },
});
export const listContractBookmarks = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/bookmarks/v1', access: 'member', product: 'CLM',
  summary: 'The caller\'s bookmarked contracts that they can still read, newest bookmark first; size defaults to 30', tags: conhub,
  schemas: { query: ListContractBookmarksQuerySchema, data: pageOf(ContractSummarySchema) },
});

export const getContractPermissions = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/:contractId/permissions/v1', access: 'member', product: 'CLM',
  summary: `What the caller may do with the contract, and which fields its status freezes. ${readable}`, tags: conhub,
  schemas: { params: ContractParamsSchema, data: ContractPermissionsSchema },
});

export const listContractTypes = defineRoute({
  method: 'GET', path: '/api/alex/contract-types/v1', access: 'member', product: 'CLM',
  summary: 'The contract types with their Korean and English names', tags: alex,
  schemas: { data: z.array(ContractTypeEntrySchema) },
});
/** v2 of the workspace's contract types: each with how many contracts of it the caller can read. */
export const ContractTypeUsageSchema = ContractTypeEntrySchema.extend({ contractCount: z.number().int().nonnegative() });
export const WorkspaceContractTypesParamsSchema = z.object({ workspaceId: z.coerce.number().int().positive() });
export const listWorkspaceContractTypesById = defineRoute({
  method: 'GET', path: '/api/conhub/workspaces/:workspaceId/contracts/types/v1', access: 'member', product: 'CLM',
  summary: 'The contract types of a workspace (the one of X-Workspace; another answers 404)', tags: conhub,
  schemas: { params: WorkspaceContractTypesParamsSchema, data: z.array(ContractTypeEntrySchema) },
});
export const listWorkspaceContractTypes = defineRoute({
  method: 'GET', path: '/api/conhub/workspaces/contracts/types/v1', access: 'member', product: 'CLM',
  summary: 'The contract types of the current workspace', tags: conhub, schemas: { data: z.array(ContractTypeEntrySchema) },
});
export const listWorkspaceContractTypesV2 = defineRoute({
  method: 'GET', path: '/api/conhub/workspaces/contracts/types/v2', access: 'member', product: 'CLM',
  summary: 'The contract types of the current workspace with the number of contracts of each type the caller can read',
  tags: conhub, schemas: { data: z.array(ContractTypeUsageSchema) },
});
export const getContractMetaV2 = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/meta/v2', access: 'member', product: 'CLM',
  summary: 'Every vocabulary of the contract screens (statuses and their groups, types, languages, signing types, positions, ...) with ko/en names, sort fields and limits',
  tags: conhub, schemas: { data: ContractMetaSchema },
});
export const getContractMetaV3 = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/meta/v3', access: 'member', product: 'CLM', summary: 'Same as v2', tags: conhub, schemas: { data: ContractMetaSchema },
});
