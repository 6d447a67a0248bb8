import type { Writable } from 'node:stream';
import {
  CONTRACT_COLUMN_CATALOGUE, CONTRACT_LANGUAGE_CATALOGUE, CONTRACT_STATUS_CATALOGUE, CONTRACT_TYPE_CATALOGUE, type ContractColumn,
  DISPUTE_RESOLUTION_CATALOGUE, type Locale, type Named, OUR_POSITION_CATALOGUE, SIGNING_TYPE_CATALOGUE,
} from '@legal/api';
import ExcelJS from 'exceljs';
import { localDate, localDateTime } from '../../../platform/time';
import { linesOf, trimDecimal } from '../contract-dto';
import { HOME_TIME_ZONE } from '../search/contract-search.repo';
import type { ContractRow } from '../contracts.repo';
import { presentedStatus } from '../contracts.state';

/**
 * The contract list as an .xlsx workbook, streamed with ExcelJS's WorkbookWriter: each row is
 * committed (and leaves memory) as it is written, so memory stays flat however many rows.
 */

/** A contract row with the names the list shows. */
export interface ExportRow {
  row: ContractRow;
  ownerName: string | null;
  groupName: string | null;
}

type Cell = string | number | Date | null;

/**
 * Text a spreadsheet would run as a formula (= + - @, or a leading tab or carriage return, the
 * OWASP "CSV injection" list) gets a leading apostrophe, so it stays text when typed over.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Excel refuses cells longer than this. */
const CELL_MAX = 32_767;
const text = (value: string | null): Cell => (value === null || value === '' ? null : neutralizeFormula(value).slice(0, CELL_MAX));

const labelOf = <C extends string>(catalogue: ReadonlyArray<Named<C>>, code: C | null, locale: Locale): Cell =>
  code === null ? null : (catalogue.find((entry) => entry.code === code)?.name[locale] ?? code);

/** A calendar date as an Excel date (midnight UTC, shown as yyyy-mm-dd whatever the reader's zone). */
const dateCell = (date: string | null): Cell => (date ? new Date(`${date}T00:00:00Z`) : null);

/** A number when a double holds it exactly, otherwise the decimal string (never a rounded amount). */
function amountCell(amount: string | null): Cell {
  const trimmed = trimDecimal(amount);
  if (trimmed === null) return null;
  return String(Number(trimmed)) === trimmed ? Number(trimmed) : trimmed;
}

const CELLS: Record<ContractColumn, (r: ExportRow, locale: Locale, today: string) => Cell> = {
  id: ({ row }) => row.id,
  title: ({ row }) => text(row.title),
  contractType: ({ row }, l) => labelOf(CONTRACT_TYPE_CATALOGUE, row.contractType, l),
  status: ({ row }, l, today) => labelOf(CONTRACT_STATUS_CATALOGUE, presentedStatus(row, today), l),
  counterparties: ({ row }) => text(linesOf(row.counterpartyNames).join(', ')),
  hashtags: ({ row }) => text(linesOf(row.hashtagNames).map((h) => `#${h}`).join(' ')),
  owner: (r) => text(r.ownerName),
  group: (r) => text(r.groupName),
  signedDate: ({ row }) => dateCell(row.signedDate),
  startDate: ({ row }) => dateCell(row.startDate),
  endDate: ({ row }) => dateCell(row.endDate),
  amount: ({ row }) => amountCell(row.amount),
  currency: ({ row }) => row.currency,
  language: ({ row }, l) => labelOf(CONTRACT_LANGUAGE_CATALOGUE, row.language, l),
  signingType: ({ row }, l) => labelOf(SIGNING_TYPE_CATALOGUE, row.signingType, l),
  governingLaw: ({ row }) => text(row.governingLaw),
  disputeResolutionMethod: ({ row }, l) => labelOf(DISPUTE_RESOLUTION_CATALOGUE, row.disputeResolutionMethod, l),
  ourPosition: ({ row }, l) => labelOf(OUR_POSITION_CATALOGUE, row.ourPosition, l),
  venue: ({ row }) => text(row.venue),
  memo: ({ row }) => text(row.memo),
  desiredReviewDeadline: ({ row }) => dateCell(row.desiredReviewDeadline),
  createdAt: ({ row }) => localDateTime(row.createdAt, HOME_TIME_ZONE),
  updatedAt: ({ row }) => localDateTime(row.updatedAt, HOME_TIME_ZONE),
};

const DATE_COLUMNS = new Set<ContractColumn>(['signedDate', 'startDate', 'endDate', 'desiredReviewDeadline']);
const WIDTHS: Partial<Record<ContractColumn, number>> = { title: 40, counterparties: 32, memo: 48, hashtags: 24, createdAt: 20, updatedAt: 20, governingLaw: 20 };

const TEXT = {
  ko: {
    sheet: '계약 목록',
    truncated: (max: number) => `처음 ${max.toLocaleString('ko-KR')}건까지만 내보냈습니다. 조건을 좁혀 다시 내보내 주세요.`,
    fileName: (day: string) => `계약목록_${day}.xlsx`,
  },
  en: {
    sheet: 'Contracts',
    truncated: (max: number) => `Only the first ${max.toLocaleString('en-US')} contracts were exported. Narrow the filters and export again.`,
    fileName: (day: string) => `contracts_${day}.xlsx`,
  },
} as const satisfies Record<Locale, unknown>;

export const excelFileName = (locale: Locale, day: string) => TEXT[locale].fileName(day.replaceAll('-', ''));

export interface ContractWorkbookInput {
  locale: Locale;
  columns: readonly ContractColumn[];
  batches: AsyncIterable<ExportRow[]>;
  isTruncated: boolean;
  maxRows: number;
  /** The client went away: stop asking for rows. */
  shouldStop: () => boolean;
}

/** Writes the workbook to `stream`; resolves with the number of contract rows written. */
export async function writeContractWorkbook(stream: Writable, input: ContractWorkbookInput): Promise<number> {
  const t = TEXT[input.locale];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = input.columns.map((c) => ({ width: WIDTHS[c] ?? 14, ...(DATE_COLUMNS.has(c) ? { style: { numFmt: 'yyyy-mm-dd' } } : {}) }));
  const header = sheet.addRow(input.columns.map((c) => CONTRACT_COLUMN_CATALOGUE.find((entry) => entry.code === c)!.name[input.locale]));
  header.font = { bold: true };
  header.commit();
  const today = localDate(new Date(), HOME_TIME_ZONE);
  let written = 0;
  for await (const batch of input.batches) {
    if (input.shouldStop()) break;
    for (const r of batch) {
      sheet.addRow(input.columns.map((c) => CELLS[c](r, input.locale, today))).commit();
      written += 1;
    }
  }
  if (input.isTruncated) {
    const note = sheet.addRow([t.truncated(input.maxRows)]);
    note.font = { italic: true };
    note.commit();
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
