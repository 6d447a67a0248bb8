import {
  CONTRACT_FILE_ROLES, CONTRACT_STATUSES, type ContractLanguage, type ContractType, DISPUTE_RESOLUTION_METHODS, OUR_POSITIONS, REFERENCE_TYPES, SIGNING_TYPES,
} from '@legal/api';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';
import { groups } from '../admin';
import { files } from '../files';

/**
 * A contract of the repository. `status` is its lifecycle (contracts.state.ts: the repository
 * registers executed contracts; the workflow engine moves the IN_* statuses). `version` grows on
 * every write, for the optimistic check of the whole-object PUT. `counterparty_names` and
 * `hashtag_names` are copies of the children's names kept by the service in the same transaction,
 * so that one generated bigram column covers title, memo, counterparties and hashtags.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    title: text('title').notNull(),
    contractType: text('contract_type').$type<ContractType>().notNull(),
    language: text('language').$type<ContractLanguage>().notNull().default('ko'),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('DRAFT'),
    memo: text('memo'),
    venue: text('venue'),
    signingType: text('signing_type', { enum: SIGNING_TYPES }),
    signedDate: date('signed_date', { mode: 'string' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Exact decimal, read and written as a string. */
    amount: numeric('amount', { precision: 20, scale: 4 }),
    /** ISO 4217; set exactly when amount is. */
    currency: char('currency', { length: 3 }),
    governingLaw: text('governing_law'),
    disputeResolutionMethod: text('dispute_resolution_method', { enum: DISPUTE_RESOLUTION_METHODS }),
    ourPosition: text('our_position', { enum: OUR_POSITIONS }),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).references(() => groups.id, { onDelete: 'set null' }),
    desiredReviewDeadline: date('desired_review_deadline', { mode: 'string' }),
    conhubContractId: text('conhub_contract_id'),
    version: integer('version').notNull().default(1),
    counterpartyNames: text('counterparty_names').notNull().default(''),
    hashtagNames: text('hashtag_names').notNull().default(''),
    /** Character bigrams of title, memo, counterparty names and hashtags (`grams @> ko_bigrams('해지')`). */
    grams: text('grams')
      .array()
      .generatedAlwaysAs(sql`ko_bigrams(title || ' ' || coalesce(memo, '') || ' ' || counterparty_names || ' ' || hashtag_names)`),
    /**
     * The users who read this contract as its people: the owner, the watchers and the related
     * users, kept by the database itself (triggers of migration 0011 on contracts,
     * contract_watchers and contract_users; never written by the app). The read rule tests it
     * with one GIN probe (`reader_user_ids @> ARRAY[me]`) instead of probing the primary key
     * for every contract the caller watches or takes part in.
     */
    readerUserIds: bigint('reader_user_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: bigint('deleted_by_user_id', { mode: 'number' }),
  },
  (t) => [
    index('contracts_readers_idx').using('gin', t.readerUserIds),
    index('contracts_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt, t.id),
    index('contracts_scope_owner_idx').on(t.tenantId, t.workspaceId, t.ownerUserId),
    index('contracts_scope_group_idx').on(t.tenantId, t.workspaceId, t.groupId),
    index('contracts_scope_status_idx').on(t.tenantId, t.workspaceId, t.status),
    index('contracts_scope_end_date_idx').on(t.tenantId, t.workspaceId, t.endDate),
    index('contracts_scope_conhub_idx').on(t.tenantId, t.workspaceId, t.conhubContractId),
    index('contracts_grams_idx').using('gin', t.grams),
  ],
);

/** The workspace's list of hashtags; names are unique regardless of case. */
export const hashtags = pgTable(
  'hashtags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    name: text('name').notNull(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hashtags_scope_name_key').on(t.tenantId, t.workspaceId, sql`lower(${t.name})`)],
);

export const contractHashtags = pgTable(
  'contract_hashtags',
  {
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    hashtagId: bigint('hashtag_id', { mode: 'number' }).notNull().references(() => hashtags.id, { onDelete: 'cascade' }),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.hashtagId] }), index('contract_hashtags_scope_hashtag_idx').on(t.tenantId, t.workspaceId, t.hashtagId)],
);

/** People linked to a contract: watchers follow it, related users (담당자) take part in it; both may read it. */
export const contractWatchers = pgTable(
  'contract_watchers',
  {
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.userId] }), index('contract_watchers_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId)],
);

export const contractUsers = pgTable(
  'contract_users',
  {
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.userId] }), index('contract_users_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId)],
);

/** A user's own bookmarks. */
export const contractBookmarks = pgTable(
  'contract_bookmarks',
  {
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.userId] }), index('contract_bookmarks_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId, t.createdAt)],
);

/**
 * When a member last opened a contract (its detail read), for the home's "recently viewed": one
 * row per member and contract, the newest RECENT_CONTRACT_VIEW_LIMITS.keptPerUser kept per member.
 */
export const contractViews = pgTable(
  'contract_views',
  {
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.userId] }), index('contract_views_scope_user_idx').on(t.tenantId, t.workspaceId, t.userId, t.viewedAt)],
);

/** Arxive files attached to a contract; purging a file removes its attachment. */
export const contractFiles = pgTable(
  'contract_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull().references(() => files.fileKey, { onDelete: 'cascade' }),
    role: text('role', { enum: CONTRACT_FILE_ROLES }).notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    addedByUserId: bigint('added_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contract_files_contract_file_key').on(t.contractId, t.fileKey), index('contract_files_scope_file_idx').on(t.tenantId, t.workspaceId, t.fileKey)],
);

/**
 * Reference groups (`GROUP`, named) and related references (`RELATED`) of a contract: links to
 * other contracts, consultings, litigations or addresses, in display order.
 */
export const contractReferences = pgTable(
  'contract_references',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['GROUP', 'RELATED'] }).notNull(),
    groupName: text('group_name'),
    referenceType: text('reference_type', { enum: REFERENCE_TYPES }).notNull(),
    referenceId: text('reference_id'),
    label: text('label').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contract_references_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId),
    index('contract_references_scope_target_idx').on(t.tenantId, t.workspaceId, t.referenceType, t.referenceId),
  ],
);
