import { Readable } from 'node:stream';
import type { ContractDetail } from '@legal/api';
import type { Tx } from '../../platform/db/client';
import type { RequestContext } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { type FileType } from '../files';
import { contractDetail } from './contract-dto';
import { assertNotLockedByOther, discardBytes, storeStream, writeMainRevisionIn } from './documents/contract-documents.store';
import { contractContext, type CreateInput, createChecks, createLists, insertContract, readableContract } from './contracts.service';

type Services = Pick<AppServices, 'db' | 'storage' | 'jobs' | 'config' | 'logger' | 'attachments'>;

export interface ContractDocumentBytes {
  /** The document's bytes (rendered by the server or copied from a checked file). */
  bytes: Buffer;
  /** Its name, e.g. `용역계약서.docx`. */
  name: string;
  /** The type when the server made or already checked the bytes; otherwise it is sniffed (415). */
  knownType?: FileType;
}

/**
 * Creates a contract and its main document (revision 1) from bytes, in one transaction: the
 * contract's create (permission 403, inputs 400, lists, audit `contract.created`) and the main
 * document's first revision (quota, text extraction job, audit `contract.document_uploaded`) are
 * the same code as POST contracts and POST documents. `inTransaction` runs last in that
 * transaction with the new id (the caller's own rows, e.g. a link to the standard form); if
 * anything throws, nothing is written and the stored bytes are deleted.
 */
export async function createContractWithDocument(
  services: Services,
  ctx: RequestContext,
  body: CreateInput,
  document: ContractDocumentBytes,
  inTransaction?: (tx: Tx, contractId: number) => Promise<void>,
): Promise<ContractDetail> {
  const { scope, actor } = await contractContext(services, ctx);
  const ownerUserId = createChecks(actor, body);
  const lists = createLists(body);
  const stored = await storeStream(services, scope, Readable.from([document.bytes]), { name: document.name, knownType: document.knownType });
  try {
    return await services.db.transaction(async (tx) => {
      const contractId = await insertContract(tx, { services, ctx, scope, actor }, body, lists, ownerUserId);
      await writeMainRevisionIn(tx, services, {
        scope, actor, contractId, ctx, bytes: stored,
        checkLock: (t) => assertNotLockedByOther(t, scope, contractId, actor.userId),
        event: (s) => ({ type: 'contract.document_uploaded', data: { contractId, fileKey: s.fileKey, revision: s.revision, size: s.size, fileType: s.fileType, isNewDocument: s.isNewDocument } }),
      });
      await inTransaction?.(tx, contractId);
      const fresh = await readableContract(tx, scope, actor, contractId);
      return contractDetail(tx, scope, actor, fresh.row, fresh.facts);
    });
  } catch (err) {
    await discardBytes(services, stored);
    throw err;
  }
}
