import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../contracts';
import { confusion, evaluateSet, formatReport, type LabelledContract, measuredAccuracy, score, scoreByCheckpoint, type VerdictPair } from './evaluation';
import { FIXTURE_PLAYBOOK } from './evaluation.fixture';
import { measuredAccuracyOf, measuredAccuracySet } from './measured-accuracy';

const pair = (code: string, expected: VerdictPair['expected'], actual: VerdictPair['actual']): VerdictPair => ({ contractId: 'c', code, expected, actual });

describe('scoring verdict pairs', () => {
  it('precision and recall of NOT_MET, accuracy over all verdicts', () => {
    const pairs = [
      pair('A', 'NOT_MET', 'NOT_MET'), // TP
      pair('A', 'NOT_MET', 'UNCLEAR'), // FN
      pair('A', 'MET', 'NOT_MET'), // FP
      pair('B', 'MET', 'MET'),
      pair('B', 'NOT_APPLICABLE', 'MISSING'),
      pair('B', 'NOT_MET', 'NOT_MET'), // TP
    ];
    expect(score(pairs)).toEqual({ precision: 0.667, recall: 0.667, support: 3, accuracy: 0.5, total: 6 });
    const per = scoreByCheckpoint(pairs);
    expect(per.A).toEqual({ precision: 0.5, recall: 0.5, support: 2, accuracy: 0.333, total: 3 });
    expect(per.B).toEqual({ precision: 1, recall: 1, support: 1, accuracy: 0.667, total: 3 });
    const m = confusion(pairs);
    expect(m.NOT_MET).toMatchObject({ NOT_MET: 2, UNCLEAR: 1, MET: 0 });
    expect(m.MET).toMatchObject({ NOT_MET: 1, MET: 1 });
    expect(m.NOT_APPLICABLE.MISSING).toBe(1);
  });

  it('is null, not zero, where a ratio has no denominator', () => {
    expect(score([pair('A', 'MET', 'MET')])).toEqual({ precision: null, recall: null, support: 0, accuracy: 1, total: 1 });
    expect(score([])).toEqual({ precision: null, recall: null, support: 0, accuracy: null, total: 0 });
    expect(score([pair('A', 'NOT_MET', 'MET')])).toMatchObject({ precision: null, recall: 0 });
  });

  it('exports per-checkpoint figures the server serves, and a readable table', () => {
    const out = measuredAccuracy([pair('A', 'NOT_MET', 'NOT_MET'), pair('A', 'MET', 'MET')], { description: 'x', contracts: 1, verdicts: 2 }, new Date('2026-01-01T00:00:00Z'));
    expect(out).toEqual({
      generatedAt: '2026-01-01T00:00:00.000Z', set: { description: 'x', contracts: 1, verdicts: 2 },
      perCheckpoint: { A: { precision: 1, recall: 1, support: 1 } }, overall: { precision: 1, recall: 1, support: 1, accuracy: 1, total: 2 },
    });
    const table = formatReport([pair('SERVICE.X', 'NOT_MET', 'MET')]);
    expect(table).toContain('SERVICE.X');
    expect(table).toMatch(/OVERALL\s+-\s+0\.0%/);
  });
});

describe('evaluating the labelled set (with a fixture playbook)', () => {
  const dir = join(import.meta.dirname, '../../../../../../bench/eval-review');
  const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as { contracts: LabelledContract[] };
  const load = (id: string) => {
    const c = labels.contracts.find((x) => x.id === id)!;
    return { ...c, text: readFileSync(join(dir, 'contracts', c.file), 'utf8') };
  };

  it('segments, reviews and pairs every label; checkpoints outside the playbook are MISSING', () => {
    const set = ['ko-01', 'ko-01v1', 'ko-03v', 'ko-06', 'ko-06v', 'en-mnda', 'en-mnda-v'].map(load);
    const pairs = evaluateSet(set, FIXTURE_PLAYBOOK, (text) => analyzeText(text).clauses);
    expect(pairs).toHaveLength(set.reduce((n, c) => n + Object.keys(c.verdicts).length, 0));
    const at = (id: string, code: string) => pairs.find((p) => p.contractId === id && p.code === code)!;
    expect(at('ko-01', 'SERVICE.PAYMENT_DUE_DAYS')).toMatchObject({ expected: 'MET', actual: 'MET' });
    expect(at('ko-01v1', 'SERVICE.PAYMENT_DUE_DAYS')).toMatchObject({ expected: 'NOT_MET', actual: 'NOT_MET' });
    expect(at('ko-03v', 'NDA.NO_PERPETUAL_OBLIGATION')).toMatchObject({ expected: 'NOT_MET', actual: 'NOT_MET' });
    expect(at('ko-06', 'EMPLOYMENT.WORKING_HOURS')).toMatchObject({ expected: 'MET', actual: 'MET' });
    expect(at('ko-06v', 'EMPLOYMENT.WORKING_HOURS')).toMatchObject({ expected: 'NOT_MET', actual: 'NOT_MET' });
    expect(at('en-mnda', 'NDA.NO_PERPETUAL_OBLIGATION')).toMatchObject({ expected: 'MET', actual: 'MET' });
    expect(at('en-mnda-v', 'NDA.NO_PERPETUAL_OBLIGATION')).toMatchObject({ expected: 'NOT_MET', actual: 'NOT_MET' });
    expect(at('ko-01', 'SERVICE.LIABILITY_CAP').actual).toBe('MISSING');
  });

  it('the labels cover every file with at least 12 contracts and 120 verdicts, each with a reason', () => {
    expect(new Set(labels.contracts.map((c) => c.file)).size).toBeGreaterThanOrEqual(12);
    const verdicts = labels.contracts.flatMap((c) => Object.values(c.verdicts));
    expect(verdicts.length).toBeGreaterThanOrEqual(120);
    expect(verdicts.every((v) => ['MET', 'NOT_MET', 'NOT_APPLICABLE'].includes(v.verdict) && v.reason.length > 5)).toBe(true);
  });
});

describe('the measured accuracy the server serves', () => {
  it('reads the exported file: per checkpoint figures, null for a checkpoint the set does not cover', () => {
    const set = measuredAccuracySet();
    expect(set).toHaveProperty('perCheckpoint');
    expect(measuredAccuracyOf('NO.SUCH_CHECKPOINT')).toBeNull();
    for (const [code, m] of Object.entries(set.perCheckpoint)) {
      expect(measuredAccuracyOf(code)).toEqual(m);
      expect(m.support).toBeGreaterThanOrEqual(0);
    }
  });
});
