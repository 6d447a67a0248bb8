import { AUDIT_LOG_LIMITS, countAuditEventsPerDay, exportAuditEvents, listAuditEvents, workspaceKey } from '@legal/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type SessionState, useSession } from '../../../lib/session';
import { auditQueryOf, browserTimeZone, type AuditFilters } from './audit-search-params';

export const AUDIT_PAGE_SIZE = AUDIT_LOG_LIMITS.defaultPageSize;
/** An export of up to 100,000 rows takes a while: wait longer than the default 10 s. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

export function useAuditKey(): readonly ['auditLog', string] {
  return ['auditLog', useSession(selectWorkspaceKey)] as const;
}

export function useAuditEvents(filters: AuditFilters) {
  const base = useAuditKey();
  return useQuery({
    queryKey: [...base, 'list', filters],
    queryFn: ({ signal }) => api.call(listAuditEvents, { signal, query: { ...auditQueryOf(filters), page: filters.page - 1, size: AUDIT_PAGE_SIZE, sort: filters.sort } }),
    placeholderData: keepPreviousData,
  });
}

/** Events per day for the chart: the same filters, without the page. */
export function useAuditDailyCounts(filters: AuditFilters) {
  const base = useAuditKey();
  const { page: _page, sort: _sort, ...rest } = filters;
  return useQuery({
    queryKey: [...base, 'daily', rest],
    queryFn: ({ signal }) => api.call(countAuditEventsPerDay, { signal, query: { ...auditQueryOf(filters), timeZone: browserTimeZone() } }),
    placeholderData: keepPreviousData,
  });
}

/** The workbook of the filters (the server streams it; the client waits for the whole file). */
export async function fetchAuditWorkbook(filters: AuditFilters, signal: AbortSignal): Promise<Blob> {
  const blob = await api.call(exportAuditEvents, { query: { ...auditQueryOf(filters), timeZone: browserTimeZone() }, signal, timeoutMs: EXPORT_TIMEOUT_MS });
  return blob as Blob;
}
