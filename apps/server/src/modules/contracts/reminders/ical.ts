import { shiftDate } from './reminder-suggestions';

/**
 * A small RFC 5545 writer for the calendar feed: TEXT values escaped (backslash, semicolon,
 * comma, newline; other control characters dropped), lines ended by CRLF and folded at 75
 * octets without splitting a UTF-8 character, instants in UTC, all-day events as DATE values.
 */

export interface CalendarEvent {
  uid: string;
  /** When this version of the event was written (DTSTAMP). */
  stamp: Date;
  summary: string;
  description?: string | null;
  url?: string;
  /** A timed event (minutes long), or an all-day event on a calendar date (YYYY-MM-DD). */
  start: { at: Date; minutes: number } | { date: string };
  categories?: string[];
}

export interface Calendar {
  productId: string;
  name: string;
  events: CalendarEvent[];
}

const MAX_OCTETS = 75;

/** A TEXT value (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** One content line folded to at most 75 octets per physical line (continuations start with a space). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `20261121T000000Z`. */
export function utcStamp(at: Date): string {
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

const dateValue = (date: string) => date.replaceAll('-', '');

function eventLines(e: CalendarEvent): string[] {
  const when =
    'at' in e.start
      ? [`DTSTART:${utcStamp(e.start.at)}`, `DTEND:${utcStamp(new Date(e.start.at.getTime() + e.start.minutes * 60_000))}`]
      : [`DTSTART;VALUE=DATE:${dateValue(e.start.date)}`, `DTEND;VALUE=DATE:${dateValue(shiftDate(e.start.date, 1))}`, 'TRANSP:TRANSPARENT'];
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(e.stamp)}`,
    ...when,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.categories?.length ? [`CATEGORIES:${e.categories.map(escapeText).join(',')}`] : []),
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR object, CRLF-terminated. */
export function formatCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
