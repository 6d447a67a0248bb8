import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import { registerAdvisoryRoutes } from './advisory/advisory.routes';
import { registerCollectionRoutes } from './collections/collections.routes';
import { queryChat } from './chat-answer.service';
import * as chats from './chats.service';
import { searchResearch } from './research.service';

/** Catalogue 7.2 (aistudio): research search, streamed chat answers, chats, feedback, sample questions, similar advisory. */
export function registerResearchRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.searchResearch, ({ ctx, body }) => searchResearch(services, ctx, body));
  route(app, api.queryChat, ({ ctx, body, reply }) => queryChat(services, ctx, body, reply));
  route(app, api.listChats, ({ ctx, query }) => chats.listChats(services, ctx, query));
  route(app, api.getChat, ({ ctx, params }) => chats.getChat(services, ctx, params.chatKey));
  route(app, api.getChatV2, ({ ctx, params }) => chats.getChat(services, ctx, params.chatKey));
  route(app, api.deleteChat, ({ ctx, params }) => chats.deleteChat(services, ctx, params.chatKey));
  route(app, api.getChatFeedback, ({ ctx, params }) => chats.getFeedback(services, ctx, params.chatKey, params.chatMessageKey));
  route(app, api.saveChatFeedback, ({ ctx, params, body }) => chats.saveFeedback(services, ctx, params.chatKey, params.chatMessageKey, body));
  route(app, api.listSampleQuestions, ({ ctx }) => Promise.resolve(chats.listSampleQuestions(ctx)));
  registerAdvisoryRoutes(app, services);
  registerCollectionRoutes(app, services);
}
