import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';

/** The signed-in user behind a request of an admin area (the route's access level has already required one). */
export function actorUserId(ctx: RequestContext): number {
  if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  return ctx.principal.userId;
}
