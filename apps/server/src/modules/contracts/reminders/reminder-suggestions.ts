import { type Locale, REMINDER_LIMITS, REMINDER_SUGGESTION_HOUR, type ReminderKind } from '@legal/api';

/**
 * Reminders offered from a contract's end date, as pure rules: renewal reviews 90 and 30 days
 * before the end, a warning a week before the notice deadline (end date minus the notice period)
 * and the end itself, each at 09:00 Korea time; only those still ahead.
 */

export interface SuggestedReminder {
  kind: ReminderKind;
  title: string;
  remindAt: Date;
}

/** `2026-03-31` shifted by whole days, as a calendar date. */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const at9 = (date: string) => new Date(`${date}T${REMINDER_SUGGESTION_HOUR}`);

/** A calendar date as the web app writes it (medium date style of the language), e.g. "2026. 3. 24." / "Mar 24, 2026". */
export function calendarDate(date: string, locale: Locale): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

// Titles name what the reminder is about, not when it is read: it is listed (with its date)
// long before it is sent, so no "today" in them.
const TITLES: Record<Locale, { renewal: (days: number) => string; notice: (deadline: string) => string; end: () => string }> = {
  ko: {
    renewal: (days) => `갱신 검토: 계약 종료 ${days}일 전`,
    notice: (deadline) => `해지 통지 기한 ${REMINDER_LIMITS.noticeLeadDays}일 전 (기한 ${calendarDate(deadline, 'ko')})`,
    end: () => '계약 종료일',
  },
  en: {
    renewal: (days) => `Renewal review: ${days} days before the end`,
    notice: (deadline) => `Notice deadline in ${REMINDER_LIMITS.noticeLeadDays} days (${calendarDate(deadline, 'en')})`,
    end: () => 'Contract end date',
  },
};

export function suggestReminders(input: { endDate: string | null; noticeDays: number; now: Date; locale: Locale }): SuggestedReminder[] {
  const { endDate, noticeDays, now } = input;
  if (!endDate) return [];
  const text = TITLES[input.locale];
  const deadline = shiftDate(endDate, -noticeDays);
  const all: SuggestedReminder[] = [
    ...REMINDER_LIMITS.renewalLeadDays.map((days) => ({ kind: 'RENEWAL' as const, title: text.renewal(days), remindAt: at9(shiftDate(endDate, -days)) })),
    { kind: 'NOTICE', title: text.notice(deadline), remindAt: at9(shiftDate(deadline, -REMINDER_LIMITS.noticeLeadDays)) },
    { kind: 'END_DATE', title: text.end(), remindAt: at9(endDate) },
  ];
  return all.filter((s) => s.remindAt > now).sort((a, b) => a.remindAt.getTime() - b.remindAt.getTime());
}
