import {
  type ErrorEnvelope,
  ErrorEnvelopeSchema,
  type RouteDescriptor,
  type RouteSchemas,
  successEnvelope,
} from '@legal/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ModuleManifest } from '../module';
import type { AppServices } from '../services';
import { checkAccess, checkProduct } from './access';
import { validationError } from './errors';
import { collectStringIssues } from './input-strings';
import type { RequestContext } from './context';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerInput<S extends RouteSchemas> {
  params: Out<S['params']>;
  query: Out<S['query']>;
  body: Out<S['body']>;
  ctx: RequestContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<S extends RouteSchemas> = (
  input: HandlerInput<S>,
) => Promise<S['data'] extends z.ZodType ? z.input<S['data']> : unknown>;

/** Every route registered through `route`, in order: the route table the tests iterate. */
export const ROUTE_TABLE = Symbol('routeTable');
declare module 'fastify' {
  interface FastifyInstance {
    [ROUTE_TABLE]: RouteDescriptor[];
  }
}

function collectIssues(location: string, schema: z.ZodType | undefined, value: unknown, issues: Array<{ field: string; reason: string }>) {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (location === 'body' ? undefined : {}));
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    issues.push({ field: [location, ...issue.path.map(String)].join('.'), reason: issue.message });
  }
  return undefined;
}

/** The string rule and a schema may refuse a field for the same reason: list it once. */
function uniqueIssues(issues: Array<{ field: string; reason: string }>) {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.field}\u0000${i.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const errorResponses = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 500: ErrorEnvelopeSchema };

/**
 * Registers a route from its shared descriptor: checks access, validates params, query and body
 * together (every bad field listed), runs the handler and wraps its result in the
 * success envelope. Raw routes send their own reply.
 */
export interface RouteOptions {
  /** Per-route rate limit; `false` exempts the route (health checks); the key is the client IP unless given. */
  rateLimit?: false | { max: number; timeWindow: string; keyGenerator?: (request: FastifyRequest) => string };
}

export function route<S extends RouteSchemas>(
  app: FastifyInstance,
  descriptor: RouteDescriptor<S>,
  handler: Handler<S>,
  options: RouteOptions = {},
) {
  const { schemas } = descriptor;
  if (descriptor.product && descriptor.access !== 'member' && descriptor.access !== 'admin') {
    throw new Error(`${descriptor.method} ${descriptor.path}: only member and admin routes belong to a product`);
  }
  app[ROUTE_TABLE] ??= [];
  app[ROUTE_TABLE].push(descriptor as RouteDescriptor);
  app.route({
    method: descriptor.method,
    url: descriptor.path,
    config: { access: descriptor.access, ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}) },
    schema: {
      summary: descriptor.summary,
      tags: descriptor.tags,
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body ? { body: schemas.body } : {}),
      ...(descriptor.raw
        ? {}
        : { response: { 200: successEnvelope(schemas.data ?? z.null()), ...errorResponses } }),
    },
    handler: async (request, reply) => {
      if (descriptor.access !== 'public') await checkAccess(descriptor.access, request.ctx);
      if (descriptor.product) checkProduct(descriptor.product, request.ctx);
      const issues: Array<{ field: string; reason: string }> = [];
      // One rule for every string and key of every route (input-strings.ts), before the schemas.
      collectStringIssues('params', request.params, issues);
      collectStringIssues('query', request.query, issues);
      collectStringIssues('body', request.body, issues);
      const params = collectIssues('params', schemas.params, request.params, issues);
      const query = collectIssues('query', schemas.query, request.query, issues);
      const body = collectIssues('body', schemas.body, request.body, issues);
      if (issues.length > 0) throw validationError(uniqueIssues(issues));
      const data = await handler({
        params: params as Out<S['params']>,
        query: query as Out<S['query']>,
        body: body as Out<S['body']>,
        ctx: request.ctx,
        request,
        reply,
      });
      if (descriptor.raw) return reply;
      return { code: 'SUCCESS' as const, message: null, data: data ?? null };
    },
  });
}

export type { ErrorEnvelope };

/**
 * Registers one module's routes and checks that each workspace route carries the module's product
 * (and no other route carries one), so that product gating cannot be forgotten on a new route.
 */
export function registerModuleRoutes(app: FastifyInstance, services: AppServices, module: ModuleManifest) {
  app[ROUTE_TABLE] ??= [];
  const before = app[ROUTE_TABLE].length;
  module.routes(app, services);
  for (const descriptor of app[ROUTE_TABLE].slice(before)) {
    const isWorkspaceRoute = descriptor.access === 'member' || descriptor.access === 'admin';
    const expected = isWorkspaceRoute ? (module.product ?? undefined) : undefined;
    if (descriptor.product !== expected) {
      throw new Error(`${descriptor.method} ${descriptor.path} of module ${module.name} declares product ${descriptor.product ?? 'none'}, expected ${expected ?? 'none'}`);
    }
  }
}
