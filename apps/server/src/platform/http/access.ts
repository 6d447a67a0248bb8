import type { Access, ProductType } from '@legal/api';
import { AppError } from './errors';
import type { RequestContext } from './context';

/**
 * Decides whether the caller may reach a route of the given access level. The membership
 * check of `member` and `admin` is the application's own, put on `ctx.membershipVerifier` by
 * the identity module's hook (per request, so several applications in one process stay apart);
 * without it those routes answer 403.
 */
export async function checkAccess(access: Access, ctx: RequestContext): Promise<void> {
  switch (access) {
    case 'public':
    case 'devOnly':
      return;
    case 'apiKey':
      if (ctx.principal?.kind !== 'apiKey') throw new AppError('ERROR_UNAUTHORIZED');
      return;
    case 'signerToken':
      if (ctx.principal?.kind !== 'signer') throw new AppError('ERROR_UNAUTHORIZED');
      return;
    case 'signedIn':
      if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
      return;
    case 'superAdmin':
      if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
      if (!ctx.principal.isSuperAdmin) throw new AppError('ERROR_FORBIDDEN');
      return;
    case 'member':
    case 'admin':
      if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
      if (!ctx.membershipVerifier) throw new AppError('ERROR_FORBIDDEN');
      await ctx.membershipVerifier(ctx, access === 'admin');
      return;
  }
}

/**
 * The caller must hold at least one of the named permissions (loaded by the `member`/`admin`
 * access check). Routes that need a finer permission than their access level call this first.
 */
export function requirePermission(ctx: RequestContext, ...anyOf: string[]): void {
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  if (!anyOf.some((name) => principal.permissions.has(name))) throw new AppError('ERROR_FORBIDDEN');
}

/**
 * The context's workspace must have the route's product (loaded by the `member`/`admin` access
 * check), whatever the caller's permissions: an admin of a workspace without it is refused too.
 */
export function checkProduct(product: ProductType, ctx: RequestContext): void {
  if (!ctx.products?.has(product)) throw new AppError('ERROR_PRODUCT_NOT_AVAILABLE', { data: { product } });
}
