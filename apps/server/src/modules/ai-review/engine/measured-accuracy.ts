import type { MeasuredAccuracy } from './evaluation';
import measured from './measured-accuracy.json';

/**
 * The built-in engine's precision and recall of NOT_MET per checkpoint on the labelled set, as
 * `npm run eval:review` last wrote it; null for a checkpoint the set does not cover.
 */
export function measuredAccuracyOf(code: string): { precision: number | null; recall: number | null; support: number } | null {
  return (measured as MeasuredAccuracy).perCheckpoint[code] ?? null;
}

export function measuredAccuracySet(): MeasuredAccuracy {
  return measured as MeasuredAccuracy;
}
