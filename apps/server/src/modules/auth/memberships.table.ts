import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';
import { users } from './users.table';

/** A user in a workspace, with the names the launcher shows. */
export const memberships = pgTable(
  'memberships',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    jobPositionName: text('job_position_name'),
    divisionName: text('division_name'),
    jobTitleName: text('job_title_name'),
    /**
     * The organisation of the workspace (admin module). The *_name columns above are the display
     * copies the launcher and profile read; the admin service rewrites them in the transaction
     * that changes these ids or renames the division, title or position.
     */
    divisionId: bigint('division_id', { mode: 'number' }),
    jobTitleId: bigint('job_title_id', { mode: 'number' }),
    jobPositionIds: bigint('job_position_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    phone: text('phone'),
    employeeNumber: text('employee_number'),
    /** DEACTIVATED: the workspace admin switched the member off; every workspace route answers 403. */
    status: text('status', { enum: ['ACTIVE', 'DEACTIVATED'] }).notNull().default('ACTIVE'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_scope_user_key').on(t.tenantId, t.workspaceId, t.userId),
    index('memberships_user_idx').on(t.userId),
    index('memberships_scope_division_idx').on(t.tenantId, t.workspaceId, t.divisionId),
  ],
);

/** A named set of permissions in a workspace. Built-in roles carry a code (ROLE_CODES). */
export const roles = pgTable(
  'roles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    code: text('code'),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    description: text('description'),
    permissions: text('permissions').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_scope_code_key').on(t.tenantId, t.workspaceId, t.code), uniqueIndex('roles_scope_name_key').on(t.tenantId, t.workspaceId, t.name)],
);

export const membershipRoles = pgTable(
  'membership_roles',
  {
    ...tenantColumns(),
    membershipId: bigint('membership_id', { mode: 'number' }).notNull().references(() => memberships.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.roleId] }),
    index('membership_roles_scope_idx').on(t.tenantId, t.workspaceId, t.membershipId),
  ],
);
