import {
  adoptContractDocument, downloadContractDocument, downloadExecutedContractDocument, getContractDocument, getWordAccessPath, getWordEditStatus,
  listContractDocumentRevisions, renderContractDocument, uploadContractDocument,
} from '@legal/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../../platform/http/content-disposition';
import type { RequestContext } from '../../../platform/http/context';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import { sendRevision } from '../../files';
import * as documents from './contract-documents.service';
import { registerWopiRoutes } from './contract-wopi.routes';

/** The contract's document (7.6 documents) and the WOPI host of its Word editing. */
export function registerContractDocumentRoutes(app: FastifyInstance, services: AppServices) {
  route(app, getContractDocument, ({ ctx, params, query }) => documents.getContractDocument(services, ctx, params.contractId, query.revision));
  route(app, uploadContractDocument, ({ ctx, params, request }) => documents.uploadContractDocument(services, ctx, request, params.contractId));
  route(app, adoptContractDocument, ({ ctx, params, body }) => documents.adoptContractDocument(services, ctx, params.contractId, body));
  route(app, listContractDocumentRevisions, ({ ctx, params }) => documents.listContractDocumentRevisions(services, ctx, params.contractId));
  route(app, getWordEditStatus, ({ ctx, params }) => documents.getWordEditStatus(services, ctx, params.contractId));
  route(app, getWordAccessPath, ({ ctx, params }) => documents.getWordAccessPath(services, ctx, params.contractId));

  route(app, downloadContractDocument, async ({ ctx, params, query, request, reply }) =>
    sendDocument(request, reply, await documents.openContractDocument(services, ctx, params.contractId, query.revision), ctx, services),
  );
  route(app, downloadExecutedContractDocument, async ({ ctx, params, request, reply }) =>
    sendDocument(request, reply, await documents.openExecutedDocument(services, ctx, params.contractId), ctx, services),
  );
  route(
    app,
    renderContractDocument,
    async ({ ctx, params, body, reply }) => {
      const rendered = await documents.renderContractDocument(services, ctx, params.contractId, body);
      if (rendered.saved) reply.header('x-file-key', rendered.saved.fileKey).header('x-document-revision', String(rendered.saved.revision));
      return reply
        .header('content-type', rendered.contentType)
        .header('content-disposition', contentDisposition(rendered.fileName))
        .header('content-length', rendered.bytes.length)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(rendered.bytes);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  registerWopiRoutes(app, services);
}

/** One revision of the contract document as an attachment (files' download rules), with X-Document-Revision. */
function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: documents.OpenedDocument, ctx: RequestContext, services: Pick<AppServices, 'db'>) {
  reply.header('x-document-revision', String(doc.revision.revision));
  const record = { type: 'contract.document_downloaded' as const, data: { contractId: doc.contractId, fileKey: doc.fileKey, revision: doc.revision.revision } };
  return sendRevision(request, reply, doc, ctx, services.db, record);
}
