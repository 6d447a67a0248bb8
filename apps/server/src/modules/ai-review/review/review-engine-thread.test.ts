import { type Review, ReviewSchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../../test/harness';
import { newWorkspace } from '../../auth/auth.test-support';
import { caller, type Person, person, type Workspace } from '../../contracts/contracts.test-support';
import { creditBalance } from '../../ai';
import { aiReviewWorkspaceCheckpoints } from '../ai-review.table';
import { KO_SERVICE_CONTRACT, uploadContractText } from '../ai-review.test-support';

/**
 * The review job with the built-in engine on its worker thread (engine/engine-off-thread.ts): a
 * review is DONE as before; a workspace checkpoint whose pattern backtracks for ever no longer
 * holds the server: the API answers meanwhile, the review is FAILED with ENGINE_TIMEOUT past
 * AI_REVIEW_ENGINE_TIMEOUT_MS and its debit refunded; an error of the engine in the thread fails
 * the review through the job's retries (ENGINE_FAILED), refunded too; the next review is served.
 */

const CHECKPOINTS = '/api/aireview/checkpoints/v5';
const RUN = '/api/aireview/review/contract-document/v5';
const reviewUrl = (id: number) => `/api/aireview/reviews/${id}/v1`;

let t: TestApp;
let ws: Workspace;
let owner: Person;
let admin: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ env: { AI_REVIEW_ENGINE_TIMEOUT_MS: '2000' } });
  ws = await newWorkspace(t);
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  admin = await person(t, ws, ['WORKSPACE_ADMIN'], '관리자');
  call = caller(t, () => ws);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const balance = () => creditBalance(t.services.db, ws, t.services.config.ai.starterCredits);
const reviewOf = async (id: number) => ReviewSchema.parse((await call(owner, 'GET', reviewUrl(id))).json().data);
const finished = (id: number) => waitFor(async () => {
  const review = await reviewOf(id);
  return review.status === 'DONE' || review.status === 'FAILED' ? review : null;
}, 60_000, 100);

/** Runs a review of a fresh upload of `text` as 갑 (the side the test checkpoints protect); answers it once started. */
async function startReview(text: string, name: string): Promise<Review> {
  const fileKey = await uploadContractText(t, owner, text, name);
  const res = await call(owner, 'POST', RUN, { fileKey, contractType: 'SERVICE', position: 'PARTY_A' });
  expect(res.statusCode, res.body).toBe(200);
  return ReviewSchema.parse(res.json().data);
}

async function addCheckpoint(code: string, patterns: string[]): Promise<number> {
  const res = await call(admin, 'POST', CHECKPOINTS, {
    code, contractType: 'SERVICE', label: 'OTHER', protects: 'PARTY_A', risk: 'MEDIUM',
    question: '검사 문구가 있는가?', metWhen: '검사 문구가 있다.', rationale: '검사용 체크포인트입니다.', standardClause: '검사 문구를 둔다.',
    rule: { kind: 'present', labels: [], patterns: { ko: patterns, en: [] } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.checkpointId as number;
}

describe('the review job with the engine on its thread', () => {
  it('reviews as before; a pattern that backtracks for ever fails its review (ENGINE_TIMEOUT, refunded) while the API answers', { timeout: 120_000 }, async () => {
    const first = await finished((await startReview(KO_SERVICE_CONTRACT, '용역계약서.txt')).reviewId);
    expect(first).toMatchObject({ status: 'DONE', engine: 'BUILT_IN' });
    expect(first.findings.some((f) => f.verdict === 'NOT_MET')).toBe(true);

    const runaway = await addCheckpoint('WS.SERVICE.RUNAWAY', ['(가+가+)+나']);
    const before = await balance();
    const started = await startReview(`${KO_SERVICE_CONTRACT}\n${'가'.repeat(40)}다\n`, '폭주-계약서.txt');
    expect(await balance()).toBeLessThan(before);
    // The engine is stuck in the pattern on its thread for 2 s; the server answers meanwhile (on the
    // request thread the run would never end, and neither would this test).
    const during = await waitFor(async () => {
      const review = await reviewOf(started.reviewId);
      return review.status !== 'QUEUED' ? review : null;
    }, 30_000, 20);
    expect(during.status).toBe('RUNNING');
    const failed = await finished(started.reviewId);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'ENGINE_TIMEOUT', creditsCharged: 0, findings: [] });
    expect(await balance()).toBe(before);

    // Without that checkpoint the next review is served (by a new thread).
    expect((await call(admin, 'DELETE', `/api/aireview/checkpoints/${runaway}/v5`)).statusCode).toBe(200);
    const after = await finished((await startReview(`${KO_SERVICE_CONTRACT}\n${'가'.repeat(40)}다\n`, '다음-계약서.txt')).reviewId);
    expect(after).toMatchObject({ status: 'DONE' });
    expect(after.findings.map((f) => f.checkpointCode)).toEqual(first.findings.map((f) => f.checkpointCode));
  });

  it('fails a review the engine throws on after the job\'s retries (ENGINE_FAILED), its debit refunded', { timeout: 120_000 }, async () => {
    const id = await addCheckpoint('WS.SERVICE.BROKEN', ['용역']);
    // A rule the routes would refuse, as a damaged row would hold it: the engine throws wording its limit.
    await t.services.db.update(aiReviewWorkspaceCheckpoints)
      .set({ rule: { kind: 'threshold', labels: [], unit: 'FURLONGS', max: 1, missing: 'UNCLEAR', patterns: { ko: ['(\\d+)\\s*일'], en: [] } } as never })
      .where(eq(aiReviewWorkspaceCheckpoints.id, id));
    const before = await balance();
    const started = await startReview(`${KO_SERVICE_CONTRACT}\n(손상된 규칙)\n`, '손상-계약서.txt');
    expect(await balance()).toBeLessThan(before);
    const failed = await finished(started.reviewId);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'ENGINE_FAILED', creditsCharged: 0, findings: [] });
    expect(await balance()).toBe(before);
    expect(t.logs.lines.some((l) => l.msg === 'ai review failed' && l.reviewId === started.reviewId)).toBe(true);
  });
});
