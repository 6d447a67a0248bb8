import type { Config } from '../../config';
import type { OutboundClient } from '../http/outbound';
import { AnthropicProvider } from './anthropic';
import { BuiltInProvider } from './built-in';
import type { TransportTuning } from './http-transport';
import { OpenAiCompatibleProvider } from './openai-compatible';
import type { AiProvider, AiProviderConfig } from './provider';

/**
 * The provider a configuration names. All HTTP goes through `outbound` (the guarded client: a model
 * server on a private address needs OUTBOUND_ALLOW_HOSTS). Give it a timeout at least AI_TIMEOUT_MS:
 * its overall timeout covers a whole streamed answer.
 */
export function createAiProvider(config: AiProviderConfig, outbound: OutboundClient, tuning: TransportTuning = {}): AiProvider {
  switch (config.driver) {
    case 'OPENAI_COMPATIBLE':
      return new OpenAiCompatibleProvider(config, outbound, tuning);
    case 'ANTHROPIC':
      return new AnthropicProvider(config, outbound, tuning);
    case 'BUILT_IN':
      return new BuiltInProvider();
  }
}

/** The environment's provider configuration (AI_* variables), before any workspace override. */
export function aiProviderConfigFromEnv(config: Config): AiProviderConfig {
  const { driver, baseUrl, apiKey, chatModel, embeddingModel, timeoutMs, maxRetries } = config.ai;
  return { driver, baseUrl, apiKey, chatModel, embeddingModel, timeoutMs, maxRetries };
}
