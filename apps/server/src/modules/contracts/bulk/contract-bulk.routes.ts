import {
  assignBulkGroups, assignBulkUsers, confirmBulkRequest, countBulkRequestsByStatus, createBulkRequest, deleteBulkRequest, downloadBulkResult,
  downloadBulkTemplate, getBulkRequest, registerBulkRequest, retryBulkRequest, searchBulkRequestsV1, searchBulkRequestsV2, superAdminCreateBulkRequest, updateBulkRow,
} from '@legal/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import { XLSX_CONTENT_TYPE } from '../../../platform/export/xlsx';
import { contentDisposition } from '../../files';
import { BULK_TEMPLATE_FILE_NAME, bulkResultFileName, bulkTemplate } from './contract-bulk-sheet';
import * as service from './contract-bulk.service';

const sendXlsx = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(bytes);

/** Bulk registration of contracts (7.3 alex bulk-requests). */
export function registerContractBulkRoutes(app: FastifyInstance, services: AppServices) {
  route(app, downloadBulkTemplate, async ({ ctx, reply }) => {
    await service.bulkContext(services, ctx);
    return sendXlsx(reply, BULK_TEMPLATE_FILE_NAME[ctx.locale], await bulkTemplate(ctx.locale));
  });
  route(app, createBulkRequest, ({ ctx, body }) => service.createBulkRequest(services, ctx, body));
  route(app, superAdminCreateBulkRequest, ({ ctx, body }) => service.superAdminCreateBulkRequest(services, ctx, body));
  route(app, getBulkRequest, ({ ctx, query }) => service.getBulkRequest(services, ctx, query));
  route(app, deleteBulkRequest, ({ ctx, query }) => service.deleteBulkRequest(services, ctx, query.requestId));
  route(app, updateBulkRow, ({ ctx, body }) => service.updateBulkRow(services, ctx, body));
  route(app, assignBulkUsers, ({ ctx, body }) => service.assignBulkOwner(services, ctx, body));
  route(app, assignBulkGroups, ({ ctx, body }) => service.assignBulkGroup(services, ctx, body));
  route(app, retryBulkRequest, ({ ctx, body }) => service.retryBulkRequest(services, ctx, body.requestId));
  route(app, confirmBulkRequest, ({ ctx, body }) => service.confirmBulkRequest(services, ctx, body.requestId));
  route(app, registerBulkRequest, ({ ctx, body }) => service.registerBulkRequest(services, ctx, body.requestId));
  route(app, downloadBulkResult, async ({ ctx, params, reply }) =>
    sendXlsx(reply, bulkResultFileName(ctx.locale, params.requestId), await service.bulkResultSheet(services, ctx, params.requestId)),
  );
  route(app, searchBulkRequestsV1, ({ ctx, query }) =>
    service.searchBulkRequests(services, ctx, { ...query, executionStatuses: query.executionStatus ? [query.executionStatus] : undefined }),
  );
  route(app, searchBulkRequestsV2, ({ ctx, query }) => service.searchBulkRequests(services, ctx, query));
  route(app, countBulkRequestsByStatus, ({ ctx }) => service.countBulkRequestsByStatus(services, ctx));
}
