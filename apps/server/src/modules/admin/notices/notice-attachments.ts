import { NOTICE_LIMITS, type NoticeAttachment } from '@legal/api';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { fileRevisions, files, findReadableFiles } from '../../files';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';

/**
 * Attachments of a notice are arxive files of the same workspace. A file carries at most one
 * reference (`referenceType`/`referenceId`), so a notice may take a file that has none or is
 * already its own; the reference tells the files screen where the file belongs.
 */

const REFERENCE_TYPE = NOTICE_LIMITS.fileReferenceType;

/**
 * Checks that every key names a live file of the workspace that the caller may read (the files
 * module's rule: a file hidden from them answers as a missing one, so a key learned elsewhere
 * cannot publish a hidden file to every member) and that is free or already this notice's
 * (`noticeId` null: a notice being created). Locks the files so a concurrent attach cannot take
 * them too. Throws a 400 naming `body.fileKeys.<i>` for each bad key.
 */
export async function checkAttachable(
  services: Pick<AppServices, 'db' | 'attachments'>,
  ctx: RequestContext,
  tx: Tx,
  fileKeys: readonly string[],
  noticeId: number | null,
): Promise<void> {
  if (fileKeys.length === 0) return;
  const byKey = await findReadableFiles(services, ctx, fileKeys, { db: tx, forUpdate: true });
  const problems: Array<{ field: string; reason: string }> = [];
  fileKeys.forEach((key, i) => {
    const file = byKey.get(key)?.file;
    const isOwn = file?.referenceType === REFERENCE_TYPE && noticeId !== null && file.referenceId === String(noticeId);
    if (!file) problems.push({ field: `body.fileKeys.${i}`, reason: 'no such file in this workspace' });
    else if (file.referenceType !== null && !isOwn) problems.push({ field: `body.fileKeys.${i}`, reason: 'the file is attached to something else' });
  });
  if (problems.length > 0) throw validationError(problems);
}

/** Points the given files at the notice and releases the files it no longer lists. */
export async function setAttachments(tx: Tx, scope: TenantScope, noticeId: number, fileKeys: readonly string[]): Promise<void> {
  const now = new Date();
  const own = and(inScope(files, scope), eq(files.referenceType, REFERENCE_TYPE), eq(files.referenceId, String(noticeId)));
  await tx
    .update(files)
    .set({ referenceType: null, referenceId: null, updatedAt: now })
    .where(and(own, fileKeys.length > 0 ? notInArray(files.fileKey, [...fileKeys]) : undefined));
  if (fileKeys.length === 0) return;
  await tx
    .update(files)
    .set({ referenceType: REFERENCE_TYPE, referenceId: String(noticeId), updatedAt: now })
    .where(and(inScope(files, scope), inArray(files.fileKey, [...fileKeys])));
}

/** What a reader sees of the attached files that still exist (deleted files drop out), per key. */
export async function describeAttachments(db: Db | Tx, scope: TenantScope, fileKeys: readonly string[]): Promise<Map<string, NoticeAttachment>> {
  if (fileKeys.length === 0) return new Map();
  const rows = await db
    .select({ fileKey: files.fileKey, displayName: files.displayName, size: fileRevisions.size, contentType: fileRevisions.contentType })
    .from(files)
    .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision)))
    .where(and(inScope(files, scope), inArray(files.fileKey, [...new Set(fileKeys)]), isNull(files.deletedAt)));
  return new Map(rows.map((r) => [r.fileKey, r]));
}

/** The attachments of one notice in its own order. */
export function attachmentsOf(fileKeys: readonly string[], described: Map<string, NoticeAttachment>): NoticeAttachment[] {
  return fileKeys.flatMap((key) => {
    const found = described.get(key);
    return found ? [found] : [];
  });
}
