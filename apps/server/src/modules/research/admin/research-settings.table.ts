import { bigint, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';

/** A workspace's research settings, set by super admins: its topic tags and its own sample questions (null: the shipped ones). */
export const researchWorkspaceSettings = pgTable(
  'research_workspace_settings',
  {
    ...tenantColumns(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    sampleQuestions: jsonb('sample_questions').$type<{ ko: string[]; en: string[] }>(),
    updatedByUserId: bigint('updated_by_user_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId] })],
);
