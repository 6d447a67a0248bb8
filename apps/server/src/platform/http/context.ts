import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, HEADER, type Locale, LOCALES, type ProductType } from '@legal/api';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from './errors';

/**
 * Who is calling, set by the identity module's authentication hook (modules/auth). For a user,
 * `isSuperAdmin` means a super-admin session (created through the super-admin login), and
 * `permissions` are those of the membership in X-Tenant/X-Workspace once the `member`/`admin`
 * access check (or the permissions route) has verified it; before that only a super-admin
 * session's own permission.
 */
export type Principal =
  | {
      kind: 'user';
      userId: number;
      isSuperAdmin: boolean;
      sessionId: string;
      permissions: ReadonlySet<string>;
      /** When the access token that authenticated this request runs out. */
      accessExpiresAt?: Date;
      /** The verified membership in X-Tenant/X-Workspace. */
      membershipId?: number;
      /** Set on an impersonated session: the user who signed in as this one. */
      impersonatorUserId?: number;
    }
  | { kind: 'apiKey'; apiKeyId: number; tenantId: number; workspaceId: number }
  | { kind: 'signer'; signerId: number; tenantId: number; workspaceId: number };

/** Verifies the caller's membership in the context's workspace (`admin`: and its admin permission). */
export type MembershipVerifier = (ctx: RequestContext, needsAdmin: boolean) => Promise<void>;

export interface RequestContext {
  requestId: string;
  locale: Locale;
  /** From X-Tenant / X-Workspace; 0 = none. Verified against memberships by the access guard. */
  tenantId: number;
  workspaceId: number;
  principal: Principal | null;
  /** The products of the context's workspace, once the `member`/`admin` access check verified the membership. */
  products?: ReadonlySet<ProductType>;
  ip: string;
  userAgent: string | undefined;
  /**
   * The membership check of the application serving this request (set by the identity
   * module's hook), so that several applications in one process (tests) stay apart.
   */
  membershipVerifier?: MembershipVerifier;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

export function parseLocale(header: string | string[] | undefined): Locale {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
}

/** `X-Tenant` / `X-Workspace`: absent or empty is 0; anything but a non-negative integer is a 400. */
function parseIdHeader(name: string, header: string | string[] | undefined, problems: Array<{ field: string; reason: string }>): number {
  if (header === undefined || header === '') return 0;
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  problems.push({ field: `header.${name}`, reason: 'must be a non-negative integer (0 = none)' });
  return 0;
}

export function buildContext(request: FastifyRequest): RequestContext {
  const problems: Array<{ field: string; reason: string }> = [];
  const tenantId = parseIdHeader(HEADER.tenant, request.headers[HEADER.tenant], problems);
  const workspaceId = parseIdHeader(HEADER.workspace, request.headers[HEADER.workspace], problems);
  const ctx: RequestContext = {
    requestId: request.id,
    locale: parseLocale(request.headers[HEADER.locale]),
    tenantId,
    workspaceId,
    principal: null,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  };
  request.ctx = ctx;
  if (problems.length > 0) throw validationError(problems);
  return ctx;
}

export interface TenantScope {
  readonly tenantId: number;
  readonly workspaceId: number;
}

/**
 * The tenant scope every tenant-owned query starts from. Refuses an empty tenant or workspace:
 * a query without one would read across tenants.
 */
export function tenantScope(ctx: Pick<RequestContext, 'tenantId' | 'workspaceId'>): TenantScope {
  if (!Number.isSafeInteger(ctx.tenantId) || ctx.tenantId <= 0 || !Number.isSafeInteger(ctx.workspaceId) || ctx.workspaceId <= 0) {
    throw new AppError('ERROR_FORBIDDEN', {
      message: { ko: '워크스페이스를 선택해 주세요.', en: 'Select a workspace first.' },
      data: { reason: 'NO_WORKSPACE' },
    });
  }
  return Object.freeze({ tenantId: ctx.tenantId, workspaceId: ctx.workspaceId });
}
