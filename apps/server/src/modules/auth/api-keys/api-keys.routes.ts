import { createApiKey, createServiceAuthToken, listApiKeys, revokeApiKey, verifyApiKey } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as keys from './api-keys.service';

/** Workspace API keys (admins) and what a key may do: verify itself, obtain a service-auth token. */
export function registerApiKeyRoutes(app: FastifyInstance, services: AppServices) {
  const { db } = services;
  route(app, createApiKey, async ({ ctx, body }) => keys.createApiKey(db, ctx, body));
  route(app, listApiKeys, async ({ ctx, query }) => keys.pageApiKeys(db, ctx, query));
  route(app, revokeApiKey, async ({ ctx, params }) => keys.revokeApiKey(db, ctx, params.apiKeyId));
  route(app, verifyApiKey, async ({ ctx }) => keys.verifyApiKey(db, ctx));
  route(app, createServiceAuthToken, async ({ ctx }) => keys.issueServiceAuthToken(db, ctx));
}
