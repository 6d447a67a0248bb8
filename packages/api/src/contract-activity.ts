import { z } from 'zod';
import { ContractStatusSchema } from './contract-catalogue';
import { ContractParamsSchema, UserRefSchema } from './contract-schemas';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// The activity of a contract (7.6 conhub): its history as the audit trail recorded it, newest
// first. Each item names its audit event type ("contract.updated", "counterparty.added", ...),
// who acted, and a summary the web app turns into a sentence ("홍길동 님이 제목을 변경했습니다").
// Personal events (a member's bookmark) are not part of it. Readers of the contract see it;
// everyone else gets 404.
// ---------------------------------------------------------------------------------------------

export const ActivityChangeSchema = z.object({
  field: z.string().describe('A contract field (title, owner, signedDate, ...)'),
  before: z.string().nullable().describe('The old value as text (a name for people and groups); null when empty'),
  after: z.string().nullable(),
});
export type ActivityChange = z.infer<typeof ActivityChangeSchema>;

export const ActivitySummarySchema = z.object({
  fields: z.array(z.string()).describe('The fields an edit changed'),
  changes: z.array(ActivityChangeSchema).describe('Before and after of the simple fields among them'),
  names: z.array(z.string()).describe('What the event concerns by name: counterparties, reminders, files, hashtags'),
  fromStatus: ContractStatusSchema.nullable(),
  toStatus: ContractStatusSchema.nullable(),
  count: z.number().int().nullable().describe('How many (clause labels stored or deleted, reminder recipients mailed)'),
  relatedContractId: z.number().int().nullable().describe('The contract this one was copied from'),
  revision: z.number().int().nullable().describe('The revision of the contract document an upload, adoption, rendering or Word edit stored'),
});
export type ActivitySummary = z.infer<typeof ActivitySummarySchema>;

export const ContractActivitySchema = z.object({
  id: z.number().int(),
  type: z.string().describe('The audit event type; unknown types are shown generically'),
  actor: UserRefSchema.nullable().describe('null for the system (jobs)'),
  createdAt: z.string(),
  summary: ActivitySummarySchema,
});
export type ContractActivity = z.infer<typeof ContractActivitySchema>;

/** Audit events about a contract that are somebody's own business, not the contract's history. */
export const PERSONAL_CONTRACT_EVENTS = ['contract.bookmarked', 'contract.unbookmarked'] as const;
/** Access records (who opened the contract, who downloaded its documents): the admin audit log shows them, the contract's history does not. */
export const ACCESS_CONTRACT_EVENTS = ['contract.viewed', 'contract.document_downloaded'] as const;

export const ListContractActivitiesQuerySchema = pageQuery(20, 100);

export const listContractActivities = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/:contractId/activities/v1', access: 'member', product: 'CLM',
  summary: 'The contract\'s history from the audit trail, newest first (page, size default 20, at most 100). The contract must be readable by the caller (404 otherwise).',
  tags: ['conhub: contracts'], schemas: { params: ContractParamsSchema, query: ListContractActivitiesQuerySchema, data: pageOf(ContractActivitySchema) },
});
