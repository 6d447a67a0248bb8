import { ANALYSIS_LIMITS, type AnalyzeContractBodySchema, type AnalyzedClause, type ContractAnalysis, type ContractClauseLabels } from '@legal/api';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/client';
import { fileRevisions, findReadableFile } from '../../files';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { conflict, forbidden, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { builtInAnalyzer, type ContractAnalyzer } from './contract-analysis.engine';
import { NO_SUCH_FILE, throwIfAny } from '../contract-inputs';
import { contractAnalyses, contractClauseLabels } from '../documents/contract-documents.table';
import type { ContractActor } from '../contracts.policy';
import * as repo from '../contracts.repo';
import { authorize, contractContext, readableContract } from '../contracts.service';
import { contractFiles } from '../contracts.table';

/**
 * Contract analysis (7.3 analyze/v3, labelClauseExtraction): reads the extracted text of a file
 * revision, runs the analyzer and, for a contract the caller may edit, stores the run and its
 * clause labels (replacing the earlier ones) in one transaction with an audit event. Running the
 * same analysis again over the same revision changes nothing and records nothing.
 */

type Services = Pick<AppServices, 'db' | 'attachments'>;
type AnalyzeInput = z.output<typeof AnalyzeContractBodySchema>;

/** The analyzer of embedded defaults. An LLM-backed engine, once configured, is chosen here. */
export function contractAnalyzer(): ContractAnalyzer {
  return builtInAnalyzer;
}

const FILE_READ = 'file.file.read';

const audit = (tx: Tx, ctx: RequestContext, scope: TenantScope, actor: ContractActor, event: AuditEvent) =>
  recordAudit(tx, event, { ...auditMetaOf(ctx, actor.userId), ...scope });

/**
 * The revision to read: a live file the caller may read (findReadableFile; a hidden one answers as
 * a missing one, 400 body.fileKey), the given or current revision (400 body.revision).
 */
async function revisionOf(services: Services, ctx: RequestContext, scope: TenantScope, fileKey: string, revision: number | undefined) {
  const file = await findReadableFile(services, ctx, fileKey);
  if (!file) throw validationError([{ field: 'body.fileKey', reason: NO_SUCH_FILE }]);
  const [row] = await services.db
    .select({ revision: fileRevisions.revision, status: fileRevisions.extractionStatus, error: fileRevisions.extractionError, text: fileRevisions.extractedText })
    .from(fileRevisions)
    .where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, file.file.id), eq(fileRevisions.revision, revision ?? file.file.currentRevision)))
    .limit(1);
  if (!row) throw validationError([{ field: 'body.revision', reason: 'no such revision of the file' }]);
  return row;
}

async function isAttached(db: repo.Executor, scope: TenantScope, contractId: number, fileKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contractFiles.id })
    .from(contractFiles)
    .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId), eq(contractFiles.fileKey, fileKey)))
    .limit(1);
  return row !== undefined;
}

/** The contract of a labelling call: readable (404), editable (403), the file attached to it (400). */
async function editableContractWithFile(db: repo.Executor, scope: TenantScope, actor: ContractActor, contractId: number, fileKey: string, forUpdate = false) {
  const { facts } = await readableContract(db, scope, actor, contractId, { forUpdate });
  authorize(actor, 'contract.update', facts);
  if (!(await isAttached(db, scope, contractId, fileKey))) throwIfAny([{ field: 'body.fileKey', reason: 'the file is not attached to this contract' }]);
}

export async function analyzeContract(services: Services, ctx: RequestContext, input: AnalyzeInput): Promise<ContractAnalysis> {
  const { scope, actor } = await contractContext(services, ctx);
  if (!actor.permissions.has(FILE_READ)) throw forbidden();
  const { db } = services;
  if (input.contractId !== undefined) await editableContractWithFile(db, scope, actor, input.contractId, input.fileKey);
  const revision = await revisionOf(services, ctx, scope, input.fileKey, input.revision);
  if (revision.status !== 'DONE') {
    throw conflict(
      revision.status === 'PENDING'
        ? { ko: '문서의 텍스트를 아직 읽는 중입니다. 잠시 후 다시 분석해 주세요.', en: 'The document\'s text is still being extracted. Try the analysis again shortly.' }
        : { ko: '이 문서에서는 텍스트를 읽지 못해 분석할 수 없습니다. 다른 파일로 시도해 주세요.', en: 'No text could be read from this document, so it cannot be analysed. Try another file.' },
      { extractionStatus: revision.status, extractionError: revision.error },
    );
  }
  const fullText = revision.text ?? '';
  const text = fullText.slice(0, ANALYSIS_LIMITS.maxTextLength);
  const analyzer = contractAnalyzer();
  const result = await analyzer.analyze(text);
  const answer: ContractAnalysis = {
    engine: analyzer.engine,
    fileKey: input.fileKey,
    revision: revision.revision,
    textLength: fullText.length,
    isTruncated: fullText.length > text.length,
    ...result,
    stored: null,
  };
  if (input.contractId === undefined) return answer;

  const contractId = input.contractId;
  return db.transaction(async (tx) => {
    // Checked again under the row lock: the contract may have changed hands while the text was read.
    await editableContractWithFile(tx, scope, actor, contractId, input.fileKey, true);
    const stored = { contractId, labelCount: result.clauses.length };
    const run = { fileKey: input.fileKey, revision: revision.revision, engine: analyzer.engine, clauseCount: result.clauses.length };
    if (await isStoredAlready(tx, scope, contractId, run, result.clauses)) return { ...answer, stored };
    const replaced = await tx.delete(contractClauseLabels).where(and(inScope(contractClauseLabels, scope), eq(contractClauseLabels.contractId, contractId))).returning({ id: contractClauseLabels.id });
    if (result.clauses.length > 0) {
      await tx.insert(contractClauseLabels).values(
        result.clauses.map((c) => ({
          ...scope, contractId, fileKey: input.fileKey, revision: revision.revision, label: c.label, heading: c.heading, text: c.text,
          startOffset: c.startOffset, endOffset: c.endOffset, confidence: c.confidence, engine: analyzer.engine, createdByUserId: actor.userId,
        })),
      );
    }
    const analyzed = { ...run, analyzedByUserId: actor.userId, analyzedAt: new Date() };
    await tx.insert(contractAnalyses).values({ ...scope, contractId, ...analyzed }).onConflictDoUpdate({ target: contractAnalyses.contractId, set: analyzed });
    await audit(tx, ctx, scope, actor, {
      type: 'contract.clauses_labelled',
      data: { contractId, fileKey: input.fileKey, revision: revision.revision, engine: analyzer.engine, labelCount: result.clauses.length, replacedCount: replaced.length },
    });
    return { ...answer, stored };
  });
}

type Run = { fileKey: string; revision: number; engine: string; clauseCount: number };

/** The contract's stored run is this one: same revision and engine, the same clauses at the same places. */
async function isStoredAlready(tx: Tx, scope: TenantScope, contractId: number, run: Run, clauses: readonly AnalyzedClause[]): Promise<boolean> {
  const [last] = await tx.select().from(contractAnalyses).where(and(inScope(contractAnalyses, scope), eq(contractAnalyses.contractId, contractId))).limit(1);
  if (!last || last.fileKey !== run.fileKey || last.revision !== run.revision || last.engine !== run.engine || last.clauseCount !== run.clauseCount) return false;
  const rows = await tx
    .select({ label: contractClauseLabels.label, heading: contractClauseLabels.heading, startOffset: contractClauseLabels.startOffset, endOffset: contractClauseLabels.endOffset })
    .from(contractClauseLabels)
    .where(and(inScope(contractClauseLabels, scope), eq(contractClauseLabels.contractId, contractId)))
    .orderBy(asc(contractClauseLabels.startOffset), asc(contractClauseLabels.id));
  return rows.length === clauses.length && clauses.every((c, i) => {
    const row = rows[i]!;
    return row.label === c.label && row.heading === c.heading && row.startOffset === c.startOffset && row.endOffset === c.endOffset;
  });
}

export async function getContractClauseLabels(services: Services, ctx: RequestContext, contractId: number): Promise<ContractClauseLabels> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  await readableContract(db, scope, actor, contractId);
  const [run] = await db.select().from(contractAnalyses).where(and(inScope(contractAnalyses, scope), eq(contractAnalyses.contractId, contractId))).limit(1);
  const rows = await db
    .select()
    .from(contractClauseLabels)
    .where(and(inScope(contractClauseLabels, scope), eq(contractClauseLabels.contractId, contractId)))
    .orderBy(asc(contractClauseLabels.startOffset), asc(contractClauseLabels.id));
  const by = run?.analyzedByUserId ?? null;
  const names = await repo.displayNames(db, scope, by ? [by] : []);
  return {
    contractId,
    fileKey: run?.fileKey ?? null,
    revision: run?.revision ?? null,
    engine: run ? (run.engine as ContractClauseLabels['engine']) : null,
    analyzedAt: run?.analyzedAt.toISOString() ?? null,
    analyzedBy: by ? { userId: by, displayName: names.get(by) ?? null } : null,
    labels: rows.map((r) => ({
      id: r.id, label: r.label as ContractClauseLabels['labels'][number]['label'], heading: r.heading, text: r.text, startOffset: r.startOffset,
      endOffset: r.endOffset, confidence: r.confidence,
    })),
  };
}

/** Idempotent: answers the number of labels deleted (0 when there were none) and forgets the run; an audit event only when something went. */
export async function deleteContractClauseLabels(services: Services, ctx: RequestContext, contractId: number) {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const { facts } = await readableContract(tx, scope, actor, contractId, { forUpdate: true });
    authorize(actor, 'contract.update', facts);
    const deleted = await tx
      .delete(contractClauseLabels)
      .where(and(inScope(contractClauseLabels, scope), eq(contractClauseLabels.contractId, contractId)))
      .returning({ id: contractClauseLabels.id });
    const runs = await tx.delete(contractAnalyses).where(and(inScope(contractAnalyses, scope), eq(contractAnalyses.contractId, contractId))).returning({ id: contractAnalyses.id });
    if (deleted.length > 0 || runs.length > 0) await audit(tx, ctx, scope, actor, { type: 'contract.clause_labels_deleted', data: { contractId, deletedCount: deleted.length } });
    return { contractId, deletedCount: deleted.length };
  });
}
