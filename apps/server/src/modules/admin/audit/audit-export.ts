import type { Writable } from 'node:stream';
import type { AuditChange, Locale } from '@legal/api';
import ExcelJS from 'exceljs';
import { localDateTime } from '../../../platform/time';

/** One event as the workbook shows it. */
export interface ExportRow {
  createdAt: Date;
  type: string;
  actorName: string | null;
  actorLoginId: string | null;
  subjectName: string | null;
  subjectLoginId: string | null;
  ip: string | null;
  userAgent: string | null;
  changes: AuditChange[];
  data: Record<string, unknown>;
}


const TEXT = {
  ko: {
    sheet: '감사 로그',
    time: (zone: string) => `일시 (${zone})`,
    headers: ['유형', '행위자', '행위자 ID', '대상자', '대상자 ID', 'IP', '사용자 에이전트', '변경 내용', '데이터'],
    empty: '(없음)',
    truncated: (max: number) => `처음 ${max.toLocaleString('ko-KR')}건까지만 내보냈습니다. 기간이나 조건을 좁혀 다시 내보내 주세요.`,
    fileName: (day: string) => `감사로그_${day}.xlsx`,
  },
  en: {
    sheet: 'Audit log',
    time: (zone: string) => `Time (${zone})`,
    headers: ['Type', 'Actor', 'Actor ID', 'Subject', 'Subject ID', 'IP', 'User agent', 'Changes', 'Data'],
    empty: '(none)',
    truncated: (max: number) => `Only the first ${max.toLocaleString('en-US')} events were exported. Narrow the period or the filters and export again.`,
    fileName: (day: string) => `audit-log_${day}.xlsx`,
  },
} as const satisfies Record<Locale, unknown>;

export const exportFileName = (locale: Locale, day: string) => TEXT[locale].fileName(day.replaceAll('-', ''));

/** Excel refuses cells longer than this. */
const CELL_MAX = 32_767;
const clip = (text: string) => (text.length > CELL_MAX ? `${text.slice(0, CELL_MAX - 1)}…` : text);

function showValue(value: unknown, empty: string): string {
  if (value === null || value === undefined) return empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `field: before → after`, one change a line. */
export function changesText(changes: AuditChange[], locale: Locale): string {
  const empty = TEXT[locale].empty;
  return changes.map((c) => `${c.field}: ${showValue(c.before, empty)} → ${showValue(c.after, empty)}`).join('\n');
}

export interface WorkbookInput {
  locale: Locale;
  timeZone: string;
  /** Batches of rows, newest first; the writer stops asking when `shouldStop` says so (client gone). */
  batches: AsyncIterable<ExportRow[]>;
  isTruncated: boolean;
  maxRows: number;
  shouldStop: () => boolean;
}

/**
 * Streams the workbook to `stream` row by row (ExcelJS's streaming writer: rows are committed
 * and leave memory as they are written). Values are written as strings, never as formulas.
 */
export async function writeAuditWorkbook(stream: Writable, input: WorkbookInput): Promise<number> {
  const text = TEXT[input.locale];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(text.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [20, 24, 16, 28, 16, 28, 16, 40, 48, 60].map((width) => ({ width }));
  const header = sheet.addRow([text.time(input.timeZone), ...text.headers]);
  header.font = { bold: true };
  header.commit();
  let written = 0;
  for await (const batch of input.batches) {
    if (input.shouldStop()) break;
    for (const row of batch) {
      sheet
        .addRow([
          localDateTime(row.createdAt, input.timeZone), row.type, row.actorName ?? '', row.actorLoginId ?? '', row.subjectName ?? '', row.subjectLoginId ?? '',
          row.ip ?? '', clip(row.userAgent ?? ''), clip(changesText(row.changes, input.locale)), clip(JSON.stringify(row.data)),
        ])
        .commit();
      written += 1;
    }
  }
  if (input.isTruncated) {
    const note = sheet.addRow([text.truncated(input.maxRows)]);
    note.font = { italic: true };
    note.commit();
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
