import type { ContractLanguage, ContractType, VariableConfig } from '@legal/api';
import { FORM_ACTIVE_STATUSES, FORM_SCOPES, TEMPLATE_SOURCES } from '@legal/api';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';

/**
 * The tenant columns of a GLOBAL form and its children: 0, which is no tenant and no workspace
 * (ids start at 1). A global form is the product's, published by a super admin; its rows keep the
 * NOT NULL tenant columns every table has (db.test.ts) so that workspace export and purge, which
 * walk real scopes, never reach them. Workspace queries always go through inScope(); global rows
 * are read only with `scope = 'GLOBAL'` (standard-forms.repo.ts).
 */
export const GLOBAL_OWNER = { tenantId: 0, workspaceId: 0 } as const;

export interface FormSourceInfo {
  name: string;
  licence: string;
  url: string | null;
  attribution: string;
}

/**
 * A standard form of a workspace (scope WORKSPACE) or of the product (scope GLOBAL, tenant columns
 * GLOBAL_OWNER). `latest_version` is the number of its newest template version; `version` grows on
 * every write of the record (optimistic concurrency). Soft-deleted with `deleted_at`.
 */
export const standardForms = pgTable(
  'standard_forms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    scope: text('scope', { enum: FORM_SCOPES }).notNull().default('WORKSPACE'),
    title: text('title').notNull(),
    description: text('description'),
    contractType: text('contract_type').$type<ContractType>().notNull(),
    language: text('language').$type<ContractLanguage>().notNull().default('ko'),
    categoryType: text('category_type'),
    activeStatus: text('active_status', { enum: FORM_ACTIVE_STATUSES }).notNull().default('INACTIVE'),
    latestVersion: integer('latest_version').notNull().default(1),
    /** Starter forms: where the text comes from and its licence. */
    source: jsonb('source').$type<FormSourceInfo>(),
    /** Starter forms: the manifest id, so that seeding twice adds nothing. */
    seedKey: text('seed_key'),
    version: integer('version').notNull().default(1),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    updatedByUserId: bigint('updated_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('standard_forms_scope_updated_idx').on(t.tenantId, t.workspaceId, t.updatedAt, t.id),
    index('standard_forms_global_idx').on(t.scope, t.activeStatus),
    uniqueIndex('standard_forms_seed_key').on(t.tenantId, t.workspaceId, t.seedKey),
    check('standard_forms_global_owner', sql`(${t.scope} = 'GLOBAL') = (${t.workspaceId} = 0 and ${t.tenantId} = 0)`),
  ],
);

/**
 * One template version: immutable once written. The bytes live in the object storage under
 * `storage_key` (never in the database); `text` is the template's text with markers, `variables`
 * the configs of its markers (replaced by PUT configs on the latest version only).
 */
export const standardFormVersions = pgTable(
  'standard_form_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    formId: bigint('form_id', { mode: 'number' })
      .notNull()
      .references(() => standardForms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    source: text('source', { enum: TEMPLATE_SOURCES }).notNull(),
    rolledBackFrom: integer('rolled_back_from'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileFormat: text('file_format').$type<'DOCX' | 'HWPX'>().notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    text: text('text').notNull(),
    variables: jsonb('variables').$type<VariableConfig[]>().notNull(),
    comment: text('comment'),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('standard_form_versions_form_version_key').on(t.formId, t.version), index('standard_form_versions_scope_idx').on(t.tenantId, t.workspaceId, t.formId)],
);

/** Guides and annexes of a form (up to 10), bytes in the object storage. */
export const standardFormAttachments = pgTable(
  'standard_form_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    formId: bigint('form_id', { mode: 'number' })
      .notNull()
      .references(() => standardForms.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('standard_form_attachments_scope_idx').on(t.tenantId, t.workspaceId, t.formId)],
);

/** A member's bookmark of a form (a global one too: the row is in the member's workspace). */
export const standardFormBookmarks = pgTable(
  'standard_form_bookmarks',
  {
    ...tenantColumns(),
    formId: bigint('form_id', { mode: 'number' })
      .notNull()
      .references(() => standardForms.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId, t.userId, t.formId] })],
);

/** The form settings of a workspace: its category types (the contract types are the contracts module's). */
export const standardFormSettings = pgTable(
  'standard_form_settings',
  {
    ...tenantColumns(),
    categoryTypes: jsonb('category_types').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId] })],
);

/** The global forms a workspace made available to its members (absent: not available). */
export const standardFormGlobalAvailability = pgTable(
  'standard_form_global_availability',
  {
    ...tenantColumns(),
    formId: bigint('form_id', { mode: 'number' })
      .notNull()
      .references(() => standardForms.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId, t.formId] })],
);

/**
 * A contract drafted here: from which form and exact template version (null form for
 * contracts/by-file), and the workflow preset asked for (recorded until the workflow hub starts
 * it). Kept beside the contract so that the contracts table is not touched.
 */
export const standardFormContractLinks = pgTable(
  'standard_form_contract_links',
  {
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull(),
    formId: bigint('form_id', { mode: 'number' }).references(() => standardForms.id, { onDelete: 'set null' }),
    templateVersion: integer('template_version'),
    workflowPresetType: text('workflow_preset_type').notNull().default('NONE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.workspaceId, t.contractId] }), index('standard_form_contract_links_form_idx').on(t.formId)],
);
