import type { RequestContext } from '../../platform/http/context';
import { userPrincipal } from '../auth';

/** The signed-in user behind a request of an admin area (the route's access level has already required one). */
export function actorUserId(ctx: RequestContext): number {
  return userPrincipal(ctx).userId;
}
