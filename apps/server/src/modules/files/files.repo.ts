import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AttachmentAccess } from '../../platform/attachments';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { fileRevisions, files, uploadIntents, workspaceStorage } from './files.table';

export type FileRow = typeof files.$inferSelect;
export type RevisionRow = typeof fileRevisions.$inferSelect;
export type FileWithRevision = { file: FileRow; revision: RevisionRow };

export type Executor = Db | Tx;

/** Revision columns without the (large) extracted text and structure. */
const revisionSummary = {
  id: fileRevisions.id,
  tenantId: fileRevisions.tenantId,
  workspaceId: fileRevisions.workspaceId,
  fileId: fileRevisions.fileId,
  revision: fileRevisions.revision,
  storageKey: fileRevisions.storageKey,
  displayName: fileRevisions.displayName,
  fileType: fileRevisions.fileType,
  contentType: fileRevisions.contentType,
  size: fileRevisions.size,
  sha256: fileRevisions.sha256,
  uploadedByUserId: fileRevisions.uploadedByUserId,
  isQuotaExempt: fileRevisions.isQuotaExempt,
  extractionStatus: fileRevisions.extractionStatus,
  extractionError: fileRevisions.extractionError,
  language: fileRevisions.language,
  pageCount: fileRevisions.pageCount,
  createdAt: fileRevisions.createdAt,
};
export type RevisionSummary = Pick<RevisionRow, keyof typeof revisionSummary>;

export type FoundFile = { file: FileRow; revision: RevisionSummary; isWritable: boolean; isLocked: boolean };

/**
 * A file of the scope with its current revision; deleted files only when asked. With `access`
 * (the caller's attachment rules, files.service.ts) a file the caller may not read is absent,
 * `isWritable` says whether what it is attached to lets them change it and `isLocked` whether its
 * state forbids changes for now; without it (callers that checked the owning record themselves)
 * every file of the scope answers, writable and not locked.
 */
export async function findFile(
  db: Executor,
  scope: TenantScope,
  fileKey: string,
  options: { includeDeleted?: boolean; forUpdate?: boolean; access?: AttachmentAccess } = {},
): Promise<FoundFile | null> {
  const [row] = await findFiles(db, scope, [fileKey], options);
  return row ?? null;
}

/** `findFile` for several keys at once (absent keys are left out); `readable` alone filters without the write and lock flags. */
export async function findFiles(
  db: Executor,
  scope: TenantScope,
  fileKeys: readonly string[],
  options: { includeDeleted?: boolean; forUpdate?: boolean; access?: AttachmentAccess; readable?: SQL } = {},
): Promise<FoundFile[]> {
  if (fileKeys.length === 0) return [];
  const query = db
    .select({ file: files, revision: revisionSummary, isWritable: flag(options.access?.writable, true), isLocked: flag(options.access?.locked, false) })
    .from(files)
    .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision)))
    .where(and(inScope(files, scope), inArray(files.fileKey, [...new Set(fileKeys)]), options.includeDeleted ? undefined : isNull(files.deletedAt), options.access?.readable ?? options.readable))
    .orderBy(asc(files.id));
  return options.forUpdate ? query.for('update', { of: files }) : query;
}

const flag = (condition: SQL | undefined, otherwise: boolean) =>
  (condition ? sql<boolean>`${condition}` : sql<boolean>`${sql.raw(String(otherwise))}`).mapWith((v: unknown) => v === true || v === 't');

export async function listRevisions(db: Executor, scope: TenantScope, fileId: number): Promise<RevisionSummary[]> {
  return db.select(revisionSummary).from(fileRevisions).where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, fileId))).orderBy(asc(fileRevisions.revision));
}

export async function findRevision(db: Executor, scope: TenantScope, fileId: number, revision: number): Promise<RevisionSummary | null> {
  const [row] = await db
    .select(revisionSummary)
    .from(fileRevisions)
    .where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, fileId), eq(fileRevisions.revision, revision)))
    .limit(1);
  return row ?? null;
}

export interface FileFilter {
  keyword?: string;
  fileTypes?: string[];
  uploaderIds?: number[];
  createdFrom?: Date;
  createdTo?: Date;
  referenceType?: string;
  referenceId?: string;
  isDeleted?: boolean;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const MAX_KEYWORD_TOKENS = 10;

/**
 * A keyword finds a file by its name (a substring, case-insensitive) or by the extracted text of
 * its current revision: every white-space separated word occurs in it. A word of two or more
 * characters first narrows through the bigram index (`grams @> ko_bigrams(word)`, so `해지` finds
 * `해지할`), then `strpos` confirms it is really there; a one-character word is matched by
 * `strpos` alone. Same SQL on PostgreSQL and PGlite.
 */
function keywordMatch(keyword: string): SQL {
  const words = [...new Set(keyword.normalize('NFC').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_KEYWORD_TOKENS);
  const text = sql`lower(coalesce(${fileRevisions.extractedText}, ''))`;
  const inText = and(...words.map((word) => and([...word].length >= 2 ? sql`${fileRevisions.grams} @> ko_bigrams(${word})` : undefined, sql`strpos(${text}, ${word}) > 0`)));
  return or(ilike(files.displayName, `%${likeEscape(keyword)}%`), inText)!;
}

function filterConditions(scope: TenantScope, f: FileFilter, access: AttachmentAccess): SQL | undefined {
  return and(
    inScope(files, scope),
    access.readable,
    f.isDeleted ? isNotNull(files.deletedAt) : isNull(files.deletedAt),
    // Uploads for a record still being written stay off the list until attached (or collected).
    or(isNull(files.pendingAttachmentUntil), access.attached),
    f.keyword ? keywordMatch(f.keyword) : undefined,
    f.fileTypes?.length ? inArray(fileRevisions.fileType, f.fileTypes) : undefined,
    f.uploaderIds?.length ? inArray(files.uploadedByUserId, f.uploaderIds) : undefined,
    f.createdFrom ? gte(files.createdAt, f.createdFrom) : undefined,
    f.createdTo ? lte(files.createdAt, f.createdTo) : undefined,
    f.referenceType ? eq(files.referenceType, f.referenceType) : undefined,
    f.referenceId ? eq(files.referenceId, f.referenceId) : undefined,
  );
}

const SORT_COLUMNS = { createdAt: files.createdAt, displayName: files.displayName, size: fileRevisions.size } as const;

export async function searchFiles(
  db: Executor,
  scope: TenantScope,
  filter: FileFilter,
  sort: Array<{ field: keyof typeof SORT_COLUMNS; direction: 'asc' | 'desc' }>,
  limit: number,
  offset: number,
  access: AttachmentAccess,
) {
  const order = (sort.length ? sort : [{ field: 'createdAt' as const, direction: 'desc' as const }]).map((s) =>
    s.direction === 'asc' ? asc(SORT_COLUMNS[s.field]) : desc(SORT_COLUMNS[s.field]),
  );
  return db
    .select({ file: files, revision: revisionSummary, isWritable: flag(access.writable, true), isLocked: flag(access.locked, false) })
    .from(files)
    .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision)))
    .where(filterConditions(scope, filter, access))
    .orderBy(...order, desc(files.id))
    .limit(limit)
    .offset(offset);
}

export async function countFiles(db: Executor, scope: TenantScope, filter: FileFilter, access: AttachmentAccess): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(files)
    .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision)))
    .where(filterConditions(scope, filter, access));
  return Number(row?.n ?? 0);
}

/**
 * For the module that owns a record, in the transaction that attaches files to it: the files are
 * no longer pending attachment (listed like any other, and never collected as abandoned).
 */
export async function claimPendingAttachments(tx: Executor, scope: TenantScope, fileKeys: readonly string[]): Promise<void> {
  if (fileKeys.length === 0) return;
  await tx
    .update(files)
    .set({ pendingAttachmentUntil: null })
    .where(and(inScope(files, scope), inArray(files.fileKey, [...new Set(fileKeys)]), isNotNull(files.pendingAttachmentUntil)));
}

// ---------------------------------------------------------------------------------------------
// Upload intents and storage usage
// ---------------------------------------------------------------------------------------------

export async function insertUploadIntent(db: Executor, scope: TenantScope, storageKey: string, expiresAt: Date): Promise<void> {
  await db.insert(uploadIntents).values({ ...scope, storageKey, expiresAt });
}

export async function deleteUploadIntent(db: Executor, storageKey: string): Promise<void> {
  await db.delete(uploadIntents).where(eq(uploadIntents.storageKey, storageKey));
}

/**
 * Adds `size` bytes to the workspace's usage in one conditional UPDATE (`used + size <= quota`),
 * so concurrent uploads cannot pass the quota together. Exempt uploads are counted, never refused.
 */
export async function reserveStorage(tx: Tx, scope: TenantScope, size: number, options: { defaultQuotaBytes: number; isExempt: boolean }): Promise<void> {
  await tx.insert(workspaceStorage).values({ ...scope }).onConflictDoNothing();
  const fits = options.isExempt ? undefined : sql`${workspaceStorage.usedBytes} + ${size}::bigint <= coalesce(${workspaceStorage.quotaBytes}, ${options.defaultQuotaBytes}::bigint)`;
  const updated = await tx
    .update(workspaceStorage)
    .set({ usedBytes: sql`${workspaceStorage.usedBytes} + ${size}::bigint`, updatedAt: new Date() })
    .where(and(inScope(workspaceStorage, scope), fits))
    .returning({ usedBytes: workspaceStorage.usedBytes });
  if (updated.length === 0) {
    const [row] = await tx.select().from(workspaceStorage).where(inScope(workspaceStorage, scope));
    throw new AppError('ERROR_EXCEEDED_STORAGE_LIMIT', {
      data: { usedBytes: row?.usedBytes ?? 0, quotaBytes: row?.quotaBytes ?? options.defaultQuotaBytes, requestedBytes: size },
    });
  }
}

export async function releaseStorage(tx: Tx, scope: TenantScope, size: number): Promise<void> {
  await tx
    .update(workspaceStorage)
    .set({ usedBytes: sql`greatest(${workspaceStorage.usedBytes} - ${size}::bigint, 0)`, updatedAt: new Date() })
    .where(inScope(workspaceStorage, scope));
}

export async function storageUsage(db: Executor, scope: TenantScope): Promise<{ usedBytes: number; quotaBytes: number | null }> {
  const [row] = await db.select().from(workspaceStorage).where(inScope(workspaceStorage, scope));
  return { usedBytes: row?.usedBytes ?? 0, quotaBytes: row?.quotaBytes ?? null };
}
