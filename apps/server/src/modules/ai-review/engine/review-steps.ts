import type { ReviewPosition, ReviewStep } from '@legal/api';
import type { PlaybookCheckpoint } from '../playbook/playbook.types';
import type { EngineInput, EngineOutput } from './engine.types';
import { reviewWithRules } from './review-engine';
import { summarizeExtractive } from './summary';

export type ReviewProgress = (step: ReviewStep, percent: number) => void;

/** The checkpoints that apply to the side reviewed: those protecting it and those protecting both. */
export function checkpointsForPosition(checkpoints: PlaybookCheckpoint[], position: ReviewPosition): PlaybookCheckpoint[] {
  return checkpoints.filter((cp) => cp.protects === 'BOTH' || (position !== 'NEUTRAL' && cp.protects === position));
}

/**
 * The built-in review as units of work: one per applicable checkpoint (CHECK, progress up to 90%),
 * then the extractive summary (SUMMARIZE, 100%). Each unit is synchronous and short (a few
 * regular expressions over the text); progress is reported between them.
 */
function builtInReviewUnits(input: EngineInput, onProgress: ReviewProgress): { units: Array<() => void>; output: EngineOutput } {
  const applicable = checkpointsForPosition(input.checkpoints, input.position);
  const output: EngineOutput = { findings: [], summary: { keyPoints: [] } };
  let reported = 0;
  const units = applicable.map((cp, i) => () => {
    output.findings.push(...reviewWithRules({ ...input, checkpoints: [cp] }, { summary: false }).findings);
    const percent = Math.floor(((i + 1) / applicable.length) * 90);
    // Report at most every 10 points, so a long playbook does not flood the job's progress.
    if (percent - reported >= 10 || i === applicable.length - 1) {
      reported = percent;
      onProgress('CHECK', percent);
    }
  });
  units.unshift(() => onProgress('CHECK', 0));
  units.push(() => {
    onProgress('SUMMARIZE', 90);
    output.summary = summarizeExtractive(input.text, input.clauses, input.language);
    onProgress('SUMMARIZE', 100);
  });
  return { units, output };
}

/**
 * The built-in review in one go: pure CPU over the text, no database. The review job runs it on the
 * engine's worker thread (engine-off-thread.ts); the evaluation and the tests call it directly.
 */
export function runBuiltInReview(input: EngineInput, onProgress: ReviewProgress = () => {}): EngineOutput {
  const { units, output } = builtInReviewUnits(input, onProgress);
  for (const unit of units) unit();
  return output;
}
