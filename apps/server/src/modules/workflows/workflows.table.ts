import type { ProcessStatus, StepCode, WorkflowAction } from '@legal/api';
import {
  APPROVAL_DECISIONS, APPROVAL_STATUSES, PROCESS_STATUSES, STEP_CODES, STEP_MEMBER_ROLES, STEP_STATUSES, WORKFLOW_EVENT_TYPES,
} from '@legal/api';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';
import { contracts } from '../contracts';

/**
 * The workflow hub's tables (catalogue 7.6, docs/workflows.md). One workflow runs per contract at a
 * time (a partial unique index over the non-final statuses); its row is the lock every action takes
 * (SELECT ... FOR UPDATE) and carries `revision` (one more per action: the optimistic check of the
 * callers) and `last_event_seq` (the per-workflow, gap-free event sequence).
 *
 * Reads for other modules (to-do, listings) go through workflows.repo.ts; the state machine is
 * workflows.state.ts. Final process statuses: EXECUTED, CANCELED.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** A preset code: a built-in or one a super admin published (workflow_presets.preset_type). */
    presetType: text('preset_type').notNull(),
    /** Optional steps the workspace had switched off when the workflow started (or switched presets): skipped, never entered. Later changes to the workspace's setting do not touch a running workflow. */
    offStepCodes: text('off_step_codes').array().$type<StepCode[]>().notNull().default(sql`'{}'::text[]`),
    processStatus: text('process_status', { enum: PROCESS_STATUSES }).notNull(),
    /** null once executed or canceled. */
    currentStepCode: text('current_step_code', { enum: STEP_CODES }),
    round: integer('round').notNull().default(1),
    revision: integer('revision').notNull().default(0),
    requesterUserId: bigint('requester_user_id', { mode: 'number' }).notNull(),
    message: text('message'),
    desiredReviewDeadline: date('desired_review_deadline', { mode: 'string' }),
    /** The seq of the workflow's last event (workflow_events.seq): the next one is this + 1. */
    lastEventSeq: integer('last_event_seq').notNull().default(0),
    /** When the current step became current (the to-do's "waiting since"). */
    stepStartedAt: timestamp('step_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the deadline reminder / escalation mail went out (deadline sweep). */
    deadlineNotifiedAt: timestamp('deadline_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workflows_one_running_per_contract')
      .on(t.contractId)
      .where(sql`process_status not in ('EXECUTED', 'CANCELED')`),
    index('workflows_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId, t.id),
    index('workflows_scope_status_idx').on(t.tenantId, t.workspaceId, t.processStatus, t.currentStepCode),
    index('workflows_scope_requester_idx').on(t.tenantId, t.workspaceId, t.requesterUserId, t.createdAt),
    index('workflows_scope_updated_idx').on(t.tenantId, t.workspaceId, t.updatedAt, t.id),
    // What came back to a requester (the to-do's returnedToMe): their workflows by status.
    index('workflows_scope_requester_status_idx').on(t.tenantId, t.workspaceId, t.requesterUserId, t.processStatus),
    // The to-do and the by-step counts read only running workflows, oldest waiting first (workflow-lists.repo.ts).
    index('workflows_scope_running_idx')
      .on(t.tenantId, t.workspaceId, t.stepStartedAt, t.id)
      .where(sql`process_status not in ('EXECUTED', 'CANCELED')`),
  ],
);

/** The steps of a workflow, one row per step of its preset (a preset transition adds or removes the missing ones). */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    workflowId: bigint('workflow_id', { mode: 'number' })
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    stepCode: text('step_code', { enum: STEP_CODES }).notNull(),
    order: integer('step_order').notNull(),
    stepGroup: text('step_group', { enum: ['REQUEST', 'REVIEW', 'APPROVAL', 'SIGNING'] }).notNull(),
    status: text('status', { enum: STEP_STATUSES }).notNull().default('WAITING'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('workflow_steps_workflow_step_key').on(t.workflowId, t.stepCode), index('workflow_steps_scope_workflow_idx').on(t.tenantId, t.workspaceId, t.workflowId)],
);

/**
 * Who acts (or acted) at a step: REQUESTER at REQUEST, ASSIGNER(s) at ASSIGNMENT (the assigners at
 * submit time), REVIEWER(s) at LEGAL_REVIEW, APPROVER(s) at APPROVAL (mirrors the current approval
 * line), SIGNER at SIGNING. The to-do reads this by (scope, user_id).
 */
export const workflowStepMembers = pgTable(
  'workflow_step_members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    workflowId: bigint('workflow_id', { mode: 'number' })
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    stepCode: text('step_code', { enum: STEP_CODES }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    role: text('role', { enum: STEP_MEMBER_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workflow_step_members_key').on(t.workflowId, t.stepCode, t.userId, t.role),
    index('workflow_step_members_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId, t.role),
  ],
);

/**
 * An approval line of a workflow (one per round that reaches APPROVAL; a restart or a new line
 * cancels the earlier one). DRAFT lines are saved but not started. `workflow_id` is null for a
 * draft saved before any workflow runs.
 */
export const workflowApprovals = pgTable(
  'workflow_approvals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    workflowId: bigint('workflow_id', { mode: 'number' }).references(() => workflows.id, { onDelete: 'cascade' }),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull(),
    round: integer('round').notNull().default(1),
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('workflow_approvals_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId, t.id),
    index('workflow_approvals_scope_workflow_idx').on(t.tenantId, t.workspaceId, t.workflowId),
    index('workflow_approvals_scope_requester_idx').on(t.tenantId, t.workspaceId, t.requestedByUserId),
  ],
);

/** The approvers of a line: lines (`line_order`) go in order, approvers of one line in parallel. */
export const workflowApprovers = pgTable(
  'workflow_approvers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    approvalId: bigint('approval_id', { mode: 'number' })
      .notNull()
      .references(() => workflowApprovals.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    lineOrder: integer('line_order').notNull(),
    decision: text('decision', { enum: APPROVAL_DECISIONS }).notNull().default('PENDING'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    /** The main document revision the decision was made on (files revision). */
    documentRevision: integer('document_revision'),
  },
  (t) => [
    uniqueIndex('workflow_approvers_approval_user_key').on(t.approvalId, t.userId),
    index('workflow_approvers_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId, t.decision),
  ],
);

/** The signing step of a workflow (one per workflow that reaches SIGNING; reset when it is canceled). */
export const workflowSignings = pgTable(
  'workflow_signings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    workflowId: bigint('workflow_id', { mode: 'number' })
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['WAITING', 'DONE', 'SKIPPED', 'CANCELED'] }).notNull(),
    method: text('method', { enum: ['OFFLINE', 'ELECTRONIC'] }).notNull().default('OFFLINE'),
    executedFileKey: text('executed_file_key'),
    /** ELECTRONIC: the e-sign envelope sending the contract (esign_envelopes.id; no foreign key across modules). */
    envelopeId: bigint('envelope_id', { mode: 'number' }),
    /** The envelope is in progress: the workflow refuses to cancel the signing (or the workflow) until it is voided. */
    isEnvelopeOpen: boolean('is_envelope_open').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('workflow_signings_scope_workflow_idx').on(t.tenantId, t.workspaceId, t.workflowId, t.id)],
);

/**
 * The append-only log of a workflow: `seq` runs 1, 2, 3... per workflow without a gap (taken from
 * workflows.last_event_seq under the workflow's row lock). Never updated; deleted only with its
 * workflow (withdrawing an untouched request).
 */
export const workflowEvents = pgTable(
  'workflow_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    workflowId: bigint('workflow_id', { mode: 'number' })
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    contractId: bigint('contract_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    round: integer('round').notNull(),
    type: text('type', { enum: WORKFLOW_EVENT_TYPES }).notNull(),
    stepCode: text('step_code').$type<StepCode>(),
    actionId: text('action_id').$type<WorkflowAction>(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    fromStatus: text('from_status').$type<ProcessStatus>(),
    toStatus: text('to_status').$type<ProcessStatus>(),
    comment: text('comment'),
    mentionUserIds: bigint('mention_user_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workflow_events_workflow_seq_key').on(t.workflowId, t.seq),
    index('workflow_events_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId, t.id),
    // Reviews completed per reviewer (the assigner's count-by-member).
    index('workflow_events_scope_action_actor_idx').on(t.tenantId, t.workspaceId, t.actionId, t.actorUserId, t.createdAt),
    // "Mentioned" in my-related (contract-search.repo.ts): only events that mention someone, queried
    // with the same predicate (`mention_user_ids <> '{}'`) and `@> array[me]`.
    index('workflow_events_mentions_idx').using('gin', t.mentionUserIds).where(sql`${t.mentionUserIds} <> '{}'::bigint[]`),
  ],
);

/**
 * Files attached to events, by reference (files.file_key). A link rule (workflows.file-access.ts)
 * makes them exactly as visible as the workflow's contract.
 */
export const workflowEventFiles = pgTable(
  'workflow_event_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => workflowEvents.id, { onDelete: 'cascade' }),
    contractId: bigint('contract_id', { mode: 'number' }).notNull(),
    fileKey: text('file_key').notNull(),
    displayName: text('display_name').notNull(),
  },
  (t) => [
    uniqueIndex('workflow_event_files_event_file_key').on(t.eventId, t.fileKey),
    index('workflow_event_files_scope_file_idx').on(t.tenantId, t.workspaceId, t.fileKey),
  ],
);
