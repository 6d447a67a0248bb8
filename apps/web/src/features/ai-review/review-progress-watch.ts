import { buildPath, type Review, type ReviewProgressEvent, watchReviewProgress } from '@legal/api';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { watchEventStream } from '../../lib/api';

export const isFinished = (review: Pick<Review, 'status'> | undefined) => review?.status === 'DONE' || review?.status === 'FAILED';

/** A stream that ends sooner than this after opening is not opened again at once (a proxy cutting it). */
const REOPEN_AFTER_MS = 1000;

/**
 * Watches a queued or running review's progress (watchReviewProgress, text/event-stream): each
 * `progress` event goes into the review in the cache, and a finish (DONE, FAILED) reads the review
 * whole (its findings, its error). The server ends a stream after a few minutes; another is opened. `onStreamDown`
 * once the stream cannot be had (a refusal, a proxy that drops streams): the caller then asks for
 * the review every second instead, and passes no review here.
 */
export function useReviewProgressWatch(reviewId: number, key: QueryKey, review: Review | undefined, onStreamDown: () => void): void {
  const queryClient = useQueryClient();
  const isWatching = review !== undefined && !isFinished(review);
  useEffect(() => {
    if (!isWatching) return;
    const abort = new AbortController();
    let hasFinished = false;
    const onEvent = (event: string, data: unknown) => {
      if (event !== 'progress' || data === null) return;
      const progress = data as ReviewProgressEvent;
      if (isFinished(progress)) {
        // Read whole (findings, text) before the page shows it finished: no empty DONE in between.
        hasFinished = true;
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
        return;
      }
      queryClient.setQueryData<Review>(key, (cached) => (cached ? { ...cached, status: progress.status, progress: progress.progress } : cached));
    };
    void (async () => {
      const path = buildPath(watchReviewProgress.path, { reviewId });
      while (!abort.signal.aborted && !hasFinished) {
        const opened = Date.now();
        await watchEventStream(path, { onEvent, signal: abort.signal });
        const early = REOPEN_AFTER_MS - (Date.now() - opened);
        if (!hasFinished && early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      }
    })().catch(() => {
      if (!abort.signal.aborted) onStreamDown();
    });
    return () => abort.abort();
    // The key and the callback are the review's own: the review id and the workspace decide them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isWatching, reviewId, queryClient, JSON.stringify(key)]);
}
