import { z } from 'zod';
import { CONTRACT_LIMITS as L, ContractTypeSchema } from './contract-catalogue';
import { ContractSummarySchema, IsoDateSchema, UserRefSchema } from './contract-schemas';
import { pageOf } from './envelope';
import { defineRoute } from './http';
import { repeatableQuery, sortQuery } from './list-query';
import { WorkflowPresetTypeSchema } from './standard-forms';
import { ProcessStatusSchema, StepCodeSchema, StepMemberRoleSchema } from './workflows';

// ---------------------------------------------------------------------------------------------
// The workflow hub's contract search (catalogue 7.6 "Dashboard and search", "Listings"):
// contracts/search v1 (keyword) and v2 (the workflow listing's filters), to-be-executed v1/v2
// (contracts whose workflow waits for the signature or the executed copy) and my-related v2
// (contracts the caller takes part in, with how). Every row is a contract the caller may read
// (the contracts module's read rule and keyword search: Korean substrings of the title, memo,
// counterparties, hashtags and the files' text) with the state of its current workflow: preset,
// step, process status and who it waits on.
// ---------------------------------------------------------------------------------------------

const product = 'CLM' as const;
const tags = ['conhub: contract search'];

/** Page sizes of spec section 9: search lists are "most lists" (10); my-related contracts 20. */
export const CONTRACT_HUB_SEARCH_PAGE_SIZE = 10;
export const MY_RELATED_PAGE_SIZE = 20;
export const CONTRACT_HUB_SEARCH_MAX_SIZE = 100;

export const CONTRACT_HUB_SORT_FIELDS = ['updatedAt', 'createdAt', 'title', 'contractType', 'status', 'endDate', 'workflowUpdatedAt', 'waitingSince'] as const;
export type ContractHubSortField = (typeof CONTRACT_HUB_SORT_FIELDS)[number];

/** How the caller is related to a contract (my-related). */
export const MY_RELATIONS = ['OWNER', 'REQUESTER', 'REVIEWER', 'APPROVER', 'WATCHER', 'RELATED_USER', 'MENTIONED'] as const;
export const MyRelationSchema = z.enum(MY_RELATIONS);
export type MyRelation = z.infer<typeof MyRelationSchema>;

/** The state of a contract's current workflow (the running one, else the last one). */
export const ContractWorkflowStateSchema = z.object({
  workflowId: z.number().int(),
  presetType: WorkflowPresetTypeSchema,
  processStatus: ProcessStatusSchema,
  currentStepCode: StepCodeSchema.nullable().describe('null once executed or canceled'),
  round: z.number().int(),
  requester: UserRefSchema,
  waitingRole: StepMemberRoleSchema.nullable().describe('Whose move it is: ASSIGNER, REVIEWER, APPROVER (the line whose turn it is), SIGNER (the owner), REQUESTER; null once finished'),
  waitingOn: z.array(UserRefSchema).describe('The people the to-do shows it to now'),
  waitingSince: z.string().describe('When the current step began'),
  updatedAt: z.string(),
});
export type ContractWorkflowState = z.infer<typeof ContractWorkflowStateSchema>;

export const ContractHubItemSchema = ContractSummarySchema.extend({
  workflow: ContractWorkflowStateSchema.nullable().describe('null when the contract never had a workflow'),
});
export type ContractHubItem = z.infer<typeof ContractHubItemSchema>;
export const ContractHubPageSchema = pageOf(ContractHubItemSchema);

export const MyRelatedItemSchema = ContractHubItemSchema.extend({ relations: z.array(MyRelationSchema).min(1).describe('How the caller is related, in MY_RELATIONS order') });
export type MyRelatedItem = z.infer<typeof MyRelatedItemSchema>;

const page = z.coerce.number().int().min(0).default(0);
const sizeOf = (defaultSize: number) => z.coerce.number().int().min(1).max(CONTRACT_HUB_SEARCH_MAX_SIZE).default(defaultSize);
const keyword = z.string().trim().max(L.keywordMaxLength).optional().describe('Words that must all occur (Korean substrings) in the title, memo, counterparties, hashtags or the files\' text');

const dateOrder = (q: { createdDateStart?: string; createdDateEnd?: string }, issue: z.RefinementCtx) => {
  if (q.createdDateStart && q.createdDateEnd && q.createdDateStart > q.createdDateEnd) issue.addIssue({ code: 'custom', path: ['createdDateEnd'], message: 'on or after createdDateStart' });
};

/** v1: the simple form. */
export const ContractHubSearchV1QuerySchema = z.object({ keyword, page, size: sizeOf(CONTRACT_HUB_SEARCH_PAGE_SIZE) });
export type ContractHubSearchV1Query = z.input<typeof ContractHubSearchV1QuerySchema>;

const filterFields = {
  keyword,
  processStatuses: repeatableQuery(ProcessStatusSchema).optional().describe('The current workflow\'s process status (contracts without a workflow never match)'),
  workflowPresetTypes: repeatableQuery(WorkflowPresetTypeSchema).optional(),
  contractTypes: repeatableQuery(ContractTypeSchema).optional(),
  ownerIds: repeatableQuery(z.coerce.number().int().positive()).optional(),
  createdDateStart: IsoDateSchema.optional().describe('The contract\'s registration date in Korea, inclusive'),
  createdDateEnd: IsoDateSchema.optional().describe('Inclusive'),
  sort: sortQuery(CONTRACT_HUB_SORT_FIELDS).describe('field,asc|desc (repeatable); workflowUpdatedAt and waitingSince sort contracts without a workflow last'),
};

/** v2: the workflow listing's filters and a sort. */
export const ContractHubSearchV2QuerySchema = z.object({ ...filterFields, page, size: sizeOf(CONTRACT_HUB_SEARCH_PAGE_SIZE) }).superRefine(dateOrder);
export type ContractHubSearchV2Query = z.input<typeof ContractHubSearchV2QuerySchema>;

export const MyRelatedQuerySchema = z
  .object({ ...filterFields, relations: repeatableQuery(MyRelationSchema).optional().describe('Only contracts related to the caller in one of these ways'), page, size: sizeOf(MY_RELATED_PAGE_SIZE) })
  .superRefine(dateOrder);
export type MyRelatedQuery = z.input<typeof MyRelatedQuerySchema>;

const visibility = 'Only contracts the caller may read (the contracts module\'s rule); 403 for a member without any contract permission.';
const search = `Contracts of the workspace with their current workflow's state (preset, step, process status, who it waits on). ${visibility}`;
const toBeExecuted = `Contracts whose running workflow waits for the signature or the executed copy (SIGNING, or EXECUTION after a review-only preset), oldest waiting first by default. ${visibility}`;

export const searchHubContractsV1 = defineRoute({ method: 'GET', path: '/api/conhub/contracts/search/v1', access: 'member', product, tags, summary: `${search} v1: keyword, page, size (default 10, at most 100); latest update first.`, schemas: { query: ContractHubSearchV1QuerySchema, data: ContractHubPageSchema } });
export const searchHubContractsV2 = defineRoute({ method: 'GET', path: '/api/conhub/contracts/search/v2', access: 'member', product, tags, summary: `${search} v2: processStatuses, workflowPresetTypes, contractTypes, ownerIds, createdDateStart/End (Korean dates), sort.`, schemas: { query: ContractHubSearchV2QuerySchema, data: ContractHubPageSchema } });
export const searchToBeExecutedV1 = defineRoute({ method: 'GET', path: '/api/conhub/contracts/search/to-be-executed/v1', access: 'member', product, tags, summary: `${toBeExecuted} v1: keyword, page, size.`, schemas: { query: ContractHubSearchV1QuerySchema, data: ContractHubPageSchema } });
export const searchToBeExecutedV2 = defineRoute({ method: 'GET', path: '/api/conhub/contracts/search/to-be-executed/v2', access: 'member', product, tags, summary: `${toBeExecuted} v2: the filters of search v2.`, schemas: { query: ContractHubSearchV2QuerySchema, data: ContractHubPageSchema } });
export const listMyRelatedContracts = defineRoute({ method: 'GET', path: '/api/conhub/contracts/my-related/v2', access: 'member', product, tags, summary: `Contracts the caller is related to (owner, requester, assigned reviewer, approver in a line, watcher, related user, mentioned in a workflow), naming the relations of each; 20 a page, latest update first; the filters of search v2 plus relations. ${visibility}`, schemas: { query: MyRelatedQuerySchema, data: pageOf(MyRelatedItemSchema) } });
