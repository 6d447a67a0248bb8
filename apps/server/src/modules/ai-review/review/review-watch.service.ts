import { type ReviewProgressEvent, ReviewProgressEventSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inScope } from '../../../platform/db/tenancy';
import { markRequestWaiting, sseEvent, startEventStream } from '../../../platform/http/event-stream';
import { type RequestContext, tenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { aiReviews } from '../ai-review.table';
import { progressEventOf, reviewProgressTopic } from './review-progress';
import { visibleReview } from './review.service';

/** How long one progress stream stays open: the page then opens another, which checks access again. */
export const PROGRESS_STREAM_MS = 5 * 60_000;
/**
 * How often a stream reads the review's row even without a message (one lost to a broken
 * listening connection) and writes something, so that no proxy closes it for silence.
 */
export const PROGRESS_REREAD_MS = 15_000;

const isFinished = (event: ReviewProgressEvent) => event.status === 'DONE' || event.status === 'FAILED';
const STATUS_RANK = { QUEUED: 0, RUNNING: 1, DONE: 2, FAILED: 2 } as const;
/** Later than what the page was last sent: a row read just before a message may arrive after it. */
const isAfter = (next: ReviewProgressEvent, last: ReviewProgressEvent | null) =>
  last === null ||
  STATUS_RANK[next.status] > STATUS_RANK[last.status] ||
  (STATUS_RANK[next.status] === STATUS_RANK[last.status] && next.progress.percent > last.progress.percent);

/**
 * watchReviewProgress: the review's progress as text/event-stream. Refusals (401, 403, 404) come
 * before the stream, as JSON. Subscribes first and then reads the row, so that no change falls
 * between; the stream costs the embedded database nothing between changes and does not hold back
 * the review it watches (markRequestWaiting).
 */
export async function streamReviewProgress(services: AppServices, ctx: RequestContext, reviewId: number, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await visibleReview(services, ctx, reviewId);
  const scope = tenantScope(ctx);
  let last: ReviewProgressEvent | null = null;
  let ended = false;
  const timers: NodeJS.Timeout[] = [];
  const end = () => {
    if (ended) return;
    ended = true;
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
    if (!reply.raw.writableEnded) reply.raw.end();
  };
  const send = (event: ReviewProgressEvent) => {
    if (ended || !isAfter(event, last)) return;
    last = event;
    reply.raw.write(sseEvent('progress', event));
    if (isFinished(event)) end();
  };
  const unsubscribe = services.signals.subscribe(reviewProgressTopic(scope, reviewId), (data) => {
    const event = ReviewProgressEventSchema.safeParse(data);
    if (event.success) send(event.data);
  });
  const reread = async () => {
    const [row] = await services.db
      .select({ id: aiReviews.id, status: aiReviews.status, progressStep: aiReviews.progressStep, progressPercent: aiReviews.progressPercent, errorCode: aiReviews.errorCode })
      .from(aiReviews)
      .where(and(inScope(aiReviews, scope), eq(aiReviews.id, reviewId)))
      .limit(1);
    if (!row) return end();
    send(progressEventOf(row));
  };
  try {
    await services.signals.listening();
    startEventStream(reply);
    markRequestWaiting(request);
    reply.raw.on('close', end);
    // The page left while the stream was being set up: nothing to watch for.
    if (reply.raw.destroyed) return end();
    await reread();
  } catch (err) {
    end();
    if (!reply.sent) throw err;
    services.logger.warn({ err, reviewId }, 'review progress stream failed');
    return;
  }
  if (ended) return;
  timers.push(
    setInterval(() => {
      if (!reply.raw.writableEnded) reply.raw.write(': keep-alive\n\n');
      reread().catch((err: unknown) => {
        services.logger.warn({ err, reviewId }, 'review progress re-read failed');
        end();
      });
    }, PROGRESS_REREAD_MS),
    setTimeout(end, PROGRESS_STREAM_MS),
  );
}
