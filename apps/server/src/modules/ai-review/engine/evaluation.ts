import type { AnalyzedClause, FindingVerdict, ReviewPosition } from '@legal/api';
import type { PlaybookCheckpoint } from '../playbook/playbook.types';
import { runBuiltInReview } from './review-steps';

/**
 * Scoring the built-in engine against the labelled set (bench/eval-review, `npm run eval:review`):
 * precision and recall of NOT_MET (the findings a reviewer acts on), accuracy over all verdicts
 * and a confusion matrix. Pure; the script does the file reading and writing.
 */

export type LabelledVerdict = 'MET' | 'NOT_MET' | 'NOT_APPLICABLE';
/** What the engine answered; MISSING when the playbook has no such checkpoint for the position. */
export type EngineVerdict = FindingVerdict | 'MISSING';

export interface VerdictPair {
  contractId: string;
  code: string;
  expected: LabelledVerdict;
  actual: EngineVerdict;
}

export interface Score {
  /** TP / (TP + FP) for NOT_MET; null when the engine answered NOT_MET nowhere. */
  precision: number | null;
  /** TP / (TP + FN) for NOT_MET; null when no label is NOT_MET. */
  recall: number | null;
  /** Labels that are NOT_MET. */
  support: number;
  /** Share of pairs where the engine's verdict equals the label. */
  accuracy: number | null;
  total: number;
}

export const EXPECTED_VERDICTS: LabelledVerdict[] = ['MET', 'NOT_MET', 'NOT_APPLICABLE'];
export const ACTUAL_VERDICTS: EngineVerdict[] = ['MET', 'NOT_MET', 'UNCLEAR', 'NOT_APPLICABLE', 'MISSING'];

export type Confusion = Record<LabelledVerdict, Record<EngineVerdict, number>>;

const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 1000) / 1000);

export function score(pairs: VerdictPair[]): Score {
  let tp = 0, fp = 0, fn = 0, same = 0;
  for (const p of pairs) {
    if (p.actual === 'NOT_MET' && p.expected === 'NOT_MET') tp++;
    else if (p.actual === 'NOT_MET') fp++;
    else if (p.expected === 'NOT_MET') fn++;
    if (p.actual === p.expected) same++;
  }
  return { precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn), support: tp + fn, accuracy: ratio(same, pairs.length), total: pairs.length };
}

export function confusion(pairs: VerdictPair[]): Confusion {
  const m = Object.fromEntries(EXPECTED_VERDICTS.map((e) => [e, Object.fromEntries(ACTUAL_VERDICTS.map((a) => [a, 0]))])) as Confusion;
  for (const p of pairs) m[p.expected][p.actual]++;
  return m;
}

export function scoreByCheckpoint(pairs: VerdictPair[]): Record<string, Score> {
  const byCode = new Map<string, VerdictPair[]>();
  for (const p of pairs) byCode.set(p.code, [...(byCode.get(p.code) ?? []), p]);
  return Object.fromEntries([...byCode.keys()].sort().map((code) => [code, score(byCode.get(code)!)]));
}

// The labelled set ---------------------------------------------------------------------------------

export interface LabelledContract {
  id: string;
  file: string;
  contractType: PlaybookCheckpoint['contractType'];
  position: ReviewPosition;
  language: 'ko' | 'en';
  description?: string;
  verdicts: Record<string, { verdict: LabelledVerdict; reason: string }>;
}

/**
 * Each contract segmented (`segment`: the contracts module's `analyzeText(text).clauses`, as the
 * review job does) and reviewed by the built-in engine; one pair per label.
 */
export function evaluateSet(
  contracts: Array<LabelledContract & { text: string }>, playbook: PlaybookCheckpoint[], segment: (text: string) => AnalyzedClause[],
): VerdictPair[] {
  const pairs: VerdictPair[] = [];
  for (const c of contracts) {
    const checkpoints = playbook.filter((cp) => cp.contractType === c.contractType);
    const out = runBuiltInReview({ text: c.text, language: c.language, clauses: segment(c.text), position: c.position, checkpoints });
    const found = new Map(out.findings.map((f) => [f.checkpointCode, f.verdict]));
    for (const [code, label] of Object.entries(c.verdicts)) {
      pairs.push({ contractId: c.id, code, expected: label.verdict, actual: found.get(code) ?? 'MISSING' });
    }
  }
  return pairs;
}

/** What the server serves as a checkpoint's measured accuracy (engine/measured-accuracy.json). */
export interface MeasuredAccuracy {
  generatedAt: string | null;
  set: { description: string; contracts: number; verdicts: number };
  perCheckpoint: Record<string, { precision: number | null; recall: number | null; support: number }>;
  overall: Score | null;
}

export function measuredAccuracy(pairs: VerdictPair[], set: MeasuredAccuracy['set'], now = new Date()): MeasuredAccuracy {
  const per = scoreByCheckpoint(pairs);
  return {
    generatedAt: now.toISOString(),
    set,
    perCheckpoint: Object.fromEntries(Object.entries(per).map(([code, s]) => [code, { precision: s.precision, recall: s.recall, support: s.support }])),
    overall: score(pairs),
  };
}

const pct = (n: number | null) => (n === null ? '   -  ' : `${(n * 100).toFixed(1).padStart(5)}%`);

/** The report as a plain-text table (stdout of the script). */
export function formatReport(pairs: VerdictPair[]): string {
  const per = scoreByCheckpoint(pairs);
  const width = Math.max(10, ...Object.keys(per).map((c) => c.length));
  const lines = [`${'checkpoint'.padEnd(width)}  precision  recall  support  accuracy  n`];
  for (const [code, s] of Object.entries(per)) {
    lines.push(`${code.padEnd(width)}  ${pct(s.precision)}    ${pct(s.recall)}  ${String(s.support).padStart(7)}  ${pct(s.accuracy)}   ${s.total}`);
  }
  const all = score(pairs);
  lines.push('', `${'OVERALL'.padEnd(width)}  ${pct(all.precision)}    ${pct(all.recall)}  ${String(all.support).padStart(7)}  ${pct(all.accuracy)}   ${all.total}`);
  const m = confusion(pairs);
  lines.push('', `confusion (rows: label, columns: engine)`, `${''.padEnd(16)}${ACTUAL_VERDICTS.map((a) => a.padStart(15)).join('')}`);
  for (const e of EXPECTED_VERDICTS) lines.push(`${e.padEnd(16)}${ACTUAL_VERDICTS.map((a) => String(m[e][a]).padStart(15)).join('')}`);
  return lines.join('\n');
}
