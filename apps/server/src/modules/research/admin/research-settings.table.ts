import type { GeneralCategoryKind, ResearchConfigOverrides } from '@legal/api';
import { bigint, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';

/**
 * A workspace's research settings, set by super admins: its topic tags, its own sample questions
 * (null: the shipped ones), its config overrides (research-configs.ts; a key absent uses its
 * default) and the general categories it has switched off (general-categories.service.ts).
 */
export const researchWorkspaceSettings = pgTable(
  'research_workspace_settings',
  {
    ...tenantColumns(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    sampleQuestions: jsonb('sample_questions').$type<{ ko: string[]; en: string[] }>(),
    configs: jsonb('configs').$type<ResearchConfigOverrides>().notNull().default({}),
    disabledGeneralCategories: jsonb('disabled_general_categories').$type<GeneralCategoryKind[]>().notNull().default([]),
    updatedByUserId: bigint('updated_by_user_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId] })],
);
