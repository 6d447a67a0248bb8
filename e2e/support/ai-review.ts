import { expect, type Page } from '@playwright/test';
import { callApi, uploadText } from './workspace';

/** A short Korean service contract for pages that need a finished review to look at. */
export const SHORT_SERVICE_CONTRACT = `용역계약서
제1조(목적) 이 계약은 갑이 을에게 맡기는 시스템 유지보수 용역의 조건을 정한다.
제2조(대금의 지급) 갑은 검수를 마친 날부터 90일 이내에 용역대금을 지급한다.
제3조(손해배상) 을은 이 계약을 위반하여 갑에게 생긴 모든 손해를 배상한다.
제4조(해지) 갑은 을이 계약을 위반하면 즉시 이 계약을 해지할 수 있다.`;

/** Uploads a text contract, reviews it as 을 through the API and waits until the review is DONE; answers its id. */
export async function createReview(page: Page, text = SHORT_SERVICE_CONTRACT): Promise<number> {
  const fileKey = await uploadText(page, `검토용 용역계약 ${Date.now().toString(36)}.txt`, text);
  // The upload's text is extracted by a job (behind the demo seed's on a fresh server): until it is
  // done the run answers 409 ERROR_DOCUMENT_TEXT_NOT_READY, so start it once the text is there.
  let reviewId = 0;
  await expect
    .poll(async () => {
      try {
        reviewId = (await callApi<{ reviewId: number }>(page, 'POST', '/api/aireview/review/contract-document/v5', { fileKey, contractType: 'SERVICE', position: 'PARTY_B' })).reviewId;
      } catch {
        reviewId = 0;
      }
      return reviewId;
    }, { timeout: 60_000, intervals: [500, 1000, 2000] })
    .toBeGreaterThan(0);
  const review = { reviewId };
  await expect
    .poll(async () => (await callApi<{ status: string }>(page, 'GET', `/api/aireview/reviews/${review.reviewId}/v1`)).status, { timeout: 60_000 })
    .toBe('DONE');
  return review.reviewId;
}
