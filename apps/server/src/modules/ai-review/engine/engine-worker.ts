import { parentPort } from 'node:worker_threads';
import type { AnalyzedClause, ClauseLabel, ReviewStep } from '@legal/api';
// The thread loads the pure segmenter alone: the contracts module's index would load the whole
// module (routes, database, file extraction) into it.
// eslint-disable-next-line legal/module-boundaries -- a worker thread's entry: pure text code only
import { splitClauses } from '../../contracts/analysis/contract-analysis.clauses';
import type { EngineInput, EngineOutput } from './engine.types';
import { runBuiltInReview } from './review-steps';
import { textLanguage } from './text-language';

/**
 * The worker thread's side of `ReviewEngineThread` (engine-off-thread.ts): the built-in engine's
 * pure CPU work, one request per message, answered with the same id. `segment` splits and labels
 * the clauses; `labels` answers only the clauses' labels and the text's language (the out-of-domain
 * check of an estimate or a start, without sending the clauses' texts back); `review` evaluates the checkpoints and writes the summary, reporting its progress
 * on the way. An error goes back as its message; the thread stays up for the next request.
 */
export type EngineRequestBody = { op: 'segment'; text: string } | { op: 'labels'; text: string } | { op: 'review'; input: EngineInput };

/** What the out-of-domain check needs of a text: its clauses' labels in order, and its language. */
export interface TextLabels {
  labels: ClauseLabel[];
  language: 'ko' | 'en';
}
export type EngineRequest = EngineRequestBody & { id: number };

export type EngineReply =
  | { id: 0; kind: 'ready' }
  | { id: number; kind: 'progress'; step: ReviewStep; percent: number }
  | { id: number; kind: 'done'; clauses: AnalyzedClause[] }
  | { id: number; kind: 'done'; labelled: TextLabels }
  | { id: number; kind: 'done'; output: EngineOutput }
  | { id: number; kind: 'failed'; message: string; stack: string | undefined };

const port = parentPort;
if (port) {
  port.on('message', (request: EngineRequest) => {
    try {
      if (request.op === 'segment') {
        port.postMessage({ id: request.id, kind: 'done', clauses: splitClauses(request.text) } satisfies EngineReply);
      } else if (request.op === 'labels') {
        const labelled = { labels: splitClauses(request.text).map((c) => c.label), language: textLanguage(request.text) };
        port.postMessage({ id: request.id, kind: 'done', labelled } satisfies EngineReply);
      } else {
        const output = runBuiltInReview(request.input, (step, percent) => port.postMessage({ id: request.id, kind: 'progress', step, percent } satisfies EngineReply));
        port.postMessage({ id: request.id, kind: 'done', output } satisfies EngineReply);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ id: request.id, kind: 'failed', message, stack: error instanceof Error ? error.stack : undefined } satisfies EngineReply);
    }
  });
  port.postMessage({ id: 0, kind: 'ready' } satisfies EngineReply);
}
