import { and, eq, inArray, isNotNull, lt, not, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { inScope } from '../../platform/db/tenancy';
import { eachInTurn } from '../../platform/jobs/in-turns';
import { type AnyJob, defineJob } from '../../platform/jobs/jobs';
import type { AppServices } from '../../platform/services';
import { recordAudit } from '../../platform/audit/audit';
import { extractDocument, type FileType } from './documents';
import { releaseStorage } from './files.repo';
import { filePages, fileRevisions, files, uploadIntents } from './files.table';

const HOUR_MS = 3600_000;
type Services = Pick<AppServices, 'db' | 'database' | 'storage' | 'jobs' | 'config' | 'logger'>;
type SweepServices = Services & Pick<AppServices, 'attachments'>;

async function readObject(services: Services, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await services.storage.get(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

// PostgreSQL text cannot hold NUL.
// eslint-disable-next-line no-control-regex
const clean = (s: string) => s.replace(/\u0000/g, '');

/**
 * Extracts the text of one revision. Idempotent: a revision no longer PENDING is left alone, and
 * the pages are replaced in one transaction. Storage errors retry; an extraction error is final
 * (FAILED with the reason shown through the API).
 */
export async function extractRevisionText(services: Services, payload: { tenantId: number; workspaceId: number; revisionId: number }): Promise<void> {
  const scope = { tenantId: payload.tenantId, workspaceId: payload.workspaceId };
  const [revision] = await services.db
    .select({ id: fileRevisions.id, storageKey: fileRevisions.storageKey, fileType: fileRevisions.fileType, status: fileRevisions.extractionStatus })
    .from(fileRevisions)
    .where(and(inScope(fileRevisions, scope), eq(fileRevisions.id, payload.revisionId)));
  if (!revision || revision.status !== 'PENDING') return;
  const bytes = await readObject(services, revision.storageKey);
  let result;
  try {
    result = await extractDocument({ bytes, fileType: revision.fileType as FileType }, { ocr: services.config.files.isOcrEnabled });
  } catch (err) {
    const reason = clean((err as Error).message || 'extraction failed').slice(0, 500);
    services.logger.warn({ err, revisionId: revision.id }, 'text extraction failed');
    await services.db
      .update(fileRevisions)
      .set({ extractionStatus: 'FAILED', extractionError: reason })
      .where(and(inScope(fileRevisions, scope), eq(fileRevisions.id, revision.id), eq(fileRevisions.extractionStatus, 'PENDING')));
    return;
  }
  if (result.safety && !result.safety.ok) {
    await services.db
      .update(fileRevisions)
      .set({ extractionStatus: 'FAILED', extractionError: `unsafe document: ${result.safety.reason}` })
      .where(and(inScope(fileRevisions, scope), eq(fileRevisions.id, revision.id), eq(fileRevisions.extractionStatus, 'PENDING')));
    return;
  }
  const pages = result.pages.map((p) => ({ ...scope, revisionId: revision.id, pageNumber: p.pageNumber, text: clean(p.text), method: p.method, status: p.status, error: p.error ? clean(p.error) : null }));
  const isAllFailed = pages.length > 0 && pages.every((p) => p.status === 'failed');
  await services.db.transaction(async (tx) => {
    await tx.delete(filePages).where(and(inScope(filePages, scope), eq(filePages.revisionId, revision.id)));
    for (let i = 0; i < pages.length; i += 200) await tx.insert(filePages).values(pages.slice(i, i + 200));
    await tx
      .update(fileRevisions)
      .set({
        extractionStatus: isAllFailed ? 'FAILED' : 'DONE',
        extractionError: isAllFailed ? (pages[0]?.error ?? 'no page could be read') : null,
        language: result.language ?? null,
        pageCount: pages.length,
        structure: JSON.parse(clean(JSON.stringify(result.structure))),
        extractedText: pages.map((p) => p.text).join('\n\n'),
      })
      .where(and(inScope(fileRevisions, scope), eq(fileRevisions.id, revision.id)));
  });
}

export const extractFileTextJob = defineJob<{ tenantId: number; workspaceId: number; revisionId: number }, AppServices>({
  name: 'files.extract-text',
  payload: z.object({ tenantId: z.number().int().positive(), workspaceId: z.number().int().positive(), revisionId: z.number().int().positive() }),
  policy: { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 15 * 60 },
  concurrency: 2,
  handler: (payload, services) => extractRevisionText(services, payload),
});

/**
 * Deletes the bytes of upload intents past their expiry (uploads cut off between the intent and
 * the row, and purges cut off before their bytes went), then the intents themselves.
 */
export async function sweepExpiredIntents(services: Services, now: Date, batch = 500): Promise<number> {
  const expired = await services.db.select().from(uploadIntents).where(lt(uploadIntents.expiresAt, now)).limit(batch);
  let swept = 0;
  await eachInTurn(services.database, expired, async (intent) => {
    const [inUse] = await services.db.select({ id: fileRevisions.id }).from(fileRevisions).where(eq(fileRevisions.storageKey, intent.storageKey)).limit(1);
    if (!inUse) {
      // The object and anything a driver left beside it (a local `.part-*` file cut off mid-write).
      for await (const object of services.storage.list(intent.storageKey)) {
        if (object.key === intent.storageKey || object.key.startsWith(`${intent.storageKey}.part-`)) await services.storage.delete(object.key);
      }
      await services.storage.delete(intent.storageKey);
    }
    await services.db.delete(uploadIntents).where(eq(uploadIntents.id, intent.id));
    swept++;
  });
  return swept;
}

/**
 * Deletes one file for good, in one transaction if `stillDue` holds once its row is locked: the
 * rows go, the quota is freed and every revision's storage key becomes an expired intent; then the
 * bytes are deleted and the intents with them. A crash in between leaves intents the sweep finishes.
 */
async function purgeFile(services: Services, file: { id: number; tenantId: number; workspaceId: number; fileKey: string }, now: Date, stillDue: SQL): Promise<boolean> {
  const scope = { tenantId: file.tenantId, workspaceId: file.workspaceId };
  const keys = await services.db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: files.id }).from(files).where(and(inScope(files, scope), eq(files.id, file.id), stillDue)).for('update');
    if (!locked) return null;
    const revisions = await tx.select({ storageKey: fileRevisions.storageKey, size: fileRevisions.size }).from(fileRevisions).where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, file.id)));
    const freed = revisions.reduce((n, r) => n + r.size, 0);
    if (revisions.length > 0) await tx.insert(uploadIntents).values(revisions.map((r) => ({ ...scope, storageKey: r.storageKey, expiresAt: now }))).onConflictDoNothing();
    await tx.delete(files).where(and(inScope(files, scope), eq(files.id, file.id)));
    await releaseStorage(tx, scope, freed);
    await recordAudit(tx, { type: 'file.purged', data: { fileKey: file.fileKey, revisions: revisions.length, freedBytes: freed } }, { actorUserId: null, ...scope });
    return revisions.map((r) => r.storageKey);
  });
  if (!keys) return false;
  for (const key of keys) await services.storage.delete(key);
  if (keys.length > 0) await services.db.delete(uploadIntents).where(inArray(uploadIntents.storageKey, keys));
  return true;
}

/** Purges files deleted longer ago than the retention (purgeFile), which frees their storage. */
export async function purgeDeletedFiles(services: Services, now: Date, batch = 100): Promise<number> {
  const cutoff = new Date(now.getTime() - services.config.files.retentionMs);
  const due = await services.db
    .select({ id: files.id, tenantId: files.tenantId, workspaceId: files.workspaceId, fileKey: files.fileKey })
    .from(files)
    .where(and(isNotNull(files.deletedAt), lt(files.deletedAt, cutoff)))
    .limit(batch);
  await eachInTurn(services.database, due, async (file) => {
    await purgeFile(services, file, now, lt(files.deletedAt, cutoff));
  });
  return due.length;
}

/**
 * Collects the uploads for records that were never written (upload purpose ATTACHMENT: a contract
 * create form left without saving). Per workspace: files that were attached since are claimed
 * (their mark cleared, so a later detach does not make them abandoned), then files still attached
 * to nothing past their deadline are purged (purgeFile: rows, bytes and quota), re-checked under
 * the row lock so an attach racing the sweep keeps its file.
 */
export async function collectAbandonedAttachments(services: SweepServices, now: Date, batch = 100): Promise<number> {
  const pending = isNotNull(files.pendingAttachmentUntil);
  const scopes = await services.db.selectDistinct({ tenantId: files.tenantId, workspaceId: files.workspaceId }).from(files).where(pending).limit(batch);
  let collected = 0;
  for (const scope of scopes) {
    const attached = services.attachments.attachedWhere(scope, { fileKey: files.fileKey, referenceType: files.referenceType, referenceId: files.referenceId });
    await services.db.update(files).set({ pendingAttachmentUntil: null }).where(and(inScope(files, scope), pending, attached));
    const abandoned = and(lt(files.pendingAttachmentUntil, now), not(attached))!;
    const due = await services.db
      .select({ id: files.id, tenantId: files.tenantId, workspaceId: files.workspaceId, fileKey: files.fileKey })
      .from(files)
      .where(and(inScope(files, scope), abandoned))
      .limit(batch);
    await eachInTurn(services.database, due, async (file) => {
      if (await purgeFile(services, file, now, abandoned)) collected++;
    });
  }
  return collected;
}

const hourKey = (at: number) => new Date(Math.floor(at / HOUR_MS) * HOUR_MS).toISOString();

/** Hourly: purges files past their retention and abandoned attachments, then sweeps expired upload intents; books the next run. */
export const filesMaintenanceJob = defineJob<{ hour: string }, AppServices>({
  name: 'files.maintenance',
  payload: z.object({ hour: z.string() }),
  policy: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  async handler(_payload, services) {
    const now = new Date();
    const purged = await purgeDeletedFiles(services, now);
    const abandoned = await collectAbandonedAttachments(services, now);
    const swept = await sweepExpiredIntents(services, now);
    services.logger.info({ job: 'files.maintenance', purged, abandoned, swept }, 'files swept and purged');
    await scheduleFilesMaintenance(services, HOUR_MS);
  },
});

export async function scheduleFilesMaintenance(services: Pick<AppServices, 'jobs'>, delayMs = 60_000) {
  const at = Date.now() + delayMs;
  await services.jobs.send(filesMaintenanceJob, { hour: hourKey(at) }, { idempotencyKey: `files.maintenance:${hourKey(at)}`, startAfter: at });
}

export function filesJobs(): Array<AnyJob<AppServices>> {
  return [extractFileTextJob as AnyJob<AppServices>, filesMaintenanceJob as AnyJob<AppServices>];
}

