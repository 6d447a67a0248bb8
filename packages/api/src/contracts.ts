import { z } from 'zod';
import {
  AmountCurrencyBodySchema, ContractBasicSchema, ContractDetailSchema, ContractParamsSchema, CounterpartiesBodySchema, CreateContractBodySchema,
  CreateContractWithFilesBodySchema, DesiredReviewDeadlineBodySchema, DisputeResolutionBodySchema, FilesBodySchema, GoverningLawBodySchema,
  GroupBodySchema, HashtagsBodySchema, MemoBodySchema, OurPositionBodySchema, OwnerBodySchema, ReferenceGroupsBodySchema, RelatedReferencesBodySchema,
  ReplaceContractBodySchema, SignedDateBodySchema, SigningTypeBodySchema, SimpleUpdateBodySchema, StartEndDateBodySchema, TitleBodySchema,
  UsersBodySchema, VenueBodySchema, WatchersBodySchema,
} from './contract-schemas';
import { defineRoute } from './http';

export * from './contract-catalogue';
export * from './contract-schemas';
export * from './contract-search';
export * from './contract-children';
export * from './contract-reminders';
export * from './contract-exports';
export * from './contract-stats';
export * from './contract-bulk';
export * from './contract-discovery';
export * from './contract-documents';
export * from './contract-analysis';
export * from './contract-completions';
export * from './contract-activity';

// ---------------------------------------------------------------------------------------------
// The contract (catalogue 3, 7.3 alex "contract repository", 7.6 conhub "contract detail"): create,
// read, edit and delete. Who may do what:
// - read: the owner, watchers, related users (userIds), members of the contract's group holding
//   contract.group_contract.read, holders of contract.all_contract.read or contract.contract.admin;
//   everyone else gets 404, never a hint that the contract exists.
// - create: contract.contract.write; edit and delete: the owner holding contract.contract.write, or
//   contract.contract.admin (403).
// Concurrent edits: each per-field PUT writes only its own fields (two people editing different
// fields never erase each other); PUT v2 replaces every own field and must carry the `version` it
// was based on (409 ERROR_CONFLICT with data.currentVersion otherwise). Every answer carries the
// new version. While an approval or signing runs (IN_APPROVAL, IN_SIGNING) the content fields are
// frozen: editing them answers 409 with data.frozenFields.
// Files: v7 takes the keys of files already uploaded through arxive (POST /api/arxive/files/v2),
// in JSON, so uploads keep arxive's streaming, quota and type checks and the text extraction that
// search relies on.
// ---------------------------------------------------------------------------------------------

const alex = ['alex: contracts'];
const conhub = ['conhub: contracts'];
/** Both create versions honour the same header. */
const idempotent =
  ' Header Idempotency-Key (optional, 8-128 of A-Z a-z 0-9 _ . : -): a repeat with the same key and the same body answers the contract the first call made, without a second one, ' +
  'also while the first is still running; the same key with another body is 422 ERROR_IDEMPOTENCY_KEY_REUSED (data.contractId). Keys are the caller\'s own in this workspace.';
const writable = 'Needs the owner with contract.contract.write, or contract.contract.admin (403); 404 when the contract is not readable.';

export const createContractV6 = defineRoute({
  method: 'POST', path: '/api/alex/contracts/v6', access: 'member', product: 'CLM',
  summary: `Registers a contract with its counterparties, hashtags, watchers, related users and references (contract.contract.write). 400 names every bad field, including unknown users, groups or referenced contracts.${idempotent}`,
  tags: alex, schemas: { body: CreateContractBodySchema, data: ContractDetailSchema },
});
export const createContractV7 = defineRoute({
  method: 'POST', path: '/api/alex/contracts/v7', access: 'member', product: 'CLM',
  summary: `v6 plus \`files\`: [{fileKey, role}] of arxive files already uploaded to this workspace (JSON, not multipart); 400 on body.files.N.fileKey for a key that is not a live file here that the caller may read (a hidden file answers as a missing one).${idempotent}`,
  tags: alex, schemas: { body: CreateContractWithFilesBodySchema, data: ContractDetailSchema },
});

const readSummary = 'The contract with every field, its children and the caller\'s abilities; 404 when absent, deleted, in another workspace or not readable by the caller.';
const read = (service: 'alex' | 'conhub', version: string, summary = readSummary) =>
  defineRoute({
    method: 'GET', path: `/api/${service}/contracts/:contractId/${version}`, access: 'member', product: 'CLM', summary,
    tags: service === 'alex' ? alex : conhub, schemas: { params: ContractParamsSchema, data: ContractDetailSchema },
  });
export const getContractV5 = read('alex', 'v5', `${readSummary} Same answer as v6.`);
export const getContractV6 = read('alex', 'v6');
export const getConhubContractV2 = read('conhub', 'v2');
export const getConhubContractV3 = read('conhub', 'v3', `${readSummary} Same answer as v2.`);
export const getConhubContractBasic = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/:contractId/basic/v2', access: 'member', product: 'CLM',
  summary: 'The header of the contract (no children): title, status, type, owner, group, dates, amount, version, abilities.',
  tags: conhub, schemas: { params: ContractParamsSchema, data: ContractBasicSchema },
});

const replace = (service: 'alex' | 'conhub') =>
  defineRoute({
    method: 'PUT', path: `/api/${service}/contracts/:contractId/v2`, access: 'member', product: 'CLM',
    summary: `Replaces every own field of the contract (omitted optional fields are cleared; children, owner and group have their own routes). Needs the version it was based on: 409 ERROR_CONFLICT with data.currentVersion when someone saved in between. ${writable}`,
    tags: service === 'alex' ? alex : conhub, schemas: { params: ContractParamsSchema, body: ReplaceContractBodySchema, data: ContractDetailSchema },
  });
export const replaceContract = replace('alex');
export const replaceConhubContract = replace('conhub');

/** A per-field PUT: writes only the fields of its body and answers the whole contract. */
function fieldRoute<const B extends z.ZodType>(service: 'alex' | 'conhub', segment: string, body: B, what: string) {
  return defineRoute({
    method: 'PUT', path: `/api/${service}/contracts/:contractId/${segment}`, access: 'member', product: 'CLM',
    summary: `Sets ${what}; other fields are left as they are. ${writable}`,
    tags: service === 'alex' ? alex : conhub, schemas: { params: ContractParamsSchema, body, data: ContractDetailSchema },
  });
}

export const updateContractVenue = fieldRoute('alex', 'venue/v1', VenueBodySchema, 'the venue (null clears)');
export const updateContractUsers = fieldRoute('alex', 'users/v1', UsersBodySchema, 'the related users (members of the workspace; 400 on body.userIds.N otherwise)');
export const updateContractTitle = fieldRoute('alex', 'title/v1', TitleBodySchema, 'the title');
export const updateContractPeriod = fieldRoute('alex', 'start-end-date/v1', StartEndDateBodySchema, 'the start and end dates (end on or after start)');
export const updateContractSimple = fieldRoute('alex', 'simple/v1', SimpleUpdateBodySchema, 'any of title, contractType, language, startDate, endDate, signedDate (only those sent)');
export const updateContractSigningType = fieldRoute('alex', 'signingType/v1', SigningTypeBodySchema, 'the signing type');
export const updateContractSignedDate = fieldRoute('alex', 'signed-date/v1', SignedDateBodySchema, 'the signed date');
export const updateContractReferenceGroups = fieldRoute('alex', 'referenceGroups/v1', ReferenceGroupsBodySchema, 'the reference groups (the whole list)');
export const updateContractOurPosition = fieldRoute('alex', 'our-position/v1', OurPositionBodySchema, 'our position (갑/을/병)');
export const updateContractMemo = fieldRoute('alex', 'memo/v1', MemoBodySchema, 'the memo');
export const updateContractHashtags = fieldRoute('alex', 'hashtags/v1', HashtagsBodySchema, 'the hashtags by name (new names join the workspace list)');
export const updateContractGoverningLaw = fieldRoute('alex', 'governing-law/v1', GoverningLawBodySchema, 'the governing law');
export const updateContractFiles = fieldRoute('alex', 'files/v1', FilesBodySchema, 'the attached files (the whole list of arxive file keys with roles)');
export const updateContractDisputeResolution = fieldRoute('alex', 'dispute-resolution-method/v1', DisputeResolutionBodySchema, 'the dispute resolution method');
export const updateContractCounterparties = fieldRoute('alex', 'counterparties/v1', CounterpartiesBodySchema, 'the counterparties (the whole list, in order)');
export const updateContractAmountCurrency = fieldRoute('alex', 'amount-currency/v1', AmountCurrencyBodySchema, 'the amount (decimal string) and its ISO 4217 currency, both or neither');

export const updateConhubContractTitle = fieldRoute('conhub', 'title/v1', TitleBodySchema, 'the title');
export const updateContractOwner = fieldRoute('conhub', 'owner/v1', OwnerBodySchema, 'the owner (an active member of the workspace holding contract.contract.write; 400 on body.ownerUserId otherwise)');
export const updateContractGroup = fieldRoute('conhub', 'group/v2', GroupBodySchema, 'the group whose readers see the contract (400 on body.groupId for an unknown group)');
export const updateContractDesiredReviewDeadline = fieldRoute('conhub', 'desired-review-deadline/v2', DesiredReviewDeadlineBodySchema, 'the desired review deadline');
export const updateContractRelatedReferences = fieldRoute('conhub', 'related-references/v1', RelatedReferencesBodySchema, 'the related references (the whole list)');
export const updateContractWatchers = fieldRoute('conhub', 'watchers/v1', WatchersBodySchema, 'the watchers (members of the workspace)');

export const DeletedContractSchema = z.object({ contractId: z.number().int(), deletedAt: z.string() });
export const deleteContract = defineRoute({
  method: 'DELETE', path: '/api/alex/contracts/:contractId/v1', access: 'member', product: 'CLM',
  summary: `Deletes the contract (soft: kept with an audit trail, gone from every list and read). 409 while an approval or signing runs. ${writable}`,
  tags: alex, schemas: { params: ContractParamsSchema, data: DeletedContractSchema },
});
