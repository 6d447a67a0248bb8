import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as adminChats from './admin/research-admin-chats.service';
import * as settings from './admin/research-settings.service';
import { registerAdvisoryRoutes } from './advisory/advisory.routes';
import * as attachments from './attachments/chat-attachments.service';
import { listRecentFilters, listRecentFiltersV2 } from './user/recent-filters.service';
import * as prompts from './user/user-prompts.service';
import { registerCollectionRoutes } from './collections/collections.routes';
import { queryChat } from './chat-answer.service';
import * as chats from './chats.service';
import { searchResearch } from './research.service';

/** Catalogue 7.2 (aistudio): research search, streamed chat answers, chats, attachments, recent filters, user prompts, feedback, sample questions, similar advisory. */
export function registerResearchRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.searchResearch, ({ ctx, body }) => searchResearch(services, ctx, body));
  route(app, api.queryChat, ({ ctx, body, reply }) => queryChat(services, ctx, body, reply));
  route(app, api.listChats, ({ ctx, query }) => chats.listChats(services, ctx, query));
  route(app, api.getChat, ({ ctx, params }) => chats.getChat(services, ctx, params.chatKey));
  route(app, api.getChatV2, ({ ctx, params }) => chats.getChat(services, ctx, params.chatKey));
  route(app, api.deleteChat, ({ ctx, params }) => chats.deleteChat(services, ctx, params.chatKey));
  route(app, api.getChatFeedback, ({ ctx, params }) => chats.getFeedback(services, ctx, params.chatKey, params.chatMessageKey));
  route(app, api.saveChatFeedback, ({ ctx, params, body }) => chats.saveFeedback(services, ctx, params.chatKey, params.chatMessageKey, body));
  route(app, api.listSampleQuestions, ({ ctx }) => settings.listSampleQuestions(services, ctx));
  route(app, api.listResearchTags, ({ ctx }) => settings.listTags(services, ctx));
  route(app, api.listResearchModels, ({ ctx }) => settings.listModels(services, ctx));
  route(app, api.listSuperAdminChats, ({ ctx, query }) => adminChats.listChats(services, ctx, query));
  route(app, api.listSuperAdminChatMessages, ({ ctx, query }) => adminChats.listMessages(services, ctx, query, 1));
  route(app, api.listSuperAdminChatMessagesV2, ({ ctx, query }) => adminChats.listMessages(services, ctx, query, 2));
  route(app, api.getSuperAdminSampleQuestions, ({ query }) => settings.getSampleQuestions(services, query));
  route(app, api.saveSuperAdminSampleQuestions, ({ ctx, body }) => settings.saveSampleQuestions(services, ctx, body));
  route(app, api.getSuperAdminWorkspaceTags, ({ query }) => settings.getWorkspaceTags(services, query));
  route(app, api.putSuperAdminWorkspaceTags, ({ ctx, body }) => settings.putWorkspaceTags(services, ctx, body));
  route(app, api.listSuperAdminTags, () => settings.listAllTags(services));
  route(app, api.uploadChatAttachment, ({ ctx, query, request }) => attachments.uploadChatAttachment(services, ctx, request, query.chatKey));
  route(app, api.listChatAttachments, ({ ctx, query }) => attachments.listChatAttachments(services, ctx, query.chatKey));
  route(app, api.deleteChatAttachment, ({ ctx, query }) => attachments.deleteChatAttachment(services, ctx, query));
  route(app, api.listRecentFilters, ({ ctx }) => listRecentFilters(services, ctx));
  route(app, api.listRecentFiltersV2, ({ ctx }) => listRecentFiltersV2(services, ctx));
  route(app, api.listUserPrompts, ({ ctx, query }) => prompts.listUserPrompts(services, ctx, query));
  route(app, api.createUserPrompt, ({ ctx, body }) => prompts.createUserPrompt(services, ctx, body));
  route(app, api.updateUserPrompt, ({ ctx, params, body }) => prompts.updateUserPrompt(services, ctx, params.promptId, body));
  registerAdvisoryRoutes(app, services);
  registerCollectionRoutes(app, services);
}
