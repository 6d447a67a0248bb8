import { requirePermission } from '../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';

export const AI_RESEARCH_USE = 'ai.research.use';

/** The caller may use legal research here: their scope and user id (a chat belongs to one user). */
export function requireResearchUse(ctx: RequestContext): { scope: TenantScope; userId: number } {
  requirePermission(ctx, AI_RESEARCH_USE);
  if (ctx.principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  return { scope: tenantScope(ctx), userId: ctx.principal.userId };
}

/** Today in Korea (YYYY-MM-DD): "the law in force today" is Korean law's today. */
export function koreanToday(now = new Date()): string {
  return now.toLocaleDateString('sv-SE', { timeZone: 'Asia/Seoul' });
}

/**
 * The caller's user id when they may use research in a workspace with AI Studio, else null: what
 * the statute-change alerts' predicates ask of whoever reads a chat answer, a draft or a document.
 */
export function researchReaderId(ctx: RequestContext): number | null {
  const principal = ctx.principal;
  if (principal?.kind !== 'user' || !principal.permissions.has(AI_RESEARCH_USE) || !ctx.products?.has('AI_STUDIO')) return null;
  return principal.userId;
}
