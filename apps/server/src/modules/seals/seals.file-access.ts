import { and, eq, exists, inArray, isNull, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader, AttachmentRegistry } from '../../platform/attachments';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import type { NotificationRecordRegistry } from '../../platform/notifications/notifications';
import { SEAL_MANAGE, SEAL_READ } from './seals.policy';
import { requestVisibleTo } from './seals.repo';
import { sealRequestDocuments, seals, sealUsageHistories, sealUsageRequests } from './seals.table';

/**
 * Files held by the seal service, on every files route:
 * - a seal's image is readable by members with seal.seal.read (or manage), and changed by nobody
 *   through the files routes (a new image is a seal update);
 * - a request's documents and the stamped scans are exactly as visible as the request (requester,
 *   approvers, the seal's custodian, seal.seal.manage); a scan of a direct application (no request)
 *   by the custodian and seal.seal.manage. A document under a live or applied request, and any
 *   stamped scan, is evidence: not changed through the files routes.
 */

function readerOf(reader: AttachmentReader): { scope: TenantScope; userId: number; canManage: boolean; canRead: boolean } | null {
  const p = reader.ctx.principal;
  if (p?.kind !== 'user') return null;
  return { scope: reader.scope, userId: p.userId, canManage: p.permissions.has(SEAL_MANAGE), canRead: p.permissions.has(SEAL_READ) || p.permissions.has(SEAL_MANAGE) };
}

const imageAttached = (scope: TenantScope, fileKey: SQLWrapper): SQL => exists(sql`(select 1 from ${seals} where ${inScope(seals, scope)} and ${seals.imageFileKey} = ${fileKey})`);

const requestFileAttached = (scope: TenantScope, fileKey: SQLWrapper): SQL =>
  or(
    exists(sql`(select 1 from ${sealRequestDocuments} where ${inScope(sealRequestDocuments, scope)} and ${sealRequestDocuments.fileKey} = ${fileKey})`),
    exists(sql`(select 1 from ${sealUsageRequests} where ${inScope(sealUsageRequests, scope)} and ${sealUsageRequests.stampedFileKey} = ${fileKey})`),
    exists(sql`(select 1 from ${sealUsageHistories} where ${inScope(sealUsageHistories, scope)} and ${sealUsageHistories.stampedFileKey} = ${fileKey})`),
  )!;

/** The requests holding the file (as a document or its stamped scan) that the reader may read. */
function readableRequestsHolding(reader: NonNullable<ReturnType<typeof readerOf>>, fileKey: SQLWrapper) {
  const { scope } = reader;
  return and(
    requestVisibleTo(reader),
    or(
      exists(sql`(select 1 from ${sealRequestDocuments} where ${inScope(sealRequestDocuments, scope)} and ${sealRequestDocuments.requestId} = ${sealUsageRequests.id} and ${sealRequestDocuments.fileKey} = ${fileKey})`),
      sql`${sealUsageRequests.stampedFileKey} = ${fileKey}`,
      exists(sql`(select 1 from ${sealUsageHistories} where ${inScope(sealUsageHistories, scope)} and ${sealUsageHistories.requestId} = ${sealUsageRequests.id} and ${sealUsageHistories.stampedFileKey} = ${fileKey})`),
    ),
  )!;
}

function directScanReadable(reader: NonNullable<ReturnType<typeof readerOf>>, fileKey: SQLWrapper): SQL {
  const { scope } = reader;
  const custodian = reader.canManage ? sql`true` : sql`exists (select 1 from ${seals} where ${inScope(seals, scope)} and ${seals.id} = ${sealUsageHistories.sealId} and ${seals.custodianUserId} = ${reader.userId})`;
  return exists(sql`(select 1 from ${sealUsageHistories} where ${inScope(sealUsageHistories, scope)} and ${sealUsageHistories.requestId} is null and ${sealUsageHistories.stampedFileKey} = ${fileKey} and ${custodian})`);
}

export function registerSealFileAccess(attachments: AttachmentRegistry): void {
  attachments.registerLink({
    name: 'seal_images',
    attachedWhere: imageAttached,
    readableWhere: (reader, fileKey) => (readerOf(reader)?.canRead ? imageAttached(reader.scope, fileKey) : sql`false`),
    writableWhere: (reader, fileKey) => not(imageAttached(reader.scope, fileKey)),
    describe: async (reader, fileKeys) => {
      if (!readerOf(reader)?.canRead || fileKeys.length === 0) return [];
      const rows = await reader.db.select({ fileKey: seals.imageFileKey, id: seals.id, name: seals.name }).from(seals).where(and(inScope(seals, reader.scope), inArray(seals.imageFileKey, [...fileKeys])));
      return rows.map((r) => ({ fileKey: r.fileKey, record: { type: 'SEAL', id: String(r.id), label: r.name } }));
    },
  });
  attachments.registerLink({
    name: 'seal_request_files',
    attachedWhere: requestFileAttached,
    readableWhere: (reader, fileKey) => {
      const who = readerOf(reader);
      if (!who) return sql`false`;
      return or(exists(reader.db.select({ one: sql`1` }).from(sealUsageRequests).where(readableRequestsHolding(who, fileKey))), directScanReadable(who, fileKey))!;
    },
    writableWhere: (reader, fileKey) => {
      const s = reader.scope;
      const evidence = or(
        exists(
          sql`(select 1 from ${sealRequestDocuments} d join ${sealUsageRequests} r on r.id = d.request_id where d.tenant_id = ${s.tenantId} and d.workspace_id = ${s.workspaceId} and d.file_key = ${fileKey} and r.status in ('IN_APPROVAL', 'APPROVED', 'APPLIED'))`,
        ),
        exists(sql`(select 1 from ${sealUsageRequests} where ${inScope(sealUsageRequests, s)} and ${sealUsageRequests.stampedFileKey} = ${fileKey})`),
        exists(sql`(select 1 from ${sealUsageHistories} where ${inScope(sealUsageHistories, s)} and ${sealUsageHistories.stampedFileKey} = ${fileKey})`),
      )!;
      return not(evidence);
    },
    describe: async (reader, fileKeys) => {
      const who = readerOf(reader);
      if (!who || fileKeys.length === 0) return [];
      const keys = [...fileKeys];
      const [docs, stamped, direct] = await Promise.all([
        reader.db
          .select({ fileKey: sealRequestDocuments.fileKey, id: sealUsageRequests.id, purpose: sealUsageRequests.purpose })
          .from(sealRequestDocuments)
          .innerJoin(sealUsageRequests, eq(sealUsageRequests.id, sealRequestDocuments.requestId))
          .where(and(inScope(sealRequestDocuments, reader.scope), inArray(sealRequestDocuments.fileKey, keys), requestVisibleTo(who))),
        reader.db
          .select({ fileKey: sealUsageHistories.stampedFileKey, id: sealUsageRequests.id, purpose: sealUsageRequests.purpose })
          .from(sealUsageHistories)
          .innerJoin(sealUsageRequests, eq(sealUsageRequests.id, sealUsageHistories.requestId))
          .where(and(inScope(sealUsageHistories, reader.scope), inArray(sealUsageHistories.stampedFileKey, keys), requestVisibleTo(who))),
        reader.db
          .select({ fileKey: sealUsageHistories.stampedFileKey, id: sealUsageHistories.id, name: seals.name })
          .from(sealUsageHistories)
          .innerJoin(seals, eq(seals.id, sealUsageHistories.sealId))
          .where(and(inScope(sealUsageHistories, reader.scope), isNull(sealUsageHistories.requestId), inArray(sealUsageHistories.stampedFileKey, keys), who.canManage ? sql`true` : eq(seals.custodianUserId, who.userId))),
      ]);
      return [
        ...[...docs, ...stamped].map((r) => ({ fileKey: r.fileKey!, record: { type: 'SEAL_USAGE_REQUEST', id: String(r.id), label: r.purpose } })),
        ...direct.map((r) => ({ fileKey: r.fileKey!, record: { type: 'SEAL_USAGE_HISTORY', id: String(r.id), label: r.name } })),
      ];
    },
  });
}

/** Notifications about a usage request are exactly as visible as the request (requester, approvers, custodian, seal.seal.manage). */
export function registerSealNotificationAccess(registry: NotificationRecordRegistry): void {
  registry.register({
    recordType: 'SEAL_USAGE_REQUEST',
    readableWhere: (reader, recordId) => {
      const who = readerOf(reader);
      if (!who) return sql`false`;
      return exists(reader.db.select({ one: sql`1` }).from(sealUsageRequests).where(and(requestVisibleTo(who), sql`${sealUsageRequests.id} = ${recordId}`)));
    },
  });
}
