import type { Writable } from 'node:stream';
import {
  CONTRACT_LANGUAGE_CATALOGUE, CONTRACT_TYPE_CATALOGUE, type Locale, type WorkflowMeta, type WorkflowProcessSummary,
} from '@legal/api';
import ExcelJS from 'exceljs';
import { localDateTime } from '../../platform/time';
import { HOME_TIME_ZONE, neutralizeFormula } from '../contracts';
import { processStatusName, stepName } from './workflow.presets';

/**
 * The requests listings as an .xlsx workbook (my requests, my groups' requests), streamed with
 * ExcelJS's WorkbookWriter: rows are committed as they are written, so memory stays flat.
 */

type L = Record<Locale, string>;

type Cell = string | number | Date | null;
const CELL_MAX = 32_767;
const text = (value: string | null | undefined): Cell => (value ? neutralizeFormula(value).slice(0, CELL_MAX) : null);
const dateCell = (date: string | null): Cell => (date ? new Date(`${date}T00:00:00Z`) : null);
const instant = (iso: string) => localDateTime(new Date(iso), HOME_TIME_ZONE);

/** What a cell is written with: the language, and the workspace's name of a preset code. */
interface CellContext {
  locale: Locale;
  presetName: (presetType: string) => string;
}

interface Column {
  header: L;
  width: number;
  cell: (r: WorkflowProcessSummary, c: CellContext) => Cell;
  isDate?: boolean;
}

export const REQUEST_COLUMNS: Column[] = [
  { header: { ko: '워크플로 번호', en: 'Workflow no.' }, width: 12, cell: (r) => r.workflowId },
  { header: { ko: '계약 번호', en: 'Contract no.' }, width: 12, cell: (r) => r.contractId },
  { header: { ko: '계약명', en: 'Contract title' }, width: 40, cell: (r) => text(r.contractTitle) },
  { header: { ko: '계약 유형', en: 'Contract type' }, width: 18, cell: (r, { locale }) => CONTRACT_TYPE_CATALOGUE.find((c) => c.code === r.contractType)?.name[locale] ?? r.contractType },
  { header: { ko: '언어', en: 'Language' }, width: 10, cell: (r, { locale }) => CONTRACT_LANGUAGE_CATALOGUE.find((c) => c.code === r.language)?.name[locale] ?? r.language },
  { header: { ko: '워크플로', en: 'Workflow' }, width: 20, cell: (r, c) => text(c.presetName(r.presetType)) },
  { header: { ko: '진행 상태', en: 'Progress status' }, width: 16, cell: (r, { locale }) => processStatusName(r.processStatus, locale) },
  { header: { ko: '현재 단계', en: 'Current step' }, width: 14, cell: (r, { locale }) => (r.currentStepCode ? stepName(r.currentStepCode, locale) : null) },
  { header: { ko: '차수', en: 'Round' }, width: 8, cell: (r) => r.round },
  { header: { ko: '요청자', en: 'Requester' }, width: 14, cell: (r) => text(r.requester.displayName) },
  { header: { ko: '계약 담당자', en: 'Owner' }, width: 14, cell: (r) => text(r.owner?.displayName) },
  { header: { ko: '검토자', en: 'Reviewers' }, width: 20, cell: (r) => text(r.assignees.map((a) => a.displayName ?? `#${a.userId}`).join(', ')) },
  { header: { ko: '희망 검토 기한', en: 'Desired review deadline' }, width: 14, cell: (r) => dateCell(r.desiredReviewDeadline), isDate: true },
  { header: { ko: '요청일시', en: 'Requested at' }, width: 20, cell: (r) => instant(r.createdAt) },
  { header: { ko: '수정일시', en: 'Updated at' }, width: 20, cell: (r) => instant(r.updatedAt) },
];

const TEXT = {
  ko: {
    sheet: { mine: '내 요청', groups: '그룹 요청' },
    truncated: (max: number) => `처음 ${max.toLocaleString('ko-KR')}건까지만 내보냈습니다. 조건을 좁혀 다시 내보내 주세요.`,
    fileName: { mine: (day: string) => `내요청목록_${day}.xlsx`, groups: (day: string) => `그룹요청목록_${day}.xlsx` },
  },
  en: {
    sheet: { mine: 'My requests', groups: 'Group requests' },
    truncated: (max: number) => `Only the first ${max.toLocaleString('en-US')} requests were exported. Narrow the filters and export again.`,
    fileName: { mine: (day: string) => `my-requests_${day}.xlsx`, groups: (day: string) => `group-requests_${day}.xlsx` },
  },
} as const;

export type RequestsWhich = 'mine' | 'groups';
export const requestsFileName = (locale: Locale, which: RequestsWhich, day: string) => TEXT[locale].fileName[which](day.replaceAll('-', ''));

export interface RequestsWorkbookInput {
  locale: Locale;
  /** The workspace's preset names, as its meta call serves them (withdrawn presets included). */
  presetNames: WorkflowMeta['presetTypes'];
  which: RequestsWhich;
  batches: AsyncIterable<WorkflowProcessSummary[]>;
  isTruncated: boolean;
  maxRows: number;
  shouldStop: () => boolean;
}

/** Writes the workbook to `stream`; resolves with the number of request rows written. */
export async function writeRequestsWorkbook(stream: Writable, input: RequestsWorkbookInput): Promise<number> {
  const t = TEXT[input.locale];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t.sheet[input.which], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = REQUEST_COLUMNS.map((c) => ({ width: c.width, ...(c.isDate ? { style: { numFmt: 'yyyy-mm-dd' } } : {}) }));
  const header = sheet.addRow(REQUEST_COLUMNS.map((c) => c.header[input.locale]));
  header.font = { bold: true };
  header.commit();
  const names = new Map(input.presetNames.map((p) => [p.code, p.name[input.locale]]));
  const context: CellContext = { locale: input.locale, presetName: (code) => names.get(code) ?? code };
  let written = 0;
  for await (const batch of input.batches) {
    if (input.shouldStop()) break;
    for (const r of batch) {
      sheet.addRow(REQUEST_COLUMNS.map((c) => c.cell(r, context))).commit();
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
