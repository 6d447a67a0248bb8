import {
  type CheckpointImportResult, type CheckpointSheetColumn, type ClauseExampleImportResult, PLAYBOOK_SHEET_LIMITS, type WorkspaceTarget,
  WorkspaceCheckpointBodySchema,
} from '@legal/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { inScope } from '../../../platform/db/tenancy';
import { contentDisposition } from '../../../platform/http/content-disposition';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { requireWorkspace } from '../../ai';
import { resolveLegalBasis } from '../../law';
import { aiReviewCheckpointExamples, aiReviewCheckpointSettings, aiReviewWorkspaceCheckpoints, type WorkspaceCheckpointEnglish } from '../ai-review.table';
import { userIdOf } from '../review/review-source';
import { STARTER_PLAYBOOK } from './index';
import {
  type CheckpointCells, checkpointCells, checkpointWorkbook, type ExampleCells, exampleWorkbook, legalBasisLines, parseLawReference,
  readCheckpointSheet, readExampleSheet, ruleOfCells, SheetError,
} from './playbook-sheet';
import { listPlaybook } from './playbook.service';
import type { LawReference } from './playbook.types';

/**
 * Super admin: a workspace's playbook as Excel. Downloads give the starter checkpoints and the
 * workspace's own in the columns of the imports; imports check every row before writing anything
 * and write in one transaction.
 */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type RowIssue = { field: string; reason: string };
const issue = (rowNumber: number, column: string, reason: string): RowIssue => ({ field: `rows.${rowNumber}.${column}`, reason });

function sendXlsx(reply: FastifyReply, bytes: Buffer, name: string) {
  return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(name)).send(bytes);
}

/** The uploaded sheet's bytes: 415 when not multipart, 413 over the limit, 400 when the part is missing. */
async function receiveSheet(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('ERROR_UNSUPPORTED_MEDIA_TYPE', { data: { expected: 'multipart/form-data' } });
  const part = await request.file({ limits: { fileSize: PLAYBOOK_SHEET_LIMITS.maxBytes, files: 1 } });
  if (!part || part.fieldname !== 'file') throw validationError([{ field: 'body.file', reason: 'a multipart part named file is required' }]);
  const bytes = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERROR_FILE_TOO_LARGE', { data: { maxBytes: PLAYBOOK_SHEET_LIMITS.maxBytes } });
    throw err;
  });
  if (part.file.truncated) throw new AppError('ERROR_FILE_TOO_LARGE', { data: { maxBytes: PLAYBOOK_SHEET_LIMITS.maxBytes } });
  return bytes;
}

async function parseOrRefuse<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof SheetError) throw new AppError('ERROR_UNSUPPORTED_FILE_TYPE', { message: { ko: `엑셀 시트를 읽을 수 없습니다: ${err.message}`, en: `Cannot read the sheet: ${err.message}` }, data: { reason: err.message } });
    throw err;
  }
}

async function workspaceRows(services: AppServices, scope: TenantScope) {
  return services.db
    .select()
    .from(aiReviewWorkspaceCheckpoints)
    .where(and(inScope(aiReviewWorkspaceCheckpoints, scope), isNull(aiReviewWorkspaceCheckpoints.deletedAt)))
    .orderBy(aiReviewWorkspaceCheckpoints.id);
}

// Checkpoints ---------------------------------------------------------------------------------

export async function downloadCheckpoints(services: AppServices, target: WorkspaceTarget, reply: FastifyReply) {
  const scope = await requireWorkspace(services.db, target);
  const entries = await listPlaybook(services.db, scope);
  const english = new Map((await workspaceRows(services, scope)).map((r) => [r.id, r.english ?? {}]));
  const rows = entries.map((e) => {
    const cells = checkpointCells(e.definition, e.origin, e.isActive);
    if (e.origin === 'WORKSPACE') {
      // English cells only where English texts were given (else the texts above serve both).
      const en = english.get(e.checkpointId) ?? {};
      Object.assign(cells, { questionEn: en.question ?? '', metWhenEn: en.metWhen ?? '', rationaleEn: en.rationale ?? '', standardClauseEn: en.standardClause ?? '' });
    }
    return cells;
  });
  return sendXlsx(reply, await checkpointWorkbook(rows), `playbook-checkpoints-${scope.workspaceId}.xlsx`);
}

const COLUMN_OF_FIELD: Record<string, CheckpointSheetColumn> = {
  code: 'code', contractType: 'contractType', label: 'label', protects: 'protects', risk: 'risk', isActive: 'isActive',
  question: 'questionKo', metWhen: 'metWhenKo', rationale: 'rationaleKo', standardClause: 'standardClauseKo',
  'rule.kind': 'ruleKind', 'rule.labels': 'ruleLabels', 'rule.patterns.ko': 'patternsKo', 'rule.patterns.en': 'patternsEn',
  'rule.unless.ko': 'unlessKo', 'rule.unless.en': 'unlessEn', 'rule.unit': 'unit', 'rule.min': 'min', 'rule.max': 'max', 'rule.missing': 'missing',
};

function columnOfPath(path: ReadonlyArray<PropertyKey>): CheckpointSheetColumn {
  for (let n = path.length; n > 0; n--) {
    const column = COLUMN_OF_FIELD[path.slice(0, n).map(String).join('.')];
    if (column) return column;
  }
  return 'ruleKind';
}

function parseIsActive(cell: string): boolean | null {
  if (cell === '') return true;
  if (/^(y|yes|true|1|예|사용)$/i.test(cell)) return true;
  if (/^(n|no|false|0|아니오|미사용)$/i.test(cell)) return false;
  return null;
}

type WorkspaceValues = ReturnType<typeof WorkspaceCheckpointBodySchema.parse> & { english: WorkspaceCheckpointEnglish | null; legalBasis: LawReference[] };

/** The workspace checkpoint a row describes, or the row's issues. */
async function workspaceValuesOf(services: AppServices, rowNumber: number, c: CheckpointCells, issues: RowIssue[]): Promise<WorkspaceValues | null> {
  const before = issues.length;
  const isActive = parseIsActive(c.isActive);
  if (isActive === null) issues.push(issue(rowNumber, 'isActive', 'Y or N'));
  const parsed = WorkspaceCheckpointBodySchema.safeParse({
    code: c.code, contractType: c.contractType, label: c.label, protects: c.protects, risk: c.risk, isActive: isActive ?? true,
    question: c.questionKo, metWhen: c.metWhenKo, rationale: c.rationaleKo, standardClause: c.standardClauseKo, rule: ruleOfCells(c),
  });
  if (!parsed.success) for (const i of parsed.error.issues) issues.push(issue(rowNumber, columnOfPath(i.path), i.message));
  if (parsed.success) {
    const rule = parsed.data.rule;
    const lists: Array<[CheckpointSheetColumn, string[]]> = [['patternsKo', rule.patterns.ko], ['patternsEn', rule.patterns.en]];
    if (rule.kind === 'absent') lists.push(['unlessKo', rule.unless?.ko ?? []], ['unlessEn', rule.unless?.en ?? []]);
    for (const [column, list] of lists) {
      list.forEach((p, i) => {
        try {
          new RegExp(p, 'iu');
        } catch {
          issues.push(issue(rowNumber, column, `line ${i + 1}: not a valid regular expression`));
        }
      });
    }
    if (rule.kind === 'threshold' && rule.max === undefined && rule.min === undefined) issues.push(issue(rowNumber, 'max', 'a threshold needs max or min'));
  }
  const limits: Array<[CheckpointSheetColumn, number]> = [['questionEn', 500], ['metWhenEn', 2000], ['rationaleEn', 2000], ['standardClauseEn', 5000]];
  for (const [column, max] of limits) if (c[column].length > max) issues.push(issue(rowNumber, column, `at most ${max} characters`));
  const legalBasis: LawReference[] = [];
  for (const line of legalBasisLines(c)) {
    const ref = parseLawReference(line);
    if (!ref) {
      issues.push(issue(rowNumber, 'legalBasis', `'${line}': write it as '민법 제398조②'`));
      continue;
    }
    if ((await resolveLegalBasis(services.db, [ref])).length === 0) {
      issues.push(issue(rowNumber, 'legalBasis', `'${line}' does not resolve to article text of a shipped statute`));
      continue;
    }
    legalBasis.push(ref);
  }
  if (issues.length > before || !parsed.success) return null;
  const english: WorkspaceCheckpointEnglish = {};
  if (c.questionEn) english.question = c.questionEn;
  if (c.metWhenEn) english.metWhen = c.metWhenEn;
  if (c.rationaleEn) english.rationale = c.rationaleEn;
  if (c.standardClauseEn) english.standardClause = c.standardClauseEn;
  return { ...parsed.data, english: Object.keys(english).length > 0 ? english : null, legalBasis };
}

/** The cells that differ between two rows (origin aside; isActive too when asked). */
function changedColumns(a: CheckpointCells, b: CheckpointCells, ignore: readonly CheckpointSheetColumn[]): CheckpointSheetColumn[] {
  return (Object.keys(a) as CheckpointSheetColumn[]).filter((k) => k !== 'origin' && !ignore.includes(k) && a[k] !== b[k]);
}

export async function importCheckpoints(services: AppServices, ctx: RequestContext, target: WorkspaceTarget, request: FastifyRequest): Promise<CheckpointImportResult> {
  const actor = userIdOf(ctx);
  const scope = await requireWorkspace(services.db, target);
  const bytes = await receiveSheet(request);
  const rows = await parseOrRefuse(() => readCheckpointSheet(bytes));
  const entries = await listPlaybook(services.db, scope);
  const starters = new Map(entries.filter((e) => e.origin === 'STARTER').map((e) => [e.definition.code, e]));
  const existing = new Map((await workspaceRows(services, scope)).map((r) => [r.code, r]));
  const current = new Map(entries.filter((e) => e.origin === 'WORKSPACE').map((e) => [e.checkpointId, e]));

  const issues: RowIssue[] = [];
  const seen = new Map<string, number>();
  const switches: Array<{ checkpointId: number; code: string; isActive: boolean }> = [];
  const writes: Array<{ id: number | null; values: WorkspaceValues }> = [];
  let unchanged = 0;
  for (const { rowNumber, cells } of rows) {
    const code = cells.code.trim();
    const earlier = seen.get(code);
    if (earlier !== undefined) {
      issues.push(issue(rowNumber, 'code', `the code repeats row ${earlier}`));
      continue;
    }
    seen.set(code, rowNumber);
    const starter = starters.get(code);
    if (starter) {
      const isActive = parseIsActive(cells.isActive);
      if (isActive === null) issues.push(issue(rowNumber, 'isActive', 'Y or N'));
      const edited = changedColumns(checkpointCells(starter.definition, 'STARTER', starter.isActive), cells, ['isActive']);
      for (const column of edited) issues.push(issue(rowNumber, column, 'a starter checkpoint is read-only: only isActive can change'));
      if (isActive === null || edited.length > 0) continue;
      if (isActive !== starter.isActive) switches.push({ checkpointId: starter.checkpointId, code, isActive });
      else unchanged++;
      continue;
    }
    const values = await workspaceValuesOf(services, rowNumber, cells, issues);
    if (!values) continue;
    const row = existing.get(values.code);
    const entry = row ? current.get(row.id) : undefined;
    if (row && entry && changedColumns(checkpointCellsOfRow(entry.definition, row.isActive, row.english), cells, []).length === 0) unchanged++;
    else writes.push({ id: row?.id ?? null, values });
  }
  if (issues.length > 0) throw validationError(issues);

  const result = await services.db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    for (const { id, values } of writes) {
      const { english, ...fields } = values;
      if (id === null) {
        await tx.insert(aiReviewWorkspaceCheckpoints).values({ ...scope, ...fields, english, createdByUserId: actor });
        created++;
      } else {
        const { clauseExamples: _kept, ...changes } = fields;
        await tx.update(aiReviewWorkspaceCheckpoints).set({ ...changes, english: mergeEnglish(existing.get(values.code)!.english, english), updatedAt: new Date() }).where(and(inScope(aiReviewWorkspaceCheckpoints, scope), eq(aiReviewWorkspaceCheckpoints.id, id)));
        updated++;
      }
    }
    for (const s of switches) {
      await tx
        .insert(aiReviewCheckpointSettings)
        .values({ ...scope, checkpointId: s.checkpointId, isActive: s.isActive, updatedByUserId: actor })
        .onConflictDoUpdate({ target: [aiReviewCheckpointSettings.tenantId, aiReviewCheckpointSettings.workspaceId, aiReviewCheckpointSettings.checkpointId], set: { isActive: s.isActive, updatedByUserId: actor, updatedAt: sql`now()` } });
    }
    const counts = { created, updated, unchanged, switched: switches.length };
    await recordAudit(tx, { type: 'ai_review.checkpoints_imported', data: counts }, { ...auditMetaOf(ctx, actor), ...scope });
    return counts;
  });
  return result;
}

/** A workspace row's cells as downloaded (English cells only where given). */
function checkpointCellsOfRow(definition: Parameters<typeof checkpointCells>[0], isActive: boolean, english: WorkspaceCheckpointEnglish | null): CheckpointCells {
  const en = english ?? {};
  return { ...checkpointCells(definition, 'WORKSPACE', isActive), questionEn: en.question ?? '', metWhenEn: en.metWhen ?? '', rationaleEn: en.rationale ?? '', standardClauseEn: en.standardClause ?? '' };
}

/** The sheet's English texts, keeping the English clause examples (they come from the example sheet). */
function mergeEnglish(before: WorkspaceCheckpointEnglish | null, texts: WorkspaceCheckpointEnglish | null): WorkspaceCheckpointEnglish | null {
  const merged: WorkspaceCheckpointEnglish = { ...(texts ?? {}) };
  if (before?.clauseExamples) merged.clauseExamples = before.clauseExamples;
  return Object.keys(merged).length > 0 ? merged : null;
}

// Clause examples -----------------------------------------------------------------------------

const SHIPPED = new Map(STARTER_PLAYBOOK.map((c) => [c.code, c.examples]));

export async function downloadExamples(services: AppServices, target: WorkspaceTarget, reply: FastifyReply) {
  const scope = await requireWorkspace(services.db, target);
  const entries = await listPlaybook(services.db, scope);
  const own = new Map((await workspaceRows(services, scope)).map((r) => [r.id, r]));
  const rows: ExampleCells[] = [];
  for (const e of entries) {
    const code = e.definition.code;
    if (e.origin === 'STARTER') {
      const shipped = SHIPPED.get(code) ?? { ko: [], en: [] };
      for (const language of ['ko', 'en'] as const) {
        for (const text of e.definition.examples[language]) rows.push({ origin: shipped[language].includes(text) ? 'STARTER' : 'WORKSPACE', code, language, text });
      }
      continue;
    }
    const row = own.get(e.checkpointId);
    if (!row) continue;
    for (const text of row.clauseExamples) rows.push({ origin: 'WORKSPACE', code, language: 'ko', text });
    for (const text of row.english?.clauseExamples ?? []) rows.push({ origin: 'WORKSPACE', code, language: 'en', text });
  }
  return sendXlsx(reply, await exampleWorkbook(rows), `playbook-clause-examples-${scope.workspaceId}.xlsx`);
}

const EXAMPLES_PER_LANGUAGE = 20;

export async function replaceExamples(services: AppServices, ctx: RequestContext, target: WorkspaceTarget, request: FastifyRequest): Promise<ClauseExampleImportResult> {
  const actor = userIdOf(ctx);
  const scope = await requireWorkspace(services.db, target);
  const bytes = await receiveSheet(request);
  const rows = await parseOrRefuse(() => readExampleSheet(bytes));
  const entries = await listPlaybook(services.db, scope);
  const byCode = new Map(entries.map((e) => [e.definition.code, e]));
  const own = await workspaceRows(services, scope);

  const issues: RowIssue[] = [];
  const lists = new Map<number, { ko: string[]; en: string[] }>();
  for (const { rowNumber, cells } of rows) {
    const entry = byCode.get(cells.code.trim());
    if (!entry) issues.push(issue(rowNumber, 'code', 'no checkpoint of this workspace has this code'));
    const language = cells.language.trim().toLowerCase();
    if (language !== 'ko' && language !== 'en') issues.push(issue(rowNumber, 'language', 'ko or en'));
    if (cells.text === '' || cells.text.length > 2000) issues.push(issue(rowNumber, 'text', 'required, at most 2000 characters'));
    if (!entry || (language !== 'ko' && language !== 'en') || cells.text === '' || cells.text.length > 2000) continue;
    if (entry.origin === 'STARTER' && SHIPPED.get(entry.definition.code)?.[language].includes(cells.text)) continue;
    const list = lists.get(entry.checkpointId) ?? { ko: [], en: [] };
    if (list[language].includes(cells.text)) continue;
    if (list[language].length >= EXAMPLES_PER_LANGUAGE) issues.push(issue(rowNumber, 'text', `at most ${EXAMPLES_PER_LANGUAGE} examples per checkpoint and language`));
    list[language].push(cells.text);
    lists.set(entry.checkpointId, list);
  }
  if (issues.length > 0) throw validationError(issues);

  return services.db.transaction(async (tx) => {
    let examples = 0;
    for (const row of own) {
      const list = lists.get(row.id) ?? { ko: [], en: [] };
      const english: WorkspaceCheckpointEnglish = { ...(row.english ?? {}) };
      if (list.en.length > 0) english.clauseExamples = list.en;
      else delete english.clauseExamples;
      await tx
        .update(aiReviewWorkspaceCheckpoints)
        .set({ clauseExamples: list.ko, english: Object.keys(english).length > 0 ? english : null, updatedAt: new Date() })
        .where(and(inScope(aiReviewWorkspaceCheckpoints, scope), eq(aiReviewWorkspaceCheckpoints.id, row.id)));
      examples += list.ko.length + list.en.length;
    }
    await tx.delete(aiReviewCheckpointExamples).where(inScope(aiReviewCheckpointExamples, scope));
    for (const e of entries.filter((x) => x.origin === 'STARTER')) {
      const list = lists.get(e.checkpointId);
      if (!list) continue;
      await tx.insert(aiReviewCheckpointExamples).values({ ...scope, checkpointId: e.checkpointId, examples: list });
      examples += list.ko.length + list.en.length;
    }
    const counts = { checkpoints: own.length + lists.size - own.filter((r) => lists.has(r.id)).length, examples };
    await recordAudit(tx, { type: 'ai_review.clause_examples_imported', data: counts }, { ...auditMetaOf(ctx, actor), ...scope });
    return counts;
  });
}
