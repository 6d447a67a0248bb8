import {
  CHECKPOINT_SHEET_COLUMNS, CHECKPOINT_SHEET_LABELS, type CheckpointSheetColumn, CLAUSE_EXAMPLE_SHEET_COLUMNS, CLAUSE_EXAMPLE_SHEET_LABELS,
  type ClauseExampleSheetColumn, PLAYBOOK_SHEET_LIMITS,
} from '@legal/api';
import ExcelJS from 'exceljs';
import { verifyZip } from '../../files';
import type { LawReference, LocalizedPatterns, PlaybookCheckpoint } from './playbook.types';

/**
 * The playbook as spreadsheet cells: one checkpoint (or one clause example) a row, every cell text,
 * lists one item a line (patterns, legal basis) or comma separated (rule labels). Writing then
 * reading a definition gives the same cells, which is how an import tells "unchanged" rows.
 */
export type CheckpointCells = Record<CheckpointSheetColumn, string>;
export type ExampleCells = Record<ClauseExampleSheetColumn, string>;

const CIRCLED_FIRST = 0x2460; // ①; up to ⑳

/** '민법 제398조②' (paragraph as a circled number). */
export function formatLawReference(ref: LawReference): string {
  const paragraph = ref.paragraph !== undefined && ref.paragraph >= 1 && ref.paragraph <= 20 ? String.fromCodePoint(CIRCLED_FIRST + ref.paragraph - 1) : ref.paragraph !== undefined ? ` 제${ref.paragraph}항` : '';
  return `${ref.lawName} ${ref.article}${paragraph}`;
}

/** '민법 제398조②', '민법 제398조 제2항' or '하도급법 제13조의2'; null when it is not of that form. */
export function parseLawReference(text: string): LawReference | null {
  const m = /^(.+?)\s*(제\d+조(?:의\d+)?)\s*(?:([\u2460-\u2473])|제\s*(\d+)\s*항)?$/u.exec(text.trim());
  if (!m) return null;
  const ref: LawReference = { lawName: m[1]!.trim(), article: m[2]! };
  if (m[3]) ref.paragraph = m[3].codePointAt(0)! - CIRCLED_FIRST + 1;
  else if (m[4]) ref.paragraph = Number(m[4]);
  return ref;
}

const lines = (list: readonly string[] | undefined) => (list ?? []).join('\n');
const num = (n: number | undefined) => (n === undefined ? '' : String(n));

export function checkpointCells(definition: PlaybookCheckpoint, origin: 'STARTER' | 'WORKSPACE', isActive: boolean): CheckpointCells {
  const rule = definition.rule;
  return {
    origin, code: definition.code, contractType: definition.contractType, label: definition.label, protects: definition.protects, risk: definition.risk,
    isActive: isActive ? 'Y' : 'N',
    questionKo: definition.question.ko, questionEn: definition.question.en, metWhenKo: definition.metWhen.ko, metWhenEn: definition.metWhen.en,
    rationaleKo: definition.rationale.ko, rationaleEn: definition.rationale.en,
    standardClauseKo: definition.standardClause.ko, standardClauseEn: definition.standardClause.en,
    ruleKind: rule.kind, ruleLabels: rule.labels.join(', '), patternsKo: lines(rule.patterns.ko), patternsEn: lines(rule.patterns.en),
    unlessKo: rule.kind === 'absent' ? lines(rule.unless?.ko) : '', unlessEn: rule.kind === 'absent' ? lines(rule.unless?.en) : '',
    unit: rule.kind === 'threshold' ? rule.unit : '', min: rule.kind === 'threshold' ? num(rule.min) : '', max: rule.kind === 'threshold' ? num(rule.max) : '',
    missing: rule.kind === 'threshold' ? rule.missing : '',
    legalBasis: definition.legalBasis.map(formatLawReference).join('\n'),
  };
}

const split = (cell: string, by: RegExp) => cell.split(by).map((s) => s.trim()).filter(Boolean);
const patternsOf = (ko: string, en: string): LocalizedPatterns => ({ ko: split(ko, /\n/), en: split(en, /\n/) });

/** The rule a row describes, as raw values (the zod schema of workspace checkpoints checks them). */
export function ruleOfCells(c: CheckpointCells): Record<string, unknown> {
  const base = { kind: c.ruleKind, labels: split(c.ruleLabels, /[,\n]/), patterns: patternsOf(c.patternsKo, c.patternsEn) };
  if (c.ruleKind === 'absent') return c.unlessKo || c.unlessEn ? { ...base, unless: patternsOf(c.unlessKo, c.unlessEn) } : base;
  if (c.ruleKind === 'threshold') {
    const toNumber = (s: string) => (s === '' ? undefined : Number(s));
    return { ...base, unit: c.unit, min: toNumber(c.min), max: toNumber(c.max), missing: c.missing };
  }
  return base;
}

export function legalBasisLines(c: CheckpointCells): string[] {
  return split(c.legalBasis, /\n|;/);
}


// Workbooks -----------------------------------------------------------------------------------

async function workbookOf<C extends string>(sheetName: string, columns: readonly C[], labels: Record<C, string>, rows: Array<Record<C, string>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: `${labels[c]} [${c}]`, key: c, width: /Ko$|En$|text|legalBasis/.test(c) ? 40 : 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow(row).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const checkpointWorkbook = (rows: CheckpointCells[]) => workbookOf('checkpoints', CHECKPOINT_SHEET_COLUMNS, CHECKPOINT_SHEET_LABELS, rows);
export const exampleWorkbook = (rows: ExampleCells[]) => workbookOf('clause-examples', CLAUSE_EXAMPLE_SHEET_COLUMNS, CLAUSE_EXAMPLE_SHEET_LABELS, rows);

export class SheetError extends Error {}

/** A cell as text: formulas by their cached result, rich text joined, numbers and booleans as typed. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n').trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('richText' in value) return cellText(value.richText.map((r) => r.text).join(''));
  if ('text' in value) return cellText(value.text as string);
  return '';
}

/** The header names a column by the key in brackets, the key itself or its Korean label. */
function columnOf<C extends string>(header: string, columns: readonly C[], labels: Record<C, string>): C | null {
  const key = /\[([A-Za-z]+)\]\s*$/.exec(header)?.[1] ?? header.trim();
  return columns.find((c) => c === key || labels[c] === key) ?? null;
}

export interface SheetRow<C extends string> {
  rowNumber: number;
  cells: Record<C, string>;
}

async function readSheet<C extends string>(bytes: Buffer, columns: readonly C[], labels: Record<C, string>, required: readonly C[]): Promise<Array<SheetRow<C>>> {
  // ExcelJS inflates with its own unzip: only after every entry really inflated under our caps.
  if (!(await verifyZip(bytes, { checkXml: true })).ok) throw new SheetError('not a safe .xlsx workbook');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new SheetError('not an .xlsx workbook');
  }
  const sheet = workbook.worksheets.find((s) => s.state !== 'hidden');
  if (!sheet) throw new SheetError('the workbook has no sheet');
  const found = new Map<number, C>();
  sheet.getRow(1).eachCell((cell, col) => {
    const column = columnOf(cellText(cell.value), columns, labels);
    if (column) found.set(col, column);
  });
  const missing = required.filter((c) => ![...found.values()].includes(c));
  if (missing.length > 0) throw new SheetError(`the header lacks ${missing.join(', ')}`);
  const rows: Array<SheetRow<C>> = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const cells = Object.fromEntries(columns.map((c) => [c, ''])) as Record<C, string>;
    const row = sheet.getRow(r);
    for (const [col, column] of found) cells[column] = cellText(row.getCell(col).value);
    if (Object.values<string>(cells).every((v) => v === '')) continue;
    if (rows.length >= PLAYBOOK_SHEET_LIMITS.maxRows) throw new SheetError(`at most ${PLAYBOOK_SHEET_LIMITS.maxRows} rows`);
    rows.push({ rowNumber: r, cells });
  }
  return rows;
}

export const readCheckpointSheet = (bytes: Buffer) =>
  readSheet(bytes, CHECKPOINT_SHEET_COLUMNS, CHECKPOINT_SHEET_LABELS, ['code', 'contractType', 'label', 'protects', 'risk', 'questionKo', 'ruleKind']);
export const readExampleSheet = (bytes: Buffer) => readSheet(bytes, CLAUSE_EXAMPLE_SHEET_COLUMNS, CLAUSE_EXAMPLE_SHEET_LABELS, ['code', 'language', 'text']);
