import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { sendWorkbook } from '../../platform/export/xlsx';
import { route } from '../../platform/http/route';
import { localDate } from '../../platform/time';
import type { AppServices } from '../../platform/services';
import { HOME_TIME_ZONE } from '../contracts';
import * as ledger from './seal-ledger.service';
import { reconcile } from './seal-reconciliation.service';
import { processedWorkbook, reconciliationWorkbook } from './seals-excel';
import * as registry from './seals.service';
import * as requests from './usage-requests.service';

/** Most rows of the processed-requests download. */
export const PROCESSED_EXCEL_MAX_ROWS = 10_000;

/** Catalogue 7.11 (seal): the registry, usage requests, the ledger, signatures and the reconciliation. */
export function registerSealRoutes(app: FastifyInstance, services: AppServices) {
  // Seals (static paths before /:sealId).
  route(app, api.getSealMeta, ({ ctx }) => registry.getMeta(ctx));
  route(app, api.listSeals, ({ ctx, query }) => registry.listSeals(services, ctx, query));
  route(app, api.listValidSeals, ({ ctx }) => registry.listValidSeals(services, ctx));
  route(app, api.getSeal, ({ ctx, params }) => registry.getSeal(services, ctx, params.sealId));
  route(app, api.createSeal, ({ ctx, body }) => registry.createSeal(services, ctx, body));
  route(app, api.updateSeal, ({ ctx, params, body }) => registry.updateSeal(services, ctx, params.sealId, body));
  route(app, api.deleteSeal, ({ ctx, params }) => registry.deleteSeal(services, ctx, params.sealId));
  route(app, api.copySeal, ({ ctx, params }) => registry.copySeal(services, ctx, params.sealId));
  route(app, api.markSealUnavailable, ({ ctx, params, body }) => registry.markUnavailable(services, ctx, params.sealId, body));
  route(app, api.markSealAvailable, ({ ctx, params, body }) => registry.markAvailable(services, ctx, params.sealId, body));
  route(app, api.downloadSealImage, ({ ctx, params, reply }) => registry.downloadImage(services, ctx, reply, params.sealId));
  route(app, api.applySealDirectly, ({ ctx, params, body }) => ledger.applyDirectly(services, ctx, params.sealId, body));

  // Usage requests.
  route(app, api.listMyUsageRequests, ({ ctx, query }) => requests.listMine(services, ctx, query));
  route(app, api.listUsageRequestsToApprove, ({ ctx, query }) => requests.listToApprove(services, ctx, query));
  route(app, api.listProcessedUsageRequests, ({ ctx, query }) => requests.listProcessed(services, ctx, query));
  route(app, api.downloadProcessedUsageRequests, async ({ ctx, query, reply }) => {
    const { total, content } = await requests.processedRows(services, ctx, query, PROCESSED_EXCEL_MAX_ROWS);
    const workbook = processedWorkbook(content, ctx.locale, localDate(new Date(), HOME_TIME_ZONE), total > PROCESSED_EXCEL_MAX_ROWS, PROCESSED_EXCEL_MAX_ROWS);
    return sendWorkbook(reply, workbook, { logger: services.logger, requestId: ctx.requestId, what: 'seal processed requests export' });
  });
  route(app, api.getUsageRequest, ({ ctx, params }) => requests.getRequest(services, ctx, params.requestId));
  route(app, api.createUsageRequest, ({ ctx, body }) => requests.createRequest(services, ctx, body));
  route(app, api.updateUsageRequest, ({ ctx, params, body }) => requests.updateRequest(services, ctx, params.requestId, body));
  route(app, api.deleteUsageRequest, ({ ctx, params }) => requests.deleteRequest(services, ctx, params.requestId));
  route(app, api.actOnUsageRequest, ({ ctx, params, body }) => requests.act(services, ctx, params.requestId, params.action, body));
  route(app, api.listUsageRequestDocuments, ({ ctx, params }) => requests.listDocuments(services, ctx, params.requestId));

  // The ledger, signatures, access.
  route(app, api.listUsageHistories, ({ ctx, query }) => ledger.listHistories(services, ctx, query));
  route(app, api.getSignatureSyncStatus, ({ ctx, query }) => ledger.syncStatus(services, ctx, query));
  route(app, api.getMySignStatus, ({ ctx, query }) => ledger.mySignStatus(services, ctx, query));
  route(app, api.getEsignAccess, ({ ctx }) => ledger.esignAccess(services, ctx));

  // The reconciliation.
  route(app, api.getReconciliation, ({ ctx, query }) => reconcile(services, ctx, query));
  route(app, api.downloadReconciliation, async ({ ctx, query, reply }) =>
    sendWorkbook(reply, reconciliationWorkbook(await reconcile(services, ctx, query), ctx.locale), { logger: services.logger, requestId: ctx.requestId, what: 'seal reconciliation export' }),
  );
}
