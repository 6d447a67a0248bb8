import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ReviewSchema } from '@legal/api';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../platform/db/tenancy';
import { waitFor } from '../../../test/harness';
import { recordStatements, statementProfile } from '../../../test/statement-recorder';
import { contractCast, createContract, type Person, uploadFile } from '../../contracts/contracts.test-support';
import { files } from '../../files';
import { aiReviewFindings, aiReviews } from '../ai-review.table';
import { uploadContractText } from '../ai-review.test-support';
import { runReviewJob } from './review.job';

// What ten queued reviews cost the API besides their own work (issue 15, docs/performance.md,
// section AI review): the database side of one review job on a ~30-page contract (how many
// statements, how long; PROFILE_REVIEW=1 prints the profile), and the reviews list, which decides
// visibility in its query (readableReviewWhere): the same answer as opening each review
// (canSeeReview), and the same statements however many documents the reviews were made of.
// The list runs first: the job's test stops the workers.

const CONTRACTS = path.resolve(__dirname, '../../../../../../bench/eval-review/contracts');
const LIST = '/api/aireview/reviews/v1?size=100';

/** ~48,000 characters of Korean contracts, as bench/ai-review.mjs builds them. */
function longContract(): string {
  const sources = fs.readdirSync(CONTRACTS).filter((f) => f.startsWith('ko-')).sort().map((f) => fs.readFileSync(path.join(CONTRACTS, f), 'utf8'));
  let text = '용역 및 공급 기본계약서 (프로파일)\n\n';
  for (let round = 0; text.length < 45_000; round++) {
    for (const [i, source] of sources.entries()) if (text.length < 45_000) text += `\n\n부속서 ${round + 1}-${i + 1}\n\n${source}`;
  }
  return text;
}

let cast: Awaited<ReturnType<typeof contractCast>>;

beforeAll(async () => {
  cast = await contractCast();
}, 120_000);

afterAll(async () => {
  await cast?.t.close();
});

/** A DONE review row of `who`'s upload, as the job leaves one (the list reads only the row). */
async function reviewOf(who: Person, name: string, extra: Partial<typeof aiReviews.$inferInsert> = {}): Promise<number> {
  const fileKey = await uploadFile(cast.t, who, Buffer.from(`${name} 계약서\n\n제1조 (목적) 이 계약은 용역을 정한다.`, 'utf8'), `${name}.txt`);
  const [file] = await cast.t.services.db.select({ id: files.id }).from(files).where(eq(files.fileKey, fileKey));
  const [row] = await cast.t.services.db
    .insert(aiReviews)
    .values({
      ...who.ws, fileKey, fileId: file!.id, revision: 1, fileName: `${name}.txt`, contractType: 'SERVICE', position: 'PARTY_B', language: 'ko',
      engine: 'BUILT_IN', playbookVersion: 'list-test', status: 'DONE', progressPercent: 100, creditsCharged: 0, createdByUserId: who.userId,
      summary: { keyPoints: [] }, finishedAt: new Date(), ...extra,
    })
    .returning({ id: aiReviews.id });
  return row!.id;
}

const listed = async (who: Person) => {
  const res = await cast.call(who, 'GET', LIST);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { totalElements: number; content: Array<{ reviewId: number }> };
  expect(data.totalElements).toBe(data.content.length);
  return data.content.map((r) => r.reviewId).sort((a, b) => a - b);
};
const openable = async (who: Person, ids: number[]) => {
  const visible: number[] = [];
  for (const id of ids) if ((await cast.call(who, 'GET', `/api/aireview/reviews/${id}/v1`)).statusCode === 200) visible.push(id);
  return visible.sort((a, b) => a - b);
};

describe('the reviews list: visibility in its query', () => {
  it('lists exactly the reviews each caller may open: own uploads, readable contracts, nothing of another workspace', async () => {
    const ids = [await reviewOf(cast.owner, '소유자-파일'), await reviewOf(cast.stranger, '타인-파일'), await reviewOf(cast.manager, '관리자-파일')];
    const contractReview = await reviewOf(cast.owner, '계약-문서');
    const [row] = await cast.t.services.db.select({ fileKey: aiReviews.fileKey }).from(aiReviews).where(eq(aiReviews.id, contractReview));
    const contract = await createContract(cast.t, cast.owner, { title: '목록 검토 계약', contractType: 'SERVICE', files: [{ fileKey: row!.fileKey, role: 'MAIN' }] });
    await cast.t.services.db.update(aiReviews).set({ contractId: contract.id }).where(eq(aiReviews.id, contractReview));
    ids.push(contractReview);
    // A review of a file (no contract named) whose file is then attached to a contract: as visible as that contract.
    const attachedFileReview = await reviewOf(cast.owner, '첨부-파일');
    const [attachedRow] = await cast.t.services.db.select({ fileKey: aiReviews.fileKey }).from(aiReviews).where(eq(aiReviews.id, attachedFileReview));
    await createContract(cast.t, cast.owner, { title: '첨부 검토 계약', contractType: 'SERVICE', files: [{ fileKey: attachedRow!.fileKey, role: 'MAIN' }] });
    ids.push(attachedFileReview);
    const outsiderReview = await reviewOf(cast.outsider, '다른-작업공간');

    for (const who of [cast.owner, cast.stranger, cast.manager]) {
      const mine = await listed(who);
      expect(mine).toEqual(await openable(who, ids));
      expect(mine).not.toContain(outsiderReview);
    }
    expect(await listed(cast.owner)).toEqual(expect.arrayContaining([ids[0], contractReview]));
    expect(await listed(cast.stranger)).not.toContain(contractReview);
    expect(await openable(cast.owner, [attachedFileReview])).toEqual([attachedFileReview]);
    expect(await openable(cast.stranger, [attachedFileReview])).toEqual([]);
    expect(await listed(cast.outsider)).toEqual([outsiderReview]);
    // Without ai.review.use: refused, not an empty list.
    expect((await cast.call(cast.watcher, 'GET', LIST)).statusCode).toBe(403);
    // The contract filter and the pages.
    const byContract = await cast.call(cast.owner, 'GET', `/api/aireview/reviews/v1?contractId=${contract.id}`);
    expect(byContract.json().data).toMatchObject({ totalElements: 1, content: [{ reviewId: contractReview }] });
    const visible = await listed(cast.owner);
    const second = await cast.call(cast.owner, 'GET', '/api/aireview/reviews/v1?size=1&page=1');
    expect(second.json().data).toMatchObject({ totalElements: visible.length, totalPages: visible.length, content: [{ reviewId: visible.at(-2) }] });
    // A page past the last: no row carries the total, which is counted on its own.
    const past = await cast.call(cast.owner, 'GET', '/api/aireview/reviews/v1?size=10&page=50');
    expect(past.json().data).toMatchObject({ totalElements: visible.length, totalPages: Math.ceil(visible.length / 10), content: [] });
  });

  it('costs the same statements with ten more reviews of ten more documents', async () => {
    const recordList = async () => {
      const recording = recordStatements(cast.t.services.database);
      await listed(cast.owner);
      recording.stop();
      // The job workers poll their queues meanwhile (pg-boss's own tables): not the list's.
      return recording.statements.filter((st) => !/\bpgboss\./i.test(st.sql)).length;
    };
    // The recorder sees every statement of the application: a background job's (a review's last
    // write, an extraction) can land inside one recording (a CI run under load counted 7 for 6),
    // never in the same place twice. The fewer of two is the list's own.
    const statementsOfList = async () => Math.min(await recordList(), await recordList());
    const before = await statementsOfList();
    for (let i = 0; i < 10; i++) await reviewOf(cast.owner, `추가-${i}`);
    expect((await listed(cast.owner)).length).toBeGreaterThanOrEqual(12);
    expect(await statementsOfList()).toBe(before);
  });
});

const findingsOf = (scope: { tenantId: number; workspaceId: number }, reviewId: number) =>
  cast.t.services.db
    .select({ code: aiReviewFindings.checkpointCode, verdict: aiReviewFindings.verdict, sortOrder: aiReviewFindings.sortOrder, clause: aiReviewFindings.clause, legalBasis: aiReviewFindings.legalBasis })
    .from(aiReviewFindings)
    .where(and(inScope(aiReviewFindings, scope), eq(aiReviewFindings.reviewId, reviewId)))
    .orderBy(asc(aiReviewFindings.sortOrder));

describe('the review job on a 30-page contract: its database side', () => {
  it('reads the text once, writes its findings in one statement and its progress a few times, in short transactions', async () => {
    const { t } = cast;
    const scope = cast.owner.ws;
    const fileKey = await uploadContractText(t, cast.owner, longContract(), '장문-용역계약서.txt');
    const run = await cast.call(cast.owner, 'POST', '/api/aireview/review/contract-document/v5', { fileKey, contractType: 'SERVICE', position: 'PARTY_B' });
    expect(run.statusCode, run.body).toBe(200);
    const reviewId = ReviewSchema.parse(run.json().data).reviewId;
    // The first run through the workers (it also reads the cited statutes in once per process).
    await waitFor(async () => {
      const [row] = await t.services.db.select({ status: aiReviews.status }).from(aiReviews).where(eq(aiReviews.id, reviewId));
      return row?.status === 'DONE';
    }, 60_000, 100);
    const first = await findingsOf(scope, reviewId);
    expect(first.length).toBeGreaterThan(5);

    // The same review again, by the handler alone (workers stopped: their polling is not the job's).
    await t.services.jobs.stop(2000);
    await t.services.db.update(aiReviews).set({ status: 'QUEUED', progressPercent: 0, finishedAt: null }).where(eq(aiReviews.id, reviewId));
    const recording = recordStatements(t.services.database);
    // The longest the request thread was held in one piece (the engine's CPU work runs on its thread).
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const started = performance.now();
    await runReviewJob.handler({ reviewId, ...scope }, t.services, { id: 'profile', name: runReviewJob.name, retryCount: 0 });
    const wallMs = performance.now() - started;
    loop.disable();
    recording.stop();

    const [row] = await t.services.db.select().from(aiReviews).where(eq(aiReviews.id, reviewId));
    expect(row).toMatchObject({ status: 'DONE', progressPercent: 100 });
    // Behaviour unchanged: the same findings, in the same order.
    expect(await findingsOf(scope, reviewId)).toEqual(first);

    const { statements, transactionsMs } = recording;
    const profile = statementProfile(statements);
    const dbMs = statements.reduce((n, s) => n + s.ms, 0);
    if (process.env.PROFILE_REVIEW) {
      console.log(`review job (${t.services.database.driver}): ${wallMs.toFixed(0)} ms wall, ${statements.length} statements, ${dbMs.toFixed(0)} ms in them; transactions ${transactionsMs.map((ms) => ms.toFixed(1)).join(', ')} ms`);
      console.log(`event loop delay during the job: max ${(loop.max / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, mean ${(loop.mean / 1e6).toFixed(1)} ms`);
      console.table(profile);
    }
    const textReads = statements.filter((s) => /select .*"extracted_text"/i.test(s.sql) && /from "file_revisions"/i.test(s.sql));
    expect(textReads).toHaveLength(1);
    const findingInserts = statements.filter((s) => /^insert into "ai_review_findings"/i.test(s.sql.trim()));
    expect(findingInserts).toHaveLength(1);
    const progressWrites = statements.filter((s) => /^update "ai_reviews" set "status" = \$1, "progress_step"/i.test(s.sql.trim()));
    expect(progressWrites.length).toBeLessThanOrEqual(PROGRESS_WRITES_AT_MOST);
    expect(statements.length).toBeLessThanOrEqual(STATEMENTS_AT_MOST);
  }, 180_000);
});

/**
 * From the profile (docs/performance.md): 1 progress write and 10 statements on an idle machine,
 * where the job wrote its progress 12 times in 21 statements before; a progress write every 500 ms
 * leaves room for a slow machine. Past these, a review takes PGlite's connection more often.
 */
const PROGRESS_WRITES_AT_MOST = 4;
const STATEMENTS_AT_MOST = 15;
