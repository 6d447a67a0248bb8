import { Readable } from 'node:stream';
import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import { fileRevisions, files } from '../../files';
import { inScope } from '../../../platform/db/tenancy';
import { requirePermission } from '../../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { actorUserId } from '../admin-request';
import { DELETION_PERMISSION } from './deletion-requests.service';
import { type TenantTable, tenantOwnedTables, tenantTableScope } from './tenant-tables';
import { findLiveWorkspace, type WorkspaceRow } from './workspace.repo';
import { type ZipEntry, zipSafeName, zipStream } from '../../../platform/export/zip-writer';

type Services = Pick<AppServices, 'db' | 'storage' | 'logger' | 'modules'>;

const PAGE = 500;
/** Short-lived sign-in and upload state: nothing a customer keeps. */
const SKIPPED_TABLES = new Set(['sso_login_states', 'service_auth_tokens', 'upload_intents']);
/** Credentials (even hashed, or sealed like the e-sign signing keys) and internal storage addresses never leave the server. */
const REDACTED_COLUMN = /(hash|secret|token|verifier|nonce|password|storage_key|sealed)/;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A row keyed by its column names, with secrets blanked. */
function exportRow(table: TenantTable, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(table.columns.map((c) => [c.name, REDACTED_COLUMN.test(c.name) && row[c.name] !== null ? '[redacted]' : row[c.name]]));
}

/** `[row,\n row, ...]` of one table, a page at a time, read only as the archive asks for it. */
function tableRows(services: Services, table: TenantTable, scope: TenantScope): Readable {
  const selection = Object.fromEntries(table.columns.map((c) => [c.name, c]));
  async function* lines() {
    yield '[';
    for (let offset = 0, first = true; ; offset += PAGE) {
      const rows = await services.db
        .select(selection)
        .from(table.table)
        .where(tenantTableScope(table, scope))
        .orderBy(...table.primaryKey.map((c) => asc(c)))
        .limit(PAGE)
        .offset(offset);
      for (const row of rows) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(exportRow(table, row))}`;
        first = false;
      }
      if (rows.length < PAGE) break;
    }
    yield '\n]\n';
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The current revision of every live file, paged by id. */
async function* fileEntries(services: Services, scope: TenantScope): AsyncIterable<ZipEntry> {
  for (let afterId = 0; ; ) {
    const page = await services.db
      .select({ id: files.id, fileKey: files.fileKey, displayName: files.displayName, storageKey: fileRevisions.storageKey, fileType: fileRevisions.fileType })
      .from(files)
      .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision)))
      .where(and(inScope(files, scope), isNull(files.deletedAt), gt(files.id, afterId)))
      .orderBy(asc(files.id))
      .limit(PAGE);
    for (const file of page) {
      yield {
        name: `files/${file.fileKey}/${zipSafeName(file.displayName)}`,
        open: () => services.storage.get(file.storageKey),
        isStored: !['txt', 'eml'].includes(file.fileType),
      };
    }
    if (page.length < PAGE) return;
    afterId = page.at(-1)!.id;
  }
}

async function* exportEntries(services: Services, workspace: WorkspaceRow, scope: TenantScope, tables: TenantTable[]): AsyncIterable<ZipEntry> {
  const manifest = {
    format: 'legal-suite.workspace-export',
    version: 1,
    exportedAt: new Date().toISOString(),
    tenantId: scope.tenantId,
    workspaceId: scope.workspaceId,
    workspaceName: workspace.name,
    tables: tables.map((t) => `tables/${t.name}.json`),
    files: 'files/<fileKey>/<name>: the current revision of every file that is not deleted',
    redacted: 'credential hashes, secrets, one-time tokens and storage addresses',
  };
  yield { name: 'manifest.json', open: () => Readable.from([json(manifest)]) };
  yield { name: 'workspace.json', open: () => Readable.from([json({ ...workspace, theme: workspace.theme ? JSON.parse(workspace.theme) : null })]) };
  for (const table of tables) yield { name: `tables/${table.name}.json`, open: () => tableRows(services, table, scope) };
  yield* fileEntries(services, scope);
}

/** GET data-export/v1: the ZIP stream and its file name; the export is audited before a byte goes out. */
export async function openWorkspaceExport(services: Services, ctx: RequestContext): Promise<{ filename: string; stream: Readable }> {
  requirePermission(ctx, DELETION_PERMISSION);
  const scope = tenantScope(ctx);
  const userId = actorUserId(ctx);
  const workspace = await findLiveWorkspace(services.db, scope);
  if (!workspace) throw notFound();
  const tables = tenantOwnedTables(services.modules).filter((t) => !SKIPPED_TABLES.has(t.name));
  const [fileCount] = await services.db.select({ n: count() }).from(files).where(and(inScope(files, scope), isNull(files.deletedAt)));
  await services.db.transaction((tx) =>
    recordAudit(tx, { type: 'workspace.data_exported', data: { tables: tables.length, files: Number(fileCount?.n ?? 0) } }, { ...auditMetaOf(ctx, userId), ...scope }),
  );
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return { filename: `workspace-${scope.workspaceId}-export-${day}.zip`, stream: zipStream(exportEntries(services, workspace, scope, tables), services.logger) };
}
