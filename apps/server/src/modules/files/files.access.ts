import { and, eq, exists, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader } from '../../platform/attachments';
import { inScope } from '../../platform/db/tenancy';
import { AppError, conflict, forbidden } from '../../platform/http/errors';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { allow, type FileAction, type FileActor } from './files.policy';
import * as repo from './files.repo';
import { fileRevisions, files } from './files.table';

/**
 * Who may reach which file: the files permissions for free files, the owning record's rules
 * (platform/attachments.ts) for attached ones. Every read and change of a file, in this module and
 * in the modules that take file keys from callers, finds the file through here.
 */

type Services = Pick<AppServices, 'db' | 'attachments'>;

export function actorOf(ctx: RequestContext): FileActor {
  if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  return { userId: ctx.principal.userId, permissions: ctx.principal.permissions, isSuperAdmin: ctx.principal.isSuperAdmin };
}

export function authorize(actor: FileActor, action: FileAction, file?: { uploadedByUserId: number | null }) {
  if (!allow(actor, action, file)) throw forbidden();
}

/**
 * A change needs the files rule (uploader or file admin) and, for an attached file, the owner's
 * edit rule (isWritable): 403 otherwise. Then the record's state: while what the file is attached
 * to forbids changes (a contract under approval or signing), 409 as on the owner's own routes.
 */
export function authorizeChange(actor: FileActor, action: FileAction, found: Pick<repo.FoundFile, 'file' | 'isWritable' | 'isLocked'>) {
  if (!found.isWritable) throw forbidden();
  authorize(actor, action, found.file);
  if (found.isLocked) throw lockedConflict();
}

const lockedConflict = () =>
  conflict(
    { ko: '이 파일이 첨부된 항목이 지금은 변경을 허용하지 않습니다. (결재 또는 서명 진행 중)', en: 'What this file is attached to does not allow changes now (an approval or signing is under way).' },
    { reason: 'ATTACHMENT_LOCKED' },
  );

/**
 * The caller's access to files as SQL over the files row: free files by the files permissions,
 * attached ones as their record (platform/attachments.ts, the rules the owning modules register).
 * Every read and change of a file below goes through it, in the query that finds the file or
 * lists them: a file the caller may not read is absent (404), never forbidden.
 */
export function accessOf(services: Services, ctx: RequestContext, scope: TenantScope, db: repo.Executor = services.db) {
  return services.attachments.accessOf({ ctx, scope, db }, { fileKey: files.fileKey, referenceType: files.referenceType, referenceId: files.referenceId });
}

/** The one way to a file for a caller (reads and changes, optionally in a transaction): null when absent or not theirs to see. */
export async function findForCaller(services: Services, ctx: RequestContext, scope: TenantScope, fileKey: string, options: { includeDeleted?: boolean; forUpdate?: boolean; db?: repo.Executor } = {}) {
  const db = options.db ?? services.db;
  return repo.findFile(db, scope, fileKey, { ...options, access: await accessOf(services, ctx, scope, db) });
}

/**
 * For every module that takes file keys from a caller (to attach them to a record, adopt, copy,
 * analyse or import them): the live files among `fileKeys` that the caller may read, found exactly
 * as the files routes find one (file.file.read, then the attachment rules, in the caller's
 * workspace). A key the caller may not read is absent, just like a key that does not exist, so
 * the owning module answers both the same and never confirms a hidden file; otherwise a key
 * learned from the audit log, or kept from a contract one no longer watches, would attach a hidden
 * file to one's own record and open it. `db` to read (and with `forUpdate` lock) in a transaction.
 */
export async function findReadableFiles(
  services: Services,
  ctx: RequestContext,
  fileKeys: readonly string[],
  options: { db?: repo.Executor; forUpdate?: boolean } = {},
): Promise<Map<string, ReadableFile>> {
  const principal = ctx.principal;
  if (fileKeys.length === 0 || principal?.kind !== 'user' || !allow(actorOf(ctx), 'file.read')) return new Map();
  const scope = tenantScope(ctx);
  const db = options.db ?? services.db;
  // The read rules alone: the write and lock rules made the statement three times as long, and a
  // review start spent a third of its database time in it (docs/performance.md, "Seventh round").
  const readable = await services.attachments.readableOf({ ctx, scope, db }, FILE_COLUMNS);
  const found = await repo.findFiles(db, scope, fileKeys, { forUpdate: options.forUpdate, readable });
  return new Map(found.map(({ file, revision }) => [file.fileKey, { file, revision }]));
}

/** A file another module may read: the row and its current revision (what it may change is the files routes' business). */
export type ReadableFile = Pick<repo.FoundFile, 'file' | 'revision'>;

/** One key through `findReadableFiles`: null when absent or hidden from the caller. */
export async function findReadableFile(services: Services, ctx: RequestContext, fileKey: string, options: { db?: repo.Executor; forUpdate?: boolean } = {}) {
  return (await findReadableFiles(services, ctx, [fileKey], options)).get(fileKey) ?? null;
}

/**
 * The same rule as SQL over a file key (a column of another module's row): true when a live file of
 * the reader's scope has that key and the reader may read it (file.file.read, then the attachment
 * rules). For lists that show records as visible as the file they were made from (AI reviews).
 */
export async function readableFileWhere(services: Pick<AppServices, 'attachments'>, reader: AttachmentReader, fileKey: SQLWrapper): Promise<SQL> {
  if (reader.ctx.principal?.kind !== 'user' || !allow(actorOf(reader.ctx), 'file.read')) return sql`false`;
  const readable = await services.attachments.readableOf(reader, FILE_COLUMNS);
  return exists(
    reader.db
      .select({ one: sql`1` })
      .from(files)
      .where(and(inScope(files, reader.scope), sql`${files.fileKey} = ${fileKey}`, isNull(files.deletedAt), readable)),
  );
}

const FILE_COLUMNS = { fileKey: files.fileKey, referenceType: files.referenceType, referenceId: files.referenceId };

/**
 * Whether the caller may read the file (findReadableFile's answer, without the row), for callers
 * that only check: a record as visible as its file, which the web app polls every second (an AI
 * review, issue 15). A free file (attached to nothing) is readable with file.file.read alone, which
 * one short statement decides; only for an attached file are the records' rules built and asked.
 */
export async function canReadFile(services: Services, ctx: RequestContext, fileKey: string): Promise<boolean> {
  if (ctx.principal?.kind !== 'user' || !allow(actorOf(ctx), 'file.read')) return false;
  const scope = tenantScope(ctx);
  const live = and(inScope(files, scope), eq(files.fileKey, fileKey), isNull(files.deletedAt));
  const [row] = await services.db
    .select({ isAttached: sql<boolean>`${services.attachments.attachedWhere(scope, FILE_COLUMNS)}`.mapWith((v: unknown) => v === true || v === 't') })
    .from(files)
    // As findReadableFiles finds a file: with its current revision.
    .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision)))
    .where(live)
    .limit(1);
  if (!row) return false;
  if (!row.isAttached) return true;
  const readable = await services.attachments.readableOf({ ctx, scope, db: services.db }, FILE_COLUMNS);
  const [found] = await services.db.select({ one: sql`1` }).from(files).where(and(live, readable)).limit(1);
  return found !== undefined;
}
