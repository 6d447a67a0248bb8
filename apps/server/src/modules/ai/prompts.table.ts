import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Prompts as data (system-wide, not tenant-owned): each key and language has numbered versions,
 * one of them active. Version 1 of each shipped prompt comes from the module's prompt files.
 */
export const aiPrompts = pgTable(
  'ai_prompts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    language: text('language', { enum: ['ko', 'en'] }).notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_prompts_key_language_version_key').on(t.key, t.language, t.version),
    uniqueIndex('ai_prompts_active_key').on(t.key, t.language).where(sql`${t.isActive}`),
    index('ai_prompts_key_idx').on(t.key, t.language, t.version),
  ],
);
