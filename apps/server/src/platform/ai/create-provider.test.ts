import { statusOf } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AnthropicProvider } from './anthropic';
import { aiErrorToDomain } from './ai-errors';
import { BuiltInProvider } from './built-in';
import { aiProviderConfigFromEnv, createAiProvider } from './create-provider';
import { parseRetryAfter, redact } from './http-transport';
import { OpenAiCompatibleProvider } from './openai-compatible';
import { AI_FAILURES, AiProviderError } from './provider';
import { loopbackOutbound, openAiReplies, startOpenAiStandIn, type StandIn } from './testing/stand-ins';
import type { OutboundClient } from '../http/outbound';

let standIn: StandIn;
let outbound: OutboundClient;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  outbound = loopbackOutbound();
});
afterAll(async () => {
  await outbound.close();
  await standIn.close();
});

describe('createAiProvider', () => {
  it('builds the built-in engine from an empty environment', () => {
    const provider = createAiProvider(aiProviderConfigFromEnv(loadConfig({})), outbound);
    expect(provider).toBeInstanceOf(BuiltInProvider);
    expect(provider).toMatchObject({ driver: 'BUILT_IN', canGenerate: false, chatModel: null, embeddingModel: 'built-in-lexical-hash-v1' });
  });

  it('builds an OpenAI-compatible provider from AI_* variables that answers through the outbound client', async () => {
    const env = loadConfig({ AI_PROVIDER: 'OPENAI_COMPATIBLE', AI_BASE_URL: standIn.baseUrl, AI_API_KEY: 'sk-env-key-123456', AI_CHAT_MODEL: 'gpt-env', AI_MAX_RETRIES: '0' });
    const provider = createAiProvider(aiProviderConfigFromEnv(env), outbound);
    expect(provider).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(provider).toMatchObject({ driver: 'OPENAI_COMPATIBLE', canGenerate: true, chatModel: 'gpt-env', embeddingModel: null });
    standIn.enqueue(openAiReplies.completion('환경 설정으로 연결됨'));
    expect((await provider.chat({ messages: [{ role: 'user', content: '?' }] })).text).toBe('환경 설정으로 연결됨');
    expect(standIn.requests.at(-1)!.headers.authorization).toBe('Bearer sk-env-key-123456');
  });

  it('builds the Anthropic provider', () => {
    const env = loadConfig({ AI_PROVIDER: 'ANTHROPIC', AI_API_KEY: 'k', AI_CHAT_MODEL: 'claude-sonnet-4-5' });
    const provider = createAiProvider(aiProviderConfigFromEnv(env), outbound);
    expect(provider).toBeInstanceOf(AnthropicProvider);
    expect(provider).toMatchObject({ driver: 'ANTHROPIC', canGenerate: true, embeddingModel: null });
  });
});

describe('aiErrorToDomain', () => {
  it('maps every failure to its code and status, with ko/en messages and no provider wording', () => {
    const expected = {
      NOT_CONFIGURED: ['ERROR_AI_PROVIDER_NOT_CONFIGURED', 503],
      AUTH: ['ERROR_AI_PROVIDER_AUTH', 502],
      UNKNOWN_MODEL: ['ERROR_AI_MODEL_NOT_FOUND', 502],
      CONTEXT_TOO_LONG: ['ERROR_AI_CONTEXT_TOO_LONG', 413],
      RATE_LIMITED: ['ERROR_AI_PROVIDER_RATE_LIMITED', 503],
      UNAVAILABLE: ['ERROR_AI_PROVIDER_UNAVAILABLE', 503],
      TIMEOUT: ['ERROR_AI_PROVIDER_TIMEOUT', 504],
      CANCELLED: ['ERROR_AI_PROVIDER_UNAVAILABLE', 503],
      BAD_OUTPUT: ['ERROR_AI_BAD_OUTPUT', 502],
      REFUSED_ADDRESS: ['ERROR_AI_PROVIDER_ADDRESS_REFUSED', 502],
    } as const;
    expect(Object.keys(expected).sort()).toEqual([...AI_FAILURES].sort());
    for (const failure of AI_FAILURES) {
      const domain = aiErrorToDomain(new AiProviderError(failure, 'provider said: secret detail', { driver: 'OPENAI_COMPATIBLE', model: 'gpt-x', status: 400 }));
      const [code, status] = expected[failure];
      expect(domain.code).toBe(code);
      expect(statusOf(domain.code)).toBe(status);
      expect(domain.data).toEqual({ failure, driver: 'OPENAI_COMPATIBLE', model: 'gpt-x' });
      expect(domain.messageFor('ko')).toMatch(/[가-힣]/);
      expect(domain.messageFor('en')).not.toContain('secret detail');
    }
    expect(aiErrorToDomain(new AiProviderError('NOT_CONFIGURED', 'x')).messageFor('en')).toContain('AI_CHAT_MODEL');
  });
});

describe('the transport helpers', () => {
  it('read Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('redact the key and key-shaped strings from provider messages', () => {
    expect(redact('Incorrect API key provided: sk-proj-abc***wxyz. Find yours at...', null)).not.toContain('sk-proj');
    expect(redact('key my-own-secret-value rejected', 'my-own-secret-value')).toBe('key [redacted] rejected');
  });
});
