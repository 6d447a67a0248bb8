import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgSequence, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FindingDecision, FindingVerdict, LegalBasis, ReviewContractType, ReviewEngine, ReviewPosition, ReviewRisk, ReviewStatus, ReviewStep } from '@legal/api';
import { tenantColumns } from '../../platform/db/tenancy';
import type { CheckpointRule, LawReference, LocalizedText, PlaybookCheckpoint } from './playbook/playbook.types';

/** One id space for starter and workspace checkpoints: a finding's checkpointId names either. */
export const checkpointIds = pgSequence('ai_review_checkpoint_ids');
const checkpointId = () => bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('ai_review_checkpoint_ids')`);

/** The starter playbook as shipped (global): upserted by code from STARTER_PLAYBOOK, so ids stay stable across releases. */
export const aiReviewStarterCheckpoints = pgTable(
  'ai_review_starter_checkpoints',
  {
    id: checkpointId(),
    code: text('code').notNull(),
    contractType: text('contract_type').$type<ReviewContractType>().notNull(),
    definition: jsonb('definition').$type<PlaybookCheckpoint>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_review_starter_checkpoints_code_key').on(t.code)],
);

/** A workspace's switch for a starter checkpoint (absent: active). */
export const aiReviewCheckpointSettings = pgTable(
  'ai_review_checkpoint_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    checkpointId: bigint('checkpoint_id', { mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull(),
    updatedByUserId: bigint('updated_by_user_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_review_checkpoint_settings_scope_key').on(t.tenantId, t.workspaceId, t.checkpointId)],
);

export interface WorkspaceCheckpointEnglish {
  question?: string;
  metWhen?: string;
  rationale?: string;
  standardClause?: string;
  clauseExamples?: string[];
}

/** A checkpoint a workspace wrote: texts as written (one language), the rule the built-in engine evaluates. */
export const aiReviewWorkspaceCheckpoints = pgTable(
  'ai_review_workspace_checkpoints',
  {
    id: checkpointId(),
    ...tenantColumns(),
    code: text('code').notNull(),
    contractType: text('contract_type').$type<ReviewContractType>().notNull(),
    label: text('label').notNull(),
    protects: text('protects').$type<ReviewPosition | 'BOTH'>().notNull(),
    risk: text('risk').$type<ReviewRisk>().notNull(),
    question: text('question').notNull(),
    metWhen: text('met_when').notNull(),
    rationale: text('rationale').notNull(),
    standardClause: text('standard_clause').notNull(),
    clauseExamples: jsonb('clause_examples').$type<string[]>().notNull().default([]),
    legalBasis: jsonb('legal_basis').$type<LawReference[]>().notNull().default([]),
    rule: jsonb('rule').$type<CheckpointRule>().notNull(),
    /** English texts when the workspace gave them (Excel import); absent ones fall back to the texts above. */
    english: jsonb('english').$type<WorkspaceCheckpointEnglish>(),
    isActive: boolean('is_active').notNull().default(true),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_review_workspace_checkpoints_scope_type_idx').on(t.tenantId, t.workspaceId, t.contractType),
    uniqueIndex('ai_review_workspace_checkpoints_code_key').on(t.tenantId, t.workspaceId, t.code).where(sql`deleted_at IS NULL`),
  ],
);

/** Clause examples a workspace added to a starter checkpoint (Excel import), beside the shipped ones. */
export const aiReviewCheckpointExamples = pgTable(
  'ai_review_checkpoint_examples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    checkpointId: bigint('checkpoint_id', { mode: 'number' }).notNull(),
    examples: jsonb('examples').$type<{ ko: string[]; en: string[] }>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_review_checkpoint_examples_scope_key').on(t.tenantId, t.workspaceId, t.checkpointId)],
);

/** A contract reviewed without registering it in the repository: visible to its creator only. */
export const aiReviewStandaloneContracts = pgTable(
  'ai_review_standalone_contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    title: text('title').notNull(),
    fileKey: text('file_key'),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_review_standalone_contracts_scope_creator_idx').on(t.tenantId, t.workspaceId, t.createdByUserId, t.createdAt)],
);

export interface StoredClause {
  label: string;
  heading: string | null;
  startOffset: number;
  endOffset: number;
}

export interface StoredSummary {
  keyPoints: Array<{ startOffset: number; endOffset: number; text: string }>;
}

/** A review run of one document revision, type and position against one playbook version. */
export const aiReviews = pgTable(
  'ai_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }),
    standaloneContractId: bigint('standalone_contract_id', { mode: 'number' }),
    fileKey: text('file_key').notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    revision: integer('revision').notNull(),
    fileName: text('file_name').notNull(),
    contractType: text('contract_type').$type<ReviewContractType>().notNull(),
    position: text('position').$type<ReviewPosition>().notNull(),
    language: text('language').$type<'ko' | 'en'>().notNull(),
    engine: text('engine').$type<ReviewEngine>().notNull(),
    /** Hash of the active checkpoints' definitions: a changed playbook is a cache miss. */
    playbookVersion: text('playbook_version').notNull(),
    /** review/contract-by-playbook: exactly these checkpoints were evaluated (null: the active ones for the side). */
    checkpointIds: jsonb('checkpoint_ids').$type<number[]>(),
    status: text('status').$type<ReviewStatus>().notNull(),
    progressStep: text('progress_step').$type<ReviewStep>(),
    progressPercent: integer('progress_percent').notNull().default(0),
    creditsCharged: integer('credits_charged').notNull(),
    /** The ledger entry of the debit, refunded when the run fails. */
    debitEntryId: bigint('debit_entry_id', { mode: 'number' }),
    /**
     * The debit is an estimate from the upload's size (review/contract-file, before the text is
     * known): the job settles it to the text's price once it has read the text, then clears this.
     */
    isChargeEstimated: boolean('is_charge_estimated').notNull().default(false),
    promptVersion: text('prompt_version'),
    errorCode: text('error_code'),
    summary: jsonb('summary').$type<StoredSummary>(),
    clauses: jsonb('clauses').$type<StoredClause[]>(),
    idempotencyKey: text('idempotency_key'),
    requestFingerprint: text('request_fingerprint'),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_reviews_scope_cache_idx').on(t.tenantId, t.workspaceId, t.fileKey, t.revision, t.contractType, t.position, t.playbookVersion),
    index('ai_reviews_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt),
    index('ai_reviews_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId),
    uniqueIndex('ai_reviews_idempotency_key').on(t.tenantId, t.workspaceId, t.createdByUserId, t.idempotencyKey).where(sql`idempotency_key IS NOT NULL`),
  ],
);

export interface StoredSuggestedEdit {
  text: LocalizedText;
  replaceStart: number | null;
  replaceEnd: number | null;
}

/** A verdict of one checkpoint in one review, and what the users decided about it. */
export const aiReviewFindings = pgTable(
  'ai_review_findings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    reviewId: bigint('review_id', { mode: 'number' }).notNull().references(() => aiReviews.id, { onDelete: 'cascade' }),
    checkpointId: bigint('checkpoint_id', { mode: 'number' }).notNull(),
    checkpointCode: text('checkpoint_code').notNull(),
    question: jsonb('question').$type<LocalizedText>().notNull(),
    label: text('label').notNull(),
    risk: text('risk').$type<ReviewRisk>().notNull(),
    verdict: text('verdict').$type<FindingVerdict>().notNull(),
    clause: jsonb('clause').$type<StoredClause | null>(),
    evidence: jsonb('evidence').$type<Array<{ startOffset: number; endOffset: number; text: string }>>().notNull(),
    explanation: jsonb('explanation').$type<LocalizedText>().notNull(),
    legalBasis: jsonb('legal_basis').$type<LegalBasis[]>().notNull(),
    suggestedEdit: jsonb('suggested_edit').$type<StoredSuggestedEdit | null>(),
    confidence: real('confidence').notNull(),
    sortOrder: integer('sort_order').notNull(),
    decision: text('decision').$type<FindingDecision>().notNull().default('OPEN'),
    decisionReason: text('decision_reason'),
    decidedByUserId: bigint('decided_by_user_id', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_review_findings_scope_review_idx').on(t.tenantId, t.workspaceId, t.reviewId, t.sortOrder),
    index('ai_review_findings_scope_checkpoint_idx').on(t.tenantId, t.workspaceId, t.checkpointId),
  ],
);

export const OOD_ACTIONS = ['WARN', 'BLOCK'] as const;

/** Out-of-domain handling (docs/decisions/0005-ood-configs.md): per workspace (userId 0) and per user. */
export const aiReviewOodConfigs = pgTable(
  'ai_review_ood_configs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    /** 0: the workspace's setting. */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    minConfidence: real('min_confidence').notNull(),
    action: text('action').$type<(typeof OOD_ACTIONS)[number]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_review_ood_configs_scope_user_key').on(t.tenantId, t.workspaceId, t.userId)],
);
