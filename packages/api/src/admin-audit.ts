import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { defineRoute, type RouteDescriptor } from './http';

// ---------------------------------------------------------------------------------------------
// Audit log viewer (issue "Audit log viewer"): who did what, when, from where, with before/after.
// A workspace sees its own events plus the account security events of its members that carry
// no workspace (sign-ins, failures, lockouts, one-time codes, password changes).
// ---------------------------------------------------------------------------------------------

export const AUDIT_LOG_LIMITS = {
  defaultPageSize: 10,
  maxPageSize: 1000,
  /**
   * Access records are kept at least a year (Korean personal information safety measures,
   * 개인정보의 안전성 확보조치 기준): nothing may delete an audit event younger than this.
   */
  retentionDays: 365,
  /** An export holds at most this many rows (the newest); the file says so when it stops there. */
  exportMaxRows: 100_000,
  /** The events-per-day chart covers at most this many days (default: the last 30). */
  chartMaxDays: 366,
  chartDefaultDays: 30,
  keywordMaxLength: 200,
  maxTypes: 50,
} as const;

export const DEFAULT_AUDIT_TIME_ZONE = 'Asia/Seoul';

const isoInstant = z.iso.datetime({ offset: true });
const id = z.coerce.number().int().positive();
export const AuditEventTypeSchema = z.string().max(100).regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/, 'an event type such as user.updated');

/** The filters shared by the list, the chart and the export. */
export const AuditFilterQuerySchema = z.object({
  types: z.union([AuditEventTypeSchema, z.array(AuditEventTypeSchema).max(AUDIT_LOG_LIMITS.maxTypes)]).optional().describe('Event types (repeatable)'),
  actorUserId: id.optional().describe('Who acted'),
  subjectUserId: id.optional().describe('Whom it concerned'),
  from: isoInstant.optional().describe('Events at or after this instant'),
  to: isoInstant.optional().describe('Events before this instant (exclusive)'),
  keyword: z.string().trim().min(1).max(AUDIT_LOG_LIMITS.keywordMaxLength).optional().describe('Text inside the event data (case-insensitive)'),
});
export type AuditFilterQuery = z.input<typeof AuditFilterQuerySchema>;

export const TimeZoneQuerySchema = z.object({
  timeZone: z.string().max(64).regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/, 'an IANA time zone such as Asia/Seoul').optional().describe(`IANA time zone for days and times (default ${DEFAULT_AUDIT_TIME_ZONE})`),
});

export const AUDIT_SORT_FIELDS = ['createdAt'] as const;
export const ListAuditEventsQuerySchema = pageQuery(AUDIT_LOG_LIMITS.defaultPageSize, AUDIT_LOG_LIMITS.maxPageSize).extend(AuditFilterQuerySchema.shape);
export type ListAuditEventsQuery = z.input<typeof ListAuditEventsQuerySchema>;
export const ExportAuditEventsQuerySchema = AuditFilterQuerySchema.extend(TimeZoneQuerySchema.shape);
export const AuditDailyCountsQuerySchema = AuditFilterQuerySchema.extend(TimeZoneQuerySchema.shape);

export const AuditUserRefSchema = z.object({
  userId: z.number().int(),
  displayName: z.string().nullable().describe('Name in this workspace, else the account name; null when the account is gone'),
  loginId: z.string().nullable(),
});
export type AuditUserRef = z.infer<typeof AuditUserRefSchema>;

export const AuditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEventItemSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  createdAt: z.string(),
  actor: AuditUserRefSchema.nullable(),
  subject: AuditUserRefSchema.nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  isAccountEvent: z.boolean().describe('An account security event without a workspace (sign-in, one-time code, password)'),
  data: z.record(z.string(), z.unknown()),
  changes: z.array(AuditChangeSchema).describe('The fields that differ between data.before and data.after (empty when the event has none)'),
});
export type AuditEventItem = z.infer<typeof AuditEventItemSchema>;

export const AuditDailyCountsSchema = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string().describe('YYYY-MM-DD in the time zone'), count: z.number().int() })).describe('Every day of the range, oldest first'),
});
export type AuditDailyCounts = z.infer<typeof AuditDailyCountsSchema>;

const tags = ['workspace: audit log'];
const access = 'Needs workspace.audit.read.';

export const listAuditEvents = defineRoute({
  method: 'GET', path: '/api/workspace/audit-events/v1', access: 'admin', tags,
  summary: `Audit events of the workspace and the account security events of its members, newest first (sort=createdAt,asc|desc). ${access}`,
  schemas: { query: ListAuditEventsQuerySchema, data: pageOf(AuditEventItemSchema) },
});
export const countAuditEventsPerDay = defineRoute({
  method: 'GET', path: '/api/workspace/audit-events/daily-counts/v1', access: 'admin', tags,
  summary: `Events per day with the same filters (default range: the last ${AUDIT_LOG_LIMITS.chartDefaultDays} days, at most ${AUDIT_LOG_LIMITS.chartMaxDays}). ${access}`,
  schemas: { query: AuditDailyCountsQuerySchema, data: AuditDailyCountsSchema },
});
export const exportAuditEvents = defineRoute({
  method: 'GET', path: '/api/workspace/audit-events/export/v1', access: 'admin', raw: true, tags,
  summary:
    `An Excel workbook (.xlsx) of the events matching the filters, newest first, headers in the X-Locale language; at most ${AUDIT_LOG_LIMITS.exportMaxRows} rows ` +
    `(then the last row and the X-Export-Truncated: true header say so). The export itself is recorded as an audit event. ${access}`,
  schemas: { query: ExportAuditEventsQuerySchema },
});

/** The audit log routes, in registration order. */
export const adminAuditRoutes: RouteDescriptor[] = [listAuditEvents, countAuditEventsPerDay, exportAuditEvents];
