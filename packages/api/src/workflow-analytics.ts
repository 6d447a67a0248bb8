import { z } from 'zod';
import { ContractTypeSchema } from './contract-catalogue';
import { IsoDateSchema, UserRefSchema } from './contract-schemas';
import { defineRoute } from './http';
import { ProcessStatusSchema, StepCodeSchema } from './workflows';

// ---------------------------------------------------------------------------------------------
// The workflow hub's dashboard (issue 18, "Beyond the anchors": no catalogue path): what is open
// now (per current step, how long it has waited, the slowest items) and how long each step took
// (median and 90th percentile from the workflow event log) over a range of Korean calendar dates.
// Both read only the workflows of contracts the caller may read, in the caller's workspace; the
// contracts per status come from home/contract-stats/v1.
// ---------------------------------------------------------------------------------------------

const product = 'CLM' as const;
const tags = ['conhub: workflows'];
const base = '/api/conhub/contracts/workflow-analytics';

export const WORKFLOW_ANALYTICS_LIMITS = {
  /** Days shown when no range is given (today and the 89 before). */
  defaultDays: 90,
  /** The slowest open items listed. */
  slowest: 10,
} as const;

/** How long an open item has waited in its current step, in buckets of days [from, to), the last open-ended. */
export const AGEING_BUCKETS = ['UNDER_1_DAY', 'DAYS_1_TO_3', 'DAYS_3_TO_7', 'DAYS_7_TO_14', 'DAYS_14_TO_30', 'OVER_30_DAYS'] as const;
export const AgeingBucketSchema = z.enum(AGEING_BUCKETS);
export type AgeingBucket = z.infer<typeof AgeingBucketSchema>;
/** The lower bound of each bucket in days (the next one's is its upper bound). */
export const AGEING_BUCKET_FROM_DAYS: Record<AgeingBucket, number> = { UNDER_1_DAY: 0, DAYS_1_TO_3: 1, DAYS_3_TO_7: 3, DAYS_7_TO_14: 7, DAYS_14_TO_30: 14, OVER_30_DAYS: 30 };

/** The same day one year later (29 February: the string compares past 28 February, as it should). */
const oneYearAfter = (date: string) => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;

/** A range of Korean calendar dates, both inclusive, shorter than a year (2026-01-01..2026-12-31 is the longest from 1 January). */
export const AnalyticsRangeQuerySchema = z
  .object({
    dateStart: IsoDateSchema.optional().describe(`Default: ${WORKFLOW_ANALYTICS_LIMITS.defaultDays - 1} days before dateEnd`),
    dateEnd: IsoDateSchema.optional().describe('Default: today (Korea time)'),
  })
  .superRefine((q, issue) => {
    // Zod runs this even when a date failed its own check: compare only two real dates.
    if (!q.dateStart || !q.dateEnd || !IsoDateSchema.safeParse(q.dateStart).success || !IsoDateSchema.safeParse(q.dateEnd).success) return;
    if (q.dateStart > q.dateEnd) issue.addIssue({ code: 'custom', path: ['dateEnd'], message: 'on or after dateStart' });
    else if (q.dateEnd >= oneYearAfter(q.dateStart)) issue.addIssue({ code: 'custom', path: ['dateEnd'], message: 'less than one year after dateStart' });
  });
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>;

// Open items ---------------------------------------------------------------------------------------

export const SlowOpenItemSchema = z.object({
  workflowId: z.number().int(),
  contractId: z.number().int(),
  contractTitle: z.string(),
  contractType: ContractTypeSchema,
  stepCode: StepCodeSchema,
  processStatus: ProcessStatusSchema,
  requester: UserRefSchema,
  waitingSince: z.string().describe('When the current step (or its status) was entered'),
  waitingSeconds: z.number().int(),
});
export type SlowOpenItem = z.infer<typeof SlowOpenItemSchema>;

export const WorkflowOpenItemsSchema = z.object({
  total: z.number().int().describe('Running workflows (not executed or canceled) of readable contracts'),
  byStep: z.array(z.object({ stepCode: StepCodeSchema, count: z.number().int() })).describe('Every step, in workflow order, zeros included (REQUEST: back with the requester)'),
  ageing: z
    .array(z.object({ bucket: AgeingBucketSchema, count: z.number().int(), byStep: z.array(z.object({ stepCode: StepCodeSchema, count: z.number().int() })).describe('Steps with items only') }))
    .describe('Every bucket, shortest wait first, zeros included'),
  slowest: z.array(SlowOpenItemSchema).describe(`The ${WORKFLOW_ANALYTICS_LIMITS.slowest} longest waiting in their current step, longest first`),
});
export type WorkflowOpenItems = z.infer<typeof WorkflowOpenItemsSchema>;

export const getWorkflowOpenItems = defineRoute({
  method: 'GET', path: `${base}/open-items/v1`, access: 'member', product, tags,
  summary: 'The running workflows of the contracts the caller can read: per current step, how long they have waited there (buckets <1, 1-3, 3-7, 7-14, 14-30, >30 days) and the ten waiting longest. 403 without any contract permission.',
  schemas: { data: WorkflowOpenItemsSchema },
});

// Cycle times --------------------------------------------------------------------------------------

const CycleTimeStat = {
  count: z.number().int().describe('Stays in the step that ended in the range'),
  medianSeconds: z.number().int(),
  p90Seconds: z.number().int().describe('90th percentile (continuous, as percentile_cont)'),
};

export const WorkflowCycleTimesSchema = z.object({
  dateStart: z.string(),
  dateEnd: z.string(),
  byStep: z.array(z.object({ stepCode: StepCodeSchema, ...CycleTimeStat })).describe('Steps with stays, in workflow order'),
  byContractType: z.array(z.object({ stepCode: StepCodeSchema, contractType: ContractTypeSchema, ...CycleTimeStat })),
  byGroup: z.array(z.object({ stepCode: StepCodeSchema, groupId: z.number().int().nullable().describe('null: contracts of no group'), groupName: z.string().nullable(), ...CycleTimeStat })),
  byReviewer: z.array(z.object({ reviewer: UserRefSchema, ...CycleTimeStat })).describe('Legal review stays ended by this reviewer (review completed or returned), slowest median first'),
});
export type WorkflowCycleTimes = z.infer<typeof WorkflowCycleTimesSchema>;

export const getWorkflowCycleTimes = defineRoute({
  method: 'GET', path: `${base}/cycle-times/v1`, access: 'member', product, tags,
  summary: 'Time spent in each workflow step, from the event log, for the stays that ended between dateStart and dateEnd (Korean calendar dates, both inclusive, less than a year apart; 400 naming the field otherwise): count, median and 90th percentile per step, per contract type, per contract group and per reviewer. Only contracts the caller can read; 403 without any contract permission.',
  schemas: { query: AnalyticsRangeQuerySchema, data: WorkflowCycleTimesSchema },
});
