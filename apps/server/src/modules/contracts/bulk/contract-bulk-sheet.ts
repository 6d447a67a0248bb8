import type { Readable } from 'node:stream';
import {
  BULK_COLUMN_LABELS, BULK_COLUMNS, BULK_LIMITS, type BulkColumn, type BulkRowStatus, type BulkRowValues, CONTRACT_TYPE_CATALOGUE, type Locale,
} from '@legal/api';
import ExcelJS from 'exceljs';
import { verifyZip } from '../../files';
import { neutralizeFormula } from '../exports/contract-excel';

/**
 * The bulk registration workbook: the template, reading a filled one and the result sheet. The
 * sheet is small (at most BULK_LIMITS.maxRows rows), so whole workbooks are held in memory.
 */

const WIDTHS: Partial<Record<BulkColumn, number>> = { title: 36, counterparties: 28, memo: 36, fileNames: 32, ownerEmail: 26 };
const CURRENCIES = ['KRW', 'USD', 'EUR', 'JPY', 'CNY'];

const EXAMPLE: Record<Locale, BulkRowValues> = {
  ko: {
    title: '물품 공급 계약', contractType: '물품공급계약', counterparties: '주식회사 한빛, 새솔 상사', signedDate: '2026-01-05', startDate: '2026-01-10',
    endDate: '2026-12-31', amount: '15000000', currency: 'KRW', ownerEmail: 'owner@example.com', groupName: '법무팀', hashtags: '갱신 공급',
    memo: '예시 행입니다. 지우고 작성해 주세요.', fileNames: '공급계약서.pdf',
  },
  en: {
    title: 'Supply agreement', contractType: 'SUPPLY', counterparties: 'Hanbit Co., Saesol Trading', signedDate: '2026-01-05', startDate: '2026-01-10',
    endDate: '2026-12-31', amount: '15000000', currency: 'KRW', ownerEmail: 'owner@example.com', groupName: 'Legal', hashtags: 'renewal supply',
    memo: 'An example row: delete it and fill in yours.', fileNames: 'supply-agreement.pdf',
  },
};

const SHEET_NAME: Record<Locale, string> = { ko: '계약 일괄 등록', en: 'Bulk registration' };
const STATUS_LABEL: Record<Locale, Record<BulkRowStatus, string>> = {
  ko: { PENDING: '등록 대기', INVALID: '오류', REGISTERED: '등록됨', FAILED: '등록 실패' },
  en: { PENDING: 'Pending', INVALID: 'Invalid', REGISTERED: 'Registered', FAILED: 'Failed' },
};
const RESULT_HEADERS: Record<Locale, [string, string, string, string]> = {
  ko: ['행 번호', '상태', '계약 ID', '오류'],
  en: ['Row', 'Status', 'Contract ID', 'Errors'],
};

export const BULK_TEMPLATE_FILE_NAME: Record<Locale, string> = { ko: '계약_일괄등록_양식.xlsx', en: 'contract_bulk_template.xlsx' };
export const bulkResultFileName = (locale: Locale, requestId: number) => (locale === 'ko' ? `계약_일괄등록_결과_${requestId}.xlsx` : `contract_bulk_result_${requestId}.xlsx`);

const headerOf = (locale: Locale) => BULK_COLUMNS.map((c) => BULK_COLUMN_LABELS[c][locale]);
const columnLetter = (index: number) => String.fromCharCode(65 + index);

/** The template: header, one example row, and drop-down lists for contract type and currency. */
export async function bulkTemplate(locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME[locale], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = BULK_COLUMNS.map((c) => ({ width: WIDTHS[c] ?? 16, style: { numFmt: '@' } }));
  sheet.addRow(headerOf(locale)).font = { bold: true };
  sheet.addRow(BULK_COLUMNS.map((c) => EXAMPLE[locale][c] ?? null));
  // The lists live on a second sheet: data validation formulas are limited to 255 characters inline.
  const lists = workbook.addWorksheet('lists', { state: 'hidden' });
  CONTRACT_TYPE_CATALOGUE.forEach((type, i) => (lists.getCell(i + 1, 1).value = type.name[locale]));
  CURRENCIES.forEach((code, i) => (lists.getCell(i + 1, 2).value = code));
  const typeColumn = columnLetter(BULK_COLUMNS.indexOf('contractType'));
  const currencyColumn = columnLetter(BULK_COLUMNS.indexOf('currency'));
  for (let row = 2; row <= BULK_LIMITS.maxRows + 1; row++) {
    sheet.getCell(`${typeColumn}${row}`).dataValidation = { type: 'list', allowBlank: true, showErrorMessage: false, formulae: [`lists!$A$1:$A$${CONTRACT_TYPE_CATALOGUE.length}`] };
    sheet.getCell(`${currencyColumn}${row}`).dataValidation = { type: 'list', allowBlank: true, showErrorMessage: false, formulae: [`lists!$B$1:$B$${CURRENCIES.length}`] };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export class SheetError extends Error {}

/** A cell as text: formulas by their cached result, dates as yyyy-mm-dd, rich text joined. */
function cellText(value: ExcelJS.CellValue): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim() || null;
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('richText' in value) return cellText(value.richText.map((r) => r.text).join(''));
  if ('text' in value) return cellText(value.text as string);
  if ('error' in value) return null;
  return null;
}

/** Which column a header names (Korean or English label, or the code itself). */
function columnOfHeader(header: string | null): BulkColumn | null {
  if (!header) return null;
  const h = header.trim().toLowerCase();
  return BULK_COLUMNS.find((c) => c.toLowerCase() === h || BULK_COLUMN_LABELS[c].ko === header.trim() || BULK_COLUMN_LABELS[c].en.toLowerCase() === h) ?? null;
}

export interface ParsedRow {
  rowNumber: number;
  values: BulkRowValues;
}

/**
 * Reads the first sheet: row 1 is the header (matched by label, in any order), then every
 * non-empty row. SheetError when it is not a workbook, lacks the title column or has too many rows.
 */
export async function parseBulkSheet(stream: Readable): Promise<ParsedRow[]> {
  const workbook = new ExcelJS.Workbook();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const bytes = Buffer.concat(chunks);
  // ExcelJS inflates with its own unzip: only after every entry really inflated under our caps.
  if (!(await verifyZip(bytes, { checkXml: true })).ok) throw new SheetError('not a safe .xlsx workbook');
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new SheetError('not an .xlsx workbook');
  }
  const sheet = workbook.worksheets.find((s) => s.state !== 'hidden');
  if (!sheet) throw new SheetError('the workbook has no sheet');
  const columns = new Map<number, BulkColumn>();
  sheet.getRow(1).eachCell((c, col) => {
    const column = columnOfHeader(cellText(c.value));
    if (column) columns.set(col, column);
  });
  if (![...columns.values()].includes('title')) throw new SheetError('the first row must be the template header');
  const rows: ParsedRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const values: BulkRowValues = {};
    const row = sheet.getRow(r);
    for (const [col, column] of columns) {
      const text = cellText(row.getCell(col).value);
      values[column] = text === null ? null : text.slice(0, BULK_LIMITS.cellMaxLength);
    }
    if (Object.values(values).every((v) => v === null || v === undefined)) continue;
    if (rows.length >= BULK_LIMITS.maxRows) throw new SheetError(`at most ${BULK_LIMITS.maxRows} rows`);
    rows.push({ rowNumber: r, values });
  }
  if (rows.length === 0) throw new SheetError('no rows to register');
  return rows;
}

export interface ResultRow {
  rowNumber: number;
  status: BulkRowStatus;
  values: BulkRowValues;
  contractId: number | null;
  messages: string[];
}

/** The rows as sent, then their row number, status, contract id and errors (formula-safe text). */
export async function bulkResultWorkbook(locale: Locale, rows: readonly ResultRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME[locale], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [...BULK_COLUMNS.map((c) => ({ width: WIDTHS[c] ?? 16 })), { width: 8 }, { width: 12 }, { width: 12 }, { width: 60 }];
  sheet.addRow([...headerOf(locale), ...RESULT_HEADERS[locale]]).font = { bold: true };
  const safe = (v: string | null | undefined) => (v ? neutralizeFormula(v) : null);
  for (const r of rows) {
    sheet.addRow([...BULK_COLUMNS.map((c) => safe(r.values[c])), r.rowNumber, STATUS_LABEL[locale][r.status], r.contractId, safe(r.messages.join('\n'))]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
