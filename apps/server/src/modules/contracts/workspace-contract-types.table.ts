import type { ContractType } from '@legal/api';
import { jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

/**
 * The contract types a workspace uses, in its order (btls workspace-contract-types, set by the
 * standard-forms module). Absent: the whole catalogue. It lives here because the contract types
 * service narrows its answer by it, and contracts may not import standard-forms (which drafts
 * contracts through this module).
 */
export const workspaceContractTypes = pgTable(
  'workspace_contract_types',
  {
    ...tenantColumns(),
    contractTypes: jsonb('contract_types').$type<ContractType[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId] })],
);
