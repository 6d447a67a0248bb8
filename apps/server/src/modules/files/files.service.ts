import { Readable } from 'node:stream';
import { type FileMetadata, type FileRevision, FileUploadPurposeSchema, type Page } from '@legal/api';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { inScope } from '../../platform/db/tenancy';
import { fetchPage } from '../../platform/db/paging';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import { workspaces } from '../auth';
import { AppError, conflict, notFound, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { objectKey } from '../../platform/storage/storage';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { extractFileTextJob } from './files.jobs';
import { accessOf, actorOf, authorize, authorizeChange, findForCaller } from './files.access';
import { allow, type FileActor, newFileKey, normalizeDisplayName } from './files.policy';
import * as repo from './files.repo';
import { presentFile, presentFiles, revisionDto } from './files.present';
import { filePages, fileRevisions, files } from './files.table';
import { receiveUpload } from './files.upload';
import { type FileType, MIME_TYPES } from './documents';

type Services = Pick<AppServices, 'db' | 'storage' | 'jobs' | 'config' | 'logger' | 'attachments'>;

// ---------------------------------------------------------------------------------------------
// Uploads: intent committed -> bytes stored -> one transaction (rows, quota, intent deleted, job)
// ---------------------------------------------------------------------------------------------

/**
 * A file is attached to a record only by the module that owns the record (a contract's documents,
 * a notice's files), under that module's rules: through the files routes a reference can be
 * neither set (an upload would plant a file on a record the caller may not touch, or vanish under
 * a type nobody registered) nor changed nor removed (that would detach it from its record's rules).
 */
function refuseReferenceChange(
  body: { referenceType?: string | null; referenceId?: string | null },
  current: { referenceType: string | null; referenceId: string | null } = { referenceType: null, referenceId: null },
) {
  const reason = 'a file is attached through the record it belongs to, not through the files routes';
  const problems = (['referenceType', 'referenceId'] as const)
    .filter((field) => body[field] !== undefined && (body[field]?.trim() || null) !== current[field])
    .map((field) => ({ field: `body.${field}`, reason }));
  if (problems.length > 0) throw validationError(problems);
}

async function storeUpload(services: Services, scope: TenantScope, request: FastifyRequest) {
  const { db, storage, config } = services;
  const storageKey = objectKey(scope);
  await repo.insertUploadIntent(db, scope, storageKey, new Date(Date.now() + config.files.intentTtlMs));
  try {
    return { storageKey, received: await receiveUpload(request, storage, storageKey, config.files.uploadMaxBytes) };
  } catch (err) {
    await repo.deleteUploadIntent(db, storageKey).catch(() => undefined);
    throw err;
  }
}

/** The revision row of bytes just stored under `storageKey`. */
function revisionRow(
  scope: TenantScope,
  fileId: number,
  revision: number,
  storageKey: string,
  displayName: string,
  received: Pick<Awaited<ReturnType<typeof receiveUpload>>, 'fileType' | 'contentType' | 'stored'>,
  actor: FileActor,
) {
  return {
    ...scope,
    fileId,
    revision,
    storageKey,
    displayName,
    fileType: received.fileType,
    contentType: received.contentType,
    size: received.stored.size,
    sha256: received.stored.sha256,
    uploadedByUserId: actor.userId,
  };
}

/** After the bytes are stored: if the transaction fails, the bytes and the intent go (the sweep catches a crash). */
async function commitOrDiscard<T>(services: Services, storageKey: string, commit: () => Promise<T>): Promise<T> {
  try {
    return await commit();
  } catch (err) {
    await services.storage.delete(storageKey).catch((e: unknown) => services.logger.warn({ err: e, storageKey }, 'could not delete bytes; the sweep will'));
    await repo.deleteUploadIntent(services.db, storageKey).catch(() => undefined);
    throw err;
  }
}

/** Test seam: runs between storing the bytes and writing the rows (crash simulation). */
export const uploadHooks: { afterBytesStored?: (storageKey: string) => Promise<void> } = {};

/**
 * `acceptFields` lets a module that uploads on its own route (review/contract-file) read and check
 * the other text fields before anything is written: a throw discards the stored bytes.
 */
export async function uploadFile(
  services: Services,
  ctx: RequestContext,
  request: FastifyRequest,
  options: { isQuotaExempt: boolean; acceptFields?: (fields: Record<string, string>) => void },
): Promise<FileMetadata> {
  const actor = actorOf(ctx);
  if (!options.isQuotaExempt) authorize(actor, 'file.create');
  const scope = await uploadScope(services, ctx, options.isQuotaExempt);
  const { storageKey, received } = await storeUpload(services, scope, request);
  await uploadHooks.afterBytesStored?.(storageKey);
  const purpose = await commitOrDiscard(services, storageKey, async () => {
    refuseReferenceChange(received.fields);
    options.acceptFields?.(received.fields);
    return purposeOf(received.fields);
  });
  const displayName = normalizeDisplayName(received.fields.displayName ?? received.clientName);
  const pendingAttachmentUntil = purpose === 'ATTACHMENT' ? new Date(Date.now() + services.config.files.pendingAttachmentTtlMs) : null;
  return commitOrDiscard(services, storageKey, () => insertNewFile(services, ctx, scope, actor, storageKey, displayName, received, { isQuotaExempt: options.isQuotaExempt, pendingAttachmentUntil }));
}

/** The rows of a new file (revision 1) over bytes stored under `storageKey`: quota, extraction job, audit. */
function insertNewFile(
  services: Services,
  ctx: RequestContext,
  scope: TenantScope,
  actor: FileActor,
  storageKey: string,
  displayName: string,
  received: Pick<Awaited<ReturnType<typeof receiveUpload>>, 'fileType' | 'contentType' | 'stored'>,
  options: { isQuotaExempt: boolean; pendingAttachmentUntil: Date | null },
): Promise<FileMetadata> {
  return services.db.transaction(async (tx) => {
    await repo.reserveStorage(tx, scope, received.stored.size, { defaultQuotaBytes: services.config.files.defaultQuotaBytes, isExempt: options.isQuotaExempt });
    const [file] = await tx
      .insert(files)
      .values({
        ...scope,
        fileKey: newFileKey(),
        displayName,
        uploadedByUserId: actor.userId,
        pendingAttachmentUntil: options.pendingAttachmentUntil,
      })
      .returning();
    const [revision] = await tx
      .insert(fileRevisions)
      .values({ ...revisionRow(scope, file!.id, 1, storageKey, displayName, received, actor), isQuotaExempt: options.isQuotaExempt })
      .returning();
    await repo.deleteUploadIntent(tx, storageKey);
    await services.jobs.send(extractFileTextJob, { ...scope, revisionId: revision!.id }, { tx, idempotencyKey: `files.extract:${revision!.id}` });
    await recordAudit(
      tx,
      { type: 'file.uploaded', data: { fileKey: file!.fileKey, revision: 1, size: revision!.size, fileType: revision!.fileType, isQuotaExempt: options.isQuotaExempt } },
      { ...auditMetaOf(ctx, actor.userId), ...scope },
    );
    return presentFile(services, ctx, scope, { file: file!, revision: revision! }, tx);
  });
}

/**
 * A file of the caller from bytes the server made (a rendered document saved from another module's
 * route): the same permission, quota, extraction job and audit as POST arxive/files/v2.
 */
export async function saveGeneratedFile(services: Services, ctx: RequestContext, bytes: Buffer, options: { name: string; fileType: FileType }): Promise<FileMetadata> {
  const actor = actorOf(ctx);
  authorize(actor, 'file.create');
  const scope = await uploadScope(services, ctx, false);
  const storageKey = objectKey(scope);
  await repo.insertUploadIntent(services.db, scope, storageKey, new Date(Date.now() + services.config.files.intentTtlMs));
  const contentType = MIME_TYPES[options.fileType];
  return commitOrDiscard(services, storageKey, async () => {
    const stored = await services.storage.put(storageKey, Readable.from([bytes]), { maxBytes: services.config.files.uploadMaxBytes, contentType });
    return insertNewFile(services, ctx, scope, actor, storageKey, normalizeDisplayName(options.name), { fileType: options.fileType, contentType, stored }, { isQuotaExempt: false, pendingAttachmentUntil: null });
  });
}

export async function uploadRevision(services: Services, ctx: RequestContext, request: FastifyRequest, fileKey: string): Promise<FileMetadata> {
  const actor = actorOf(ctx);
  const scope = await uploadScope(services, ctx, false);
  const existing = await findForCaller(services, ctx, scope, fileKey);
  if (!existing) throw notFound();
  authorizeChange(actor, 'file.update', existing);
  const { storageKey, received } = await storeUpload(services, scope, request);
  await uploadHooks.afterBytesStored?.(storageKey);
  return commitOrDiscard(services, storageKey, () =>
    services.db.transaction(async (tx) => {
      const current = await findForCaller(services, ctx, scope, fileKey, { forUpdate: true, db: tx });
      if (!current) throw notFound();
      authorizeChange(actor, 'file.update', current);
      await repo.reserveStorage(tx, scope, received.stored.size, { defaultQuotaBytes: services.config.files.defaultQuotaBytes, isExempt: false });
      const number = current.file.currentRevision + 1;
      const displayName = received.fields.displayName || received.clientName ? normalizeDisplayName(received.fields.displayName ?? received.clientName) : current.file.displayName;
      const [revision] = await tx
        .insert(fileRevisions)
        .values(revisionRow(scope, current.file.id, number, storageKey, displayName, received, actor))
        .returning();
      const [file] = await tx
        .update(files)
        .set({ currentRevision: number, displayName, updatedAt: new Date() })
        .where(and(inScope(files, scope), eq(files.id, current.file.id)))
        .returning();
      await repo.deleteUploadIntent(tx, storageKey);
      await services.jobs.send(extractFileTextJob, { ...scope, revisionId: revision!.id }, { tx, idempotencyKey: `files.extract:${revision!.id}` });
      await recordAudit(
        tx,
        { type: 'file.uploaded', data: { fileKey, revision: number, size: revision!.size, fileType: revision!.fileType, isQuotaExempt: false } },
        { ...auditMetaOf(ctx, actor.userId), ...scope },
      );
      return presentFile(services, ctx, scope, { file: file!, revision: revision!, isWritable: current.isWritable, isLocked: current.isLocked }, tx);
    }),
  );
}

/** The multipart field `purpose` (FILE when absent): 400 naming it otherwise. */
function purposeOf(fields: Record<string, string>) {
  if (fields.purpose === undefined) return 'FILE';
  const parsed = FileUploadPurposeSchema.safeParse(fields.purpose);
  if (!parsed.success) throw validationError([{ field: 'body.purpose', reason: 'FILE or ATTACHMENT' }]);
  return parsed.data;
}

/** Members upload into their verified workspace; a super admin's exempt upload needs the workspace to exist in the tenant. */
async function uploadScope(services: Services, ctx: RequestContext, isSuperAdminPath: boolean): Promise<TenantScope> {
  const scope = tenantScope(ctx);
  if (isSuperAdminPath) {
    const [ws] = await services.db.select({ id: workspaces.id }).from(workspaces).where(and(eq(workspaces.id, scope.workspaceId), eq(workspaces.tenantId, scope.tenantId)));
    if (!ws) throw notFound();
  }
  return scope;
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

async function readable(services: Services, ctx: RequestContext, scope: TenantScope, fileKey: string, options: { includeDeleted?: boolean } = {}) {
  const actor = actorOf(ctx);
  authorize(actor, 'file.read');
  const found = await findForCaller(services, ctx, scope, fileKey, options);
  if (!found) throw notFound();
  return { actor, ...found };
}

export async function getFile(services: Services, ctx: RequestContext, scope: TenantScope, fileKey: string): Promise<FileMetadata> {
  const found = await readable(services, ctx, scope, fileKey);
  return presentFile(services, ctx, scope, found);
}

export interface ListFilesInput extends repo.FileFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

export async function listFiles(services: Services, ctx: RequestContext, scope: TenantScope, input: ListFilesInput): Promise<Page<FileMetadata>> {
  const actor = actorOf(ctx);
  authorize(actor, 'file.read');
  const sorts = (Array.isArray(input.sort) ? input.sort : input.sort ? [input.sort] : []).map((s) => {
    const [field, dir] = s.split(',');
    if (field !== 'createdAt' && field !== 'displayName' && field !== 'size') {
      throw new AppError('ERROR_VALIDATION', { data: { fieldErrors: [{ field: 'query.sort', reason: 'sort by createdAt, displayName or size' }] } });
    }
    return { field: field as 'createdAt' | 'displayName' | 'size', direction: dir?.toLowerCase() === 'asc' ? ('asc' as const) : ('desc' as const) };
  });
  const access = await accessOf(services, ctx, scope);
  return fetchPage(
    input,
    async (limit, offset) => presentFiles(services, ctx, scope, await repo.searchFiles(services.db, scope, input, sorts, limit, offset, access)),
    () => repo.countFiles(services.db, scope, input, access),
  );
}

export async function listFileRevisions(services: Services, ctx: RequestContext, scope: TenantScope, fileKey: string): Promise<FileRevision[]> {
  const { file } = await readable(services, ctx, scope, fileKey);
  return (await repo.listRevisions(services.db, scope, file.id)).map(revisionDto);
}

export async function getFileRevision(services: Services, ctx: RequestContext, scope: TenantScope, fileKey: string, number: number): Promise<FileRevision> {
  const { file } = await readable(services, ctx, scope, fileKey);
  const revision = await repo.findRevision(services.db, scope, file.id, number);
  if (!revision) throw notFound();
  return revisionDto(revision);
}

export async function openDownload(
  services: Services,
  ctx: RequestContext,
  scope: TenantScope,
  fileKey: string,
  number: number | undefined,
): Promise<{ fileKey: string; revision: repo.RevisionSummary; displayName: string; open: (range?: { start: number; end: number }) => Promise<Readable> }> {
  const { file, revision: current } = await readable(services, ctx, scope, fileKey);
  const revision = number === undefined ? current : await repo.findRevision(services.db, scope, file.id, number);
  if (!revision) throw notFound();
  const displayName = number === undefined ? file.displayName : revision.displayName;
  return { fileKey: file.fileKey, revision, displayName, open: (range) => services.storage.get(revision.storageKey, range) };
}

export async function getFileText(services: Services, ctx: RequestContext, scope: TenantScope, fileKey: string, number: number | undefined) {
  const { file, revision: current } = await readable(services, ctx, scope, fileKey);
  const revision = number === undefined ? current : await repo.findRevision(services.db, scope, file.id, number);
  if (!revision) throw notFound();
  const [structureRow] = await services.db.select({ structure: fileRevisions.structure }).from(fileRevisions).where(and(inScope(fileRevisions, scope), eq(fileRevisions.id, revision.id)));
  const pages = await services.db
    .select()
    .from(filePages)
    .where(and(inScope(filePages, scope), eq(filePages.revisionId, revision.id)))
    .orderBy(asc(filePages.pageNumber));
  return {
    fileKey,
    revision: revision.revision,
    status: revision.extractionStatus,
    error: revision.extractionError,
    language: revision.language,
    pages: pages.map((p) => ({ pageNumber: p.pageNumber, text: p.text, method: p.method, status: p.status, error: p.error })),
    structure: structureRow?.structure ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

export async function updateFile(
  services: Services,
  ctx: RequestContext,
  scope: TenantScope,
  fileKey: string,
  body: { displayName?: string; referenceType?: string | null; referenceId?: string | null },
): Promise<FileMetadata> {
  const actor = actorOf(ctx);
  return services.db.transaction(async (tx) => {
    const found = await findForCaller(services, ctx, scope, fileKey, { forUpdate: true, db: tx });
    if (!found) throw notFound();
    authorizeChange(actor, 'file.update', found);
    refuseReferenceChange(body, found.file);
    const changes: Partial<repo.FileRow> = { updatedAt: new Date() };
    if (body.displayName !== undefined) changes.displayName = normalizeDisplayName(body.displayName);
    const [file] = await tx.update(files).set(changes).where(and(inScope(files, scope), eq(files.id, found.file.id))).returning();
    await recordAudit(tx, { type: 'file.updated', data: { fileKey, fields: Object.keys(body) } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    return presentFile(services, ctx, scope, { ...found, file: file! }, tx);
  });
}

export async function deleteFile(services: Services, ctx: RequestContext, scope: TenantScope, fileKey: string): Promise<FileMetadata> {
  const actor = actorOf(ctx);
  return services.db.transaction(async (tx) => {
    const found = await findForCaller(services, ctx, scope, fileKey, { forUpdate: true, db: tx });
    if (!found) throw notFound();
    authorizeChange(actor, 'file.delete', found);
    const [file] = await tx
      .update(files)
      .set({ deletedAt: new Date(), deletedByUserId: actor.userId, updatedAt: new Date() })
      .where(and(inScope(files, scope), eq(files.id, found.file.id)))
      .returning();
    await recordAudit(tx, { type: 'file.deleted', data: { fileKey } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    return presentFile(services, ctx, scope, { ...found, file: file! }, tx);
  });
}

export async function bulkDeleteFiles(services: Services, ctx: RequestContext, scope: TenantScope, fileKeys: string[]) {
  const actor = actorOf(ctx);
  const keys = [...new Set(fileKeys)];
  return services.db.transaction(async (tx) => {
    const access = await accessOf(services, ctx, scope, tx);
    const rows = await tx
      .select({ file: files, isWritable: sql<boolean>`${access.writable}`, isLocked: sql<boolean>`${access.locked}` })
      .from(files)
      .where(and(inScope(files, scope), inArray(files.fileKey, keys), isNull(files.deletedAt), access.readable))
      .for('update', { of: files });
    // A file the caller may not read counts as not found; one they read but may not change (or not now: locked) is left, as before.
    const deletable = rows.filter((r) => r.isWritable === true && r.isLocked !== true && allow(actor, 'file.delete', r.file)).map((r) => r.file);
    if (deletable.length > 0) {
      await tx
        .update(files)
        .set({ deletedAt: new Date(), deletedByUserId: actor.userId, updatedAt: new Date() })
        .where(and(inScope(files, scope), inArray(files.id, deletable.map((f) => f.id))));
      for (const f of deletable) await recordAudit(tx, { type: 'file.deleted', data: { fileKey: f.fileKey } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    }
    const done = new Set(deletable.map((f) => f.fileKey));
    return { deletedCount: deletable.length, notFound: keys.filter((k) => !done.has(k)) };
  });
}

/** POST files/{fileKey}/v1: brings a soft-deleted file back (before the purge). */
export async function restoreFile(services: Services, ctx: RequestContext, scope: TenantScope, fileKey: string): Promise<FileMetadata> {
  const actor = actorOf(ctx);
  return services.db.transaction(async (tx) => {
    const found = await findForCaller(services, ctx, scope, fileKey, { includeDeleted: true, forUpdate: true, db: tx });
    if (!found) throw notFound();
    authorizeChange(actor, 'file.restore', found);
    if (found.file.deletedAt === null) throw conflict({ ko: '삭제된 파일이 아닙니다.', en: 'The file is not deleted.' });
    const [file] = await tx
      .update(files)
      .set({ deletedAt: null, deletedByUserId: null, updatedAt: new Date() })
      .where(and(inScope(files, scope), eq(files.id, found.file.id), isNotNull(files.deletedAt)))
      .returning();
    await recordAudit(tx, { type: 'file.restored', data: { fileKey } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    return presentFile(services, ctx, scope, { ...found, file: file! }, tx);
  });
}
