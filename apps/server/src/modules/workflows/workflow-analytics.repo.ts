import { AGEING_BUCKET_FROM_DAYS, AGEING_BUCKETS, type AgeingBucket, type ContractType, type StepCode } from '@legal/api';
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { groups } from '../admin';
import { contracts } from '../contracts';
import { type Executor, FINAL_STATUSES, WAITING_ROW } from './workflow-lists.repo';
import { workflowEvents, workflows } from './workflows.table';

/**
 * The dashboard's queries (docs/workflows.md, "Dashboard and cycle times"). `readable` is the
 * read models' condition over `workflows` joined to `contracts` (workflow-lists.repo.ts
 * `readableWorkflows`: scope, live contract, the contracts module's read rule).
 */

const joinContract = eq(contracts.id, workflows.contractId);
const running = notInArray(workflows.processStatus, FINAL_STATUSES);

// Open items ---------------------------------------------------------------------------------------

/** The bucket of a wait that began at `since`, as of `now` (the buckets' lower bounds, longest first). */
function ageingBucket(now: Date): SQL<AgeingBucket> {
  const cases = [...AGEING_BUCKETS].reverse().map((b) => sql`when ${workflows.stepStartedAt} <= ${now.toISOString()}::timestamptz - make_interval(days => ${AGEING_BUCKET_FROM_DAYS[b]}) then ${b}`);
  return sql<AgeingBucket>`(case ${sql.join(cases, sql` `)} else ${AGEING_BUCKETS[0]} end)`;
}

/** Running workflows per current step and wait bucket (one pass over the readable running ones). */
export async function openByStepAndAge(db: Executor, readable: SQL, now: Date): Promise<Array<{ stepCode: StepCode; bucket: AgeingBucket; count: number }>> {
  const bucket = ageingBucket(now);
  const rows = await db
    .select({ stepCode: workflows.currentStepCode, bucket, count: sql<number>`count(*)::int` })
    .from(workflows)
    .innerJoin(contracts, joinContract)
    .where(and(readable, running, sql`${workflows.currentStepCode} is not null`))
    // By position: the bucket carries parameters, so a repeated expression would not match the SELECT's.
    .groupBy(sql`1`, sql`2`);
  return rows.map((r) => ({ stepCode: r.stepCode!, bucket: r.bucket, count: Number(r.count) }));
}

/** The running workflows waiting longest in their current step (the running index, oldest `step_started_at` first). */
export async function slowestOpen(db: Executor, readable: SQL, limit: number) {
  return db
    .select({
      ...WAITING_ROW,
    })
    .from(workflows)
    .innerJoin(contracts, joinContract)
    .where(and(readable, running, sql`${workflows.currentStepCode} is not null`))
    .orderBy(asc(workflows.stepStartedAt), asc(workflows.id))
    .limit(limit);
}

// Cycle times --------------------------------------------------------------------------------------

export type CycleTimeSet = 'STEP' | 'CONTRACT_TYPE' | 'GROUP' | 'REVIEWER';
export interface CycleTimeRow {
  set: CycleTimeSet;
  stepCode: StepCode | null;
  contractType: ContractType | null;
  groupId: number | null;
  reviewerId: number | null;
  count: number;
  medianSeconds: number;
  p90Seconds: number;
}

/**
 * Time spent in each step, from the gap-free event log, for the stays that ended in [from, before).
 *
 * Every action is taken at the workflow's current step (the engine refuses any other: 409), so the
 * transitions (STARTED and ACTION events, in `seq` order) tell where the workflow was: between two
 * transitions it was at the later one's step; after the last one, at its current step (running)
 * or nowhere (executed, canceled). A transition whose step after differs from its own step is a
 * boundary: a stay in the step after starts there and lasts until the next boundary. Actions
 * that keep the step (an approval line's first approver, a reassignment) do not split a stay.
 *
 * Only workflows updated since `from` can hold a stay that ended in the range (every action moves
 * `updated_at`): they are found through `workflows_scope_updated_idx`, their events through the
 * (workflow_id, seq) key, probed with the id set as an array (an InitPlan, as the lists' idAmong:
 * joined to the CTE instead, the planner misjudged its size and read every event). One statement computes the four breakdowns as grouping sets, each with
 * percentile_cont over the stays' seconds; a reviewer is the one who ended a LEGAL_REVIEW stay by
 * completing or returning the review.
 */
export async function cycleTimes(db: Executor, scope: TenantScope, readable: SQL, from: Date, before: Date): Promise<CycleTimeRow[]> {
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = sql`${before.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with wf as (
      select ${workflows.id} as id, ${contracts.contractType} as contract_type, ${contracts.groupId} as group_id,
             case when ${running} then ${workflows.currentStepCode} end as open_step
        from ${workflows} inner join ${contracts} on ${joinContract}
       where ${readable} and ${workflows.updatedAt} >= ${start} and ${workflows.createdAt} < ${end}
    ), transitions as (
      select ${workflowEvents.workflowId} as workflow_id, ${workflowEvents.seq} as seq, ${workflowEvents.createdAt} as at,
             ${workflowEvents.stepCode} as step_before, ${workflowEvents.actionId} as action_id, ${workflowEvents.actorUserId} as actor_id,
             coalesce(lead(${workflowEvents.stepCode}) over (partition by ${workflowEvents.workflowId} order by ${workflowEvents.seq}), wf.open_step) as step_after
        from ${workflowEvents} inner join wf on wf.id = ${workflowEvents.workflowId}
       where ${workflowEvents.workflowId} = any(array(select id from wf)) and ${inScope(workflowEvents, scope)} and ${workflowEvents.type} in ('STARTED', 'ACTION')
    ), boundaries as (
      select workflow_id, seq, at, step_after, action_id, actor_id from transitions where step_after is distinct from step_before
    ), stays as (
      select workflow_id, step_after as step_code, at as entered_at,
             lead(at) over (partition by workflow_id order by seq) as left_at,
             lead(action_id) over (partition by workflow_id order by seq) as exit_action,
             lead(actor_id) over (partition by workflow_id order by seq) as exit_actor
        from boundaries
    ), ended as (
      select s.step_code, wf.contract_type, wf.group_id,
             case when s.step_code = 'LEGAL_REVIEW' and s.exit_action in ('COMPLETE_REVIEW', 'RETURN') then s.exit_actor end as reviewer_id,
             extract(epoch from (s.left_at - s.entered_at))::float8 as seconds
        from stays s inner join wf on wf.id = s.workflow_id
       where s.step_code is not null and s.left_at >= ${start} and s.left_at < ${end}
    )
    select grouping(step_code, contract_type, group_id, reviewer_id) as set_bits, step_code, contract_type, group_id, reviewer_id,
           count(*)::int as count,
           percentile_cont(0.5) within group (order by seconds) as median_seconds,
           percentile_cont(0.9) within group (order by seconds) as p90_seconds
      from ended
     group by grouping sets ((step_code), (step_code, contract_type), (step_code, group_id), (reviewer_id))
  `);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  // grouping(a, b, c, d): a bit per argument, 1 when it is not grouped (a = 8 ... d = 1).
  const setOf: Record<number, CycleTimeSet> = { 7: 'STEP', 3: 'CONTRACT_TYPE', 5: 'GROUP', 14: 'REVIEWER' };
  return rows.map((r) => ({
    set: setOf[Number(r.set_bits)]!,
    stepCode: (r.step_code as StepCode | null) ?? null,
    contractType: (r.contract_type as ContractType | null) ?? null,
    groupId: r.group_id === null ? null : Number(r.group_id),
    reviewerId: r.reviewer_id === null ? null : Number(r.reviewer_id),
    count: Number(r.count),
    medianSeconds: Math.round(Number(r.median_seconds)),
    p90Seconds: Math.round(Number(r.p90_seconds)),
  }));
}

/** Names of the workspace's groups. */
export async function groupNames(db: Executor, scope: TenantScope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: groups.id, name: groups.name }).from(groups).where(and(inScope(groups, scope), inArray(groups.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

