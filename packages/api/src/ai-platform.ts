import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// The AI platform under every AI feature: the workspace's credits (a ledger of grants, debits
// and refunds with a balance that can never go below zero), the record of every model call, the
// prompts as versioned data, each workspace's provider configuration (set by super admins; the
// API key stored sealed and never answered) and which AI features it may use, and the LLM
// dashboard. Prices per feature: ai-prices.ts.
// ---------------------------------------------------------------------------------------------

export const AI_DRIVER_NAMES = ['BUILT_IN', 'OPENAI_COMPATIBLE', 'ANTHROPIC'] as const;
export const AiDriverSchema = z.enum(AI_DRIVER_NAMES);
export type AiDriver = z.infer<typeof AiDriverSchema>;

/** What a metered call was for (the ledger's and the call records' `feature`). */
export const AI_FEATURES = [
  'REVIEW', 'EDIT_CLAUSE', 'REVIEW_CHAT', 'TRANSLATION', 'SUMMARY', 'SIMILARITY', 'CLAUSE_ANALYSIS', 'PREDICTION',
  'RESEARCH_CHAT', 'RESEARCH_INDEX', 'TEST_CONNECTION',
] as const;
export const AiFeatureSchema = z.enum(AI_FEATURES);
export type AiFeature = z.infer<typeof AiFeatureSchema>;

/** The AI services a super admin switches on or off per workspace ("AI service configs"). */
export const AI_SERVICE_FEATURES = ['AI_REVIEW', 'REVIEW_CHAT', 'TRANSLATION', 'EDIT_CLAUSE', 'LEGAL_RESEARCH'] as const;
export const AiServiceFeatureSchema = z.enum(AI_SERVICE_FEATURES);
export type AiServiceFeature = z.infer<typeof AiServiceFeatureSchema>;

export const CREDIT_ENTRY_KINDS = ['GRANT', 'DEBIT', 'REFUND'] as const;
export const CreditEntryKindSchema = z.enum(CREDIT_ENTRY_KINDS);
export type CreditEntryKind = z.infer<typeof CreditEntryKindSchema>;

export const AI_CALL_OUTCOMES = ['SUCCESS', 'FAILED', 'CANCELLED'] as const;
export const AiCallOutcomeSchema = z.enum(AI_CALL_OUTCOMES);
export type AiCallOutcome = z.infer<typeof AiCallOutcomeSchema>;

/** Why a provider call failed (mirrors the provider interface's AiFailure). */
export const AI_FAILURE_CODES = [
  'NOT_CONFIGURED', 'AUTH', 'UNKNOWN_MODEL', 'CONTEXT_TOO_LONG', 'RATE_LIMITED', 'UNAVAILABLE', 'TIMEOUT', 'CANCELLED', 'BAD_OUTPUT',
  'REFUSED_ADDRESS',
] as const;
export const AiFailureCodeSchema = z.enum(AI_FAILURE_CODES);
export type AiFailureCode = z.infer<typeof AiFailureCodeSchema>;

const tenantIdField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Super-admin calls name the workspace they act on. */
export const WorkspaceTargetSchema = z.object({ tenantId: tenantIdField, workspaceId: tenantIdField });
export type WorkspaceTarget = z.infer<typeof WorkspaceTargetSchema>;

const UserNameSchema = z.object({ userId: z.number().int(), name: z.string().nullable() });

// Credits -----------------------------------------------------------------------------------------

export const CreditEntrySchema = z.object({
  entryId: z.number().int(),
  kind: CreditEntryKindSchema,
  credits: z.number().int().positive().describe('Always positive: GRANT and REFUND add, DEBIT takes away'),
  feature: AiFeatureSchema.nullable(),
  reference: z.string().nullable().describe('What was charged (e.g. review:12)'),
  memo: z.string().nullable(),
  refundOf: z.number().int().nullable().describe('REFUND: the debit it gives back'),
  isRefunded: z.boolean().describe('DEBIT: already refunded'),
  user: UserNameSchema.nullable(),
  createdAt: z.string(),
});
export type CreditEntry = z.infer<typeof CreditEntrySchema>;

export const CreditsSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  balance: z.number().int(),
  granted: z.number().int().describe('Sum of grants'),
  spent: z.number().int().describe('Sum of debits less refunds'),
  ledger: pageOf(CreditEntrySchema).describe('Newest first'),
});
export type Credits = z.infer<typeof CreditsSchema>;

/** Credit statistics: 30 entries per page (spec section 9). */
export const CreditsQuerySchema = pageQuery(30, 1000).omit({ sort: true });

export const getWorkspaceCredits = defineRoute({
  method: 'GET', path: '/api/workspace/credits/v1', access: 'member', tags: ['workspace'],
  summary: "The workspace's AI credit balance and its ledger (grants, debits, refunds), newest first. Needs workspace.subscription.read.",
  schemas: { query: CreditsQuerySchema, data: CreditsSchema },
});

export const SuperAdminCreditsQuerySchema = CreditsQuerySchema.extend(WorkspaceTargetSchema.shape);
export const listWorkspaceCreditLedger = defineRoute({
  method: 'GET', path: '/api/workspace/super-admin/credits/ledger/v1', access: 'superAdmin', tags: ['workspace'],
  summary: "Super admin: a workspace's balance and ledger.",
  schemas: { query: SuperAdminCreditsQuerySchema, data: CreditsSchema },
});

export const GrantCreditsBodySchema = WorkspaceTargetSchema.extend({
  credits: z.number().int().min(1).max(10_000_000),
  memo: z.string().trim().min(1).max(500),
});
export type GrantCreditsBody = z.infer<typeof GrantCreditsBodySchema>;

export const grantCredits = defineRoute({
  method: 'POST', path: '/api/workspace/super-admin/credits/grants/v1', access: 'superAdmin', tags: ['workspace'],
  summary: 'Super admin: grants credits to a workspace (until billing exists). Audited.',
  schemas: { body: GrantCreditsBodySchema, data: z.object({ balance: z.number().int(), entry: CreditEntrySchema }) },
});

// Workspace AI configuration -----------------------------------------------------------------------

export const WorkspaceAiConfigSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  isOverride: z.boolean().describe("False: the workspace uses the server's configuration (AI_* environment)"),
  driver: AiDriverSchema.describe('In force: the override, else the environment'),
  baseUrl: z.string().nullable(),
  chatModel: z.string().nullable(),
  embeddingModel: z.string().nullable(),
  hasApiKey: z.boolean(),
  apiKeyFingerprint: z.string().nullable().describe('A short hash of the key, to tell keys apart; never the key'),
  canGenerate: z.boolean().describe('False for the built-in engine: free text, translation and chat need a model'),
  updatedAt: z.string().nullable(),
});
export type WorkspaceAiConfig = z.infer<typeof WorkspaceAiConfigSchema>;

/** A short model or deployment name; no control characters. */
const ModelNameSchema = z.string().trim().min(1).max(200).regex(/^[^\s]+$/, 'no spaces');

export const PutWorkspaceAiConfigBodySchema = WorkspaceTargetSchema.extend({
  driver: AiDriverSchema.nullable().describe("null: drop the override and use the server's configuration"),
  baseUrl: z.url({ protocol: /^https?$/ }).max(500).nullable().optional(),
  chatModel: ModelNameSchema.nullable().optional(),
  embeddingModel: ModelNameSchema.nullable().optional(),
  apiKey: z.string().trim().min(1).max(1000).nullable().optional().describe('A new key; null removes it; omitted keeps the stored one'),
});
export type PutWorkspaceAiConfigBody = z.input<typeof PutWorkspaceAiConfigBodySchema>;

export const getSuperAdminWorkspaceAiConfig = defineRoute({
  method: 'GET', path: '/api/aireview/super-admin/workspace-ai-configs/v1', access: 'superAdmin', tags: ['aireview'],
  summary: "Super admin: a workspace's AI provider configuration (never its key).",
  schemas: { query: WorkspaceTargetSchema, data: WorkspaceAiConfigSchema },
});

export const putSuperAdminWorkspaceAiConfig = defineRoute({
  method: 'PUT', path: '/api/aireview/super-admin/workspace-ai-configs/v1', access: 'superAdmin', tags: ['aireview'],
  summary:
    "Super admin: sets a workspace's AI provider (driver, base URL, models, key stored sealed), or drops the override (driver null). " +
    'A base URL on a private address is refused unless OUTBOUND_ALLOW_HOSTS allows it. Audited.',
  schemas: { body: PutWorkspaceAiConfigBodySchema, data: WorkspaceAiConfigSchema },
});

export const AiConnectionTestSchema = z.object({
  ok: z.boolean(),
  driver: AiDriverSchema,
  model: z.string().nullable(),
  latencyMs: z.number().int(),
  failure: AiFailureCodeSchema.nullable(),
  message: z.string().nullable().describe('Why it failed, in the caller\'s language'),
});
export type AiConnectionTest = z.infer<typeof AiConnectionTestSchema>;

export const testSuperAdminWorkspaceAiConfig = defineRoute({
  method: 'POST', path: '/api/aireview/super-admin/workspace-ai-configs/test/v1', access: 'superAdmin', tags: ['aireview'],
  summary: "Super admin: one tiny chat call through the workspace's provider; answers ok or the failure code (never charged, recorded).",
  schemas: { body: WorkspaceTargetSchema, data: AiConnectionTestSchema },
});

export const getWorkspaceAiConfig = defineRoute({
  method: 'GET', path: '/api/aireview/workspace-ai-configs/v1', access: 'member', tags: ['aireview'],
  summary: "The caller's workspace AI provider in force (driver and models; never the key).",
  schemas: { data: WorkspaceAiConfigSchema },
});

export const WorkspaceAiServiceConfigSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  features: z.array(z.object({ feature: AiServiceFeatureSchema, isEnabled: z.boolean() })).describe('Every AI service, enabled unless switched off'),
});
export type WorkspaceAiServiceConfig = z.infer<typeof WorkspaceAiServiceConfigSchema>;

export const PutWorkspaceAiServiceConfigBodySchema = WorkspaceTargetSchema.extend({
  features: z
    .array(z.object({ feature: AiServiceFeatureSchema, isEnabled: z.boolean() }))
    .min(1)
    .max(AI_SERVICE_FEATURES.length)
    .refine((list) => new Set(list.map((f) => f.feature)).size === list.length, 'each feature once'),
});

export const getSuperAdminWorkspaceAiServiceConfig = defineRoute({
  method: 'GET', path: '/api/aireview/super-admin/workspace-ai-service-configs/v1', access: 'superAdmin', tags: ['aireview'],
  summary: 'Super admin: which AI services a workspace may use.',
  schemas: { query: WorkspaceTargetSchema, data: WorkspaceAiServiceConfigSchema },
});

export const putSuperAdminWorkspaceAiServiceConfig = defineRoute({
  method: 'PUT', path: '/api/aireview/super-admin/workspace-ai-service-configs/v1', access: 'superAdmin', tags: ['aireview'],
  summary: 'Super admin: switches AI services of a workspace on or off (the features named; others unchanged). Audited.',
  schemas: { body: PutWorkspaceAiServiceConfigBodySchema, data: WorkspaceAiServiceConfigSchema },
});

export const getWorkspaceAiServiceConfig = defineRoute({
  method: 'GET', path: '/api/aireview/workspace-ai-service-configs/v1', access: 'member', tags: ['aireview'],
  summary: "Which AI services the caller's workspace may use.",
  schemas: { data: WorkspaceAiServiceConfigSchema },
});

// Prompts ------------------------------------------------------------------------------------------

/** The prompts the product ships (each in ko and en); new keys may be added as features arrive. */
export const PROMPT_KEYS = ['review.checkpoint', 'review.chat', 'edit.clause', 'translation'] as const;
export const PromptKeySchema = z.string().regex(/^[a-z][a-z0-9]*(\.[a-z][a-z0-9_]*){0,3}$/, 'lower-case words separated by dots').max(64);
export const PromptLanguageSchema = z.enum(['ko', 'en']);

export const PromptSchema = z.object({
  promptId: z.number().int(),
  key: z.string(),
  language: PromptLanguageSchema,
  version: z.number().int(),
  text: z.string(),
  isActive: z.boolean(),
  createdBy: UserNameSchema.nullable().describe('null: shipped with the product'),
  createdAt: z.string(),
});
export type Prompt = z.infer<typeof PromptSchema>;

export const listPrompts = defineRoute({
  method: 'GET', path: '/api/aistudio/super-admin/prompts/v1', access: 'superAdmin', tags: ['aistudio'],
  summary: 'Super admin: every version of every prompt (optionally of one key and language), newest version first.',
  schemas: { query: z.object({ key: PromptKeySchema.optional(), language: PromptLanguageSchema.optional() }), data: z.array(PromptSchema) },
});

export const CreatePromptBodySchema = z.object({
  key: PromptKeySchema,
  language: PromptLanguageSchema,
  text: z.string().trim().min(20).max(20_000),
  isActive: z.boolean().default(false).describe('Make the new version the one in use'),
});

export const createPrompt = defineRoute({
  method: 'POST', path: '/api/aistudio/super-admin/prompts/v1', access: 'superAdmin', tags: ['aistudio'],
  summary: 'Super admin: writes a new version of a prompt (the next version number of its key and language). Audited.',
  schemas: { body: CreatePromptBodySchema, data: PromptSchema },
});

export const activatePrompt = defineRoute({
  method: 'PUT', path: '/api/aistudio/super-admin/prompts/:promptId/v1', access: 'superAdmin', tags: ['aistudio'],
  summary: 'Super admin: makes this version the one in use for its key and language (the previous one is kept). Audited.',
  schemas: { params: z.object({ promptId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }), body: z.object({ isActive: z.literal(true) }), data: PromptSchema },
});

// LLM dashboard ------------------------------------------------------------------------------------

const IsoDateSchema = z.iso.date();

export const LlmDashboardQuerySchema = z
  .object({
    dateStart: IsoDateSchema,
    dateEnd: IsoDateSchema,
    tenantId: tenantIdField.optional(),
    workspaceId: tenantIdField.optional(),
  })
  .refine((q) => q.dateStart <= q.dateEnd, { path: ['dateEnd'], message: 'must not be before dateStart' })
  .refine((q) => Date.parse(q.dateEnd) - Date.parse(q.dateStart) <= 366 * 24 * 3600 * 1000, { path: ['dateEnd'], message: 'at most 366 days' });

const LlmStatsSchema = z.object({
  calls: z.number().int(),
  failures: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  credits: z.number().int(),
  latencyP50Ms: z.number().int().nullable(),
  latencyP95Ms: z.number().int().nullable(),
});

export const LlmDashboardSchema = z.object({
  totals: LlmStatsSchema,
  byDay: z.array(LlmStatsSchema.extend({ date: z.string() })).describe('Every day of the range (Asia/Seoul), zeros included'),
  byWorkspace: z.array(LlmStatsSchema.extend({ tenantId: z.number().int(), workspaceId: z.number().int(), workspaceName: z.string().nullable() })),
  byModel: z.array(LlmStatsSchema.extend({ driver: AiDriverSchema, model: z.string().nullable() })),
  failuresByCode: z.array(z.object({ failure: z.string(), count: z.number().int() })),
});
export type LlmDashboard = z.infer<typeof LlmDashboardSchema>;

export const getLlmDashboard = defineRoute({
  method: 'GET', path: '/api/aistudio/dashboards/llm/v1', access: 'superAdmin', tags: ['aistudio'],
  summary: 'Super admin: AI calls, tokens, latency (p50/p95) and failures per day, workspace and model, over a date range (Asia/Seoul days).',
  schemas: { query: LlmDashboardQuerySchema, data: LlmDashboardSchema },
});
