import type { PreparedWorkbook } from '../../../platform/export/xlsx';
import { AUDIT_LOG_LIMITS, AUDIT_SORT_FIELDS, type AuditDailyCounts, type AuditEventItem, DEFAULT_AUDIT_TIME_ZONE, type Page } from '@legal/api';
import { fetchPage } from '../../../platform/db/paging';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, tenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { userPrincipal } from '../../auth';
import { parseSort } from '../../../platform/db/sorting';
import { type ExportRow, exportFileName, writeAuditWorkbook } from './audit-export';
import { localDate } from '../../../platform/time';
import { changesOf, chartDays, checkRange, checkTimeZone } from './audit.policy';
import * as repo from './audit.repo';

type Services = Pick<AppServices, 'db'>;

export const AUDIT_READ = 'workspace.audit.read';

/** The filters of the list, the chart and the export, as the routes read them from the query. */
export type AuditFilterInput = repo.AuditFilter;

function itemOf(row: repo.AuditRow): AuditEventItem {
  const { event } = row;
  const person = (userId: number | null, displayName: string | null, loginId: string | null) => (userId === null ? null : { userId, displayName, loginId });
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    actor: person(event.actorUserId, row.actorName, row.actorLoginId),
    subject: person(event.subjectUserId, row.subjectName, row.subjectLoginId),
    ip: event.ip,
    userAgent: event.userAgent,
    isAccountEvent: event.workspaceId === null,
    data: event.data,
    changes: changesOf(event.data),
  };
}

export async function listAuditEvents(services: Services, ctx: RequestContext, input: AuditFilterInput & { page: number; size: number; sort?: string | string[] }): Promise<Page<AuditEventItem>> {
  requirePermission(ctx, AUDIT_READ);
  checkRange(input.from, input.to);
  const scope = tenantScope(ctx);
  const [order] = parseSort(input.sort, AUDIT_SORT_FIELDS, { fallback: { field: 'createdAt', direction: 'desc' } });
  return fetchPage(
    input,
    async (limit, offset) => (await repo.searchEvents(services.db, scope, input, order?.direction ?? 'desc', limit, offset)).map(itemOf),
    () => repo.countEvents(services.db, scope, input),
  );
}

export async function countAuditEventsPerDay(services: Services, ctx: RequestContext, input: AuditFilterInput & { timeZone?: string }): Promise<AuditDailyCounts> {
  requirePermission(ctx, AUDIT_READ);
  const timeZone = checkTimeZone(input.timeZone ?? DEFAULT_AUDIT_TIME_ZONE);
  const range = chartDays(input, timeZone, new Date());
  const counts = await repo.countPerDay(services.db, tenantScope(ctx), { ...input, from: range.from, to: range.to }, timeZone);
  return { timeZone, days: range.days.map((date) => ({ date, count: counts.get(date) ?? 0 })) };
}

const EXPORT_BATCH = 1000;

/**
 * Checks the caller and the filters and records the export (before any byte is sent, so a
 * refusal is still a JSON error), then hands the streaming writer to the route.
 */
export async function prepareAuditExport(services: Services, ctx: RequestContext, input: AuditFilterInput & { timeZone?: string }): Promise<PreparedWorkbook> {
  requirePermission(ctx, AUDIT_READ);
  checkRange(input.from, input.to);
  const timeZone = checkTimeZone(input.timeZone ?? DEFAULT_AUDIT_TIME_ZONE);
  const scope = tenantScope(ctx);
  const { db } = services;
  const maxRows = AUDIT_LOG_LIMITS.exportMaxRows;
  const { timeZone: _zone, ...filters } = input;
  await db.transaction((tx) =>
    recordAudit(tx, { type: 'audit_log.exported', data: { filters: { ...filters, timeZone }, maxRows } }, { ...auditMetaOf(ctx, userPrincipal(ctx).userId), ...scope }),
  );
  const total = await repo.countEvents(db, scope, input);

  async function* batches(): AsyncGenerator<ExportRow[]> {
    let cursor: repo.ExportCursor | null = null;
    for (let sent = 0; sent < maxRows; ) {
      const rows = await repo.eventsAfter(db, scope, input, cursor, Math.min(EXPORT_BATCH, maxRows - sent));
      if (rows.length === 0) return;
      sent += rows.length;
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.cursor, id: last.event.id };
      yield rows.map((row) => {
        const item = itemOf(row);
        return { ...item, createdAt: row.event.createdAt, actorName: row.actorName, actorLoginId: row.actorLoginId, subjectName: row.subjectName, subjectLoginId: row.subjectLoginId };
      });
    }
  }

  return {
    fileName: exportFileName(ctx.locale, localDate(new Date(), timeZone)),
    isTruncated: total > maxRows,
    write: (stream, shouldStop) => writeAuditWorkbook(stream, { locale: ctx.locale, timeZone, batches: batches(), isTruncated: total > maxRows, maxRows, shouldStop }),
  };
}
