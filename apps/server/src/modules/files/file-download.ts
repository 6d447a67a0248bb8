import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client';
import { type RequestContext, tenantScope } from '../../platform/http/context';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { contentDisposition, parseRange } from './files.policy';

/**
 * The access record of a file's bytes leaving the server (`file.downloaded`; Korea's personal
 * information rules ask for access records; ASVS 16.3.2 at L3), written before the bytes go, in
 * its own transaction: no bytes leave without a record. The actor of an impersonated session is
 * the admin, the subject the member. `record` is the owner's own event of the same download (a
 * contract's `contract.document_downloaded`), written in the same transaction.
 */
export async function recordFileDownload(db: Db, ctx: RequestContext, file: { fileKey: string; revision: number }, record?: AuditEvent): Promise<void> {
  const principal = ctx.principal?.kind === 'user' ? ctx.principal : null;
  const meta = { ...auditMetaOf(ctx, principal?.impersonatorUserId ?? principal?.userId ?? null, principal?.userId ?? null), ...tenantScope(ctx) };
  await db.transaction(async (tx) => {
    await recordAudit(tx, { type: 'file.downloaded', data: { fileKey: file.fileKey, revision: file.revision } }, meta);
    if (record) await recordAudit(tx, record, meta);
  });
}

/** What a download sends: one stored revision, its name, and a way to open (part of) its bytes. */
export interface OpenedRevision {
  fileKey: string;
  revision: { revision: number; contentType: string; sha256: string; size: number };
  displayName: string;
  open: (range?: { start: number; end: number }) => Promise<Readable>;
}

/**
 * One revision's bytes as an attachment: ETag (its sha256; 304 on If-None-Match), one byte
 * Range (206; 416 outside the file; If-Range with another tag sends it whole), nosniff. Used by
 * the file downloads of arxive and the contract document downloads of conhub. Every answer that
 * carries bytes (200, 206) is recorded first (recordFileDownload); a 304 or 416 sends none.
 */
export async function sendRevision(request: FastifyRequest, reply: FastifyReply, download: OpenedRevision, ctx: RequestContext, db: Db, record?: AuditEvent) {
  const { revision } = download;
  const locale = ctx.locale;
  const etag = `"${revision.sha256}"`;
  reply
    .header('content-type', revision.contentType)
    .header('content-disposition', contentDisposition(download.displayName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .header('accept-ranges', 'bytes')
    .header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? { kind: 'full' as const } : parseRange(request.headers.range, revision.size);
  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${revision.size}`).header('content-type', 'application/json; charset=utf-8').send({
      code: 'ERROR_VALIDATION',
      message: locale === 'en' ? 'The requested range cannot be satisfied.' : '요청한 범위를 제공할 수 없습니다.',
      data: { fieldErrors: [{ field: 'header.range', reason: 'outside the file' }] },
    });
  }
  await recordFileDownload(db, ctx, { fileKey: download.fileKey, revision: revision.revision }, record);
  if (range.kind === 'partial') {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${revision.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await download.open({ start: range.start, end: range.end }));
  }
  return reply.header('content-length', revision.size).send(await download.open());
}
