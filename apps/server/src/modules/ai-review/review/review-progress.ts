import type { ReviewProgressEvent } from '@legal/api';
import type { TenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import type { ReviewRow } from './review-dto';

/** The signal topic of a review's progress, as the job writes it, for the pages that watch it (review-watch.service.ts). */
export const reviewProgressTopic = (scope: TenantScope, reviewId: number) => `ai-review:${scope.tenantId}:${scope.workspaceId}:${reviewId}`;

type ProgressRow = Pick<ReviewRow, 'id' | 'status' | 'progressStep' | 'progressPercent' | 'errorCode'>;

export function progressEventOf(row: ProgressRow): ReviewProgressEvent {
  return { reviewId: row.id, status: row.status, progress: { step: row.progressStep, percent: row.progressPercent }, errorCode: row.errorCode };
}

/** Tells the pages watching the review what its row now says. Never fails the caller: a page that misses it reads the row again. */
export async function announceProgress(services: Pick<AppServices, 'signals' | 'logger'>, scope: TenantScope, row: ProgressRow): Promise<void> {
  await services.signals.publish(reviewProgressTopic(scope, row.id), progressEventOf(row)).catch((err: unknown) => {
    services.logger.warn({ err, reviewId: row.id }, 'review progress not announced');
  });
}
