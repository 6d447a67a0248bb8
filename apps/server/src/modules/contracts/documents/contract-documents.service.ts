import { Readable } from 'node:stream';
import {
  type AdoptDocumentBodySchema, type ContractDocument, type ContractDocumentRevision, DOCUMENT_LIMITS, EXECUTED_CONTRACT_STATUSES,
  type RenderDocumentBodySchema, type WordAccessPath, type WordEditStatus,
} from '@legal/api';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/client';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { conflict, notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { MIME_TYPES, type FileType, normalizeDisplayName, filesRepo as files, findReadableFile } from '../../files';
import { renderDocument } from './contract-docx';
import { executedAt, findMainDocument, liveLock, makeMain } from './contract-documents.repo';
import {
  assertFilesEditable, assertNotLockedByOther, guardWrite, lockDto, type SavedRevision, storeMultipart, storeStream, writeMainRevision,
} from './contract-documents.store';
import { editorUrlFor, isEditorConfigured, signWopiToken, wopiKeyOf, wopiSrcOf } from './contract-wopi.token';
import { NO_SUCH_FILE } from '../contract-inputs';
import { allow } from '../contracts.policy';
import * as repo from '../contracts.repo';
import { authorize, contractContext, readableContract } from '../contracts.service';
import { frozenAmong } from '../contracts.state';

/**
 * The contract's document (7.6): its first MAIN file, an arxive file with revisions. Reads follow
 * the contract's read rule; every write goes through `writeMainRevision`, one transaction that
 * checks the contract again (readable 404, writable 403, not frozen 409, the lock rule of the
 * caller 409), stores the revision (quota, extraction job, audit) and bumps the contract version
 * (contract-documents.store.ts; the WOPI host writes through it too).
 */

type Services = Pick<AppServices, 'db' | 'storage' | 'jobs' | 'config' | 'logger' | 'attachments'>;

export const LOCK_MS = DOCUMENT_LIMITS.wordLockMinutes * 60_000;

async function readContext(services: Services, ctx: RequestContext, contractId: number) {
  const { scope, actor } = await contractContext(services, ctx);
  return { scope, actor, ...(await readableContract(services.db, scope, actor, contractId)) };
}

/** The checks of a write before any byte is received; the write's transaction makes them again. */
async function writableContext(services: Services, ctx: RequestContext, contractId: number) {
  const found = await readContext(services, ctx, contractId);
  authorize(found.actor, 'contract.update', found.facts);
  assertFilesEditable(found.row);
  await assertNotLockedByOther(services.db, found.scope, contractId, found.actor.userId);
  return found;
}

// Reads -------------------------------------------------------------------------------------------

async function mainDocument(db: repo.Executor, scope: TenantScope, contractId: number) {
  const main = await findMainDocument(db, scope, contractId);
  if (!main) throw notFound();
  return main;
}

function revisionDto(r: files.RevisionSummary, names: Map<number, string>, currentRevision: number): ContractDocumentRevision {
  return {
    revision: r.revision,
    displayName: r.displayName,
    fileType: r.fileType as ContractDocumentRevision['fileType'],
    contentType: r.contentType,
    size: r.size,
    sha256: r.sha256,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.uploadedByUserId === null ? null : { userId: r.uploadedByUserId, displayName: names.get(r.uploadedByUserId) ?? null },
    extraction: { status: r.extractionStatus, error: r.extractionError, pageCount: r.pageCount },
    isCurrent: r.revision === currentRevision,
  };
}

async function documentDto(db: repo.Executor, scope: TenantScope, contractId: number, file: files.FileRow, revision: files.RevisionSummary): Promise<ContractDocument> {
  const lock = await liveLock(db, scope, contractId, new Date());
  const names = await repo.displayNames(db, scope, revision.uploadedByUserId === null ? [] : [revision.uploadedByUserId]);
  return {
    ...revisionDto(revision, names, file.currentRevision),
    contractId,
    fileKey: file.fileKey,
    currentRevision: file.currentRevision,
    isLocked: lock !== null,
    lock: await lockDto(db, scope, lock),
  };
}

async function revisionOf(db: repo.Executor, scope: TenantScope, file: files.FileRow, number: number | undefined) {
  const revision = await files.findRevision(db, scope, file.id, number ?? file.currentRevision);
  if (!revision) throw notFound();
  return revision;
}

export async function getContractDocument(services: Services, ctx: RequestContext, contractId: number, number?: number): Promise<ContractDocument> {
  const { scope } = await readContext(services, ctx, contractId);
  const main = await mainDocument(services.db, scope, contractId);
  return documentDto(services.db, scope, contractId, main, await revisionOf(services.db, scope, main, number));
}

export async function listContractDocumentRevisions(services: Services, ctx: RequestContext, contractId: number): Promise<ContractDocumentRevision[]> {
  const { scope } = await readContext(services, ctx, contractId);
  const main = await mainDocument(services.db, scope, contractId);
  const revisions = await files.listRevisions(services.db, scope, main.id);
  const names = await repo.displayNames(services.db, scope, revisions.flatMap((r) => (r.uploadedByUserId === null ? [] : [r.uploadedByUserId])));
  return revisions.reverse().map((r) => revisionDto(r, names, main.currentRevision));
}

export interface OpenedDocument {
  contractId: number;
  fileKey: string;
  revision: files.RevisionSummary;
  displayName: string;
  open: (range?: { start: number; end: number }) => Promise<Readable>;
}

const opened = (services: Services, contractId: number, fileKey: string, revision: files.RevisionSummary): OpenedDocument => ({
  contractId,
  fileKey,
  revision,
  displayName: revision.displayName,
  open: (range) => services.storage.get(revision.storageKey, range),
});

export async function openContractDocument(services: Services, ctx: RequestContext, contractId: number, number?: number): Promise<OpenedDocument> {
  const { scope } = await readContext(services, ctx, contractId);
  const main = await mainDocument(services.db, scope, contractId);
  return opened(services, contractId, main.fileKey, await revisionOf(services.db, scope, main, number));
}

const isExecuted = (status: string) => (EXECUTED_CONTRACT_STATUSES as readonly string[]).includes(status);

/**
 * The executed document: the revision current when the contract became executed; when the
 * document was only filed afterwards (an existing contract registered as SIGNED, its scan
 * uploaded next), the first revision stored after that moment; the current one when the history
 * does not tell.
 */
export async function openExecutedDocument(services: Services, ctx: RequestContext, contractId: number): Promise<OpenedDocument> {
  const { scope, row } = await readContext(services, ctx, contractId);
  if (!isExecuted(row.status)) {
    throw conflict({ ko: '체결된 계약에만 체결본이 있습니다.', en: 'Only an executed contract has an executed document.' }, { status: row.status, executedStatuses: [...EXECUTED_CONTRACT_STATUSES] });
  }
  const main = await mainDocument(services.db, scope, contractId);
  const revisions = await files.listRevisions(services.db, scope, main.id);
  const at = await executedAt(services.db, scope, contractId);
  const current = revisions.find((r) => r.revision === main.currentRevision) ?? revisions.at(-1)!;
  const chosen = at === null ? current : (revisions.filter((r) => r.createdAt <= at).at(-1) ?? revisions.find((r) => r.createdAt > at) ?? current);
  return opened(services, contractId, main.fileKey, chosen);
}

async function savedDocument(services: Services, scope: TenantScope, contractId: number, saved: SavedRevision): Promise<ContractDocument> {
  const found = await files.findFile(services.db, scope, saved.fileKey);
  if (!found) throw notFound();
  return documentDto(services.db, scope, contractId, found.file, await revisionOf(services.db, scope, found.file, saved.revision));
}

const foreignLockRule = (scope: TenantScope, contractId: number, userId: number) => (tx: Tx) => assertNotLockedByOther(tx, scope, contractId, userId);

export async function uploadContractDocument(services: Services, ctx: RequestContext, request: FastifyRequest, contractId: number): Promise<ContractDocument> {
  const { scope, actor } = await writableContext(services, ctx, contractId);
  const bytes = await storeMultipart(services, scope, request);
  const saved = await writeMainRevision(services, {
    scope, actor, contractId, ctx, bytes,
    checkLock: foreignLockRule(scope, contractId, actor.userId),
    event: (s) => ({ type: 'contract.document_uploaded', data: { contractId, fileKey: s.fileKey, revision: s.revision, size: s.size, fileType: s.fileType, isNewDocument: s.isNewDocument } }),
  });
  return savedDocument(services, scope, contractId, saved);
}

/**
 * POST documents/by-file: without a main document the file itself becomes it (attached as MAIN,
 * no copy); with one, the file's current content is copied in as the main document's next
 * revision, so the main document keeps its key, history and place while the source file stays.
 * The source is a file the caller may read (findReadableFile): a hidden one is "no such file".
 */
export async function adoptContractDocument(services: Services, ctx: RequestContext, contractId: number, body: z.output<typeof AdoptDocumentBodySchema>): Promise<ContractDocument> {
  const { scope, actor } = await writableContext(services, ctx, contractId);
  const source = await findReadableFile(services, ctx, body.fileKey);
  if (!source) throw validationError([{ field: 'body.fileKey', reason: NO_SUCH_FILE }]);
  const main = await findMainDocument(services.db, scope, contractId);
  if (main?.fileKey === body.fileKey) throw conflict({ ko: '이미 이 계약의 본문 문서입니다.', en: 'This file already is the contract\'s main document.' }, { fileKey: body.fileKey });
  const meta = { ...auditMetaOf(ctx, actor.userId), ...scope };
  if (!main) {
    await services.db.transaction(async (tx) => {
      await guardWrite(tx, scope, actor, contractId);
      if (await findMainDocument(tx, scope, contractId, { forUpdate: true })) throw conflict({ ko: '그새 본문 문서가 등록되었습니다. 다시 시도해 주세요.', en: 'A main document was added in the meantime. Try again.' });
      await assertNotLockedByOther(tx, scope, contractId, actor.userId);
      await makeMain(tx, scope, contractId, body.fileKey, actor.userId);
      await recordAudit(tx, { type: 'contract.document_adopted', data: { contractId, fileKey: body.fileKey, revision: source.file.currentRevision, sourceFileKey: body.fileKey, isCopied: false } }, meta);
      await repo.writeContract(tx, scope, contractId, {});
    });
    return documentDto(services.db, scope, contractId, source.file, source.revision);
  }
  const bytes = await storeStream(services, scope, await services.storage.get(source.revision.storageKey), {
    name: source.file.displayName,
    knownType: source.revision.fileType as FileType,
  });
  const saved = await writeMainRevision(services, {
    scope, actor, contractId, ctx, bytes,
    checkLock: foreignLockRule(scope, contractId, actor.userId),
    event: (s) => ({ type: 'contract.document_adopted', data: { contractId, fileKey: s.fileKey, revision: s.revision, sourceFileKey: body.fileKey, isCopied: true } }),
  });
  return savedDocument(services, scope, contractId, saved);
}

export interface RenderedDownload {
  bytes: Buffer;
  fileName: string;
  contentType: string;
  saved: SavedRevision | null;
}

/** POST documents/download/by-json: renders the JSON; SAVE_AS_REVISION also stores it (a write). */
export async function renderContractDocument(services: Services, ctx: RequestContext, contractId: number, body: z.output<typeof RenderDocumentBodySchema>): Promise<RenderedDownload> {
  const isSave = body.saveMode === 'SAVE_AS_REVISION';
  const { scope, actor } = isSave ? await writableContext(services, ctx, contractId) : await readContext(services, ctx, contractId);
  const rendered = await renderDocument(body.fileFormat, { title: body.title, blocks: body.blocks });
  const fileName = normalizeDisplayName(`${body.fileName ?? body.title}${rendered.extension}`);
  const download: RenderedDownload = { bytes: rendered.bytes, fileName, contentType: MIME_TYPES[rendered.fileType], saved: null };
  if (!isSave) return download;
  const bytes = await storeStream(services, scope, Readable.from([rendered.bytes]), { name: fileName, knownType: rendered.fileType });
  const saved = await writeMainRevision(services, {
    scope, actor, contractId, ctx, bytes,
    checkLock: foreignLockRule(scope, contractId, actor.userId),
    event: (s) => ({ type: 'contract.document_rendered', data: { contractId, fileKey: s.fileKey, revision: s.revision, fileFormat: body.fileFormat, title: body.title, blockCount: body.blocks.length } }),
  });
  return { ...download, saved };
}

// Word editing ----------------------------------------------------------------------------------

export async function getWordEditStatus(services: Services, ctx: RequestContext, contractId: number): Promise<WordEditStatus> {
  const { scope, actor, row, facts } = await readContext(services, ctx, contractId);
  const main = await findMainDocument(services.db, scope, contractId);
  const current = main ? await files.findRevision(services.db, scope, main.id, main.currentRevision) : null;
  const lock = await lockDto(services.db, scope, await liveLock(services.db, scope, contractId, new Date()));
  const editorConfigured = isEditorConfigured(services.config);
  const reason: WordEditStatus['reason'] = !main
    ? 'NO_DOCUMENT'
    : !allow(actor, 'contract.update', facts)
      ? 'NO_PERMISSION'
      : frozenAmong(row.status, ['files']).length > 0
        ? 'FROZEN'
        : current?.fileType !== 'docx'
          ? 'NOT_WORD_DOCUMENT'
          : !editorConfigured
            ? 'EDITOR_NOT_CONFIGURED'
            : null;
  return { editable: reason === null, reason, locked: lock !== null, lockedBy: lock?.lockedBy ?? null, lockExpiresAt: lock?.expiresAt ?? null, editorConfigured };
}

export async function getWordAccessPath(services: Services, ctx: RequestContext, contractId: number): Promise<WordAccessPath> {
  const { scope, actor, row, facts } = await readContext(services, ctx, contractId);
  authorize(actor, 'contract.update', facts);
  const main = await mainDocument(services.db, scope, contractId);
  const key = wopiKeyOf(services.config);
  const actionUrl = services.config.wordEditor.actionUrl;
  if (!actionUrl || !key) {
    throw conflict(
      { ko: 'Word 온라인 편집기가 설정되어 있지 않습니다. 관리자에게 WORD_EDITOR_URL 설정을 요청해 주세요.', en: 'No online Word editor is configured. Ask the administrator to set WORD_EDITOR_URL.' },
      { reason: 'EDITOR_NOT_CONFIGURED' },
    );
  }
  assertFilesEditable(row);
  const current = await revisionOf(services.db, scope, main, undefined);
  if (current.fileType !== 'docx') {
    throw conflict({ ko: 'Word 문서(.docx)만 온라인으로 편집할 수 있습니다.', en: 'Only Word documents (.docx) can be edited online.' }, { reason: 'NOT_WORD_DOCUMENT', fileType: current.fileType });
  }
  const expiresAt = Date.now() + DOCUMENT_LIMITS.wordAccessTokenTtlSeconds * 1000;
  const accessToken = signWopiToken(key, { ...scope, contractId, fileKey: main.fileKey, userId: actor.userId, expiresAt });
  return { url: editorUrlFor(actionUrl, wopiSrcOf(services.config, main.fileKey)), accessToken, accessTokenTtl: expiresAt };
}
