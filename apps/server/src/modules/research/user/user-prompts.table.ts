import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';

/** A user's saved prompt (title and text) for the research composer: theirs only, in one workspace. */
export const researchUserPrompts = pgTable(
  'research_user_prompts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('research_user_prompts_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId, t.updatedAt)],
);
