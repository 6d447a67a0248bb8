import { estimateCredits, type Review, reviewChatContext, reviewChatCredits, ReviewSchema } from '@legal/api';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/harness';
import { creditBalance, creditEntries, debitCredits } from '../../ai';
import { newWorkspace } from '../../auth/auth.test-support';
import { contractCast, fieldsOf, person, type Person } from '../../contracts/contracts.test-support';
import { fileRevisions, files } from '../../files';
import { fileBody, hwpx } from '../../files/files.test-support';
import { aiReviewStandaloneContracts, aiReviews } from '../ai-review.table';
import { KO_SERVICE_CONTRACT, uploadContractText } from '../ai-review.test-support';
import { runReviewJob, TEXT_WAIT_LIMIT } from './review.job';

const RUN_V5 = '/api/aireview/review/contract-document/v5';
const RUN_V4 = '/api/aireview/review/contract-document/v4';
const FILE_V1 = '/api/aireview/review/contract-file/v1';
const FILE_V2 = '/api/aireview/review/contract-file/v2';
const BY_PLAYBOOK = '/api/aireview/review/contract-by-playbook/v1';
const CONFIRM = '/api/aireview/review-chat/query-confirm/v1';
const reviewUrl = (id: number) => `/api/aireview/reviews/${id}/v1`;

let cast: Awaited<ReturnType<typeof contractCast>>;
let admin: Person;
let fileKey: string;
let done: Review;

const balanceOf = (who: Person) => creditBalance(cast.t.services.db, who.ws, cast.t.services.config.ai.starterCredits);
const fileCount = async (ws: { tenantId: number; workspaceId: number }) =>
  Number((await cast.t.services.db.select({ n: count() }).from(files).where(and(eq(files.tenantId, ws.tenantId), eq(files.workspaceId, ws.workspaceId))))[0]!.n);
const reviewCount = async (ws: { tenantId: number; workspaceId: number }) =>
  Number((await cast.t.services.db.select({ n: count() }).from(aiReviews).where(and(eq(aiReviews.tenantId, ws.tenantId), eq(aiReviews.workspaceId, ws.workspaceId))))[0]!.n);

async function waitDone(who: Person, reviewId: number): Promise<Review> {
  return waitFor(async () => {
    const res = await cast.call(who, 'GET', reviewUrl(reviewId));
    const review = ReviewSchema.parse(res.json().data);
    return review.status === 'DONE' || review.status === 'FAILED' ? review : null;
  }, 60_000, 100);
}

function upload(who: Person | null, url: string, fields: Record<string, string>, text: string | Buffer = KO_SERVICE_CONTRACT, name = '업로드-용역계약서.txt') {
  const body = fileBody(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), name, fields);
  return cast.t.app.inject({ method: 'POST', url, headers: { ...(who ? who.headers : { 'x-tenant': String(cast.wsA.tenantId), 'x-workspace': String(cast.wsA.workspaceId) }), ...body.headers }, payload: body.payload });
}

/** The ledger entries of a review (its debit, refunds and settlement), oldest first. */
async function ledgerOf(ws: { tenantId: number; workspaceId: number }, reviewId: number) {
  const rows = await cast.t.services.db
    .select()
    .from(creditEntries)
    .where(and(eq(creditEntries.tenantId, ws.tenantId), eq(creditEntries.workspaceId, ws.workspaceId), inArray(creditEntries.reference, [`ai-review:${reviewId}`, `ai-review:${reviewId}:settlement`])))
    .orderBy(asc(creditEntries.id));
  return rows.map((e) => ({ kind: e.kind, credits: e.credits, reference: e.reference, refundOf: e.refundOfEntryId, id: e.id }));
}

/** What a review of the stored text costs (characters, as a start prices them). */
async function textPrice(fileKey: string, checkpoints: number): Promise<number> {
  const [row] = await cast.t.services.db.select({ text: fileRevisions.extractedText }).from(fileRevisions).innerJoin(files, eq(files.id, fileRevisions.fileId)).where(eq(files.fileKey, fileKey));
  return estimateCredits('REVIEW', { driver: 'BUILT_IN', textLength: [...row!.text!].length, items: checkpoints });
}

/** A Korean service contract with a long annex in a compressed HWPX: far more characters than bytes. */
async function longHwpx(): Promise<Buffer> {
  return hwpx(`${KO_SERVICE_CONTRACT}\n별첨 명세\n${'본 계약의 별첨 명세는 이 계약의 일부를 이루며 계약과 동일한 효력을 가진다. '.repeat(800)}`);
}

async function checkpointIdsOf(codes: string[]): Promise<number[]> {
  const res = await cast.call(cast.owner, 'GET', '/api/aireview/label-checkpoints/v2?contractType=SERVICE');
  const all = res.json().data as Array<{ checkpointId: number; code: string }>;
  return codes.map((code) => all.find((c) => c.code === code)!.checkpointId);
}

beforeAll(async () => {
  cast = await contractCast();
  admin = await person(cast.t, cast.wsA, ['WORKSPACE_ADMIN'], '관리자');
  fileKey = await uploadContractText(cast.t, cast.owner);
}, 120_000);

afterAll(async () => {
  await cast?.t.close();
});

describe('earlier versions answer as the current ones', () => {
  const body = () => ({ fileKey, contractType: 'SERVICE', position: 'PARTY_B' });

  it('contract-document v4 starts the review v5 then serves from cache; by-cache v2 as v3', async () => {
    expect((await cast.call(null, 'POST', RUN_V4, body())).statusCode).toBe(401);
    const bad = await cast.call(cast.owner, 'POST', RUN_V4, { fileKey, position: 'UP' });
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.contractType', 'body.position']));
    expect((await cast.call(cast.watcher, 'POST', RUN_V4, body())).statusCode).toBe(403);
    expect((await cast.call(cast.outsider, 'POST', RUN_V4, body())).statusCode).toBe(404);
    expect(await reviewCount(cast.wsB)).toBe(0);
    expect((await cast.call(cast.owner, 'POST', '/api/aireview/review/contract-document/by-cache/v2', body())).statusCode).toBe(404);

    const run = await cast.call(cast.owner, 'POST', RUN_V4, body());
    expect(run.statusCode, run.body).toBe(200);
    done = await waitDone(cast.owner, run.json().data.reviewId);
    expect(done.status).toBe('DONE');
    const v5 = await cast.call(cast.owner, 'POST', RUN_V5, body());
    expect(v5.json().data).toMatchObject({ reviewId: done.reviewId, fromCache: true });
    const v2 = await cast.call(cast.owner, 'POST', '/api/aireview/review/contract-document/by-cache/v2', body());
    const v3 = await cast.call(cast.owner, 'POST', '/api/aireview/review/contract-document/by-cache/v3', body());
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toEqual(v3.json());
  });

  it('label-checkpoints v1, contract-types v1 and review-clause-analysis v1 answer the same data as their newer versions', async () => {
    const q = '?contractType=SERVICE&labelIds=PAYMENT&includeClauseExamples=true&language=en';
    const v1 = await cast.call(cast.owner, 'GET', `/api/aireview/label-checkpoints/v1${q}`);
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toEqual((await cast.call(cast.owner, 'GET', `/api/aireview/label-checkpoints/v2${q}`)).json());
    expect(fieldsOf(await cast.call(cast.owner, 'GET', '/api/aireview/label-checkpoints/v1?contractType=CAR'))).toContain('query.contractType');
    expect((await cast.call(cast.watcher, 'GET', '/api/aireview/contract-types/v1')).statusCode).toBe(403);
    const types = await cast.call(cast.owner, 'GET', '/api/aireview/contract-types/v1');
    expect(types.json()).toEqual((await cast.call(cast.owner, 'GET', '/api/aireview/contract-types/v2')).json());

    const clause = done.findings.find((f) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS')!.clause!;
    const analysis = { reviewId: done.reviewId, startOffset: clause.startOffset + 2 };
    const a1 = await cast.call(cast.owner, 'POST', '/api/aireview/review-clause-analysis/v1', analysis);
    expect(a1.statusCode).toBe(200);
    expect(a1.json().data.findings.map((f: { checkpointCode: string }) => f.checkpointCode)).toContain('SERVICE.PAYMENT_DUE_DAYS');
    expect(a1.json()).toEqual((await cast.call(cast.owner, 'POST', '/api/aireview/review-clause-analysis/v2', analysis)).json());
    expect((await cast.call(cast.outsider, 'POST', '/api/aireview/review-clause-analysis/v1', analysis)).statusCode).toBe(404);
  });

  it('edit-clause v1/v2 and review-chat v1 answer 503 without a model, before any charge; 404 across tenants', async () => {
    const before = await balanceOf(cast.owner);
    for (const url of ['/api/aireview/edit-clause/v1', '/api/aireview/edit-clause/v2']) {
      const res = await cast.call(cast.owner, 'POST', url, { reviewId: done.reviewId, startOffset: 0, endOffset: 10, position: 'PARTY_B' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe('ERROR_AI_PROVIDER_NOT_CONFIGURED');
      expect(fieldsOf(await cast.call(cast.owner, 'POST', url, { reviewId: done.reviewId, startOffset: 'x', endOffset: 10 }))).toContain('body.startOffset');
      expect((await cast.call(cast.outsider, 'POST', url, { reviewId: done.reviewId, startOffset: 0, endOffset: 10, position: 'PARTY_B' })).statusCode).toBe(404);
    }
    const chat = await cast.call(cast.owner, 'POST', '/api/aireview/review-chat/v1', { reviewId: done.reviewId, question: '지급 기한은?' });
    expect(chat.statusCode).toBe(503);
    expect(chat.json().code).toBe('ERROR_AI_PROVIDER_NOT_CONFIGURED');
    expect(await balanceOf(cast.owner)).toBe(before);
  });

  it('checkpoints v4 creates a workspace checkpoint as v5 does (403 without workspace.config.write)', async () => {
    const cp = {
      code: 'WS.SERVICE.V4_WARRANTY', contractType: 'SERVICE', label: 'OTHER', protects: 'PARTY_A', risk: 'LOW',
      question: '하자담보 기간이 정해져 있는가?', metWhen: '하자담보 기간이 있다.', rationale: '하자 보수의 근거가 됩니다.',
      standardClause: '"을"은 1년간 하자를 무상으로 보수한다.', rule: { kind: 'present', labels: [], patterns: { ko: ['하자'], en: ['defect'] } },
    };
    expect((await cast.call(cast.owner, 'POST', '/api/aireview/checkpoints/v4', cp)).statusCode).toBe(403);
    expect(fieldsOf(await cast.call(admin, 'POST', '/api/aireview/checkpoints/v4', { ...cp, risk: 'EXTREME' }))).toContain('body.risk');
    const created = await cast.call(admin, 'POST', '/api/aireview/checkpoints/v4', cp);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ origin: 'WORKSPACE', code: cp.code, isActive: true });
    // Switched off again so the other reviews of this file keep their playbook version.
    await cast.call(admin, 'PUT', `/api/aireview/checkpoints/${created.json().data.checkpointId}/v5`, { isActive: false });
  });
});

describe('review/contract-file v1 and v2: upload and review in one call', () => {
  it('401, 400 naming the field with the upload discarded, 403 without ai.review.use', async () => {
    const files0 = await fileCount(cast.wsA);
    expect((await upload(null, FILE_V1, { contractType: 'SERVICE', position: 'PARTY_B' })).statusCode).toBe(401);
    const bad = await upload(cast.owner, FILE_V1, { position: 'SIDEWAYS' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.contractType', 'body.position']));
    const standaloneOnV1 = await upload(cast.owner, FILE_V1, { contractType: 'SERVICE', position: 'PARTY_B', standalone: 'true' });
    expect(fieldsOf(standaloneOnV1)).toContain('body.standalone');
    expect(fieldsOf(await upload(cast.owner, FILE_V2, { contractType: 'SERVICE', position: 'PARTY_B', standalone: 'yes' }))).toContain('body.standalone');
    const reader = await upload(cast.watcher, FILE_V1, { contractType: 'SERVICE', position: 'PARTY_B' });
    expect(reader.statusCode).toBe(403);
    expect(await fileCount(cast.wsA)).toBe(files0);
  });

  it('v1 stores the file, charges the size estimate, waits for the text, reviews it and refunds the excess; other tenants get 404', async () => {
    const before = await balanceOf(cast.owner);
    const res = await upload(cast.owner, FILE_V1, { contractType: 'SERVICE', position: 'PARTY_B' });
    expect(res.statusCode, res.body).toBe(200);
    const started = ReviewSchema.parse(res.json().data);
    expect(started.source.fileKey).not.toBe(fileKey);
    expect(started.source.standaloneContractId).toBeNull();
    const size = Buffer.byteLength(KO_SERVICE_CONTRACT, 'utf8');
    const estimate = estimateCredits('REVIEW', { driver: 'BUILT_IN', textLength: size, items: done.findings.length });
    expect(started.creditsCharged).toBe(estimate);
    const review = await waitDone(cast.owner, started.reviewId);
    expect(review.status).toBe('DONE');
    expect(review.language).toBe('ko');
    expect(review.text).toBe(KO_SERVICE_CONTRACT);
    expect(review.findings.filter((f) => f.verdict === 'NOT_MET').map((f) => f.checkpointCode)).toContain('SERVICE.PAYMENT_DUE_DAYS');
    expect((await cast.call(cast.outsider, 'GET', reviewUrl(review.reviewId))).statusCode).toBe(404);

    // UTF-8 Korean takes three bytes a character: the estimate was too high, settled to the text's price.
    const price = await textPrice(started.source.fileKey, done.findings.length);
    expect(price).toBe(estimateCredits('REVIEW', { driver: 'BUILT_IN', textLength: KO_SERVICE_CONTRACT.length, items: done.findings.length }));
    expect(price).toBeLessThan(estimate);
    expect(review.creditsCharged).toBe(price);
    expect(await balanceOf(cast.owner)).toBe(before - price);
    const [debit, refund, settlement, ...more] = await ledgerOf(cast.wsA, review.reviewId);
    expect(more).toEqual([]);
    expect(debit).toMatchObject({ kind: 'DEBIT', credits: estimate, reference: `ai-review:${review.reviewId}` });
    expect(refund).toMatchObject({ kind: 'REFUND', credits: estimate, refundOf: debit!.id });
    expect(settlement).toMatchObject({ kind: 'DEBIT', credits: price, reference: `ai-review:${review.reviewId}:settlement` });
    const [row] = await cast.t.services.db.select().from(aiReviews).where(eq(aiReviews.id, review.reviewId));
    expect(row).toMatchObject({ debitEntryId: settlement!.id, isChargeEstimated: false, creditsCharged: price });
  });

  it('debits the shortfall when the text costs more than the upload\'s size said (a compressed document)', async () => {
    const bytes = await longHwpx();
    const before = await balanceOf(cast.owner);
    const res = await upload(cast.owner, FILE_V2, { contractType: 'SERVICE', position: 'PARTY_B', standalone: 'false' }, bytes, '별첨-용역계약서.hwpx');
    expect(res.statusCode, res.body).toBe(200);
    const started = ReviewSchema.parse(res.json().data);
    const estimate = estimateCredits('REVIEW', { driver: 'BUILT_IN', textLength: bytes.length, items: done.findings.length });
    expect(started.creditsCharged).toBe(estimate);
    const review = await waitDone(cast.owner, started.reviewId);
    expect(review.status).toBe('DONE');
    const price = await textPrice(started.source.fileKey, done.findings.length);
    expect(price).toBeGreaterThan(estimate);
    expect(review.creditsCharged).toBe(price);
    expect(await balanceOf(cast.owner)).toBe(before - price);
    expect((await ledgerOf(cast.wsA, review.reviewId)).map(({ kind, credits, reference }) => ({ kind, credits, reference }))).toEqual([
      { kind: 'DEBIT', credits: estimate, reference: `ai-review:${review.reviewId}` },
      { kind: 'REFUND', credits: estimate, reference: `ai-review:${review.reviewId}` },
      { kind: 'DEBIT', credits: price, reference: `ai-review:${review.reviewId}:settlement` },
    ]);
  });

  it('fails the review with ERROR_INSUFFICIENT_CREDITS and refunds the estimate when the balance cannot cover the shortfall', async () => {
    const ws = await newWorkspace(cast.t);
    const poor = await person(cast.t, ws, ['GENERAL_MEMBER']);
    const bytes = await longHwpx();
    const estimate = estimateCredits('REVIEW', { driver: 'BUILT_IN', textLength: bytes.length, items: done.findings.length });
    // Enough for the estimate, not for the text's price.
    const spend = (await balanceOf(poor)) - (estimate + 1);
    await cast.t.services.db.transaction((tx) => debitCredits(tx, { ...ws, userId: poor.userId }, { feature: 'REVIEW', credits: spend, reference: 'test-drain', starterCredits: 0 }));
    const res = await upload(poor, FILE_V1, { contractType: 'SERVICE', position: 'PARTY_B' }, bytes, '잔액부족.hwpx');
    expect(res.statusCode, res.body).toBe(200);
    const started = ReviewSchema.parse(res.json().data);
    expect(started.creditsCharged).toBe(estimate);
    const review = await waitDone(poor, started.reviewId);
    expect(review).toMatchObject({ status: 'FAILED', errorCode: 'ERROR_INSUFFICIENT_CREDITS', creditsCharged: 0, findings: [] });
    expect(await textPrice(started.source.fileKey, done.findings.length)).toBeGreaterThan(estimate + 1);
    expect(await balanceOf(poor)).toBe(estimate + 1);
    expect((await ledgerOf(ws, review.reviewId)).map(({ kind, credits, reference }) => ({ kind, credits, reference }))).toEqual([
      { kind: 'DEBIT', credits: estimate, reference: `ai-review:${review.reviewId}` },
      { kind: 'REFUND', credits: estimate, reference: `ai-review:${review.reviewId}` },
    ]);
  });

  it('v2 with standalone=true also creates a standalone contract of the caller holding the upload', async () => {
    const res = await upload(cast.owner, FILE_V2, { contractType: 'SERVICE', position: 'PARTY_A', standalone: 'true' }, KO_SERVICE_CONTRACT, '단독검토.txt');
    expect(res.statusCode, res.body).toBe(200);
    const started = ReviewSchema.parse(res.json().data);
    const standaloneId = started.source.standaloneContractId!;
    expect(standaloneId).toBeGreaterThan(0);
    const standalone = await cast.call(cast.owner, 'GET', `/api/aireview/standalone-contracts/${standaloneId}/v1`);
    expect(standalone.json().data).toMatchObject({ title: '단독검토.txt', fileKey: started.source.fileKey });
    expect((await cast.call(cast.stranger, 'GET', `/api/aireview/standalone-contracts/${standaloneId}/v1`)).statusCode).toBe(404);
    expect((await waitDone(cast.owner, started.reviewId)).status).toBe('DONE');
    expect((await cast.call(cast.stranger, 'GET', reviewUrl(started.reviewId))).statusCode).toBe(404);
  });

  it('402 with nothing charged and no review when the credits do not cover it; the upload stays a file of the caller', async () => {
    const ws = await newWorkspace(cast.t);
    const poor = await person(cast.t, ws, ['GENERAL_MEMBER']);
    const spend = (await balanceOf(poor)) - 1;
    await cast.t.services.db.transaction((tx) => debitCredits(tx, { ...ws, userId: poor.userId }, { feature: 'REVIEW', credits: spend, reference: 'test-drain', starterCredits: 0 }));
    const res = await upload(poor, FILE_V2, { contractType: 'SERVICE', position: 'PARTY_B', standalone: 'true' });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().code).toBe('ERROR_INSUFFICIENT_CREDITS');
    expect(await balanceOf(poor)).toBe(1);
    expect(await reviewCount(ws)).toBe(0);
    expect((await cast.t.services.db.select().from(aiReviewStandaloneContracts).where(eq(aiReviewStandaloneContracts.workspaceId, ws.workspaceId))).length).toBe(0);
    expect(await fileCount(ws)).toBe(1);
  });

  it('the job waits while the text is PENDING, then reviews; after the last wait it FAILS with ERROR_DOCUMENT_TEXT_NOT_READY and refunds', async () => {
    const { services } = cast.t;
    const ws = cast.wsA;
    const key = await uploadContractText(cast.t, cast.owner, KO_SERVICE_CONTRACT, '대기.txt');
    const [file] = await services.db.select().from(files).where(eq(files.fileKey, key));
    await services.db.update(fileRevisions).set({ extractionStatus: 'PENDING' }).where(eq(fileRevisions.fileId, file!.id));
    const queue = async (credits: number) =>
      services.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(aiReviews)
          .values({
            ...ws, fileKey: key, fileId: file!.id, revision: 1, fileName: '대기.txt', contractType: 'SERVICE', position: 'PARTY_B', language: 'ko', engine: 'BUILT_IN',
            playbookVersion: 'wait-test', status: 'QUEUED', creditsCharged: credits, createdByUserId: cast.owner.userId,
          })
          .returning({ id: aiReviews.id });
        const { entryId } = await debitCredits(tx, { ...ws, userId: cast.owner.userId }, { feature: 'REVIEW', credits, reference: `ai-review:${row!.id}`, starterCredits: 0 });
        await tx.update(aiReviews).set({ debitEntryId: entryId }).where(eq(aiReviews.id, row!.id));
        return row!.id;
      });

    const waiting = await queue(5);
    await services.jobs.send(runReviewJob, { reviewId: waiting, ...ws });
    // It has run once and gone back to wait (a job with textWaits 1 exists), still not FAILED.
    await new Promise((r) => setTimeout(r, 1500));
    const [midway] = await services.db.select().from(aiReviews).where(eq(aiReviews.id, waiting));
    expect(midway!.status).not.toBe('FAILED');
    expect(midway!.status).not.toBe('DONE');
    await services.db.update(fileRevisions).set({ extractionStatus: 'DONE' }).where(eq(fileRevisions.fileId, file!.id));
    expect((await waitDone(cast.owner, waiting)).status).toBe('DONE');

    await services.db.update(fileRevisions).set({ extractionStatus: 'PENDING' }).where(eq(fileRevisions.fileId, file!.id));
    const before = await balanceOf(cast.owner);
    const givingUp = await queue(6);
    expect(await balanceOf(cast.owner)).toBe(before - 6);
    await runReviewJob.handler({ reviewId: givingUp, ...ws, textWaits: TEXT_WAIT_LIMIT }, services, { id: 'test', name: runReviewJob.name, retryCount: 0 });
    const failed = await waitDone(cast.owner, givingUp);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'ERROR_DOCUMENT_TEXT_NOT_READY', creditsCharged: 0 });
    expect(await balanceOf(cast.owner)).toBe(before);

    // A text that could not be read fails at once, refunded too.
    await services.db.update(fileRevisions).set({ extractionStatus: 'FAILED' }).where(eq(fileRevisions.fileId, file!.id));
    const unreadable = await queue(4);
    await services.jobs.send(runReviewJob, { reviewId: unreadable, ...ws });
    expect(await waitDone(cast.owner, unreadable)).toMatchObject({ status: 'FAILED', errorCode: 'ERROR_DOCUMENT_TEXT_NOT_READY' });
    expect(await balanceOf(cast.owner)).toBe(before);
  }, 60_000);
});

describe('review/contract-by-playbook/v1', () => {
  const body = (checkpointIds: unknown) => ({ fileKey, contractType: 'SERVICE', position: 'PARTY_B', checkpointIds });

  it('401, 400 naming checkpointIds (empty, or not of the type), 403, 404 across tenants with nothing charged', async () => {
    const ids = await checkpointIdsOf(['SERVICE.PAYMENT_DUE_DAYS']);
    expect((await cast.call(null, 'POST', BY_PLAYBOOK, body(ids))).statusCode).toBe(401);
    expect(fieldsOf(await cast.call(cast.owner, 'POST', BY_PLAYBOOK, body([])))).toContain('body.checkpointIds');
    const nda = (await cast.call(cast.owner, 'GET', '/api/aireview/label-checkpoints/v2?contractType=NDA')).json().data[0].checkpointId as number;
    const notOfType = await cast.call(cast.owner, 'POST', BY_PLAYBOOK, body([...ids, nda]));
    expect(notOfType.statusCode).toBe(400);
    expect(fieldsOf(notOfType)).toContain('body.checkpointIds');
    expect((await cast.call(cast.watcher, 'POST', BY_PLAYBOOK, body(ids))).statusCode).toBe(403);
    const before = await balanceOf(cast.outsider);
    expect((await cast.call(cast.outsider, 'POST', BY_PLAYBOOK, body(ids))).statusCode).toBe(404);
    expect(await balanceOf(cast.outsider)).toBe(before);
    expect(await reviewCount(cast.wsB)).toBe(0);
  });

  it('evaluates exactly the chosen checkpoints; the same selection is served from cache, another one is a new run', async () => {
    const ids = await checkpointIdsOf(['SERVICE.PAYMENT_DUE_DAYS', 'SERVICE.LIABILITY_CAP']);
    const before = await balanceOf(cast.owner);
    const run = await cast.call(cast.owner, 'POST', BY_PLAYBOOK, body(ids));
    expect(run.statusCode, run.body).toBe(200);
    const started = ReviewSchema.parse(run.json().data);
    expect(started.fromCache).toBe(false);
    expect(started.reviewId).not.toBe(done.reviewId);
    expect(started.creditsCharged).toBe(estimateCredits('REVIEW', { driver: 'BUILT_IN', textLength: KO_SERVICE_CONTRACT.length, items: 2 }));
    expect(await balanceOf(cast.owner)).toBe(before - started.creditsCharged);
    const review = await waitDone(cast.owner, started.reviewId);
    expect(review.findings.map((f) => f.checkpointCode).sort()).toEqual(['SERVICE.LIABILITY_CAP', 'SERVICE.PAYMENT_DUE_DAYS']);
    expect(review.findings.find((f) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS')?.verdict).toBe('NOT_MET');

    const again = await cast.call(cast.owner, 'POST', BY_PLAYBOOK, body([...ids].reverse()));
    expect(again.json().data).toMatchObject({ reviewId: review.reviewId, fromCache: true });
    const other = await cast.call(cast.owner, 'POST', BY_PLAYBOOK, body(ids.slice(0, 1)));
    expect(other.json().data.fromCache).toBe(false);
    expect(other.json().data.reviewId).not.toBe(review.reviewId);
    expect((await waitDone(cast.owner, other.json().data.reviewId)).findings.map((f) => f.checkpointCode)).toEqual(['SERVICE.PAYMENT_DUE_DAYS']);
    // The full playbook's review is still its own cache entry.
    expect((await cast.call(cast.owner, 'POST', RUN_V5, { fileKey, contractType: 'SERVICE', position: 'PARTY_B' })).json().data.reviewId).toBe(done.reviewId);
  });
});

describe('review-chat/query-confirm/v1', () => {
  it('answers the normalised question, the closest clauses and the credits, without charging or a model', async () => {
    const before = await balanceOf(cast.owner);
    const res = await cast.call(cast.owner, 'POST', CONFIRM, { reviewId: done.reviewId, question: '  계약금액의   지급은\n검수 후 언제까지 해야 하나요? ' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.question).toBe('계약금액의 지급은 검수 후 언제까지 해야 하나요?');
    expect(data.clauses.length).toBeGreaterThan(0);
    expect(data.clauses[0].heading).toContain('제3조');
    expect(KO_SERVICE_CONTRACT.slice(data.clauses[0].startOffset, data.clauses[0].endOffset)).toBe(data.clauses[0].text);
    // The price of the context review-chat/v2 sends: the numbered clauses (the web app shows the same figure).
    const context = reviewChatContext(done.clauses, KO_SERVICE_CONTRACT);
    expect(context.startsWith('[C1] ')).toBe(true);
    expect(data.credits).toBe(estimateCredits('REVIEW_CHAT', { driver: 'OPENAI_COMPATIBLE', textLength: context.length, items: 1 }));
    expect(data.credits).toBe(reviewChatCredits(done.clauses, KO_SERVICE_CONTRACT));
    expect(data.isModelConfigured).toBe(false);
    expect(await balanceOf(cast.owner)).toBe(before);
  });

  it('401, 400 naming the field, 403 without ai.review.use, 404 for another tenant\'s review', async () => {
    expect((await cast.call(null, 'POST', CONFIRM, { reviewId: done.reviewId, question: 'q' })).statusCode).toBe(401);
    expect(fieldsOf(await cast.call(cast.owner, 'POST', CONFIRM, { reviewId: done.reviewId }))).toContain('body.question');
    expect(fieldsOf(await cast.call(cast.owner, 'POST', CONFIRM, { reviewId: done.reviewId, question: ' \n ' }))).toContain('body.question');
    expect(fieldsOf(await cast.call(cast.owner, 'POST', CONFIRM, { reviewId: 'x', question: 'q' }))).toContain('body.reviewId');
    expect((await cast.call(cast.watcher, 'POST', CONFIRM, { reviewId: done.reviewId, question: '해지' })).statusCode).toBe(403);
    expect((await cast.call(cast.outsider, 'POST', CONFIRM, { reviewId: done.reviewId, question: '해지' })).statusCode).toBe(404);
    expect((await cast.call(cast.stranger, 'POST', CONFIRM, { reviewId: 999_999, question: '해지' })).statusCode).toBe(404);
  });
});

describe('workspace-contract-types v4 and v5', () => {
  it('v4 lists the types, v5 adds each side with its active checkpoint count; switching one off lowers it', async () => {
    const ws = await newWorkspace(cast.t);
    const wsAdmin = await person(cast.t, ws, ['WORKSPACE_ADMIN']);
    expect((await cast.call(null, 'GET', '/api/aireview/workspace-contract-types/v5')).statusCode).toBe(401);
    const v4 = await cast.call(wsAdmin, 'GET', '/api/aireview/workspace-contract-types/v4');
    expect(v4.statusCode).toBe(200);
    expect(v4.json().data.map((t: { code: string }) => t.code)).toEqual(['NDA', 'SERVICE', 'SUPPLY', 'LICENSE', 'EMPLOYMENT', 'LEASE', 'SUBCONTRACT', 'MOU']);
    expect(Object.keys(v4.json().data[0]).sort()).toEqual(['code', 'name']);
    const v5 = async () => (await cast.call(wsAdmin, 'GET', '/api/aireview/workspace-contract-types/v5')).json().data.find((t: { code: string }) => t.code === 'SERVICE');
    const service = await v5();
    const types = (await cast.call(wsAdmin, 'GET', '/api/aireview/contract-types/v2')).json().data;
    expect(service.activeCheckpointCount).toBe(types.find((t: { code: string }) => t.code === 'SERVICE').checkpointCount);
    const side = (s: typeof service, code: string) => s.positions.find((p: { code: string }) => p.code === code);
    expect(side(service, 'NEUTRAL').activeCheckpointCount).toBe(service.activeCheckpointCount);
    expect(side(service, 'PARTY_B').activeCheckpointCount).toBeLessThan(service.activeCheckpointCount);
    expect(side(service, 'PARTY_B').name.ko).toBeTruthy();

    const payment = (await cast.call(wsAdmin, 'GET', '/api/aireview/label-checkpoints/v2?contractType=SERVICE')).json().data.find((c: { code: string }) => c.code === 'SERVICE.PAYMENT_DUE_DAYS');
    expect((await cast.call(wsAdmin, 'PUT', `/api/aireview/checkpoints/${payment.checkpointId}/v5`, { isActive: false })).statusCode).toBe(200);
    const after = await v5();
    expect(after.activeCheckpointCount).toBe(service.activeCheckpointCount - 1);
    expect(side(after, 'PARTY_B').activeCheckpointCount).toBe(side(service, 'PARTY_B').activeCheckpointCount - 1);
    // Another workspace's switch does not touch this one.
    expect((await cast.call(cast.owner, 'GET', '/api/aireview/workspace-contract-types/v5')).json().data.find((t: { code: string }) => t.code === 'SERVICE').activeCheckpointCount).toBe(service.activeCheckpointCount);
  });

  it('403 without ai.review.use, and in a workspace without the product', async () => {
    expect((await cast.call(cast.watcher, 'GET', '/api/aireview/workspace-contract-types/v4')).statusCode).toBe(403);
    const clmOnly = await newWorkspace(cast.t, { products: ['CLM'] });
    const member = await person(cast.t, clmOnly, ['SUPER_MANAGER']);
    const res = await cast.call(member, 'GET', '/api/aireview/workspace-contract-types/v5');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');
  });
});

// Keeps the import of the standalone table honest: a v2 upload writes exactly one row per call.
describe('standalone rows', () => {
  it('a refused v2 upload creates no standalone contract', async () => {
    const rows = async () => (await cast.t.services.db.select().from(aiReviewStandaloneContracts).where(eq(aiReviewStandaloneContracts.tenantId, cast.wsA.tenantId))).length;
    const before = await rows();
    expect((await upload(cast.owner, FILE_V2, { contractType: 'NOPE', position: 'PARTY_A', standalone: 'true' })).statusCode).toBe(400);
    expect(await rows()).toBe(before);
  });
});
