import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiProviderError } from '../../../platform/ai/provider';
import { openAiReplies, type StandIn, startOpenAiStandIn } from '../../../platform/ai/testing/stand-ins';
import { DEFAULT_PROMPTS } from '../../ai';
import { splitClauses } from '../../contracts';
import { KO_SERVICE_CONTRACT } from '../ai-review.test-support';
import { STARTER_PLAYBOOK } from '../playbook/starter';
import { type LabelledContract, score } from './evaluation';
import { evaluateWithProvider } from './provider-evaluation';

let llm: StandIn;
beforeAll(async () => {
  llm = await startOpenAiStandIn();
});
afterAll(() => llm.close());

const contract: LabelledContract & { text: string } = {
  id: 'ko-test', file: 'inline', contractType: 'SERVICE', position: 'PARTY_B', language: 'ko', text: KO_SERVICE_CONTRACT,
  verdicts: {
    'SERVICE.PAYMENT_DUE_DAYS': { verdict: 'NOT_MET', reason: '90 days' },
    'SERVICE.NO_TERMINATION_AT_WILL': { verdict: 'NOT_MET', reason: '갑 terminates at will' },
    'SERVICE.LIABILITY_CAP': { verdict: 'MET', reason: 'capped at the price' },
  },
};
const env = () => ({ AI_PROVIDER: 'OPENAI_COMPATIBLE', AI_BASE_URL: llm.baseUrl, AI_API_KEY: 'sk-eval', AI_CHAT_MODEL: 'eval-model', AI_MAX_RETRIES: '0', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });

describe('eval:review --provider (its core function)', () => {
  it('reviews the labelled set with the model of the environment and pairs each label with the model\'s verdict', async () => {
    llm.setHandler((req) => {
      const code = /^Checkpoint (\S+)/m.exec(req.body.messages[1].content)?.[1];
      const verdict = code === 'SERVICE.PAYMENT_DUE_DAYS' ? 'NOT_MET' : 'MET';
      return openAiReplies.json({ verdict, evidence: [], explanation: '-', suggestedEdit: null, confidence: 0.5 }, { model: 'eval-model', usage: { input: 7, output: 3 } });
    });
    const result = await evaluateWithProvider(env(), [contract], STARTER_PLAYBOOK, splitClauses);
    if (!result.ok) throw new Error(result.message);
    expect(result).toMatchObject({ driver: 'OPENAI_COMPATIBLE', model: 'eval-model', fallbacks: [] });
    expect(result.pairs).toEqual([
      { contractId: 'ko-test', code: 'SERVICE.PAYMENT_DUE_DAYS', expected: 'NOT_MET', actual: 'NOT_MET' },
      { contractId: 'ko-test', code: 'SERVICE.NO_TERMINATION_AT_WILL', expected: 'NOT_MET', actual: 'MET' },
      { contractId: 'ko-test', code: 'SERVICE.LIABILITY_CAP', expected: 'MET', actual: 'MET' },
    ]);
    expect(score(result.pairs)).toMatchObject({ precision: 1, recall: 0.5 });
    expect(result.usage.inputTokens).toBe(7 * llm.requests.length);
    // The shipped review.checkpoint prompt in the contract's language, the environment's model and key.
    expect(llm.requests[0]!.body).toMatchObject({ model: 'eval-model', messages: [{ role: 'system', content: DEFAULT_PROMPTS['review.checkpoint']!.ko }, { role: 'user' }] });
    expect(llm.requests[0]!.headers.authorization).toBe('Bearer sk-eval');
  });

  it('says clearly that no model is configured without AI_PROVIDER, and calls nothing', async () => {
    const before = llm.requests.length;
    const result = await evaluateWithProvider({}, [contract], STARTER_PLAYBOOK, splitClauses);
    expect(result).toEqual({ ok: false, message: expect.stringContaining('no model is configured') });
    expect(llm.requests.length).toBe(before);
  });

  it('stops on a provider the outbound guard refuses (a loopback address not allowed)', async () => {
    const { OUTBOUND_ALLOW_HOSTS: _allowed, ...refused } = env();
    const err = await evaluateWithProvider(refused, [contract], STARTER_PLAYBOOK, splitClauses).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect((err as AiProviderError).failure).toBe('REFUSED_ADDRESS');
  });
});
