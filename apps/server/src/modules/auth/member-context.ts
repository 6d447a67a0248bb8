import type { RequestContext, TenantScope } from '../../platform/http/context';
import { findMembership } from './auth.repo';

type Queryable = Parameters<typeof findMembership>[0];

/**
 * An active member as a request context, as the membership check of a request would have made it
 * (their permissions and the workspace's products), so that work done on their behalf (demo seeds,
 * background jobs) goes through the services' own rules; null when they are not an active member.
 */
export async function memberRequestContext(
  db: Queryable,
  scope: TenantScope,
  userId: number,
  base: Pick<RequestContext, 'requestId' | 'locale' | 'ip' | 'userAgent'>,
): Promise<RequestContext | null> {
  const membership = await findMembership(db, scope, userId);
  if (!membership) return null;
  return {
    ...base,
    ...scope,
    principal: { kind: 'user', userId, isSuperAdmin: false, sessionId: base.requestId, permissions: membership.permissions, membershipId: membership.id },
    products: membership.products,
  };
}

/** The context of a demo seed acting as one of the demo members (ko, from the machine itself). */
export const demoSeedContext = (db: Queryable, scope: TenantScope, userId: number) =>
  memberRequestContext(db, scope, userId, { requestId: 'demo-seed', locale: 'ko', ip: '127.0.0.1', userAgent: 'demo-seed' });
