import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as excel from './playbook-excel.service';

/** Catalogue 7.1 super admin: a workspace's checkpoints and clause examples as Excel, down and up. */
export function registerPlaybookExcelRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.superAdminDownloadLabelCheckpoints, ({ query, reply }) => excel.downloadCheckpoints(services, query, reply));
  route(app, api.superAdminImportLabelCheckpoints, ({ ctx, query, request }) => excel.importCheckpoints(services, ctx, query, request));
  route(app, api.superAdminDownloadClauseExamples, ({ query, reply }) => excel.downloadExamples(services, query, reply));
  route(app, api.superAdminReplaceClauseExamples, ({ ctx, query, request }) => excel.replaceExamples(services, ctx, query, request));
}
