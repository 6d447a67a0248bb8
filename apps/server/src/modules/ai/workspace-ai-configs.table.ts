import { AI_DRIVER_NAMES, AI_SERVICE_FEATURES } from '@legal/api';
import { bigint, boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

/** A super admin's override of the AI provider for one workspace; the key is sealed (platform/secrets.ts). */
export const workspaceAiConfigs = pgTable(
  'workspace_ai_configs',
  {
    ...tenantColumns(),
    driver: text('driver', { enum: AI_DRIVER_NAMES }).notNull(),
    baseUrl: text('base_url'),
    chatModel: text('chat_model'),
    embeddingModel: text('embedding_model'),
    apiKeySealed: text('api_key_sealed'),
    apiKeyFingerprint: text('api_key_fingerprint'),
    updatedByUserId: bigint('updated_by_user_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId] })],
);

/** AI services switched off (or back on) for a workspace; absent: enabled. */
export const workspaceAiServiceConfigs = pgTable(
  'workspace_ai_service_configs',
  {
    ...tenantColumns(),
    feature: text('feature', { enum: AI_SERVICE_FEATURES }).notNull(),
    isEnabled: boolean('is_enabled').notNull(),
    updatedByUserId: bigint('updated_by_user_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId, t.feature] })],
);
