import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as downloads from './collection-files.service';
import { queryCollection, searchCollections } from './collection-query.service';
import * as collections from './collections.service';

/** Catalogue 7.2 (aistudio) categories: the team's collections, their documents, search and query, page text and downloads. */
export function registerCollectionRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.listCollections, ({ ctx }) => collections.listCollections(services, ctx));
  route(app, api.listCollectionsV2, ({ ctx, query }) => collections.listCollectionsPage(services, ctx, query));
  route(app, api.createCollection, ({ ctx, body }) => collections.createCollection(services, ctx, body));
  route(app, api.getCollectionSession, ({ ctx }) => collections.getSession(services, ctx));
  route(app, api.searchCollections, ({ ctx, query }) => searchCollections(services, ctx, query));
  route(app, api.getCollectionMeta, ({ ctx }) => collections.getMeta(services, ctx));
  route(app, api.getCollectionCapacity, ({ ctx, query }) => collections.getCapacity(services, ctx, query.categoryId));
  route(app, api.getCollection, ({ ctx, params }) => collections.getCollection(services, ctx, params.categoryId));
  route(app, api.updateCollection, ({ ctx, params, body }) => collections.updateCollection(services, ctx, params.categoryId, body));
  route(app, api.uploadCollectionDocument, ({ ctx, params, request }) => collections.uploadDocument(services, ctx, request, params.categoryId));
  route(app, api.listCollectionDocuments, ({ ctx, params, query }) => collections.listDocuments(services, ctx, params.categoryId, query));
  route(app, api.deleteCollectionDocuments, ({ ctx, params, body }) => collections.deleteDocuments(services, ctx, params.categoryId, body.documentIds));
  route(app, api.getCollectionDocumentStatus, ({ ctx, params }) => collections.documentStatus(services, ctx, params.categoryId, params.documentId));
  route(app, api.downloadCollectionDocument, ({ ctx, params, request, reply }) => downloads.downloadDocument(services, ctx, params.categoryId, params.documentId, request, reply));
  route(app, api.queryCollection, ({ ctx, params, body }) => queryCollection(services, ctx, params.categoryId, body));
  route(app, api.getChatDocumentOcr, ({ ctx, params, query }) => downloads.documentPages(services, ctx, params.collectionId, params.documentId, query));
  route(app, api.downloadChatDocumentText, ({ ctx, params, query, reply }) => downloads.downloadDocumentPages(services, ctx, params.collectionId, params.documentId, query, reply));
  route(app, api.downloadDocumentsByCollection, ({ ctx, query, reply }) => downloads.downloadCollectionZip(services, ctx, query.collectionId, reply));
  route(app, api.downloadDocumentsByCategory, ({ ctx, query, reply }) => downloads.downloadCollectionZip(services, ctx, query.categoryId, reply));
  route(app, api.downloadChatDocumentsByCategory, ({ ctx, query, reply }) => downloads.downloadCollectionZip(services, ctx, query.categoryId, reply));
}
