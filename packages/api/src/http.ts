import type { z } from 'zod';
import type { ProductType } from './permissions';

export const SERVICES = [
  'auth', 'workspace', 'arxive', 'alex', 'conhub', 'btls',
  'aireview', 'aistudio', 'litigation', 'esign', 'seal',
] as const;
export type Service = (typeof SERVICES)[number];

/**
 * Who may call a route. The server enforces it in one place (platform/http/access.ts);
 * the route-table snapshot test makes every change visible.
 */
export type Access =
  | 'public'
  | 'signedIn'
  | 'member'
  | 'admin'
  | 'superAdmin'
  | 'signerToken'
  | 'apiKey'
  | 'devOnly';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success envelope; omit for routes that answer bytes. */
  data?: z.ZodType;
}

export interface RouteDescriptor<S extends RouteSchemas = RouteSchemas> {
  method: HttpMethod;
  /** Full path including `/api`, Fastify style params: `/api/alex/contracts/:contractId/v6`. */
  path: string;
  access: Access;
  /**
   * The product the route belongs to (omitted: platform and identity routes). Only `member` and
   * `admin` routes carry one; a workspace without it answers 403 ERROR_PRODUCT_NOT_AVAILABLE.
   */
  product?: ProductType;
  summary: string;
  tags?: string[];
  schemas: S;
  /** Answers raw bytes or HTML rather than the JSON envelope. */
  raw?: boolean;
}

/** Declares a route once for both the server (registration, OpenAPI) and the web client (typed calls). */
export function defineRoute<const S extends RouteSchemas>(route: RouteDescriptor<S>): RouteDescriptor<S> {
  return route;
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.output<T> : Fallback;
type InputOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;

export type RouteParams<R> = R extends RouteDescriptor<infer S> ? InputOr<S['params'], undefined> : never;
export type RouteQuery<R> = R extends RouteDescriptor<infer S> ? InputOr<S['query'], undefined> : never;
export type RouteBody<R> = R extends RouteDescriptor<infer S> ? InputOr<S['body'], undefined> : never;
export type RouteData<R> = R extends RouteDescriptor<infer S> ? InferOr<S['data'], unknown> : never;

/** Substitutes `:name` params into a descriptor path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
