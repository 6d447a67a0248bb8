import { listMyNotices, listMyReminders, listRecentlyViewedContracts, pageSearchContractsV3 } from '@legal/api';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useContractsKey } from '../../contracts/contract-queries';
import { useNoticesKey } from '../../admin/notices/notice-queries';

/** Rows each home card shows; its "see all" link leads to the rest. */
export const HOME_CARD_SIZE = 5;
/** How far ahead the home looks for contracts that end (and so may need renewing). */
export const EXPIRING_WITHIN_DAYS = 90;
/** Contracts in force: the ones whose end needs a decision. */
const IN_FORCE = ['SIGNED', 'ACTIVE'] as const;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of `date` in the browser's time zone, as an ISO date. */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whole days from one ISO date to another (both calendar days, so no time zone shift). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Signed or active contracts the caller may read whose end date falls within the next 90 days, soonest first. */
export function useExpiringContracts(today: string, isEnabled: boolean) {
  const base = useContractsKey();
  return useQuery({
    queryKey: [...base, 'list', 'home', 'expiring', today],
    queryFn: ({ signal }) =>
      api.call(pageSearchContractsV3, {
        signal,
        query: { page: 0, size: HOME_CARD_SIZE, sort: 'endDate,asc' },
        body: { statuses: [...IN_FORCE], endDate: { start: today, end: addDays(today, EXPIRING_WITHIN_DAYS) } },
      }),
    enabled: isEnabled,
  });
}

/** The caller's scheduled reminders (as a recipient), soonest first. */
export function useUpcomingReminders(isEnabled: boolean) {
  const base = useContractsKey();
  return useQuery({
    queryKey: [...base, 'home', 'reminders'],
    queryFn: ({ signal }) => api.call(listMyReminders, { signal, query: { view: 'UPCOMING', page: 0, size: HOME_CARD_SIZE } }),
    enabled: isEnabled,
  });
}

/** The contracts the caller opened lately, last opened first. */
export function useRecentlyViewedContracts(isEnabled: boolean) {
  const base = useContractsKey();
  return useQuery({
    queryKey: [...base, 'home', 'recentlyViewed'],
    queryFn: ({ signal }) => api.call(listRecentlyViewedContracts, { signal, query: { page: 0, size: HOME_CARD_SIZE } }),
    enabled: isEnabled,
  });
}

/** The member's unread notices, pinned first (the notices' own order). */
export function useUnreadNotices() {
  const base = useNoticesKey();
  return useQuery({
    queryKey: [...base, 'mine', 'home', 'unread'],
    queryFn: ({ signal }) => api.call(listMyNotices, { signal, query: { page: 0, size: HOME_CARD_SIZE, isRead: 'false' } }),
  });
}
