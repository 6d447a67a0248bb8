import { COUNTERPARTY_TYPES } from '@legal/api';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';
import { contracts } from './contracts.table';

export type ContactRow = { name: string | null; email: string | null; phone: string | null; department: string | null };

/** Shared by a contract's counterparties and the workspace's counterparty bookmarks. */
function counterpartyColumns() {
  return {
    counterpartyType: text('counterparty_type', { enum: COUNTERPARTY_TYPES }).notNull(),
    name: text('name').notNull(),
    businessRegistrationNumber: text('business_registration_number'),
    representative: text('representative'),
    address: text('address'),
    contacts: jsonb('contacts').$type<ContactRow[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** The other parties of a contract (companies or persons), in display order. */
export const counterparties = pgTable(
  'counterparties',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    ...counterpartyColumns(),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [index('counterparties_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId, t.displayOrder)],
);

/** The workspace's address book of counterparties, copied onto contracts on request. */
export const counterpartyBookmarks = pgTable(
  'counterparty_bookmarks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    ...counterpartyColumns(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('counterparty_bookmarks_scope_identity_key').on(t.tenantId, t.workspaceId, t.counterpartyType, t.name, sql`coalesce(${t.businessRegistrationNumber}, '')`),
    index('counterparty_bookmarks_scope_name_idx').on(t.tenantId, t.workspaceId, t.name),
  ],
);
