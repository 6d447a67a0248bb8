import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Errors the web app met, stored under the random id the user was shown. Read by super admins. */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    errorId: text('error_id').notNull(),
    message: text('message').notNull(),
    route: text('route').notNull(),
    httpStatus: integer('http_status'),
    code: text('code'),
    apiPath: text('api_path'),
    stack: text('stack'),
    userId: bigint('user_id', { mode: 'number' }),
    tenantId: bigint('tenant_id', { mode: 'number' }),
    workspaceId: bigint('workspace_id', { mode: 'number' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_error_reports_error_id_idx').on(t.errorId), index('client_error_reports_created_idx').on(t.createdAt)],
);
