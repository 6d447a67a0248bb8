import type { Writable } from 'node:stream';
import type { Locale, MismatchKind, UsageRequest } from '@legal/api';
import ExcelJS from 'exceljs';
import type { PreparedWorkbook } from '../../platform/export/xlsx';
import { localDateTime } from '../../platform/time';
import { HOME_TIME_ZONE, neutralizeFormula } from '../contracts';
import type { Reconciliation } from './seal-reconciliation.service';
import { sealLabel } from './seals.service';

/** The seal service's workbooks (reconciliation; processed requests), ko/en by X-Locale. */

type L = Record<Locale, string>;
type Cell = string | number | null;
const CELL_MAX = 32_767;
const text = (value: string | null | undefined): Cell => (value ? neutralizeFormula(value).slice(0, CELL_MAX) : null);
const instant = (iso: string | null) => (iso ? localDateTime(new Date(iso), HOME_TIME_ZONE) : null);

export const MISMATCH_LABELS: Record<MismatchKind, L> = {
  APPLIED_WITHOUT_APPROVAL: { ko: '승인 없이 날인', en: 'Applied without approval' },
  APPROVED_NOT_USED: { ko: '승인 후 미사용', en: 'Approved, never used' },
  USED_AFTER_DATE: { ko: '예정일 이후 날인', en: 'Used after the date' },
  USED_MORE_THAN_APPROVED: { ko: '승인 횟수 초과', en: 'Used more than approved' },
};

const T = {
  ko: {
    summary: '요약', mismatches: '불일치', processed: '처리한 신청',
    period: '기간', sealedContracts: '인장이 날인된 체결 계약', matched: '승인된 신청과 일치', kind: '유형', count: '건수',
    seal: '인장', applications: '날인 수', mismatchCount: '불일치 수', truncated: (n: number) => `처음 ${n.toLocaleString('ko-KR')}건까지만 내보냈습니다.`,
    reconciliationFile: (from: string, to: string) => `인장대장_대사_${from}_${to}.xlsx`, processedFile: (day: string) => `인장사용_처리목록_${day}.xlsx`,
  },
  en: {
    summary: 'Summary', mismatches: 'Mismatches', processed: 'Processed requests',
    period: 'Period', sealedContracts: 'Executed contracts carrying a seal', matched: 'Matching an approved request', kind: 'Kind', count: 'Count',
    seal: 'Seal', applications: 'Applications', mismatchCount: 'Mismatches', truncated: (n: number) => `Only the first ${n.toLocaleString('en-US')} rows were exported.`,
    reconciliationFile: (from: string, to: string) => `seal-reconciliation_${from}_${to}.xlsx`, processedFile: (day: string) => `seal-requests-processed_${day}.xlsx`,
  },
} as const;

const MISMATCH_COLUMNS: Array<{ header: L; width: number; cell: (m: Reconciliation['mismatches'][number], l: Locale) => Cell }> = [
  { header: { ko: '유형', en: 'Kind' }, width: 20, cell: (m, l) => MISMATCH_LABELS[m.kind][l] },
  { header: { ko: '인장', en: 'Seal' }, width: 18, cell: (m) => text(m.seal.name) },
  { header: { ko: '신청 번호', en: 'Request no.' }, width: 10, cell: (m) => m.requestId },
  { header: { ko: '이력 번호', en: 'History no.' }, width: 10, cell: (m) => m.historyId },
  { header: { ko: '대상', en: 'Reference' }, width: 12, cell: (m) => (m.referenceType ? `${m.referenceType} ${m.referenceId}` : null) },
  { header: { ko: '대상명', en: 'Reference title' }, width: 32, cell: (m) => text(m.referenceTitle) },
  { header: { ko: '일자', en: 'Date' }, width: 20, cell: (m) => (m.date.length === 10 ? m.date : instant(m.date)) },
  { header: { ko: '내용', en: 'Detail' }, width: 48, cell: (m) => text(m.detail) },
];

const PROCESSED_COLUMNS: Array<{ header: L; width: number; cell: (r: UsageRequest, l: Locale) => Cell }> = [
  { header: { ko: '신청 번호', en: 'Request no.' }, width: 10, cell: (r) => r.requestId },
  { header: { ko: '인장', en: 'Seal' }, width: 18, cell: (r) => text(r.seal.name) },
  { header: { ko: '인장 종류', en: 'Seal type' }, width: 12, cell: (r, l) => sealLabel.type(r.seal.type, l) },
  { header: { ko: '신청자', en: 'Requester' }, width: 14, cell: (r) => text(r.requester.displayName) },
  { header: { ko: '사용 목적', en: 'Purpose' }, width: 36, cell: (r) => text(r.purpose) },
  { header: { ko: '사용 예정일', en: 'Use date' }, width: 12, cell: (r) => r.useDate },
  { header: { ko: '횟수', en: 'Count' }, width: 8, cell: (r) => r.count },
  { header: { ko: '상태', en: 'Status' }, width: 12, cell: (r, l) => sealLabel.requestStatus(r.status, l) },
  { header: { ko: '결재선', en: 'Approval line' }, width: 32, cell: (r) => text(r.approvals.map((a) => `${a.order}. ${a.approver.displayName ?? `#${a.approver.userId}`} (${a.decision})`).join(', ')) },
  { header: { ko: '날인 방식', en: 'Applied by' }, width: 14, cell: (r, l) => (r.appliedMethod ? sealLabel.method(r.appliedMethod, l) : null) },
  { header: { ko: '날인 일시', en: 'Applied at' }, width: 20, cell: (r) => instant(r.appliedAt) },
  { header: { ko: '신청 일시', en: 'Requested at' }, width: 20, cell: (r) => instant(r.createdAt) },
];

function header(sheet: ExcelJS.Worksheet, values: string[]) {
  const row = sheet.addRow(values);
  row.font = { bold: true };
  row.commit();
}

export function reconciliationWorkbook(report: Reconciliation, locale: Locale): PreparedWorkbook {
  const t = T[locale];
  return {
    fileName: t.reconciliationFile(report.from.replaceAll('-', ''), report.to.replaceAll('-', '')),
    isTruncated: false,
    async write(stream: Writable) {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      const summary = workbook.addWorksheet(t.summary);
      summary.columns = [{ width: 36 }, { width: 16 }, { width: 16 }];
      summary.addRow([t.period, `${report.from} ~ ${report.to}`]).commit();
      summary.addRow([t.sealedContracts, report.sealedContracts]).commit();
      summary.addRow([t.matched, report.matched]).commit();
      summary.addRow([]).commit();
      header(summary, [t.kind, t.count]);
      for (const c of report.countsByKind) summary.addRow([MISMATCH_LABELS[c.kind][locale], c.count]).commit();
      summary.addRow([]).commit();
      header(summary, [t.seal, t.applications, t.mismatchCount]);
      for (const s of report.bySeal) summary.addRow([text(s.name), s.applications, s.mismatches]).commit();
      summary.commit();
      const sheet = workbook.addWorksheet(t.mismatches, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = MISMATCH_COLUMNS.map((c) => ({ width: c.width }));
      header(sheet, MISMATCH_COLUMNS.map((c) => c.header[locale]));
      for (const m of report.mismatches) sheet.addRow(MISMATCH_COLUMNS.map((c) => c.cell(m, locale))).commit();
      sheet.commit();
      await workbook.commit();
      return report.mismatches.length;
    },
  };
}

export function processedWorkbook(rows: UsageRequest[], locale: Locale, day: string, isTruncated: boolean, maxRows: number): PreparedWorkbook {
  const t = T[locale];
  return {
    fileName: t.processedFile(day.replaceAll('-', '')),
    isTruncated,
    async write(stream: Writable, shouldStop: () => boolean) {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet(t.processed, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = PROCESSED_COLUMNS.map((c) => ({ width: c.width }));
      header(sheet, PROCESSED_COLUMNS.map((c) => c.header[locale]));
      let written = 0;
      for (const r of rows) {
        if (shouldStop()) break;
        sheet.addRow(PROCESSED_COLUMNS.map((c) => c.cell(r, locale))).commit();
        written += 1;
      }
      if (isTruncated) sheet.addRow([t.truncated(maxRows)]).commit();
      sheet.commit();
      await workbook.commit();
      return written;
    },
  };
}
