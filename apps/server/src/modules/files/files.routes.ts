import {
  bulkDeleteFiles, deleteFile, downloadFile, getFile, getFileRevision, getFileRevisionByQuery, getFileText, listFileRevisions, listFiles,
  restoreFile, updateFile, uploadFile, uploadFileRevision, uploadFileV2, uploadUnlimitedFile,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { tenantScope } from '../../platform/http/context';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import { sendRevision } from './file-download';
import * as service from './files.service';

const asArray = <T>(v: T | T[] | undefined): T[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

/** The files of a workspace (catalogue 7.4, prefix arxive): uploads, metadata, revisions, bytes. */
export function registerFileRoutes(app: FastifyInstance, services: AppServices) {
  // Uploads stream the body: no per-request buffering, the rate limit still applies.
  for (const descriptor of [uploadFile, uploadFileV2]) {
    route(app, descriptor, ({ ctx, request }) => service.uploadFile(services, ctx, request, { isQuotaExempt: false }));
  }
  route(app, uploadUnlimitedFile, ({ ctx, request }) => service.uploadFile(services, ctx, request, { isQuotaExempt: true }));
  route(app, uploadFileRevision, ({ ctx, request, params }) => service.uploadRevision(services, ctx, request, params.fileKey));

  route(app, listFiles, ({ ctx, query }) =>
    service.listFiles(services, ctx, tenantScope(ctx), {
      page: query.page,
      size: query.size,
      sort: query.sort,
      keyword: query.keyword,
      fileTypes: asArray(query.fileTypes),
      uploaderIds: asArray(query.uploaderIds),
      createdFrom: query.createdFrom ? new Date(query.createdFrom) : undefined,
      createdTo: query.createdTo ? new Date(query.createdTo) : undefined,
      referenceType: query.referenceType,
      referenceId: query.referenceId,
      isDeleted: query.isDeleted,
    }),
  );
  route(app, bulkDeleteFiles, ({ ctx, body }) => service.bulkDeleteFiles(services, ctx, tenantScope(ctx), body.fileKeys));
  route(app, getFile, ({ ctx, params }) => service.getFile(services, ctx, tenantScope(ctx), params.fileKey));
  route(app, updateFile, ({ ctx, params, body }) => service.updateFile(services, ctx, tenantScope(ctx), params.fileKey, body));
  route(app, restoreFile, ({ ctx, params }) => service.restoreFile(services, ctx, tenantScope(ctx), params.fileKey));
  route(app, deleteFile, ({ ctx, params }) => service.deleteFile(services, ctx, tenantScope(ctx), params.fileKey));
  route(app, listFileRevisions, ({ ctx, params }) => service.listFileRevisions(services, ctx, tenantScope(ctx), params.fileKey));
  route(app, getFileRevisionByQuery, ({ ctx, params, query }) => service.getFileRevision(services, ctx, tenantScope(ctx), params.fileKey, query.revision));
  route(app, getFileRevision, ({ ctx, params }) => service.getFileRevision(services, ctx, tenantScope(ctx), params.fileKey, params.revision));
  route(app, getFileText, ({ ctx, params, query }) => service.getFileText(services, ctx, tenantScope(ctx), params.fileKey, query.revision));

  route(app, downloadFile, async ({ ctx, params, query, request, reply }) => {
    const download = await service.openDownload(services, ctx, tenantScope(ctx), params.fileKey, query.revision);
    return sendRevision(request, reply, download, ctx, services.db);
  });
}
