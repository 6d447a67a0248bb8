import type { AiDriver, ResearchModels, SuperAdminResearchModels, WorkspaceTarget } from '@legal/api';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { listConfiguredModels, readWorkspaceAiConfig, requireWorkspace } from '../../ai';
import { requireResearchUse } from '../research.policy';
import { researchConfigOf } from './research-configs.service';

/**
 * The models research runs on: from the workspace's AI configuration in force (the AI module) and
 * its answer engine config (a workspace set to BUILT_IN answers extractively even with a model).
 * Never a key.
 */
async function researchModelsOf(services: AppServices, scope: TenantScope): Promise<ResearchModels> {
  const [ai, config] = await Promise.all([readWorkspaceAiConfig(services, scope), researchConfigOf(services.db, scope)]);
  return {
    answerEngine: ai.canGenerate && config.answerEngine === 'MODEL' ? 'MODEL' : 'BUILT_IN',
    models: [
      { purpose: 'CHAT', provider: ai.driver, name: ai.driver === 'BUILT_IN' ? null : ai.chatModel, isConfigured: ai.canGenerate },
      { purpose: 'EMBEDDING', provider: ai.driver, name: ai.driver === 'BUILT_IN' ? null : ai.embeddingModel, isConfigured: ai.driver !== 'BUILT_IN' && Boolean(ai.embeddingModel) },
    ],
  };
}

/** models/v2 (members). */
export async function listModels(services: AppServices, ctx: RequestContext): Promise<ResearchModels> {
  const { scope } = requireResearchUse(ctx);
  return researchModelsOf(services, scope);
}

type Provider = SuperAdminResearchModels['providers'][number];

/** super-admin models/v1: every provider with the models configured for it (server and overrides), and one workspace's models/v2 when named. */
export async function listSuperAdminModels(services: AppServices, query: Partial<WorkspaceTarget>): Promise<SuperAdminResearchModels> {
  const workspace = query.tenantId !== undefined && query.workspaceId !== undefined ? await requireWorkspace(services.db, { tenantId: query.tenantId, workspaceId: query.workspaceId }) : null;
  const { server, overrides } = await listConfiguredModels(services);
  const providers = new Map<AiDriver, Provider>();
  const providerOf = (driver: AiDriver) => {
    if (!providers.has(driver)) providers.set(driver, { driver, isServerDefault: driver === server.driver, models: [] });
    return providers.get(driver)!;
  };
  const add = (driver: AiDriver, purpose: 'CHAT' | 'EMBEDDING', name: string | null, workspaceCount: number, isServerDefault: boolean) => {
    if (!name) return;
    const models = providerOf(driver).models;
    const found = models.find((m) => m.purpose === purpose && m.name === name);
    if (found) {
      found.workspaceCount += workspaceCount;
      found.isServerDefault ||= isServerDefault;
    } else models.push({ purpose, name, workspaceCount, isServerDefault });
  };
  providerOf(server.driver);
  add(server.driver, 'CHAT', server.chatModel, 0, true);
  add(server.driver, 'EMBEDDING', server.embeddingModel, 0, true);
  for (const o of overrides) {
    providerOf(o.driver);
    add(o.driver, 'CHAT', o.chatModel, o.workspaceCount, false);
    add(o.driver, 'EMBEDDING', o.embeddingModel, o.workspaceCount, false);
  }
  return {
    providers: [...providers.values()],
    workspace: workspace ? { ...workspace, ...(await researchModelsOf(services, workspace)) } : null,
  };
}
