import type { Tx } from '../../../platform/db/client';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { type FileType, type ReadableFile, filesRepo as files } from '../../files';
import { findMainDocument } from './contract-documents.repo';
import { addMainRevision, type SavedRevision, storeStream, type StoredBytes } from './contract-documents.store';

type Services = Pick<AppServices, 'db' | 'storage' | 'jobs' | 'config' | 'logger'>;

/**
 * The workflow engine's seam for the executed copy (COMPLETE_SIGNING): the copy a signer uploads
 * becomes the contract's main document's next revision (or its main document when it has none),
 * the revision current when the contract turns SIGNED, so the executed document
 * (documents/executed/download) is that copy. Two halves: the bytes are copied before the
 * transaction (`prepareExecutedCopy`, the same rules as every stored byte), the revision is
 * written inside it (`fileExecutedCopy`); `discardExecutedCopy` when the transaction failed.
 * The caller checked the source is readable (findReadableFiles) and the workflow allows it.
 */
export async function prepareExecutedCopy(services: Services, scope: TenantScope, source: ReadableFile): Promise<StoredBytes> {
  return storeStream(services, scope, await services.storage.get(source.revision.storageKey), {
    name: source.file.displayName,
    knownType: source.revision.fileType as FileType,
  });
}

export async function fileExecutedCopy(
  tx: Tx,
  services: Services,
  input: { scope: TenantScope; contractId: number; userId: number; ctx: RequestContext | null; bytes: StoredBytes; sourceFileKey: string },
): Promise<SavedRevision> {
  const main = await findMainDocument(tx, input.scope, input.contractId, { forUpdate: true });
  return addMainRevision(tx, services, {
    scope: input.scope,
    contractId: input.contractId,
    ctx: input.ctx,
    bytes: input.bytes,
    userId: input.userId,
    main,
    event: (s) => ({ type: 'contract.document_adopted', data: { contractId: input.contractId, fileKey: s.fileKey, revision: s.revision, sourceFileKey: input.sourceFileKey, isCopied: true } }),
  });
}

export async function discardExecutedCopy(services: Services, bytes: StoredBytes): Promise<void> {
  await services.storage.delete(bytes.storageKey).catch(() => undefined);
  await files.deleteUploadIntent(services.db, bytes.storageKey).catch(() => undefined);
}

/** The contract's main document revision now (approval decisions record it); null without a document. */
export async function mainDocumentRevision(db: Tx | AppServices['db'], scope: TenantScope, contractId: number): Promise<number | null> {
  const main = await findMainDocument(db, scope, contractId);
  return main?.currentRevision ?? null;
}
