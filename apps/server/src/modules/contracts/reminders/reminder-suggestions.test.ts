import { describe, expect, it } from 'vitest';
import { suggestReminders } from './reminder-suggestions';

describe('suggested reminder titles', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('name the end date without claiming it is today, and write dates as the interface does', () => {
    const en = suggestReminders({ endDate: '2026-12-31', noticeDays: 30, now, locale: 'en' });
    const end = en.find((s) => s.kind === 'END_DATE')!;
    expect(end.title).toBe('Contract end date');
    expect(end.title).not.toMatch(/today/i);
    expect(en.find((s) => s.kind === 'NOTICE')!.title).toBe('Notice deadline in 7 days (Dec 1, 2026)');

    const ko = suggestReminders({ endDate: '2026-12-31', noticeDays: 30, now, locale: 'ko' });
    expect(ko.find((s) => s.kind === 'END_DATE')!.title).toBe('계약 종료일');
    expect(ko.find((s) => s.kind === 'NOTICE')!.title).toBe('해지 통지 기한 7일 전 (기한 2026. 12. 1.)');
  });
});
