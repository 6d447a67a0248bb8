import { AUDIT_LOG_LIMITS, type AuditChange } from '@legal/api';
import { validationError } from '../../../platform/http/errors';
import { localDate } from '../../../platform/time';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields that differ between `data.before` and `data.after` of an event (user.updated,
 * user.roles_changed and every other event that records both), in the order they first appear.
 */
export function changesOf(data: Record<string, unknown>): AuditChange[] {
  const { before, after } = data;
  if (!isRecord(before) || !isRecord(after)) return [];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

/** An IANA zone both Node and PostgreSQL know (checked here so the database never sees an unknown one). */
export function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    throw validationError([{ field: 'query.timeZone', reason: 'unknown time zone' }]);
  }
}

const DAY_MS = 24 * 3600 * 1000;

/** The instants of a filter: `from` must come before `to` (400 on `query.to`). */
export function checkRange(from: Date | undefined, to: Date | undefined): void {
  if (from && to && from >= to) throw validationError([{ field: 'query.to', reason: 'must be after from' }]);
}

/**
 * The days of the chart: the filter's range, else the last 30 days up to now; every calendar
 * day of the time zone from the first instant's day to the last one's, at most 366.
 */
export function chartDays(range: { from?: Date; to?: Date }, timeZone: string, now: Date): { from: Date; to: Date; days: string[] } {
  checkRange(range.from, range.to);
  const to = range.to ?? now;
  const from = range.from ?? new Date(to.getTime() - AUDIT_LOG_LIMITS.chartDefaultDays * DAY_MS);
  const first = localDate(from, timeZone);
  const last = localDate(new Date(to.getTime() - 1), timeZone);
  const days: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) {
    days.push(day);
    if (days.length > AUDIT_LOG_LIMITS.chartMaxDays) throw validationError([{ field: 'query.from', reason: `at most ${AUDIT_LOG_LIMITS.chartMaxDays} days` }]);
  }
  return { from, to, days };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() + DAY_MS).toISOString().slice(0, 10);
}
