import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../../test/statement-recorder';
import { contractCast, createContract, type Person, uploadFile } from '../../contracts/contracts.test-support';
import { files } from '../../files';
import { aiReviews } from '../ai-review.table';

// GET aireview/reviews/v1 decides visibility in its query (readableReviewWhere): the same answer
// as opening each review (canSeeReview), and the same few statements however many documents the
// workspace's reviews were made of (issue 15: the list slowed while ten reviews were queued).

const LIST = '/api/aireview/reviews/v1?size=100';

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

describe('the reviews list', () => {
  it('lists exactly the reviews each caller may open: own uploads, readable contracts, nothing of another workspace', async () => {
    const ids = [await reviewOf(cast.owner, '소유자-파일'), await reviewOf(cast.stranger, '타인-파일'), await reviewOf(cast.manager, '관리자-파일')];
    const contractReview = await reviewOf(cast.owner, '계약-문서');
    const [row] = await cast.t.services.db.select({ fileKey: aiReviews.fileKey }).from(aiReviews).where(eq(aiReviews.id, contractReview));
    const contract = await createContract(cast.t, cast.owner, { title: '목록 검토 계약', contractType: 'SERVICE', files: [{ fileKey: row!.fileKey, role: 'MAIN' }] });
    await cast.t.services.db.update(aiReviews).set({ contractId: contract.id }).where(eq(aiReviews.id, contractReview));
    ids.push(contractReview);
    const outsiderReview = await reviewOf(cast.outsider, '다른-작업공간');

    for (const who of [cast.owner, cast.stranger, cast.manager]) {
      const mine = await listed(who);
      expect(mine).toEqual(await openable(who, ids));
      expect(mine).not.toContain(outsiderReview);
    }
    expect(await listed(cast.owner)).toEqual(expect.arrayContaining([ids[0], contractReview]));
    expect(await listed(cast.stranger)).not.toContain(contractReview);
    expect(await listed(cast.outsider)).toEqual([outsiderReview]);
    // Without ai.review.use: refused, not an empty list.
    expect((await cast.call(cast.watcher, 'GET', LIST)).statusCode).toBe(403);
    // The contract filter and the pages.
    const byContract = await cast.call(cast.owner, 'GET', `/api/aireview/reviews/v1?contractId=${contract.id}`);
    expect(byContract.json().data).toMatchObject({ totalElements: 1, content: [{ reviewId: contractReview }] });
    const visible = await listed(cast.owner);
    const second = await cast.call(cast.owner, 'GET', '/api/aireview/reviews/v1?size=1&page=1');
    expect(second.json().data).toMatchObject({ totalElements: visible.length, totalPages: visible.length, content: [{ reviewId: visible.at(-2) }] });
  });

  it('costs the same statements with ten more reviews of ten more documents', async () => {
    const statementsOfList = async () => {
      const recording = recordStatements(cast.t.services.database);
      await listed(cast.owner);
      recording.stop();
      return recording.statements.length;
    };
    const before = await statementsOfList();
    for (let i = 0; i < 10; i++) await reviewOf(cast.owner, `추가-${i}`);
    expect((await listed(cast.owner)).length).toBeGreaterThanOrEqual(12);
    expect(await statementsOfList()).toBe(before);
  });
});
