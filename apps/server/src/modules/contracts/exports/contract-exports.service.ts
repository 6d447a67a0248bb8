import type { PreparedWorkbook } from '../../../platform/export/xlsx';
import type { Readable } from 'node:stream';
import { CONTRACT_EXPORT_LIMITS, CONTRACT_SORT_FIELDS, type ContractColumn } from '@legal/api';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { fileRevisions, files } from '../../files';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { localDate } from '../../../platform/time';
import { type ZipEntry, zipSafeName, zipStream } from '../../../platform/export/zip-writer';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { excelFileName, type ExportRow, writeContractWorkbook } from './contract-excel';
import { parseSort } from '../../../platform/db/sorting';
import * as search from '../search/contract-search.repo';
import type { ContractActor } from '../contracts.policy';
import * as repo from '../contracts.repo';
import { contractContext, readableContract } from '../contracts.service';
import { contractFiles, contracts } from '../contracts.table';
import { visibleTo } from '../contracts.visibility';
import { userColumns } from '../user-config.service';

/**
 * The exports of the repository (7.3): the Excel workbook of a search, a zip of selected
 * contracts' files and one file of a contract. Each checks the caller and records the export
 * before a byte goes out, so a refusal is still a JSON error.
 */

type Services = Pick<AppServices, 'db' | 'storage' | 'logger'>;

const BATCH = 500;


/** The rows of a search in keyset pages (the scroll-search cursor): flat cost per page however deep. */
async function* exportBatches(db: repo.Executor, scope: TenantScope, actor: ContractActor, filter: search.SearchFilter, sort: { field: (typeof CONTRACT_SORT_FIELDS)[number]; direction: 'asc' | 'desc' }, maxRows: number): AsyncGenerator<ExportRow[]> {
  const where = search.searchConditions(db, scope, actor, filter);
  let cursor: { value: string | null; id: number } | null = null;
  for (let sent = 0; sent < maxRows; ) {
    const after = cursor ? search.afterCursor(sort.field, sort.direction, cursor.value, cursor.id) : undefined;
    const rows = await search.scrollRows(db, and(where, after), sort.field, sort.direction, Math.min(BATCH, maxRows - sent));
    if (rows.length === 0) return;
    sent += rows.length;
    const last = rows.at(-1)!;
    cursor = { value: last.sortValue, id: last.id };
    const [owners, groups] = await Promise.all([repo.displayNames(db, scope, rows.map((r) => r.ownerUserId)), repo.groupNames(db, scope, rows.map((r) => r.groupId))]);
    yield rows.map(({ sortValue: _sortValue, ...row }) => ({ row, ownerName: owners.get(row.ownerUserId) ?? null, groupName: row.groupId !== null ? (groups.get(row.groupId) ?? null) : null }));
  }
}

export async function prepareExcelExport(services: Services, ctx: RequestContext, sortParam: string | undefined, filter: search.SearchFilter): Promise<PreparedWorkbook> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const [sort] = parseSort(sortParam, CONTRACT_SORT_FIELDS, { fallback: { field: 'createdAt', direction: 'desc' } });
  const columns: ContractColumn[] = await userColumns(db, scope, actor.userId);
  const maxRows = CONTRACT_EXPORT_LIMITS.excelMaxRows;
  const total = await search.countMatches(db, search.searchConditions(db, scope, actor, filter));
  await db.transaction((tx) =>
    recordAudit(tx, { type: 'contract.exported', data: { format: 'XLSX', columns, filter: { ...filter }, sort: `${sort!.field},${sort!.direction}` } }, { ...auditMetaOf(ctx, actor.userId), ...scope }),
  );
  return {
    fileName: excelFileName(ctx.locale, localDate(new Date(), search.HOME_TIME_ZONE)),
    isTruncated: total > maxRows,
    write: (stream, shouldStop) =>
      writeContractWorkbook(stream, { locale: ctx.locale, columns, batches: exportBatches(db, scope, actor, filter, sort!, maxRows), isTruncated: total > maxRows, maxRows, shouldStop }),
  };
}

// Files -------------------------------------------------------------------------------------------

/** The live attached files of these contracts, current revision, in each contract's display order. */
async function attachedFiles(db: repo.Executor, scope: TenantScope, contractIds: number[]) {
  if (contractIds.length === 0) return [];
  return db
    .select({
      contractId: contractFiles.contractId,
      fileKey: contractFiles.fileKey,
      revision: fileRevisions.revision,
      role: contractFiles.role,
      displayName: files.displayName,
      storageKey: fileRevisions.storageKey,
      contentType: fileRevisions.contentType,
      fileType: fileRevisions.fileType,
      size: fileRevisions.size,
    })
    .from(contractFiles)
    .innerJoin(files, and(eq(files.fileKey, contractFiles.fileKey), inScope(files, scope), isNull(files.deletedAt)))
    .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision), inScope(fileRevisions, scope)))
    .where(and(inScope(contractFiles, scope), inArray(contractFiles.contractId, contractIds)))
    .orderBy(asc(contractFiles.contractId), asc(contractFiles.displayOrder), asc(contractFiles.id));
}

/** `name`, or `name (2).ext`, `name (3).ext`... not yet in `taken` (compared regardless of case, as Windows does). */
export function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Already-compressed formats are stored as they are. */
const isCompressible = (fileType: string) => ['txt', 'eml', 'hwp'].includes(fileType);

export async function openContractsZip(services: Services, ctx: RequestContext, contractIds: number[]): Promise<{ fileName: string; stream: Readable }> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  const readable = await db
    .select({ id: contracts.id, title: contracts.title })
    .from(contracts)
    .where(and(inScope(contracts, scope), isNull(contracts.deletedAt), inArray(contracts.id, contractIds), visibleTo(actor)));
  if (readable.length === 0) throw notFound();
  // In the order the caller chose them.
  const order = new Map(contractIds.map((id, i) => [id, i]));
  readable.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const attached = await attachedFiles(db, scope, readable.map((c) => c.id));
  await db.transaction((tx) =>
    recordAudit(tx, { type: 'contract.exported', data: { format: 'ZIP', contractIds: readable.map((c) => c.id), fileCount: attached.length } }, { ...auditMetaOf(ctx, actor.userId), ...scope }),
  );
  const folders = new Set<string>();
  const entries: ZipEntry[] = readable.flatMap((c) => {
    const folder = uniqueName(zipSafeName(c.title), folders);
    const names = new Set<string>();
    return attached
      .filter((f) => f.contractId === c.id)
      .map((f) => ({ name: `${folder}/${uniqueName(zipSafeName(f.displayName), names)}`, open: () => services.storage.get(f.storageKey), isStored: !isCompressible(f.fileType) }));
  });
  const day = localDate(new Date(), search.HOME_TIME_ZONE).replaceAll('-', '');
  return { fileName: ctx.locale === 'ko' ? `계약서_${day}.zip` : `contracts_${day}.zip`, stream: zipStream(toAsync(entries), services.logger) };
}

async function* toAsync<T>(items: T[]): AsyncIterable<T> {
  yield* items;
}

/** One file of a readable contract: `fileKey`, or its first MAIN file, or its first file (404 when none). */
export async function openContractFile(services: Services, ctx: RequestContext, contractId: number, fileKey: string | undefined) {
  const { scope, actor } = await contractContext(services, ctx);
  await readableContract(services.db, scope, actor, contractId);
  const attached = await attachedFiles(services.db, scope, [contractId]);
  const file = fileKey ? attached.find((f) => f.fileKey === fileKey) : (attached.find((f) => f.role === 'MAIN') ?? attached[0]);
  if (!file) throw notFound();
  return { contractId, fileKey: file.fileKey, revision: file.revision, displayName: file.displayName, contentType: file.contentType, size: file.size, open: () => services.storage.get(file.storageKey) };
}
