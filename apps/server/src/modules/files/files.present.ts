import type { AttachedRecord, FileMetadata, FileRevision } from '@legal/api';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { memberDisplayNames } from '../auth';
import { actorOf } from './files.access';
import { allow, type FileActor } from './files.policy';
import type * as repo from './files.repo';

// How a file is presented to a caller: its rows as the wire contract spells them, with what the
// caller may do with it, its uploader's name and the records it is attached to that the caller
// may read.

type Services = Pick<AppServices, 'db' | 'attachments'>;


export function revisionDto(r: repo.RevisionSummary): FileRevision {
  return {
    revision: r.revision,
    displayName: r.displayName,
    fileType: r.fileType as FileRevision['fileType'],
    contentType: r.contentType,
    size: r.size,
    sha256: r.sha256,
    uploadedByUserId: r.uploadedByUserId,
    isQuotaExempt: r.isQuotaExempt,
    extraction: { status: r.extractionStatus, error: r.extractionError, pageCount: r.pageCount },
    createdAt: r.createdAt.toISOString(),
  };
}

/** How the caller stands to one file: what its records allow, who uploaded it, what it is attached to. */
interface FileStanding {
  isWritable: boolean;
  isLocked: boolean;
  uploaderName: string | null;
  attachedTo: AttachedRecord[];
}

function metadataDto(file: repo.FileRow, revision: repo.RevisionSummary, actor: FileActor, standing: FileStanding): FileMetadata {
  const { isWritable, isLocked } = standing;
  return {
    fileKey: file.fileKey,
    displayName: file.displayName,
    fileType: revision.fileType as FileMetadata['fileType'],
    contentType: revision.contentType,
    size: revision.size,
    sha256: revision.sha256,
    revision: revision.revision,
    referenceType: file.referenceType,
    referenceId: file.referenceId,
    uploadedByUserId: file.uploadedByUserId,
    uploaderName: standing.uploaderName,
    attachedTo: standing.attachedTo,
    extraction: { status: revision.extractionStatus, error: revision.extractionError, pageCount: revision.pageCount },
    isDeleted: file.deletedAt !== null,
    deletedAt: file.deletedAt?.toISOString() ?? null,
    pendingAttachmentUntil: file.pendingAttachmentUntil?.toISOString() ?? null,
    createdAt: file.createdAt.toISOString(),
    updatedAt: file.updatedAt.toISOString(),
    abilities: { canUpdate: isWritable && !isLocked && allow(actor, 'file.update', file), canDelete: isWritable && !isLocked && allow(actor, 'file.delete', file) },
  };
}

/**
 * Files as the caller sees them: the uploader's name in this workspace and the records each is
 * attached to that the caller may read (the owning modules' rules, platform/attachments.ts: a
 * record hidden from the caller is never named). `db`: the transaction the rows were read in.
 */
export async function presentFiles(
  services: Services,
  ctx: RequestContext,
  scope: TenantScope,
  rows: ReadonlyArray<Pick<repo.FoundFile, 'file' | 'revision'> & Partial<Pick<repo.FoundFile, 'isWritable' | 'isLocked'>>>,
  db: repo.Executor = services.db,
): Promise<FileMetadata[]> {
  const actor = actorOf(ctx);
  const names = await memberDisplayNames(db, scope, rows.map((r) => r.file.uploadedByUserId));
  const attached = await services.attachments.describe({ ctx, scope, db }, rows.map((r) => r.file));
  return rows.map((r) =>
    metadataDto(r.file, r.revision, actor, {
      isWritable: r.isWritable ?? true,
      isLocked: r.isLocked ?? false,
      uploaderName: r.file.uploadedByUserId === null ? null : (names.get(r.file.uploadedByUserId) ?? null),
      attachedTo: attached.get(r.file.fileKey) ?? [],
    }),
  );
}

export async function presentFile(services: Services, ctx: RequestContext, scope: TenantScope, row: Parameters<typeof presentFiles>[3][number], db?: repo.Executor): Promise<FileMetadata> {
  const [presented] = await presentFiles(services, ctx, scope, [row], db);
  return presented!;
}
