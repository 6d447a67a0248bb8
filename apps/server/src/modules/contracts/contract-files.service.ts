import type { ContractFileInputSchema } from '@legal/api';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { appendFile, removeFile } from './contract-children.repo';
import { fileProblems, throwIfAny } from './contract-inputs';
import * as repo from './contracts.repo';
import { editContractChild } from './contracts.service';

/** One file at a time on a contract (7.6 files POST/DELETE); the whole list is PUT files/v1. */

type Services = Pick<AppServices, 'db' | 'attachments'>;

export async function addContractFile(services: Services, ctx: RequestContext, contractId: number, file: z.output<typeof ContractFileInputSchema>) {
  return editContractChild(services, ctx, contractId, 'files', async ({ tx, scope, actor, audit }) => {
    throwIfAny((await fileProblems({ services, ctx }, tx, [file.fileKey], 'body.files')).map((p) => ({ ...p, field: 'body.fileKey' })));
    if (!(await appendFile(tx, scope, contractId, file, actor.userId))) {
      throw conflict({ ko: '이미 첨부된 파일입니다.', en: 'The file is already attached.' }, { fileKey: file.fileKey });
    }
    await audit({ type: 'contract.updated', data: { contractId, fields: ['files'], before: {}, after: { added: file } } });
    return repo.filesOf(tx, scope, contractId);
  });
}

export async function removeContractFile(services: Services, ctx: RequestContext, contractId: number, fileKey: string) {
  return editContractChild(services, ctx, contractId, 'files', async ({ tx, scope, audit }) => {
    if (!(await removeFile(tx, scope, contractId, fileKey))) throw notFound();
    await audit({ type: 'contract.updated', data: { contractId, fields: ['files'], before: { removed: fileKey }, after: {} } });
    return repo.filesOf(tx, scope, contractId);
  });
}
