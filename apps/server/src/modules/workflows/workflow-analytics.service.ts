import {
  AGEING_BUCKETS, type AnalyticsRangeQuery, STEP_CODES, type StepCode, WORKFLOW_ANALYTICS_LIMITS, type WorkflowCycleTimes, type WorkflowOpenItems,
} from '@legal/api';
import type { RequestContext } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { memberDisplayNames } from '../auth';
import { contractContext } from '../contracts';
import * as repo from './workflow-analytics.repo';
import { readableWorkflows } from './workflow-lists.repo';
import { koreanToday } from './workflow-lists.service';

/**
 * The workflow hub's dashboard (docs/workflows.md, "Dashboard and cycle times"): what is open now
 * and how long each step took. Both read through the contract module's caller (403 without any
 * contract permission) and its read rule, in the caller's workspace only.
 */

type Services = Pick<AppServices, 'db'>;
const DAY_MS = 24 * 3600 * 1000;
const stepOrder = (a: StepCode, b: StepCode) => STEP_CODES.indexOf(a) - STEP_CODES.indexOf(b);

export async function getOpenItems(services: Services, ctx: RequestContext, now = new Date()): Promise<WorkflowOpenItems> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const readable = readableWorkflows(scope, actor);
  const [counts, slowest] = await Promise.all([repo.openByStepAndAge(db, readable, now), repo.slowestOpen(db, readable, WORKFLOW_ANALYTICS_LIMITS.slowest)]);
  const names = await memberDisplayNames(db, scope, slowest.map((r) => r.requesterUserId));
  const sum = (rows: typeof counts) => rows.reduce((n, r) => n + r.count, 0);
  return {
    total: sum(counts),
    byStep: STEP_CODES.map((stepCode) => ({ stepCode, count: sum(counts.filter((r) => r.stepCode === stepCode)) })),
    ageing: AGEING_BUCKETS.map((bucket) => {
      const rows = counts.filter((r) => r.bucket === bucket).sort((a, b) => stepOrder(a.stepCode, b.stepCode));
      return { bucket, count: sum(rows), byStep: rows.map((r) => ({ stepCode: r.stepCode, count: r.count })) };
    }),
    slowest: slowest.map((r) => ({
      workflowId: r.workflowId,
      contractId: r.contractId,
      contractTitle: r.contractTitle,
      contractType: r.contractType,
      stepCode: r.stepCode!,
      processStatus: r.processStatus,
      requester: { userId: r.requesterUserId, displayName: names.get(r.requesterUserId) ?? null },
      waitingSince: r.waitingSince.toISOString(),
      waitingSeconds: Math.max(0, Math.floor((now.getTime() - r.waitingSince.getTime()) / 1000)),
    })),
  };
}

/** Midnight in Korea of a calendar date (Korea keeps no daylight saving time). */
const koreanMidnight = (date: string) => new Date(`${date}T00:00:00+09:00`);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The range with its defaults: up to today in Korea, from 89 days before (the schema has checked the order and the year). */
export function analyticsRange(query: AnalyticsRangeQuery, today: string): { dateStart: string; dateEnd: string } {
  const dateEnd = query.dateEnd ?? (query.dateStart && query.dateStart > today ? query.dateStart : today);
  const dateStart = query.dateStart ?? addDays(dateEnd, -(WORKFLOW_ANALYTICS_LIMITS.defaultDays - 1));
  return { dateStart, dateEnd };
}

export async function getCycleTimes(services: Services, ctx: RequestContext, query: AnalyticsRangeQuery, now = new Date()): Promise<WorkflowCycleTimes> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const range = analyticsRange(query, koreanToday(now));
  const rows = await repo.cycleTimes(db, scope, readableWorkflows(scope, actor), koreanMidnight(range.dateStart), koreanMidnight(addDays(range.dateEnd, 1)));
  const of = (set: repo.CycleTimeSet) => rows.filter((r) => r.set === set);
  const stat = (r: repo.CycleTimeRow) => ({ count: r.count, medianSeconds: r.medianSeconds, p90Seconds: r.p90Seconds });
  const byStepFirst = (a: repo.CycleTimeRow, b: repo.CycleTimeRow) => stepOrder(a.stepCode!, b.stepCode!) || b.count - a.count;
  const groupRows = of('GROUP').sort(byStepFirst);
  const reviewerRows = of('REVIEWER')
    .filter((r) => r.reviewerId !== null)
    .sort((a, b) => b.medianSeconds - a.medianSeconds || a.reviewerId! - b.reviewerId!);
  const [groupNames, reviewerNames] = await Promise.all([
    repo.groupNames(db, scope, [...new Set(groupRows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))]),
    memberDisplayNames(db, scope, reviewerRows.map((r) => r.reviewerId)),
  ]);
  return {
    ...range,
    byStep: of('STEP').sort(byStepFirst).map((r) => ({ stepCode: r.stepCode!, ...stat(r) })),
    byContractType: of('CONTRACT_TYPE').sort(byStepFirst).map((r) => ({ stepCode: r.stepCode!, contractType: r.contractType!, ...stat(r) })),
    byGroup: groupRows.map((r) => ({ stepCode: r.stepCode!, groupId: r.groupId, groupName: r.groupId === null ? null : (groupNames.get(r.groupId) ?? null), ...stat(r) })),
    byReviewer: reviewerRows.map((r) => ({ reviewer: { userId: r.reviewerId!, displayName: reviewerNames.get(r.reviewerId!) ?? null }, ...stat(r) })),
  };
}
