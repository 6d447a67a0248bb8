import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import { downloadDraft } from './advisory-export.service';
import * as advisory from './advisory.service';

/** Catalogue 7.2 (aistudio) "Advisory": the workspace's inquiries, their similar earlier ones, drafts and their DOCX. */
export function registerAdvisoryRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.createInquiry, ({ ctx, body }) => advisory.createInquiry(services, ctx, body));
  route(app, api.listInquiries, ({ ctx, query }) => advisory.listInquiries(services, ctx, query));
  route(app, api.getInquiry, ({ ctx, params }) => advisory.getInquiry(services, ctx, params.inquiryId));
  route(app, api.createAdvisoryDraft, ({ ctx, params }) => advisory.draftReply(services, ctx, params.inquiryId));
  route(app, api.downloadAdvisoryDraft, ({ ctx, body, reply }) => downloadDraft(services, ctx, body, reply));
}
