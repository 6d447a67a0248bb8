import {
  activatePrompt, createPrompt, getLlmDashboard, getSuperAdminWorkspaceAiConfig, getSuperAdminWorkspaceAiServiceConfig, getWorkspaceAiConfig,
  getWorkspaceAiServiceConfig, getWorkspaceCredits, grantCredits, listPrompts, listWorkspaceCreditLedger, putSuperAdminWorkspaceAiConfig,
  putSuperAdminWorkspaceAiServiceConfig, testSuperAdminWorkspaceAiConfig,
} from '@legal/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../platform/audit/audit';
import { requirePermission } from '../../platform/http/access';
import { tenantScope, type RequestContext } from '../../platform/http/context';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import { users } from '../auth';
import {
  putAiServiceConfig, putWorkspaceAiConfig, readAiServiceConfig, readWorkspaceAiConfig, requireWorkspace, testAiConnection,
} from './ai-configs.service';
import { entryOf, grantCreditsTx, readCredits } from './credits.service';
import { creditEntries } from './credits.table';
import { llmDashboard } from './llm-dashboard.service';
import * as prompts from './prompts.service';

const actorOf = (ctx: RequestContext) => (ctx.principal?.kind === 'user' ? ctx.principal.userId : null);

/** Credits (/api/workspace), workspace AI configurations (/api/aireview), prompts and the LLM dashboard (/api/aistudio). */
export function registerAiRoutes(app: FastifyInstance, services: AppServices) {
  const starter = () => services.config.ai.starterCredits;

  route(app, getWorkspaceCredits, ({ ctx, query }) => {
    requirePermission(ctx, 'workspace.subscription.read');
    return readCredits(services.db, tenantScope(ctx), starter(), query);
  });
  route(app, listWorkspaceCreditLedger, async ({ query }) => {
    const scope = await requireWorkspace(services.db, query);
    return readCredits(services.db, scope, starter(), query);
  });
  route(app, grantCredits, async ({ ctx, body }) => {
    const scope = await requireWorkspace(services.db, body);
    const actorUserId = actorOf(ctx);
    return services.db.transaction(async (tx) => {
      const granted = await grantCreditsTx(tx, { ...scope, userId: actorUserId }, { credits: body.credits, memo: body.memo, starterCredits: starter() });
      await recordAudit(
        tx,
        { type: 'ai_credits.granted', data: { entryId: granted.entryId, credits: body.credits, memo: body.memo, balance: granted.balance } },
        { actorUserId, ...scope, ip: ctx.ip, userAgent: ctx.userAgent ?? null },
      );
      const [row] = await tx.select().from(creditEntries).where(eq(creditEntries.id, granted.entryId));
      const [user] = actorUserId === null ? [] : await tx.select({ name: users.name }).from(users).where(eq(users.id, actorUserId));
      return { balance: granted.balance, entry: entryOf(row!, user?.name ?? null) };
    });
  });

  route(app, getSuperAdminWorkspaceAiConfig, async ({ query }) => readWorkspaceAiConfig(services, await requireWorkspace(services.db, query)));
  route(app, putSuperAdminWorkspaceAiConfig, ({ ctx, body }) => putWorkspaceAiConfig(services, ctx, body));
  route(app, testSuperAdminWorkspaceAiConfig, ({ ctx, body }) => testAiConnection(services, ctx, body));
  route(app, getWorkspaceAiConfig, ({ ctx }) => readWorkspaceAiConfig(services, tenantScope(ctx)));

  route(app, getSuperAdminWorkspaceAiServiceConfig, async ({ query }) => readAiServiceConfig(services.db, await requireWorkspace(services.db, query)));
  route(app, putSuperAdminWorkspaceAiServiceConfig, ({ ctx, body }) => putAiServiceConfig(services, ctx, body));
  route(app, getWorkspaceAiServiceConfig, ({ ctx }) => readAiServiceConfig(services.db, tenantScope(ctx)));

  route(app, listPrompts, ({ query }) => prompts.listPrompts(services.db, query));
  route(app, createPrompt, ({ ctx, body }) => prompts.createPrompt(services.db, ctx, body));
  route(app, activatePrompt, ({ ctx, params }) => prompts.activatePrompt(services.db, ctx, params.promptId));

  route(app, getLlmDashboard, ({ query }) => llmDashboard(services.db, query));
}
