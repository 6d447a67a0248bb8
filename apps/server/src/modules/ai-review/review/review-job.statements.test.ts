import fs from 'node:fs';
import path from 'node:path';
import { ReviewSchema } from '@legal/api';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../platform/db/tenancy';
import { waitFor } from '../../../test/harness';
import { recordStatements, statementProfile } from '../../../test/statement-recorder';
import { contractCast } from '../../contracts/contracts.test-support';
import { aiReviewFindings, aiReviews } from '../ai-review.table';
import { uploadContractText } from '../ai-review.test-support';
import { runReviewJob } from './review.job';

// The database side of one review job on a ~30-page contract (issue 15: ten queued reviews must not
// slow other calls): how many statements, how long, how long a transaction holds PGlite's one
// connection. PROFILE_REVIEW=1 prints the profile (docs/performance.md, section AI review).

const CONTRACTS = path.resolve(__dirname, '../../../../../../bench/eval-review/contracts');

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
    const started = performance.now();
    await runReviewJob.handler({ reviewId, ...scope }, t.services, { id: 'profile', name: runReviewJob.name, retryCount: 0 });
    const wallMs = performance.now() - started;
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
