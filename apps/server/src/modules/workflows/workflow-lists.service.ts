import { WORKFLOW_EXCEL_MAX_ROWS } from '@legal/api';
import type {
  Approval, ListApprovalsQuerySchema, MyRequestsQuerySchema, Page, ToBeAssignedQuerySchema, TodoItem, WorkflowProcessesQuerySchema, WorkflowProcessSummary,
} from '@legal/api';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { requirePermission } from '../../platform/http/access';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { fetchPage } from '../../platform/db/paging';
import type { AppServices } from '../../platform/services';
import { localDate } from '../../platform/time';
import { groupMembers, holdsGrant } from '../admin';
import { memberships, users } from '../auth';
import { type ContractActor, contractContext, HOME_TIME_ZONE } from '../contracts';
import { inScope } from '../../platform/db/tenancy';
import type { PreparedWorkbook } from '../../platform/export/xlsx';
import { requestsFileName, writeRequestsWorkbook } from './workflow-excel';
import { presetNamesFor } from './workflow-presets.service';
import * as approvalsRepo from './workflow-approvals-list.repo';
import * as repo from './workflow-lists.repo';

/**
 * The workflow hub's read models (catalogue 7.6 "what waits on me"): the to-do, the assigner's
 * lists and counts, the workflow listing, my (groups') requests and the approvals list. Each
 * reads through the contract module's caller (`contractContext`: 403 without any contract
 * permission) and its read rule, in the caller's workspace only.
 */

type Services = Pick<AppServices, 'db'>;
const ASSIGN = 'legal.review.assign';
export const TODO_LIMIT = 100;

/** Today in Korea (the product's home time zone): a desired review deadline before it is overdue. */
export function koreanToday(now = new Date()): string {
  return localDate(now, HOME_TIME_ZONE);
}

export function isOverdue(deadline: string | null, today: string): boolean {
  return deadline !== null && deadline < today;
}

const hasPermission = (actor: ContractActor, name: string) => actor.permissions.has(name);

async function userRefs(services: Services, scope: TenantScope, ids: Iterable<number | null>) {
  const names = await repo.memberDisplayNames(services.db, scope, ids);
  return (id: number) => ({ userId: id, displayName: names.get(id) ?? null });
}

// The to-do ----------------------------------------------------------------------------------------

export async function getHomeTodo(services: Services, ctx: RequestContext, now = new Date()) {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const readable = repo.readableWorkflows(scope, actor);
  const conditions = repo.todoConditions(db, scope, actor.userId, hasPermission(actor, ASSIGN));
  const [counts, rows] = await Promise.all([repo.todoCounts(db, readable, conditions), repo.todoRows(db, readable, conditions, TODO_LIMIT)]);
  const ref = await userRefs(services, scope, rows.map((r) => r.requesterUserId));
  const today = koreanToday(now);
  const items: TodoItem[] = rows.map((r) => ({
    contractId: r.contractId,
    contractTitle: r.contractTitle,
    contractType: r.contractType,
    workflowId: r.workflowId,
    // A workflow back with its requester waits at REQUEST (the step they resubmit from).
    stepCode: r.stepCode ?? 'REQUEST',
    processStatus: r.processStatus,
    myRole: repo.TODO_ROLES[r.kind],
    requester: ref(r.requesterUserId),
    waitingSince: r.waitingSince.toISOString(),
    desiredReviewDeadline: r.desiredReviewDeadline,
    overdue: isOverdue(r.desiredReviewDeadline, today),
  }));
  return { items, counts };
}

// Listings ----------------------------------------------------------------------------------------

async function summaries(services: Services, scope: TenantScope, rows: repo.ProcessRow[]): Promise<WorkflowProcessSummary[]> {
  const reviewers = await repo.reviewersOf(services.db, scope, rows.map((r) => r.workflowId));
  const ref = await userRefs(services, scope, [...rows.flatMap((r) => [r.requesterUserId, r.ownerUserId]), ...[...reviewers.values()].flat()]);
  return rows.map((r) => ({
    workflowId: r.workflowId,
    contractId: r.contractId,
    contractTitle: r.contractTitle,
    contractType: r.contractType,
    language: r.language,
    presetType: r.presetType,
    processStatus: r.processStatus,
    currentStepCode: r.currentStepCode,
    round: r.round,
    requester: ref(r.requesterUserId),
    owner: ref(r.ownerUserId),
    assignees: (reviewers.get(r.workflowId) ?? []).map(ref),
    desiredReviewDeadline: r.desiredReviewDeadline,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function pageOfProcesses(services: Services, scope: TenantScope, where: SQL | undefined, sort: repo.ProcessSort, page: { page: number; size: number }): Promise<Page<WorkflowProcessSummary>> {
  const result = await fetchPage(page, (limit, offset) => repo.processRows(services.db, where, sort, limit, offset), () => repo.countProcesses(services.db, where));
  return { ...result, content: await summaries(services, scope, result.content) };
}

export async function listToBeAssigned(services: Services, ctx: RequestContext, query: z.output<typeof ToBeAssignedQuerySchema>) {
  const { scope, actor } = await contractContext(services, ctx);
  requirePermission(ctx, ASSIGN);
  const where = and(repo.readableWorkflows(scope, actor), repo.processConditions({ currentStepCode: 'ASSIGNMENT', includedStatuses: ['REQUESTED'], searchText: query.searchText }));
  return pageOfProcesses(services, scope, where, { field: 'createdAt', direction: 'asc' }, query);
}

export async function listWorkflowProcesses(services: Services, ctx: RequestContext, query: z.output<typeof WorkflowProcessesQuerySchema>) {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const me = actor.userId;
  const byList: Record<typeof query.listType, SQL | undefined> = {
    ALL: undefined,
    MY_REQUESTS: eq(repo.requesterColumn, me),
    ASSIGNED_TO_ME: repo.takesPart(db, scope, [me], ['REVIEWER']),
    WAITING_ON_ME: undefined,
  };
  let listCondition = byList[query.listType];
  if (query.listType === 'WAITING_ON_ME') {
    const conditions = repo.todoConditions(db, scope, me, hasPermission(actor, ASSIGN));
    listCondition = and(repo.processConditions({ running: true }), repo.anyOf(Object.values(conditions)));
  }
  const where = and(
    repo.readableWorkflows(scope, actor),
    listCondition,
    repo.processConditions({
      presetTypes: query.workflowPresetTypes,
      includedStatuses: query.includedProcessStatuses,
      excludedStatuses: query.excludedProcessStatuses,
      contractTypes: query.contractTypes,
      language: query.language,
      ownerIds: query.ownerIds,
      searchText: query.searchText,
    }),
  );
  return pageOfProcesses(services, scope, where, { field: 'updatedAt', direction: 'desc' }, query);
}

// My requests and my groups' requests --------------------------------------------------------------

export type RequestsScope = 'mine' | 'groups';
type RequestsQuery = z.output<typeof MyRequestsQuerySchema>;

/** Midnight in Korea of a calendar date. */
const koreanMidnight = (date: string) => new Date(`${date}T00:00:00+09:00`);
const nextDay = (date: string) => new Date(koreanMidnight(date).getTime() + 24 * 3600 * 1000);

/** The groups the caller's membership belongs to. */
async function myGroupIds(services: Services, ctx: RequestContext, scope: TenantScope): Promise<number[]> {
  const principal = ctx.principal;
  if (principal?.kind !== 'user' || principal.membershipId === undefined) return [];
  const rows = await services.db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(inScope(groupMembers, scope), eq(groupMembers.membershipId, principal.membershipId)));
  return rows.map((r) => r.groupId);
}

/**
 * The conditions of my-requests (requested by the caller) or the groups' requests (requested by
 * a member of one of the caller's groups), with every filter of the query:
 * - `createdDateStart`/`createdDateEnd`: the workflow's creation date in Korea, both inclusive;
 * - `progressStatus`, `contractTypes`, `language`, `searchKeyword` (title words);
 * - `userIds`: one of these members takes part (requester or step member; with `assignedRoles`,
 *   in one of those roles); `assignedRoles` alone: the caller takes part in one of those roles;
 * - `groupIds`: the contract belongs to one of these groups.
 */
export async function requestConditions(services: Services, ctx: RequestContext, which: RequestsScope, query: RequestsQuery) {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const base = which === 'mine' ? eq(repo.requesterColumn, actor.userId) : repo.requestedByGroupMembers(db, scope, await myGroupIds(services, ctx, scope));
  const roles = query.assignedRoles;
  const participants = query.userIds && query.userIds.length > 0 ? query.userIds : roles && roles.length > 0 ? [actor.userId] : undefined;
  const where = and(
    repo.readableWorkflows(scope, actor),
    base,
    participants ? repo.takesPart(db, scope, participants, roles) : undefined,
    repo.processConditions({
      includedStatuses: query.progressStatus,
      contractTypes: query.contractTypes,
      language: query.language,
      searchText: query.searchKeyword,
      contractGroupIds: query.groupIds,
      createdFrom: query.createdDateStart ? koreanMidnight(query.createdDateStart) : undefined,
      createdBefore: query.createdDateEnd ? nextDay(query.createdDateEnd) : undefined,
    }),
  );
  const sort: repo.ProcessSort = { field: query.sortField, direction: query.sortDirection.toLowerCase() as 'asc' | 'desc' };
  return { scope, actor, where, sort };
}

export async function listRequests(services: Services, ctx: RequestContext, which: RequestsScope, query: RequestsQuery) {
  const { scope, where, sort } = await requestConditions(services, ctx, which, query);
  return pageOfProcesses(services, scope, where, sort, query);
}

/** Rows of a listing in pages of `batch`, up to `maxRows`, with their summaries (the Excel downloads). */
export async function* requestBatches(services: Services, scope: TenantScope, where: SQL | undefined, sort: repo.ProcessSort, maxRows: number, batch = 500) {
  for (let offset = 0; offset < maxRows; offset += batch) {
    const rows = await repo.processRows(services.db, where, sort, Math.min(batch, maxRows - offset), offset);
    if (rows.length === 0) return;
    yield await summaries(services, scope, rows);
    if (rows.length < batch) return;
  }
}

// Assignment balancing ----------------------------------------------------------------------------

export async function countAssignmentsByStep(services: Services, ctx: RequestContext) {
  const { scope, actor } = await contractContext(services, ctx);
  requirePermission(ctx, ASSIGN);
  const rows = await repo.runningByStep(services.db, repo.readableWorkflows(scope, actor));
  return rows.filter((r) => r.stepCode !== null).map((r) => ({ stepCode: r.stepCode!, count: r.count }));
}

export async function countAssignmentsByMember(services: Services, ctx: RequestContext, now = new Date()) {
  const { scope, actor } = await contractContext(services, ctx);
  requirePermission(ctx, ASSIGN);
  const { db } = services;
  const reviewers = await db
    .select({ userId: users.id, displayName: memberships.displayName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inScope(memberships, scope), eq(memberships.status, 'ACTIVE'), eq(users.status, 'ACTIVE'), holdsGrant(db, scope, { kind: 'permission', permission: 'legal.review.review' })))
    .orderBy(memberships.displayName, users.id);
  const ids = reviewers.map((r) => r.userId);
  const readable = repo.readableWorkflows(scope, actor);
  const since = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
  const [load, done] = await Promise.all([repo.reviewLoad(db, scope, readable, ids), repo.completedReviews(db, scope, readable, ids, since)]);
  const loadOf = new Map(load.map((l) => [l.userId, l]));
  const doneOf = new Map(done.map((d) => [d.userId, d.n]));
  return reviewers.map((r) => ({
    userId: r.userId,
    displayName: r.displayName,
    inReview: loadOf.get(r.userId)?.inReview ?? 0,
    returned: loadOf.get(r.userId)?.returned ?? 0,
    completedLast30Days: doneOf.get(r.userId) ?? 0,
  }));
}

// Approvals ---------------------------------------------------------------------------------------

export async function listApprovals(services: Services, ctx: RequestContext, query: z.output<typeof ListApprovalsQuerySchema>): Promise<Page<Approval>> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const where = approvalsRepo.approvalListConditions(db, scope, actor, { role: query.role, statuses: query.statuses, waitingOnMe: query.waitingOnMe, searchKeyword: query.searchKeyword });
  const page = await fetchPage(query, (limit, offset) => approvalsRepo.approvalRows(db, where, limit, offset), () => approvalsRepo.countApprovals(db, where));
  const approvers = await approvalsRepo.approversOf(db, scope, page.content.map((a) => a.approvalId));
  const ref = await userRefs(services, scope, [...page.content.map((a) => a.requestedByUserId), ...approvers.map((a) => a.userId)]);
  return {
    ...page,
    content: page.content.map((a) => ({
      approvalId: a.approvalId,
      workflowId: a.workflowId,
      contractId: a.contractId,
      contractTitle: a.contractTitle,
      status: a.status,
      round: a.round,
      approvers: approvers
        .filter((p) => p.approvalId === a.approvalId)
        .map((p) => ({ ...ref(p.userId), lineOrder: p.lineOrder, decision: p.decision, decidedAt: p.decidedAt?.toISOString() ?? null, comment: p.comment, documentRevision: p.documentRevision })),
      requestedBy: a.requestedByUserId === null ? null : ref(a.requestedByUserId),
      comment: a.comment,
      createdAt: a.createdAt.toISOString(),
      completedAt: a.completedAt?.toISOString() ?? null,
    })),
  };
}

// Excel downloads ---------------------------------------------------------------------------------

/** The requests listing as a workbook: every page of the same filters, up to WORKFLOW_EXCEL_MAX_ROWS. */
export async function prepareRequestsWorkbook(services: Services, ctx: RequestContext, which: RequestsScope, query: RequestsQuery, now = new Date()): Promise<PreparedWorkbook> {
  const { scope, where, sort } = await requestConditions(services, ctx, which, query);
  const maxRows = WORKFLOW_EXCEL_MAX_ROWS;
  const [total, presetNames] = await Promise.all([repo.countProcesses(services.db, where), presetNamesFor(services.db, scope)]);
  const isTruncated = total > maxRows;
  return {
    fileName: requestsFileName(ctx.locale, which, koreanToday(now)),
    isTruncated,
    write: (stream, shouldStop) =>
      writeRequestsWorkbook(stream, { locale: ctx.locale, presetNames, which, batches: requestBatches(services, scope, where, sort, maxRows), isTruncated, maxRows, shouldStop }),
  };
}
