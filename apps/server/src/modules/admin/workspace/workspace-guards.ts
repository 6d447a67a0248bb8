import type { RequestContext } from '../../../platform/http/context';
import { conflict, unauthorized } from '../../../platform/http/errors';

/** The signed-in user acting (every route of this area has a user principal). */
export function actorUserId(ctx: RequestContext): number {
  if (ctx.principal?.kind !== 'user') throw unauthorized();
  return ctx.principal.userId;
}

/** PostgreSQL unique violation (23505), on either driver, wrapped by Drizzle or not. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') return !constraint || candidate.constraint === constraint || String(candidate.message).includes(constraint);
  }
  return false;
}

/**
 * Lost-update guard: the client names the `updatedAt` it edited; someone else saving since
 * answers 409 instead of silently overwriting their change.
 */
export function assertUnchangedSince(current: Date, expectedUpdatedAt: string | undefined): void {
  if (expectedUpdatedAt === undefined || new Date(expectedUpdatedAt).getTime() === current.getTime()) return;
  throw conflict(
    { ko: '다른 관리자가 먼저 변경했습니다. 새로 불러온 뒤 다시 저장해 주세요.', en: 'Someone else saved a change first. Reload and save again.' },
    { reason: 'STALE', updatedAt: current.toISOString() },
  );
}
