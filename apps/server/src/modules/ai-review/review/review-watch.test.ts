import type { Readable } from 'node:stream';
import { type Review, type ReviewProgressEvent, ReviewProgressEventSchema, ReviewSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../platform/db/tenancy';
import { waitFor } from '../../../test/harness';
import { contractCast, createContract, fieldsOf, type Person } from '../../contracts/contracts.test-support';
import { files } from '../../files';
import { aiReviews } from '../ai-review.table';
import { KO_SERVICE_CONTRACT, uploadContractText } from '../ai-review.test-support';
import { announceProgress } from './review-progress';

// watchReviewProgress (issue 15): a review's page is told each change of its progress instead of
// reading the review every second. Changes arrive as the job announces them (not at the stream's
// 15-second re-read), the stream ends at DONE or FAILED, it does not hold back background work on
// the embedded database, and it is exactly as visible as the review.

const RUN = '/api/aireview/review/contract-document/v5';
const watchUrl = (id: number | string) => `/api/aireview/reviews/${id}/progress/v1`;

let cast: Awaited<ReturnType<typeof contractCast>>;
let fileKey: string;

beforeAll(async () => {
  cast = await contractCast();
  fileKey = await uploadContractText(cast.t, cast.owner);
}, 120_000);

afterAll(async () => {
  await cast?.t.close();
});

/** The events of a text/event-stream as they come, and whether the stream has ended. */
function readEvents(stream: Readable) {
  const events: Array<{ event: string; data: ReviewProgressEvent }> = [];
  const state = { events, comments: 0, ended: false };
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (block.startsWith(':')) state.comments++;
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: ReviewProgressEventSchema.parse(JSON.parse(data)) });
    }
  });
  stream.on('end', () => (state.ended = true));
  stream.on('error', () => (state.ended = true));
  return state;
}

async function watch(who: Person, reviewId: number) {
  const res = await cast.t.app.inject({ method: 'GET', url: watchUrl(reviewId), headers: who.headers, payloadAsStream: true });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
  const stream = res.stream();
  return { stream, state: readEvents(stream) };
}

/** A QUEUED review row of the owner's upload (or of a contract's document), which no job runs: the test moves it. */
async function queuedReview(contractId: number | null = null, key = fileKey): Promise<number> {
  const [file] = await cast.t.services.db.select({ id: files.id }).from(files).where(eq(files.fileKey, key));
  const [row] = await cast.t.services.db
    .insert(aiReviews)
    .values({
      ...cast.owner.ws, contractId, fileKey: key, fileId: file!.id, revision: 1, fileName: 'watch.txt', contractType: 'SERVICE', position: 'PARTY_B', language: 'ko',
      engine: 'BUILT_IN', playbookVersion: 'watch-test', status: 'QUEUED', progressPercent: 0, creditsCharged: 0, createdByUserId: cast.owner.userId,
    })
    .returning({ id: aiReviews.id });
  return row!.id;
}

/** What the job does at a change: the row, then the announcement. */
async function move(reviewId: number, change: Pick<typeof aiReviews.$inferSelect, 'status' | 'progressStep' | 'progressPercent' | 'errorCode'>) {
  const scope = cast.owner.ws;
  await cast.t.services.db.update(aiReviews).set(change).where(and(inScope(aiReviews, scope), eq(aiReviews.id, reviewId)));
  await announceProgress(cast.t.services, scope, { id: reviewId, ...change });
}

const shown = (state: ReturnType<typeof readEvents>) => state.events.map((e) => `${e.event} ${e.data.status} ${e.data.progress.step ?? '-'} ${e.data.progress.percent}`);

describe('watchReviewProgress', () => {
  it('sends the state at once, each announced change as it happens, and ends after DONE', async () => {
    const reviewId = await queuedReview();
    const { state } = await watch(cast.owner, reviewId);
    await waitFor(async () => state.events.length === 1, 5_000, 10);

    // Announced changes arrive within the test's few seconds, far before the stream's 15 s re-read.
    await move(reviewId, { status: 'RUNNING', progressStep: 'CHECK', progressPercent: 50, errorCode: null });
    await waitFor(async () => state.events.length === 2, 3_000, 10);
    // A stale announcement (a row read before the last one) does not move the page back.
    await announceProgress(cast.t.services, cast.owner.ws, { id: reviewId, status: 'RUNNING', progressStep: 'SEGMENT', progressPercent: 20, errorCode: null });
    await move(reviewId, { status: 'DONE', progressStep: 'SUMMARIZE', progressPercent: 100, errorCode: null });
    await waitFor(async () => state.ended, 3_000, 10);
    expect(shown(state)).toEqual(['progress QUEUED - 0', 'progress RUNNING CHECK 50', 'progress DONE SUMMARIZE 100']);
    expect(state.events.every((e) => e.data.reviewId === reviewId)).toBe(true);
  });

  it('ends after FAILED with the error code; a finished review answers its state and ends at once', async () => {
    const reviewId = await queuedReview();
    const { state } = await watch(cast.owner, reviewId);
    await waitFor(async () => state.events.length === 1, 5_000, 10);
    await move(reviewId, { status: 'FAILED', progressStep: null, progressPercent: 0, errorCode: 'ENGINE_TIMEOUT' });
    await waitFor(async () => state.ended, 3_000, 10);
    expect(state.events.at(-1)!.data).toMatchObject({ status: 'FAILED', errorCode: 'ENGINE_TIMEOUT' });

    const again = await watch(cast.owner, reviewId);
    await waitFor(async () => again.state.ended, 3_000, 10);
    expect(shown(again.state)).toEqual(['progress FAILED - 0']);
  });

  it('follows a real review from its start to DONE, never backwards; the review then reads DONE', async () => {
    const run = await cast.call(cast.owner, 'POST', RUN, { fileKey, contractType: 'SERVICE', position: 'PARTY_B' });
    expect(run.statusCode, run.body).toBe(200);
    const started = ReviewSchema.parse(run.json().data);
    const { state } = await watch(cast.owner, started.reviewId);
    await waitFor(async () => state.ended, 60_000, 20);
    const last = state.events.at(-1)!.data;
    expect(last).toMatchObject({ reviewId: started.reviewId, status: 'DONE', progress: { percent: 100 } });
    const percents = state.events.map((e) => e.data.progress.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const review: Review = ReviewSchema.parse((await cast.call(cast.owner, 'GET', `/api/aireview/reviews/${started.reviewId}/v1`)).json().data);
    expect(review.status).toBe('DONE');
    expect(review.findings.length).toBeGreaterThan(0);
  });

  it('an open stream does not hold background work back on the embedded database', async () => {
    const reviewId = await queuedReview();
    const { stream, state } = await watch(cast.owner, reviewId);
    await waitFor(async () => state.events.length === 1, 5_000, 10);
    // Background work waits up to its limit for requests in flight; a watching page is not one.
    const started = Date.now();
    await cast.t.services.database.yieldToRequests(3_000);
    expect(Date.now() - started).toBeLessThan(1_500);
    stream.destroy();
    await move(reviewId, { status: 'DONE', progressStep: 'SUMMARIZE', progressPercent: 100, errorCode: null });
  });

  it('refuses before the stream, as JSON: 401, 400, 403 without ai.review.use, 404 in another workspace; exactly as visible as the review', async () => {
    // A review of a contract's document: visible to the contract's readers only.
    const key = await uploadContractText(cast.t, cast.owner, KO_SERVICE_CONTRACT, '감시-계약.txt');
    const contract = await createContract(cast.t, cast.owner, { title: '진행 감시 계약', contractType: 'SERVICE', files: [{ fileKey: key, role: 'MAIN' }] });
    const reviewId = await queuedReview(contract.id, key);
    const anonymous = await cast.t.app.inject({ method: 'GET', url: watchUrl(reviewId), headers: { 'x-tenant': String(cast.owner.ws.tenantId), 'x-workspace': String(cast.owner.ws.workspaceId) } });
    expect(anonymous.statusCode).toBe(401);
    const bad = await cast.call(cast.owner, 'GET', watchUrl('abc'));
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['params.reviewId']);
    expect((await cast.call(cast.watcher, 'GET', watchUrl(reviewId))).statusCode).toBe(403);
    const outsider = await cast.call(cast.outsider, 'GET', watchUrl(reviewId));
    expect(outsider.statusCode).toBe(404);
    expect(outsider.headers['content-type']).toMatch(/^application\/json/);
    // Exactly as visible as the review itself, for everyone of the workspace.
    for (const who of [cast.owner, cast.stranger, cast.manager, cast.watcher]) {
      const review = await cast.call(who, 'GET', `/api/aireview/reviews/${reviewId}/v1`);
      const watched = await cast.t.app.inject({ method: 'GET', url: watchUrl(reviewId), headers: who.headers, payloadAsStream: true });
      watched.stream().destroy();
      expect(watched.statusCode, who.loginId).toBe(review.statusCode);
    }
    expect((await cast.call(cast.stranger, 'GET', `/api/aireview/reviews/${reviewId}/v1`)).statusCode).toBe(404);
    expect((await cast.call(cast.manager, 'GET', `/api/aireview/reviews/${reviewId}/v1`)).statusCode).toBe(200);
    await move(reviewId, { status: 'DONE', progressStep: 'SUMMARIZE', progressPercent: 100, errorCode: null });
  });
});
