import { downloadContractFile, downloadContractsZip, exportContractsExcel } from '@legal/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RequestContext } from '../../../platform/http/context';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import { contentDisposition, recordFileDownload } from '../../files';
import { sendWorkbook } from '../../../platform/export/xlsx';
import * as exportsService from './contract-exports.service';

/** The exports of the repository (7.3): Excel of a search, zip of selected contracts, one file. */
export function registerContractExportRoutes(app: FastifyInstance, services: AppServices) {
  route(
    app,
    exportContractsExcel,
    async ({ ctx, query, body, reply }) => {
      const prepared = await exportsService.prepareExcelExport(services, ctx, query.sort, body);
      return sendWorkbook(reply, prepared, { logger: services.logger, requestId: ctx.requestId, what: 'contract export' });
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );

  route(
    app,
    downloadContractsZip,
    async ({ ctx, body, reply }) => {
      const { fileName, stream } = await exportsService.openContractsZip(services, ctx, body.contractIds);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(stream);
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );

  route(app, downloadContractFile, async ({ ctx, params, query, reply }) =>
    sendContractFile(reply, await exportsService.openContractFile(services, ctx, params.contractId, query.fileKey), ctx, services),
  );
}

/** Sends one opened contract file as an attachment, after its access records (file.downloaded, contract.document_downloaded). */
export async function sendContractFile(reply: FastifyReply, file: Awaited<ReturnType<typeof exportsService.openContractFile>>, ctx: RequestContext, services: Pick<AppServices, 'db'>) {
  await recordFileDownload(services.db, ctx, file, { type: 'contract.document_downloaded', data: { contractId: file.contractId, fileKey: file.fileKey, revision: file.revision } });
  const stream = await file.open();
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.displayName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(stream);
}
