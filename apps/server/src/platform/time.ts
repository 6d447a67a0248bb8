/** Calendar dates and times of an instant in a time zone (exports, stats, calendars). */

function parts(instant: Date, timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value])) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone (the export's time column). */
export function localDateTime(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
