import { bigint, bigserial, integer, jsonb, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

/**
 * What a member keeps of the contract list in a workspace: columns and saved filters, as the
 * validated body of PUT user-config/v1 (read back leniently: a column dropped from the catalogue
 * later is skipped, not an error). `version` grows on every save for the optimistic check.
 */
export const userContractConfigs = pgTable(
  'user_contract_configs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_contract_configs_scope_user_key').on(t.tenantId, t.workspaceId, t.userId)],
);
