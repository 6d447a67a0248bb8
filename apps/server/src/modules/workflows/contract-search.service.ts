import {
  CONTRACT_HUB_SORT_FIELDS, type ContractHubItem, type ContractHubSearchV2QuerySchema, type ContractHubSortField,
  type ContractWorkflowState, type MyRelatedItem, type MyRelatedQuerySchema, type Page, type StepMemberRoleSchema,
} from '@legal/api';
import { and, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fetchPage } from '../../platform/db/paging';
import { parseSort, type SortOrder } from '../../platform/db/sorting';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { type ContractActor, contractContext, contractSummaries } from '../contracts';
import * as repo from './contract-search.repo';
import { memberDisplayNames } from './workflow-lists.repo';
import { waitingApproverIds } from './workflows.repo';

/**
 * The workflow hub's contract search (catalogue 7.6): the workspace-wide search (v1 keyword, v2
 * with the workflow listing's filters), the contracts to be executed and the contracts related to
 * the caller. Each reads through the contracts module's caller (`contractContext`: 403 without any
 * contract permission) and its search conditions (the read rule and the keyword), and answers
 * each contract with its current workflow's state and who that workflow waits on.
 */

type Services = Pick<AppServices, 'db'>;
type Role = z.infer<typeof StepMemberRoleSchema>;
type V2Query = z.output<typeof ContractHubSearchV2QuerySchema>;
type Sort = SortOrder<ContractHubSortField>;

const LATEST_FIRST: Sort = { field: 'updatedAt', direction: 'desc' };
const OLDEST_WAITING_FIRST: Sort = { field: 'waitingSince', direction: 'asc' };

/** The filters of a v2 query (v1 has the keyword alone). */
export function hubFilterOf(q: V2Query): repo.HubFilter {
  return {
    keyword: q.keyword,
    processStatuses: q.processStatuses,
    workflowPresetTypes: q.workflowPresetTypes,
    contractTypes: q.contractTypes,
    ownerIds: q.ownerIds,
    createdDateStart: q.createdDateStart,
    createdDateEnd: q.createdDateEnd,
  };
}

type PageQuery = { page: number; size: number; sort?: string | string[] };

const sortOf = (query: { sort?: string | string[] }, fallback: Sort) => parseSort(query.sort, CONTRACT_HUB_SORT_FIELDS, { fallback, defaultDirection: 'asc' });

/**
 * Who a workflow waits on, as the to-do sees it: the assigners recorded at ASSIGNMENT, the
 * reviewers at LEGAL_REVIEW, the approvers of the line whose turn it is, the contract's owner at
 * SIGNING, the requester when it came back (RETURNED, REJECTED, RECALLED) or waits for them at
 * APPROVAL (no line yet) or EXECUTION (the executed copy after a review-only preset).
 */
export function waitingOf(
  w: { processStatus: ContractWorkflowState['processStatus']; currentStepCode: ContractWorkflowState['currentStepCode']; requesterUserId: number },
  facts: { ownerUserId: number; assigners: number[]; reviewers: number[]; turn: number[] },
): { role: Role | null; userIds: number[] } {
  switch (w.processStatus) {
    case 'REQUESTED':
      return { role: 'ASSIGNER', userIds: facts.assigners };
    case 'IN_REVIEW':
      return { role: 'REVIEWER', userIds: facts.reviewers };
    case 'IN_APPROVAL':
      return { role: 'APPROVER', userIds: facts.turn };
    case 'IN_SIGNING':
      return { role: 'SIGNER', userIds: [facts.ownerUserId] };
    case 'REVIEW_COMPLETED':
    case 'RETURNED':
    case 'REJECTED':
    case 'RECALLED':
      return { role: 'REQUESTER', userIds: [w.requesterUserId] };
    case 'EXECUTED':
    case 'CANCELED':
      return { role: null, userIds: [] };
  }
}

/** The page's rows as contract summaries with their workflow's state. */
async function present(services: Services, scope: TenantScope, actor: ContractActor, rows: repo.HubRow[]): Promise<ContractHubItem[]> {
  const { db } = services;
  const withWorkflow = rows.flatMap((r) => (r.workflow ? [{ ...r.workflow, ownerUserId: r.contract.ownerUserId }] : []));
  const ids = withWorkflow.map((w) => w.workflowId);
  const inApproval = withWorkflow.filter((w) => w.processStatus === 'IN_APPROVAL').map((w) => w.workflowId);
  const [summaries, members, approvers] = await Promise.all([
    contractSummaries(db, scope, actor, rows.map((r) => r.contract)),
    repo.stepMembersOf(db, scope, ids),
    repo.runningLineApprovers(db, scope, inApproval),
  ]);
  const waiting = new Map(
    withWorkflow.map((w) => {
      const of = (stepCode: string, role: string) => members.filter((m) => m.workflowId === w.workflowId && m.stepCode === stepCode && m.role === role).map((m) => m.userId);
      const turn = waitingApproverIds(approvers.filter((a) => a.workflowId === w.workflowId));
      return [w.workflowId, waitingOf(w, { ownerUserId: w.ownerUserId, assigners: of('ASSIGNMENT', 'ASSIGNER'), reviewers: of('LEGAL_REVIEW', 'REVIEWER'), turn })] as const;
    }),
  );
  const names = await memberDisplayNames(db, scope, [...withWorkflow.map((w) => w.requesterUserId), ...[...waiting.values()].flatMap((v) => v.userIds)]);
  const ref = (userId: number) => ({ userId, displayName: names.get(userId) ?? null });
  return rows.map((r, i) => {
    const w = r.workflow;
    const wait = w ? waiting.get(w.workflowId)! : null;
    return {
      ...summaries[i]!,
      workflow:
        w && wait
          ? {
              workflowId: w.workflowId,
              presetType: w.presetType,
              processStatus: w.processStatus,
              currentStepCode: w.currentStepCode,
              round: w.round,
              requester: ref(w.requesterUserId),
              waitingRole: wait.role,
              waitingOn: [...new Set(wait.userIds)].map(ref),
              waitingSince: w.stepStartedAt.toISOString(),
              updatedAt: w.workflowUpdatedAt.toISOString(),
            }
          : null,
    };
  });
}

async function pageOfHub(services: Services, scope: TenantScope, actor: ContractActor, where: SQL | undefined, sorts: Sort[], page: { page: number; size: number }) {
  const { db } = services;
  const order = repo.hubOrder(sorts);
  const result = await fetchPage(page, (limit, offset) => repo.hubRows(db, scope, where, order, limit, offset), () => repo.countHub(db, scope, where));
  return { result, content: await present(services, scope, actor, result.content) };
}

/** contracts/search v1 (keyword) and v2 (filters, sort); latest update first by default. */
export async function searchHubContracts(services: Services, ctx: RequestContext, query: PageQuery, filter: repo.HubFilter): Promise<Page<ContractHubItem>> {
  const { scope, actor } = await contractContext(services, ctx);
  const sorts = sortOf(query, LATEST_FIRST);
  const where = repo.hubConditions(services.db, scope, actor, filter);
  const { result, content } = await pageOfHub(services, scope, actor, where, sorts, query);
  return { ...result, content };
}

/** contracts/search/to-be-executed v1 and v2: running workflows at SIGNING or EXECUTION; oldest waiting first by default. */
export async function searchToBeExecuted(services: Services, ctx: RequestContext, query: PageQuery, filter: repo.HubFilter): Promise<Page<ContractHubItem>> {
  const { scope, actor } = await contractContext(services, ctx);
  const sorts = sortOf(query, OLDEST_WAITING_FIRST);
  const where = repo.hubConditions(services.db, scope, actor, { ...filter, isToBeExecuted: true });
  const { result, content } = await pageOfHub(services, scope, actor, where, sorts, query);
  return { ...result, content };
}

/** contracts/my-related/v2: contracts the caller is related to (any of `relations`, every way by default), naming how. */
export async function listMyRelatedContracts(services: Services, ctx: RequestContext, query: z.output<typeof MyRelatedQuerySchema>): Promise<Page<MyRelatedItem>> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const relations = repo.relationConditions(db, scope, actor.userId);
  const asked = query.relations && query.relations.length > 0 ? [...new Set(query.relations)] : (Object.keys(relations) as Array<keyof typeof relations>);
  const where = and(repo.hubConditions(db, scope, actor, hubFilterOf(query)), or(...asked.map((r) => relations[r])));
  const { result, content } = await pageOfHub(services, scope, actor, where, sortOf(query, LATEST_FIRST), query);
  const held = await repo.relationsOf(db, scope, relations, content.map((c) => c.id));
  return { ...result, content: content.map((c) => ({ ...c, relations: held.get(c.id) ?? [] })) };
}
