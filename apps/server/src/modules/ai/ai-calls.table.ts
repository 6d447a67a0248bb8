import { AI_CALL_OUTCOMES, AI_DRIVER_NAMES, AI_FEATURES } from '@legal/api';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

/** One row per AI call, whatever its outcome: what the LLM dashboard charts. */
export const aiCalls = pgTable(
  'ai_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    userId: bigint('user_id', { mode: 'number' }),
    feature: text('feature', { enum: AI_FEATURES }).notNull(),
    driver: text('driver', { enum: AI_DRIVER_NAMES }).notNull(),
    model: text('model'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    /** Credits the call cost in the end (0 once refunded). */
    credits: integer('credits').notNull().default(0),
    outcome: text('outcome', { enum: AI_CALL_OUTCOMES }).notNull(),
    failureCode: text('failure_code'),
    promptId: bigint('prompt_id', { mode: 'number' }),
    creditEntryId: bigint('credit_entry_id', { mode: 'number' }),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_calls_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt), index('ai_calls_created_idx').on(t.createdAt)],
);
