import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../../platform/db/tenancy';
import { memberships, roles } from '../../auth';

/**
 * A group of members (a team, a task force): roles given to a group reach every member, and
 * contracts can be shared with a group. Flat; the organisation chart is the division tree.
 */
export const groups = pgTable(
  'groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('groups_scope_name_key').on(t.tenantId, t.workspaceId, t.name)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    ...tenantColumns(),
    groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => groups.id, { onDelete: 'cascade' }),
    membershipId: bigint('membership_id', { mode: 'number' }).notNull().references(() => memberships.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.membershipId] }), index('group_members_membership_idx').on(t.tenantId, t.workspaceId, t.membershipId)],
);

/** Roles held by a group: its members have their permissions too. */
export const groupRoles = pgTable(
  'group_roles',
  {
    ...tenantColumns(),
    groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => groups.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.roleId] }), index('group_roles_scope_idx').on(t.tenantId, t.workspaceId, t.groupId)],
);

/** The organisation chart: a tree of divisions, siblings ordered by display_order. */
export const divisions = pgTable(
  'divisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('divisions_scope_parent_idx').on(t.tenantId, t.workspaceId, t.parentId, t.displayOrder)],
);

/** 직책 (job title, e.g. 팀장) and 직위 (job position, e.g. 책임), each in display order. */
export const jobTitles = pgTable(
  'job_titles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    name: text('name').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_titles_scope_name_key').on(t.tenantId, t.workspaceId, t.name)],
);

export const jobPositions = pgTable(
  'job_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    name: text('name').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_positions_scope_name_key').on(t.tenantId, t.workspaceId, t.name)],
);
