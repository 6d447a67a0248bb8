import {
  AI_SERVICE_FEATURES, type AiConnectionTest, type AiDriver, type AiServiceFeature, type PutWorkspaceAiConfigBodySchema, type WorkspaceAiConfig,
  type WorkspaceAiServiceConfig, type WorkspaceTarget,
} from '@legal/api';
import { and, eq } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { z } from 'zod';
import type { Config } from '../../config';
import { aiProviderConfigFromEnv, createAiProvider } from '../../platform/ai/create-provider';
import { type AiProvider, type AiProviderConfig, AiProviderError } from '../../platform/ai/provider';
import { recordAudit } from '../../platform/audit/audit';
import { type Db, executorOf } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { AppError, notFound, validationError } from '../../platform/http/errors';
import { AddressPolicy } from '../../platform/http/outbound';
import type { AppServices } from '../../platform/services';
import { deriveSecretKey, fingerprint, openSecret, sealSecret, type SecretKey } from '../../platform/secrets';
import { workspaces } from '../auth';
import { recordAiCall } from './ai-calls.service';
import { aiFailureMessage } from './ai-errors';
import { workspaceAiConfigs, workspaceAiServiceConfigs } from './workspace-ai-configs.table';

const DEV_KEY_MATERIAL = 'legal-suite development AI key (never used in production)';

function aiKeyOf(config: Config): SecretKey | null {
  const material = config.ai.secretKey ?? (config.isProduction ? null : DEV_KEY_MATERIAL);
  return material === null ? null : deriveSecretKey(material, 'legal-suite/ai', 'provider-api-key/aes-256-gcm');
}

function requireAiKey(config: Config): SecretKey {
  const key = aiKeyOf(config);
  if (!key) {
    throw new AppError('ERROR_SERVICE_UNAVAILABLE', {
      message: { ko: 'AI 비밀 키(AI_SECRET_KEY)가 설정되지 않아 API 키를 저장할 수 없습니다.', en: 'The AI secret key (AI_SECRET_KEY) is not configured, so API keys cannot be stored.' },
      data: { reason: 'AI_SECRET_KEY_MISSING' },
    });
  }
  return key;
}

const sealContext = (scope: TenantScope) => `ai-config:${scope.tenantId}:${scope.workspaceId}`;

/** A super admin's target workspace: 404 unless it exists (and is not deleted) in that tenant. */
export async function requireWorkspace(db: Db, target: WorkspaceTarget): Promise<TenantScope> {
  const [row] = await db
    .select({ id: workspaces.id, deletedAt: workspaces.deletedAt })
    .from(workspaces)
    .where(and(eq(workspaces.id, target.workspaceId), eq(workspaces.tenantId, target.tenantId)));
  if (!row || row.deletedAt) throw notFound();
  return { tenantId: target.tenantId, workspaceId: target.workspaceId };
}

async function overrideOf(db: Db, scope: TenantScope) {
  return (await db.select().from(workspaceAiConfigs).where(inScope(workspaceAiConfigs, scope)))[0];
}

/** The provider configuration in force for a workspace: its override, else the environment's. */
export async function providerConfigFor(services: AppServices, scope: TenantScope): Promise<AiProviderConfig> {
  const env = aiProviderConfigFromEnv(services.config);
  const row = await overrideOf(services.db, scope);
  if (!row) return env;
  let apiKey: string | null = null;
  if (row.apiKeySealed) {
    const key = aiKeyOf(services.config);
    apiKey = key ? openSecret(key, row.apiKeySealed, sealContext(scope)) : null;
    if (apiKey === null) services.logger.warn({ ...scope }, 'workspace AI key does not decrypt (AI_SECRET_KEY changed?)');
  }
  return { ...env, driver: row.driver, baseUrl: row.baseUrl, apiKey, chatModel: row.chatModel, embeddingModel: row.embeddingModel };
}

/**
 * The embedding models of workspaces' own providers (overrides with a model driver), one workspace
 * each: the vectors of a model are shared by every workspace using it (research embeds the statutes
 * once per model).
 */
export async function embeddingOverrides(db: Db): Promise<Array<TenantScope & { embeddingModel: string }>> {
  const { rows } = await executorOf(db).executeSql(
    `select distinct on (c.embedding_model) c.tenant_id::int as tenant_id, c.workspace_id::int as workspace_id, c.embedding_model
     from workspace_ai_configs c join workspaces w on w.id = c.workspace_id and w.tenant_id = c.tenant_id
     where c.driver <> 'BUILT_IN' and c.embedding_model is not null and w.deleted_at is null
     order by c.embedding_model, c.updated_at desc`,
    [],
  );
  return (rows as Array<{ tenant_id: number; workspace_id: number; embedding_model: string }>).map((r) => ({ tenantId: Number(r.tenant_id), workspaceId: Number(r.workspace_id), embeddingModel: r.embedding_model }));
}

/**
 * The provider a workspace's AI calls go through (workspace override, else environment). `limits`
 * shortens its timeout or retries for a call that must not hold a request (research embeds the
 * question in a second at most and answers without vectors otherwise).
 */
export async function resolveAiProvider(services: AppServices, scope: TenantScope, limits: Partial<Pick<AiProviderConfig, 'timeoutMs' | 'maxRetries'>> = {}): Promise<AiProvider> {
  return createAiProvider({ ...(await providerConfigFor(services, scope)), ...limits }, services.aiOutbound);
}

/** The configuration as an API answers it: never the key, only whether there is one and its fingerprint. */
export async function readWorkspaceAiConfig(services: AppServices, scope: TenantScope): Promise<WorkspaceAiConfig> {
  const row = await overrideOf(services.db, scope);
  const env = aiProviderConfigFromEnv(services.config);
  const inForce = row ?? { driver: env.driver, baseUrl: env.baseUrl, chatModel: env.chatModel, embeddingModel: env.embeddingModel, apiKeySealed: null, apiKeyFingerprint: null, updatedAt: null };
  return {
    tenantId: scope.tenantId,
    workspaceId: scope.workspaceId,
    isOverride: Boolean(row),
    driver: inForce.driver,
    baseUrl: inForce.baseUrl,
    chatModel: inForce.chatModel,
    embeddingModel: inForce.embeddingModel,
    hasApiKey: row ? row.apiKeySealed !== null : env.apiKey !== null,
    apiKeyFingerprint: row ? row.apiKeyFingerprint : null,
    canGenerate: inForce.driver !== 'BUILT_IN' && Boolean(inForce.chatModel),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * A base URL the outbound client could call: http(s), no credentials, and not a private, loopback
 * or link-local address unless OUTBOUND_ALLOW_HOSTS allows it. Host names are checked again on
 * the address actually connected to (platform/http/outbound.ts).
 */
export function baseUrlProblem(baseUrl: string, allowHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be http or https';
  if (url.username || url.password) return 'must not carry credentials';
  const policy = new AddressPolicy(allowHosts);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (policy.isHostAllowed(host)) return null;
  if (ipaddr.isValid(host)) return policy.isAddressAllowed(host) ? null : 'REFUSED_ADDRESS: a private or reserved address (allow it with OUTBOUND_ALLOW_HOSTS)';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'REFUSED_ADDRESS: a loopback name (allow it with OUTBOUND_ALLOW_HOSTS)';
  return null;
}

type PutBody = z.output<typeof PutWorkspaceAiConfigBodySchema>;

export async function putWorkspaceAiConfig(services: AppServices, ctx: RequestContext, body: PutBody): Promise<WorkspaceAiConfig> {
  const scope = await requireWorkspace(services.db, body);
  const actorUserId = ctx.principal?.kind === 'user' ? ctx.principal.userId : null;
  const meta = { actorUserId, tenantId: scope.tenantId, workspaceId: scope.workspaceId, ip: ctx.ip, userAgent: ctx.userAgent ?? null };
  if (body.driver === null) {
    await services.db.transaction(async (tx) => {
      await tx.delete(workspaceAiConfigs).where(inScope(workspaceAiConfigs, scope));
      await recordAudit(tx, { type: 'ai_config.saved', data: { driver: null, baseUrl: null, chatModel: null, embeddingModel: null, isKeyChanged: false, hasApiKey: false } }, meta);
    });
    return readWorkspaceAiConfig(services, scope);
  }
  const problems: Array<{ field: string; reason: string }> = [];
  const baseUrl = body.baseUrl ?? null;
  if (body.driver === 'OPENAI_COMPATIBLE' && !baseUrl) problems.push({ field: 'body.baseUrl', reason: 'required for OPENAI_COMPATIBLE' });
  if (body.driver !== 'BUILT_IN' && !body.chatModel) problems.push({ field: 'body.chatModel', reason: `required for ${body.driver}` });
  const urlProblem = baseUrl ? baseUrlProblem(baseUrl, services.config.outbound.allowHosts) : null;
  if (urlProblem) problems.push({ field: 'body.baseUrl', reason: urlProblem });
  if (problems.length > 0) throw validationError(problems);

  const sealed = body.apiKey ? sealSecret(requireAiKey(services.config), body.apiKey, sealContext(scope)) : null;
  await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(workspaceAiConfigs).where(inScope(workspaceAiConfigs, scope)).for('update');
    const keep = body.apiKey === undefined;
    const apiKeySealed = keep ? (current?.apiKeySealed ?? null) : sealed;
    const apiKeyFingerprint = keep ? (current?.apiKeyFingerprint ?? null) : body.apiKey ? fingerprint(body.apiKey) : null;
    const values = {
      driver: body.driver!,
      baseUrl: body.driver === 'BUILT_IN' ? null : baseUrl,
      chatModel: body.driver === 'BUILT_IN' ? null : (body.chatModel ?? null),
      embeddingModel: body.driver === 'BUILT_IN' ? null : (body.embeddingModel ?? null),
      apiKeySealed,
      apiKeyFingerprint,
      updatedByUserId: actorUserId,
      updatedAt: new Date(),
    };
    await tx
      .insert(workspaceAiConfigs)
      .values({ ...scope, ...values })
      .onConflictDoUpdate({ target: [workspaceAiConfigs.tenantId, workspaceAiConfigs.workspaceId], set: values });
    await recordAudit(
      tx,
      {
        type: 'ai_config.saved',
        data: { driver: values.driver, baseUrl: values.baseUrl, chatModel: values.chatModel, embeddingModel: values.embeddingModel, isKeyChanged: !keep, hasApiKey: apiKeySealed !== null },
      },
      meta,
    );
  });
  return readWorkspaceAiConfig(services, scope);
}

export async function readAiServiceConfig(db: Db, scope: TenantScope): Promise<WorkspaceAiServiceConfig> {
  const rows = await db.select().from(workspaceAiServiceConfigs).where(inScope(workspaceAiServiceConfigs, scope));
  const disabled = new Set(rows.filter((r) => !r.isEnabled).map((r) => r.feature));
  return { ...scope, features: AI_SERVICE_FEATURES.map((feature) => ({ feature, isEnabled: !disabled.has(feature) })) };
}

export async function putAiServiceConfig(
  services: AppServices,
  ctx: RequestContext,
  body: WorkspaceTarget & { features: Array<{ feature: AiServiceFeature; isEnabled: boolean }> },
): Promise<WorkspaceAiServiceConfig> {
  const scope = await requireWorkspace(services.db, body);
  const actorUserId = ctx.principal?.kind === 'user' ? ctx.principal.userId : null;
  await services.db.transaction(async (tx) => {
    for (const { feature, isEnabled } of body.features) {
      await tx
        .insert(workspaceAiServiceConfigs)
        .values({ ...scope, feature, isEnabled, updatedByUserId: actorUserId })
        .onConflictDoUpdate({
          target: [workspaceAiServiceConfigs.tenantId, workspaceAiServiceConfigs.workspaceId, workspaceAiServiceConfigs.feature],
          set: { isEnabled, updatedByUserId: actorUserId, updatedAt: new Date() },
        });
    }
    await recordAudit(tx, { type: 'ai_service_config.saved', data: { features: body.features } }, { actorUserId, ...scope, ip: ctx.ip, userAgent: ctx.userAgent ?? null });
  });
  return readAiServiceConfig(services.db, scope);
}

/** 403 when a super admin switched this AI service off for the workspace. */
export async function requireAiService(db: Db, scope: TenantScope, feature: AiServiceFeature): Promise<void> {
  const [row] = await db
    .select({ isEnabled: workspaceAiServiceConfigs.isEnabled })
    .from(workspaceAiServiceConfigs)
    .where(and(inScope(workspaceAiServiceConfigs, scope), eq(workspaceAiServiceConfigs.feature, feature)));
  if (row && !row.isEnabled) {
    throw new AppError('ERROR_FORBIDDEN', {
      message: { ko: '이 워크스페이스에서 사용하지 않도록 설정된 AI 기능입니다.', en: 'This AI feature is switched off for this workspace.' },
      data: { reason: 'AI_SERVICE_DISABLED', feature },
    });
  }
}

/** One tiny chat call through the workspace's provider; recorded, never charged. */
export async function testAiConnection(services: AppServices, ctx: RequestContext, target: WorkspaceTarget): Promise<AiConnectionTest> {
  const scope = await requireWorkspace(services.db, target);
  const provider = await resolveAiProvider(services, scope);
  const userId = ctx.principal?.kind === 'user' ? ctx.principal.userId : null;
  const started = Date.now();
  try {
    const result = await provider.chat({ messages: [{ role: 'user', content: 'Reply with the single word: ok' }], maxOutputTokens: 5, temperature: 0 });
    const latencyMs = Date.now() - started;
    await recordAiCall(services.db, { ...scope, userId }, {
      feature: 'TEST_CONNECTION', driver: provider.driver, model: result.model, inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens,
      latencyMs, credits: 0, outcome: 'SUCCESS',
    });
    return { ok: true, driver: provider.driver, model: result.model, latencyMs, failure: null, message: null };
  } catch (err) {
    const latencyMs = Date.now() - started;
    const failure = err instanceof AiProviderError ? err.failure : 'UNAVAILABLE';
    if (!(err instanceof AiProviderError)) services.logger.warn({ err }, 'AI connection test failed');
    await recordAiCall(services.db, { ...scope, userId }, {
      feature: 'TEST_CONNECTION', driver: provider.driver, model: provider.chatModel, latencyMs, credits: 0, outcome: 'FAILED', failureCode: failure,
    });
    return { ok: false, driver: provider.driver, model: provider.chatModel, latencyMs, failure, message: aiFailureMessage(failure, ctx.locale) };
  }
}

export interface ConfiguredModels {
  /** The server's own configuration (AI_* environment). */
  server: { driver: AiDriver; chatModel: string | null; embeddingModel: string | null };
  /** The workspaces' overrides, by driver and models, with how many workspaces set each. */
  overrides: Array<{ driver: AiDriver; chatModel: string | null; embeddingModel: string | null; workspaceCount: number }>;
}

/** The models configured across the installation (a super-admin read of configuration, never a key or a workspace's content). */
export async function listConfiguredModels(services: AppServices): Promise<ConfiguredModels> {
  const env = aiProviderConfigFromEnv(services.config);
  const { rows } = await executorOf(services.db).executeSql(
    `select driver, chat_model, embedding_model, count(*)::int as n from workspace_ai_configs group by driver, chat_model, embedding_model order by driver, chat_model, embedding_model`,
    [],
  );
  return {
    server: { driver: env.driver, chatModel: env.driver === 'BUILT_IN' ? null : env.chatModel, embeddingModel: env.driver === 'BUILT_IN' ? null : env.embeddingModel },
    overrides: (rows as Array<{ driver: AiDriver; chat_model: string | null; embedding_model: string | null; n: number }>).map((r) => ({
      driver: r.driver, chatModel: r.chat_model, embeddingModel: r.embedding_model, workspaceCount: Number(r.n),
    })),
  };
}
