import { PUBLISHED_PRESET_STATUSES, type StepCode } from '@legal/api';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

/**
 * Published workflow presets (issue 18, docs/workflows.md "Presets"): the product's, the same for
 * every tenant (a GLOBAL table). The four built-ins are seeded as published (migration 0032); super
 * admins publish more. `steps` is the ordered step list with the steps workspaces may switch off.
 * A published (not built-in) preset may be edited or withdrawn (`revision`: the optimistic check);
 * running workflows keep their own snapshot of the steps (workflows.off_step_codes, workflow_steps).
 */
export const workflowPresets = pgTable(
  'workflow_presets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    presetType: text('preset_type').notNull(),
    nameKo: text('name_ko').notNull(),
    nameEn: text('name_en').notNull(),
    steps: jsonb('steps').$type<Array<{ stepCode: StepCode; isOptional: boolean }>>().notNull(),
    isBuiltIn: boolean('is_built_in').notNull().default(false),
    /** WITHDRAWN: no workspace starts it any more; the row stays for the names in history. */
    status: text('status', { enum: PUBLISHED_PRESET_STATUSES }).notNull().default('PUBLISHED'),
    revision: integer('revision').notNull().default(0),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: bigint('updated_by_user_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('workflow_presets_preset_type_key').on(t.presetType)],
);

/**
 * A workspace's adaptation of a published preset (one row per preset it changed): offered or not,
 * its own name, the optional steps it switched off, a default desired review deadline. No row: a
 * built-in is offered as published, a published one is not offered.
 */
export const workspaceWorkflowPresets = pgTable(
  'workspace_workflow_presets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    presetType: text('preset_type').notNull(),
    isEnabled: boolean('is_enabled').notNull(),
    nameKo: text('name_ko'),
    nameEn: text('name_en'),
    offStepCodes: text('off_step_codes').array().$type<StepCode[]>().notNull().default(sql`'{}'::text[]`),
    defaultReviewDeadlineDays: integer('default_review_deadline_days'),
    updatedByUserId: bigint('updated_by_user_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspace_workflow_presets_scope_preset_key').on(t.tenantId, t.workspaceId, t.presetType)],
);
