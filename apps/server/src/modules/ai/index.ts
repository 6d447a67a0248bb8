import { defineModule } from '../../platform/module';
import * as aiCallTables from './ai-calls.table';
import { registerAiRoutes } from './ai.routes';
import { seedAiDemo } from './ai.demo-seed';
import * as creditTables from './credits.table';
import * as promptTables from './prompts.table';
import * as configTables from './workspace-ai-configs.table';
import './ai.audit';

/**
 * The AI platform every AI feature runs on: credits (ledger and balance), the record of every
 * model call, prompts as versioned data, each workspace's provider configuration and AI services,
 * and the LLM dashboard. Other modules charge and run their AI calls through `meteredAiCall`.
 */
export const aiModule = defineModule({
  name: 'ai',
  product: null,
  routes: registerAiRoutes,
  seed: seedAiDemo,
  tables: { ...creditTables, ...aiCallTables, ...promptTables, ...configTables },
});

// What other modules use of this one (through this file only; see docs/adding-a-service.md).
export { meteredAiCall, type MeteredInput, type MeteredRun } from './metering';
export { translateSegments, type TranslationInput } from './translation';
export { debitCredits, refundDebit, settleDebit, creditBalance, type CreditScope, type DebitInput } from './credits.service';
export { recordAiCall, type AiCallRecord } from './ai-calls.service';
export { embeddingOverrides, listConfiguredModels, readWorkspaceAiConfig, resolveAiProvider, requireAiService, requireWorkspace, type ConfiguredModels } from './ai-configs.service';
export { DEFAULT_PROMPTS, resolvePrompt, type ResolvedPrompt } from './prompts.service';
export { aiErrorToAppError, aiFailureMessage } from './ai-errors';
export { estimateCredits, AI_PRICES } from '@legal/api';
// Read by other modules' tests (ledger entries and call records of their features).
export { aiCalls } from './ai-calls.table';
export { creditEntries } from './credits.table';
