import { Readable } from 'node:stream';
import { type DocumentLock } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError, conflict, forbidden, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { objectKey } from '../../../platform/storage/storage';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { type FileType, MIME_TYPES, SNIFF_BYTES, sniffFileType, extractFileTextJob, newFileKey, normalizeDisplayName, filesRepo as files, fileRevisions, files as filesTable, checkContainer, peek, receiveUpload } from '../../files';
import { findMainDocument, liveLock, type LockRow, makeMain } from './contract-documents.repo';
import { allow, type ContractActor } from '../contracts.policy';
import * as repo from '../contracts.repo';
import { frozenAmong } from '../contracts.state';

/**
 * Writing the contract's main document: the guards every write shares (frozen status, a foreign
 * Word lock), storing bytes with the files module's rules under an upload intent, and
 * `writeMainRevision`, the one transaction that turns stored bytes into the next revision. The
 * HTTP routes (contract-documents.service.ts) and the WOPI host (contract-wopi.service.ts) both
 * write through it.
 */

type Services = Pick<AppServices, 'db' | 'storage' | 'jobs' | 'config' | 'logger'>;

// Guards ------------------------------------------------------------------------------------------

/** Files are a content field: frozen while an approval or signing runs (the answer of PUT files/v1). */
export function assertFilesEditable(row: Pick<repo.ContractRow, 'status'>): void {
  const frozen = frozenAmong(row.status, ['files']);
  if (frozen.length > 0) {
    throw conflict(
      { ko: '결재 또는 서명이 진행 중이라 이 항목을 바꿀 수 없습니다.', en: 'An approval or signing is under way: these fields cannot change now.' },
      { status: row.status, frozenFields: frozen },
    );
  }
}

export async function lockDto(db: repo.Executor, scope: TenantScope, lock: LockRow | null): Promise<DocumentLock | null> {
  if (!lock) return null;
  const names = await repo.displayNames(db, scope, [lock.lockedByUserId]);
  return { lockedBy: { userId: lock.lockedByUserId, displayName: names.get(lock.lockedByUserId) ?? null }, expiresAt: lock.expiresAt.toISOString() };
}

/** 409 while somebody other than `userId` holds a live Word edit lock on the contract's document. */
export async function assertNotLockedByOther(db: repo.Executor, scope: TenantScope, contractId: number, userId: number): Promise<void> {
  const lock = await liveLock(db, scope, contractId, new Date());
  if (lock && lock.lockedByUserId !== userId) {
    const dto = (await lockDto(db, scope, lock))!;
    throw conflict(
      { ko: '다른 사용자가 Word에서 이 문서를 편집하고 있습니다. 편집이 끝난 뒤 다시 시도해 주세요.', en: 'Somebody else is editing this document in Word. Try again once they are done.' },
      { lockedBy: dto.lockedBy, lockExpiresAt: dto.expiresAt },
    );
  }
}

/** The write guard inside a transaction: the contract locked, readable (404), writable (403), not frozen (409). */
export async function guardWrite(tx: Tx, scope: TenantScope, actor: ContractActor, contractId: number) {
  const row = await repo.unsafeFindContract(tx, scope, contractId, { forUpdate: true });
  if (!row) throw notFound();
  const facts = await repo.factsOf(tx, scope, row);
  if (!allow(actor, 'contract.read', facts)) throw notFound();
  if (!allow(actor, 'contract.update', facts)) throw forbidden();
  assertFilesEditable(row);
  return row;
}

// Storing bytes ---------------------------------------------------------------------------------

export interface StoredBytes {
  storageKey: string;
  size: number;
  sha256: string;
  fileType: FileType;
  contentType: string;
  displayName: string;
}

const ZIP_CONTAINERS: ReadonlySet<FileType> = new Set(['docx', 'xlsx', 'pptx', 'hwpx', 'zip']);

const unsupported = (reason: string) =>
  new AppError('ERROR_UNSUPPORTED_FILE_TYPE', {
    message: reason === 'UNKNOWN_TYPE' ? undefined : { ko: '안전하지 않은 압축 파일이라 받을 수 없습니다.', en: 'The archive is unsafe and was refused.' },
    data: { reason },
  });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** An upload intent first (the sweep removes bytes whose rows never came), then the bytes; on failure neither stays. */
async function withIntent(services: Services, scope: TenantScope, store: (storageKey: string) => Promise<Omit<StoredBytes, 'storageKey'>>): Promise<StoredBytes> {
  const storageKey = objectKey(scope);
  await files.insertUploadIntent(services.db, scope, storageKey, new Date(Date.now() + services.config.files.intentTtlMs));
  try {
    return { storageKey, ...(await store(storageKey)) };
  } catch (err) {
    await services.storage.delete(storageKey).catch(() => undefined);
    await files.deleteUploadIntent(services.db, storageKey).catch(() => undefined);
    throw err;
  }
}

/**
 * Stores a byte stream with the files module's rules: the upload limit (413), the type sniffed
 * from the content against the allow-list (415), ZIP containers checked for bombs and XXE. A
 * `knownType` skips the sniffing: bytes this server produced, or copied from a checked revision.
 */
export async function storeStream(services: Services, scope: TenantScope, source: AsyncIterable<Buffer>, options: { name: string; knownType?: FileType }): Promise<StoredBytes> {
  const maxBytes = services.config.files.uploadMaxBytes;
  return withIntent(services, scope, async (storageKey) => {
    let fileType = options.knownType;
    let body: Readable;
    if (fileType) body = Readable.from(source);
    else {
      const peeked = await peek(source, SNIFF_BYTES);
      fileType = sniffFileType(peeked.head, options.name) ?? undefined;
      if (!fileType) {
        peeked.body.destroy();
        throw unsupported('UNKNOWN_TYPE');
      }
      body = peeked.body;
    }
    const contentType = MIME_TYPES[fileType];
    const stored = await services.storage.put(storageKey, body, { maxBytes, contentType });
    if (!options.knownType && ZIP_CONTAINERS.has(fileType)) {
      const verdict = await checkContainer(await readAll(await services.storage.get(storageKey)), fileType);
      if (!verdict.ok) throw unsupported(verdict.reason);
    }
    return { size: stored.size, sha256: stored.sha256, fileType, contentType, displayName: normalizeDisplayName(options.name) };
  });
}

export async function storeMultipart(services: Services, scope: TenantScope, request: FastifyRequest): Promise<StoredBytes> {
  return withIntent(services, scope, async (storageKey) => {
    const received = await receiveUpload(request, services.storage, storageKey, services.config.files.uploadMaxBytes);
    return {
      size: received.stored.size,
      sha256: received.stored.sha256,
      fileType: received.fileType,
      contentType: received.contentType,
      displayName: normalizeDisplayName(received.fields.displayName ?? received.clientName),
    };
  });
}

// Writing the main document ---------------------------------------------------------------------

export interface SavedRevision {
  fileKey: string;
  revision: number;
  size: number;
  fileType: string;
  isNewDocument: boolean;
}

export interface RevisionWrite {
  scope: TenantScope;
  actor: ContractActor;
  contractId: number;
  /** Where the call came from, for the audit rows. */
  ctx: Pick<RequestContext, 'ip' | 'userAgent'> | null;
  bytes: StoredBytes;
  /** Keep the document's name (a save from the editor) instead of taking the stored one. */
  isNameKept?: boolean;
  /** The caller's lock rule, inside the transaction: a foreign Word lock (HTTP) or the WOPI lock id (PutFile). */
  checkLock: (tx: Tx, main: files.FileRow | null) => Promise<void>;
  event: (saved: SavedRevision) => AuditEvent;
  /** The text extraction job's priority (below 0: after what users upload meanwhile; the demo seed). */
  extractionPriority?: number;
}

/**
 * Turns stored bytes into the main document's next revision (or into the main document itself
 * when the contract has none) in one transaction; if anything refuses, the bytes go too.
 */
export async function writeMainRevision(services: Services, w: RevisionWrite): Promise<SavedRevision> {
  try {
    return await services.db.transaction((tx) => writeMainRevisionIn(tx, services, w));
  } catch (err) {
    await discardBytes(services, w.bytes);
    throw err;
  }
}

/** Stored bytes that no revision took: deleted with their intent (or left to the sweep). */
export async function discardBytes(services: Services, bytes: Pick<StoredBytes, 'storageKey'>): Promise<void> {
  await services.storage.delete(bytes.storageKey).catch((e: unknown) => services.logger.warn({ err: e, storageKey: bytes.storageKey }, 'could not delete bytes; the sweep will'));
  await files.deleteUploadIntent(services.db, bytes.storageKey).catch(() => undefined);
}

/** writeMainRevision inside the caller's transaction (the caller discards the bytes if it fails). */
export async function writeMainRevisionIn(tx: Tx, services: Services, w: RevisionWrite): Promise<SavedRevision> {
  const { scope, actor, contractId } = w;
  await guardWrite(tx, scope, actor, contractId);
  const main = await findMainDocument(tx, scope, contractId, { forUpdate: true });
  await w.checkLock(tx, main);
  return addMainRevision(tx, services, { ...w, userId: actor.userId, main });
}

/**
 * The revision write itself, inside the caller's transaction once its guards passed (the HTTP
 * routes: writeMainRevision; the workflow engine filing the executed copy while the contract is
 * IN_SIGNING, which its own rules allow).
 */
export async function addMainRevision(
  tx: Tx,
  services: Pick<Services, 'config' | 'jobs'>,
  w: Pick<RevisionWrite, 'scope' | 'contractId' | 'ctx' | 'bytes' | 'isNameKept' | 'event' | 'extractionPriority'> & { userId: number; main: files.FileRow | null },
): Promise<SavedRevision> {
  const { scope, contractId, bytes, main } = w;
  const meta = { ...auditMetaOf(w.ctx, w.userId), ...scope };
  const actor = { userId: w.userId };
  await files.reserveStorage(tx, scope, bytes.size, { defaultQuotaBytes: services.config.files.defaultQuotaBytes, isExempt: false });
  const number = main ? main.currentRevision + 1 : 1;
  const displayName = main && w.isNameKept ? main.displayName : bytes.displayName;
  let file: files.FileRow;
  if (main) {
    [file] = (await tx
      .update(filesTable)
      .set({ currentRevision: number, displayName, updatedAt: new Date() })
      .where(and(inScope(filesTable, scope), eq(filesTable.id, main.id)))
      .returning()) as [files.FileRow];
  } else {
    [file] = (await tx
      .insert(filesTable)
      .values({ ...scope, fileKey: newFileKey(), displayName, referenceType: 'CONTRACT', referenceId: String(contractId), uploadedByUserId: actor.userId })
      .returning()) as [files.FileRow];
    await makeMain(tx, scope, contractId, file.fileKey, actor.userId);
  }
  const [revision] = await tx
    .insert(fileRevisions)
    .values({
      ...scope, fileId: file.id, revision: number, storageKey: bytes.storageKey, displayName, fileType: bytes.fileType, contentType: bytes.contentType,
      size: bytes.size, sha256: bytes.sha256, uploadedByUserId: actor.userId,
    })
    .returning({ id: fileRevisions.id });
  await files.deleteUploadIntent(tx, bytes.storageKey);
  await services.jobs.send(extractFileTextJob, { ...scope, revisionId: revision!.id }, { tx, idempotencyKey: `files.extract:${revision!.id}`, priority: w.extractionPriority });
  await recordAudit(tx, { type: 'file.uploaded', data: { fileKey: file.fileKey, revision: number, size: bytes.size, fileType: bytes.fileType, isQuotaExempt: false } }, meta);
  const saved = { fileKey: file.fileKey, revision: number, size: bytes.size, fileType: bytes.fileType, isNewDocument: main === null };
  await recordAudit(tx, w.event(saved), meta);
  await repo.writeContract(tx, scope, contractId, {});
  return saved;
}
