import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiProvider } from '../../../platform/ai/create-provider';
import { AiProviderError, type AiProviderConfig } from '../../../platform/ai/provider';
import {
  anthropicReplies, loopbackOutbound, openAiReplies, type RecordedRequest, type StandIn, startAnthropicStandIn, startOpenAiStandIn,
} from '../../../platform/ai/testing/stand-ins';
import { splitClauses } from '../../contracts';
import { KO_SERVICE_CONTRACT } from '../ai-review.test-support';
import { STARTER_PLAYBOOK } from '../playbook/starter';
import type { EngineInput } from './engine.types';
import { locateQuote, runModelReview } from './model-engine';
import { checkpointsForPosition } from './review-steps';

let llm: StandIn;
beforeAll(async () => {
  llm = await startOpenAiStandIn();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const config = (over: Partial<AiProviderConfig> = {}): AiProviderConfig => ({
  driver: 'OPENAI_COMPATIBLE', baseUrl: llm.baseUrl, apiKey: 'k', chatModel: 'stand-in-model', embeddingModel: null, timeoutMs: 5000, maxRetries: 0, ...over,
});
const input: EngineInput = {
  text: KO_SERVICE_CONTRACT, language: 'ko', clauses: splitClauses(KO_SERVICE_CONTRACT), position: 'PARTY_B',
  checkpoints: STARTER_PLAYBOOK.filter((cp) => cp.contractType === 'SERVICE'),
};
const applicable = checkpointsForPosition(input.checkpoints, 'PARTY_B');
/** Stands for the review.checkpoint prompt (the route test checks the stored one is sent). */
const SYSTEM = '당신은 신중한 변호사입니다. (review.checkpoint)';
const PAYMENT = '"갑"은 검수 완료 후 90일 이내에 계약금액을 "을"의 계좌로 지급한다.';
const codeOf = (req: RecordedRequest) => /^Checkpoint (\S+)/m.exec(req.body.messages[1].content)?.[1] ?? '';

describe('the model review engine (against a loopback stand-in)', () => {
  it('asks once per applicable checkpoint and locates quoted evidence; a quote not in the text is dropped', async () => {
    llm.setHandler((req) => {
      const code = codeOf(req);
      if (code === 'SERVICE.PAYMENT_DUE_DAYS') {
        return openAiReplies.json(
          { verdict: 'NOT_MET', evidence: [PAYMENT, `“${PAYMENT}”`, '갑은 대금을 즉시 지급한다.'], explanation: '지급기한 90일은 기준(60일)을 넘습니다.', suggestedEdit: '② "갑"은 검수 완료 후 30일 이내에 지급한다.', confidence: 0.9 },
          { usage: { input: 100, output: 20 } },
        );
      }
      return openAiReplies.json({ verdict: 'MET', evidence: [], explanation: '충족합니다.', suggestedEdit: null, confidence: 1.7 }, { usage: { input: 100, output: 20 } });
    });
    const progress: number[] = [];
    const out = await runModelReview(input, {
      provider: createAiProvider(config(), loopbackOutbound()), systemPrompt: SYSTEM, contractType: 'SERVICE', concurrency: 2,
      onProgress: (_step, percent) => progress.push(percent),
    });
    expect(llm.requests).toHaveLength(applicable.length);
    expect(out.findings.map((f) => f.checkpointCode)).toEqual(applicable.map((cp) => cp.code));
    expect(out.usage).toEqual({ inputTokens: 100 * applicable.length, outputTokens: 20 * applicable.length });
    expect(out.model).toBe('stand-in-model');
    expect(out.fallbacks).toEqual([]);
    expect(progress.at(-1)).toBe(100);

    const payment = out.findings.find((f) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS')!;
    const at = KO_SERVICE_CONTRACT.indexOf(PAYMENT);
    expect(payment.evidence).toEqual([{ startOffset: at, endOffset: at + PAYMENT.length, text: PAYMENT }]);
    expect(input.clauses[payment.clauseIndex!]!.heading).toContain('제3조');
    expect(payment.suggestedEdit).toEqual({ ko: '② "갑"은 검수 완료 후 30일 이내에 지급한다.', en: '② "갑"은 검수 완료 후 30일 이내에 지급한다.' });
    expect(payment.explanation.ko).toBe('지급기한 90일은 기준(60일)을 넘습니다.');
    const met = out.findings.find((f) => f.verdict === 'MET')!;
    expect(met).toMatchObject({ suggestedEdit: null, confidence: 1, evidence: [] });

    // The request: the prompt as the system message, the checkpoint without its rule, the payment clause with its offsets, a strict schema.
    const sent = llm.requests.find((r) => codeOf(r) === 'SERVICE.PAYMENT_DUE_DAYS')!;
    expect(sent.body.messages[0]).toEqual({ role: 'system', content: SYSTEM });
    const user: string = sent.body.messages[1].content;
    const clause = input.clauses[payment.clauseIndex!]!;
    expect(user).toContain(`offset ${clause.startOffset}-${clause.endOffset}`);
    expect(user).toContain(PAYMENT);
    expect(user).not.toContain('제5조');
    const cp = applicable.find((c) => c.code === 'SERVICE.PAYMENT_DUE_DAYS')!;
    expect(user).toContain(cp.question.ko);
    for (const pattern of cp.rule.patterns.ko) expect(user).not.toContain(pattern);
    expect(sent.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'checkpoint_verdict', strict: true } });
  });

  it('falls back to the rule for a checkpoint whose call fails, and says so', async () => {
    llm.setHandler((req) =>
      codeOf(req) === 'SERVICE.NO_TERMINATION_AT_WILL'
        ? openAiReplies.error(500, { message: 'overloaded', type: 'server_error' })
        : openAiReplies.json({ verdict: 'MET', evidence: [], explanation: '충족합니다.', suggestedEdit: null, confidence: 0.8 }));
    const out = await runModelReview(input, { provider: createAiProvider(config(), loopbackOutbound()), systemPrompt: 'p', contractType: 'SERVICE' });
    expect(out.fallbacks).toEqual([{ code: 'SERVICE.NO_TERMINATION_AT_WILL', failure: 'UNAVAILABLE' }]);
    const termination = out.findings.find((f) => f.checkpointCode === 'SERVICE.NO_TERMINATION_AT_WILL')!;
    // The rule finds "갑은 언제든지 ... 해지할 수 있다".
    expect(termination.verdict).toBe('NOT_MET');
    expect(termination.explanation.ko).toMatch(/^AI 모델 호출이 실패하여\(UNAVAILABLE\) 이 체크포인트는 규칙 엔진으로 판정했습니다\./);
    expect(termination.explanation.en).toMatch(/^The AI model call failed \(UNAVAILABLE\), so the built-in rule decided/);
    expect(KO_SERVICE_CONTRACT.slice(termination.evidence[0]!.startOffset, termination.evidence[0]!.endOffset)).toContain('언제든지');
  });

  it('fails the run on a refused key, and when no checkpoint could be answered at all', async () => {
    llm.setHandler(() => openAiReplies.error(401, { message: 'bad key', code: 'invalid_api_key' }));
    const refused = await runModelReview(input, { provider: createAiProvider(config(), loopbackOutbound()), systemPrompt: 'p', contractType: 'SERVICE' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AiProviderError);
    expect((refused as AiProviderError).failure).toBe('AUTH');
    // At most the calls already in flight went out: the rest were never sent.
    expect(llm.requests.length).toBeLessThanOrEqual(3);

    const closed = await startOpenAiStandIn();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const unreachable = await runModelReview(input, { provider: createAiProvider(config({ baseUrl }), loopbackOutbound()), systemPrompt: 'p', contractType: 'SERVICE' }).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(AiProviderError);
    expect((unreachable as AiProviderError).failure).toBe('UNAVAILABLE');
  });

  it('works through the Anthropic driver too (the answer as the forced tool\'s input)', async () => {
    const claude = await startAnthropicStandIn();
    try {
      claude.setHandler((req) => anthropicReplies.toolUse(req.body.tool_choice.name, { verdict: 'UNCLEAR', evidence: [PAYMENT], explanation: '모호합니다.', suggestedEdit: null, confidence: 0.4 }));
      const provider = createAiProvider(config({ driver: 'ANTHROPIC', baseUrl: claude.baseUrl, chatModel: 'claude-test' }), loopbackOutbound());
      const out = await runModelReview(input, { provider, systemPrompt: SYSTEM, contractType: 'SERVICE' });
      expect(claude.requests).toHaveLength(applicable.length);
      expect(claude.requests[0]!.body).toMatchObject({ system: SYSTEM, tool_choice: { name: 'checkpoint_verdict' } });
      // UNCLEAR without an edit of the model's: none proposed (the standard clause is for NOT_MET).
      expect(out.findings.every((f) => f.verdict === 'UNCLEAR' && f.suggestedEdit === null && f.evidence[0]?.text === PAYMENT)).toBe(true);
    } finally {
      await claude.close();
    }
  });

  it('locates a quote inside the candidate clauses first, else anywhere, else not at all', () => {
    const text = 'A pays. B pays. A pays.';
    expect(locateQuote(text, 'A pays.', [{ startOffset: 16, endOffset: 23 }])).toEqual({ startOffset: 16, endOffset: 23, text: 'A pays.' });
    expect(locateQuote(text, ' "B pays." ', [{ startOffset: 16, endOffset: 23 }])).toEqual({ startOffset: 8, endOffset: 15, text: 'B pays.' });
    expect(locateQuote(text, 'C pays.', [])).toBeNull();
    expect(locateQuote(text, '  ', [])).toBeNull();
    // The contract's own quotation marks stay part of the quote.
    expect(locateQuote('"갑"은 지급한다.', '"갑"은 지급한다.', [])).toMatchObject({ startOffset: 0, text: '"갑"은 지급한다.' });
  });
});
