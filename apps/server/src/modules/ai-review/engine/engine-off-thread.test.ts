import fs from 'node:fs';
import path from 'node:path';
import type { ReviewStep } from '@legal/api';
import { afterAll, describe, expect, it } from 'vitest';
import { splitClauses } from '../../contracts';
import { STARTER_PLAYBOOK } from '../playbook';
import type { PlaybookCheckpoint } from '../playbook/playbook.types';
import { EngineThreadError, EngineTimeoutError, ReviewEngineThread } from './engine-off-thread';
import type { EngineInput } from './engine.types';
import { runBuiltInReview } from './review-steps';

/**
 * The built-in engine on its worker thread (engine-off-thread.ts) answers exactly what it answers
 * in-process, on every contract of the labelled set (bench/eval-review) against the whole starter
 * playbook; an engine error, a request past its time limit and a stopped thread each reject the
 * request they hit (never a hang), and the next request is served.
 */

const CONTRACTS = path.resolve(import.meta.dirname, '../../../../../../bench/eval-review/contracts');
const contracts = fs.readdirSync(CONTRACTS).sort().map((name) => ({ name, text: fs.readFileSync(path.join(CONTRACTS, name), 'utf8') }));

const KO_TEXT = contracts.find((c) => c.name.startsWith('ko-01-'))!.text;

const thread = new ReviewEngineThread({ timeoutMs: 10_000 });
afterAll(() => thread.close());

const inputOf = (text: string, checkpoints: PlaybookCheckpoint[], position: EngineInput['position'] = 'PARTY_B'): EngineInput => ({
  text, language: /[가-힣]/.test(text) ? 'ko' : 'en', clauses: splitClauses(text), position, checkpoints,
});

/** A present rule over the whole text (no labels) with the given Korean pattern. */
function checkpointWith(rule: Partial<PlaybookCheckpoint['rule']> & Pick<PlaybookCheckpoint['rule'], 'kind'>): PlaybookCheckpoint {
  const t = { ko: '검사', en: 'check' };
  return {
    code: `TEST.${rule.kind.toUpperCase()}`, contractType: 'SERVICE', label: 'OTHER', protects: 'BOTH', risk: 'LOW', question: t, metWhen: t, rationale: t,
    standardClause: t, examples: { ko: [], en: [] }, legalBasis: [], rule: { labels: [], patterns: { ko: ['용역'], en: ['services'] }, ...rule } as PlaybookCheckpoint['rule'],
  };
}

describe('the review engine thread', () => {
  it('segments and reviews every labelled contract exactly as in-process, progress included', { timeout: 120_000 }, async () => {
    expect(contracts.length).toBeGreaterThan(15);
    for (const { name, text } of contracts) {
      const clauses = await thread.segment(text);
      expect(clauses, name).toEqual(splitClauses(text));
      for (const position of ['PARTY_A', 'PARTY_B'] as const) {
        const input = inputOf(text, STARTER_PLAYBOOK, position);
        const here: Array<[ReviewStep, number]> = [];
        const there: Array<[ReviewStep, number]> = [];
        const expected = runBuiltInReview(input, (step, percent) => here.push([step, percent]));
        const output = await thread.review(input, (step, percent) => there.push([step, percent]));
        expect(output, `${name} ${position}`).toEqual(expected);
        expect(there).toEqual(here);
        expect(output.findings.length).toBeGreaterThan(0);
      }
    }
  });

  it('rejects with the engine\'s own error, and the same thread serves the next request', async () => {
    const text = KO_TEXT;
    // A threshold rule with a unit the engine does not know: it throws while wording the limit.
    const broken = checkpointWith({ kind: 'threshold', unit: 'FURLONGS', max: 1, missing: 'UNCLEAR' } as never);
    const failure = await thread.review(inputOf(text, [broken])).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EngineThreadError);
    expect((failure as EngineThreadError).threadStack).toMatch(/review-engine/);
    const ok = await thread.review(inputOf(text, [checkpointWith({ kind: 'present' })]));
    expect(ok.findings).toEqual([expect.objectContaining({ checkpointCode: 'TEST.PRESENT', verdict: 'MET' })]);
  });

  it('stops a request past its time limit (a pattern that backtracks for ever) and starts a new thread for the next', { timeout: 60_000 }, async () => {
    const quick = new ReviewEngineThread({ timeoutMs: 1500 });
    try {
      // Started and warm, so the limit counts the engine's work alone.
      await quick.segment('제1조 (목적) 이 계약은 용역을 정한다.');
      const text = `제1조 (목적) 이 계약은 용역을 정한다.\n${'가'.repeat(40)}다`;
      const runaway = checkpointWith({ kind: 'present', patterns: { ko: ['(가+가+)+나'], en: [] } });
      const failure = await quick.review(inputOf(text, [runaway])).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(EngineTimeoutError);
      const next = await quick.review(inputOf(text, [checkpointWith({ kind: 'present' })]));
      expect(next.findings).toEqual([expect.objectContaining({ verdict: 'MET' })]);
    } finally {
      await quick.close();
    }
  });

  it('rejects what it had when the thread is stopped, then starts again on the next request', { timeout: 60_000 }, async () => {
    const other = new ReviewEngineThread({ timeoutMs: 60_000 });
    try {
      await other.segment('제1조 (목적) 이 계약은 용역을 정한다.');
      const text = `제1조 (목적) 이 계약은 용역을 정한다.\n${'가'.repeat(40)}다`;
      const stuck = other.review(inputOf(text, [checkpointWith({ kind: 'present', patterns: { ko: ['(가+가+)+나'], en: [] } })])).catch((e: unknown) => e);
      // A request queued behind the stuck one is served by the next thread.
      const queued = other.segment(contracts[0]!.text);
      await new Promise((r) => setTimeout(r, 200));
      await other.close();
      expect(await stuck).toEqual(new Error('the review engine thread was stopped'));
      expect(await queued).toEqual(splitClauses(contracts[0]!.text));
    } finally {
      await other.close();
    }
  });
});
