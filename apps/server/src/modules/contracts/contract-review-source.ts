import { and, eq } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { findMainDocument } from './documents/contract-documents.repo';
import { contractContext, readableContract } from './contracts.service';
import { contractFiles } from './contracts.table';

/**
 * For modules that work on a contract's document (AI review): the contract must be readable by
 * the caller (404 otherwise, as on the contract's own routes); the file is the given one if it is
 * attached to the contract (400 body.fileKey otherwise), or the contract's main document.
 */
export async function readableContractDocument(
  services: Pick<AppServices, 'db'>,
  ctx: RequestContext,
  contractId: number,
  fileKey: string | undefined,
): Promise<{ contractId: number; title: string; fileKey: string }> {
  const { scope, actor } = await contractContext(services, ctx);
  const { row } = await readableContract(services.db, scope, actor, contractId);
  if (fileKey !== undefined) {
    const [link] = await services.db
      .select({ id: contractFiles.id })
      .from(contractFiles)
      .where(and(inScope(contractFiles, scope), eq(contractFiles.contractId, contractId), eq(contractFiles.fileKey, fileKey)))
      .limit(1);
    if (!link) throw new AppError('ERROR_VALIDATION', { data: { fieldErrors: [{ field: 'body.fileKey', reason: 'the file is not attached to this contract' }] } });
    return { contractId, title: row.title, fileKey };
  }
  const main = await findMainDocument(services.db, scope, contractId);
  if (!main) throw new AppError('ERROR_VALIDATION', { data: { fieldErrors: [{ field: 'body.fileKey', reason: 'the contract has no document: upload one or name the file' }] } });
  return { contractId, title: row.title, fileKey: main.fileKey };
}

/** Whether the caller may read the contract (live, of this workspace, visible to them). */
export async function canReadContract(services: Pick<AppServices, 'db'>, ctx: RequestContext, contractId: number): Promise<boolean> {
  const { scope, actor } = await contractContext(services, ctx);
  try {
    await readableContract(services.db, scope, actor, contractId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'ERROR_NOT_FOUND') return false;
    throw err;
  }
}
