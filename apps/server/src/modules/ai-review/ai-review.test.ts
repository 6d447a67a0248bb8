import { type Review, ReviewSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { waitFor } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { contractCast, createContract, fieldsOf, person, type Person } from '../contracts/contracts.test-support';
import { creditEntries, debitCredits, creditBalance } from '../ai';
import { fileRevisions, files, findSoffice } from '../files';
import { aiReviewFindings, aiReviews } from './ai-review.table';
import { KO_SERVICE_CONTRACT, uploadContractText } from './ai-review.test-support';
import { runReviewJob } from './review/review.job';

const ESTIMATE = '/api/aireview/review/estimate/v1';
const RUN = '/api/aireview/review/contract-document/v5';
const BY_CACHE = '/api/aireview/review/contract-document/by-cache/v3';
const reviewUrl = (id: number) => `/api/aireview/reviews/${id}/v1`;
const decisionUrl = (id: number, findingId: number) => `/api/aireview/reviews/${id}/findings/${findingId}/decision/v1`;

let cast: Awaited<ReturnType<typeof contractCast>>;
let fileKey: string;
let done: Review;

const balanceOf = (who: Person) => creditBalance(cast.t.services.db, who.ws, cast.t.services.config.ai.starterCredits);
const reviewRows = (ws: { tenantId: number; workspaceId: number }) =>
  cast.t.services.db.select().from(aiReviews).where(and(eq(aiReviews.tenantId, ws.tenantId), eq(aiReviews.workspaceId, ws.workspaceId)));

async function waitDone(who: Person, reviewId: number): Promise<Review> {
  return waitFor(async () => {
    const res = await cast.call(who, 'GET', reviewUrl(reviewId));
    const review = ReviewSchema.parse(res.json().data);
    return review.status === 'DONE' || review.status === 'FAILED' ? review : null;
  }, 60_000, 100);
}

beforeAll(async () => {
  cast = await contractCast();
  fileKey = await uploadContractText(cast.t, cast.owner);
}, 120_000);

afterAll(async () => {
  await cast?.t.close();
});

describe('review run: estimate, run, findings, decisions, cache', () => {
  it('reviews a Korean service contract as 을: NOT_MET findings first, offsets inside the text, the estimate debited once', async () => {
    const body = { fileKey, contractType: 'SERVICE', position: 'PARTY_B' };
    const before = await balanceOf(cast.owner);
    const estimate = await cast.call(cast.owner, 'POST', ESTIMATE, body);
    expect(estimate.statusCode, estimate.body).toBe(200);
    const est = estimate.json().data;
    expect(est).toMatchObject({ engine: 'BUILT_IN', cached: false, balance: before, textLength: KO_SERVICE_CONTRACT.length });
    expect(est.credits).toBeGreaterThan(0);
    expect(est.checkpointCount).toBeGreaterThan(0);

    const run = await cast.call(cast.owner, 'POST', RUN, body);
    expect(run.statusCode, run.body).toBe(200);
    const started = ReviewSchema.parse(run.json().data);
    expect(started).toMatchObject({ fromCache: false, creditsCharged: est.credits, source: { fileKey, revision: 1, contractId: null } });
    expect(await balanceOf(cast.owner)).toBe(before - est.credits);

    done = await waitDone(cast.owner, started.reviewId);
    expect(done.status).toBe('DONE');
    expect(done.language).toBe('ko');
    expect(done.progress.percent).toBe(100);
    expect(done.text).toBe(KO_SERVICE_CONTRACT);
    expect(done.clauses.length).toBeGreaterThanOrEqual(7);
    expect(done.findings.length).toBe(est.checkpointCount);
    const notMet = done.findings.filter((f) => f.verdict === 'NOT_MET').map((f) => f.checkpointCode);
    expect(notMet).toEqual(expect.arrayContaining(['SERVICE.PAYMENT_DUE_DAYS', 'SERVICE.NO_TERMINATION_AT_WILL']));
    expect(done.findings.find((f) => f.checkpointCode === 'SERVICE.LIABILITY_CAP')?.verdict).toBe('MET');
    // NOT_MET first, by risk.
    const firstOther = done.findings.findIndex((f) => f.verdict !== 'NOT_MET');
    expect(done.findings.slice(0, firstOther).every((f) => f.verdict === 'NOT_MET')).toBe(true);
    expect(done.findings[0]!.risk).toBe('HIGH');
    for (const f of done.findings) {
      expect(f).toHaveProperty('legalBasis');
      for (const e of f.evidence) {
        expect(e.startOffset).toBeGreaterThanOrEqual(0);
        expect(e.endOffset).toBeLessThanOrEqual(KO_SERVICE_CONTRACT.length);
        expect(KO_SERVICE_CONTRACT.slice(e.startOffset, e.endOffset)).toBe(e.text);
      }
    }
    const payment = done.findings.find((f) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS')!;
    expect(payment.evidence[0]!.text).toContain('90일');
    expect(payment.suggestedEdit?.text).toContain('30일');
    expect(done.summary?.counts.notMet).toBe(notMet.length);
    // The reader's language picks the texts; the evidence stays the contract's own words.
    const inEnglish = await cast.t.app.inject({ method: 'GET', url: reviewUrl(done.reviewId), headers: { ...cast.owner.headers, 'x-locale': 'en' } });
    const enPayment = inEnglish.json().data.findings.find((f: { checkpointCode: string }) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS');
    expect(enPayment.question).toMatch(/[A-Za-z]/);
    expect(enPayment.question).not.toBe(payment.question);
    expect(enPayment.evidence).toEqual(payment.evidence);
    expect(done.summary?.keyPoints.length).toBeGreaterThan(0);

    const [audit] = await cast.t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'ai_review.review_started'));
    expect(audit).toMatchObject({ actorUserId: cast.owner.userId });
  });

  it('answers a second run of the same revision, type and position from cache, charging nothing', async () => {
    const body = { fileKey, contractType: 'SERVICE', position: 'PARTY_B' };
    const before = await balanceOf(cast.owner);
    const rowsBefore = (await reviewRows(cast.wsA)).length;
    const estimate = await cast.call(cast.owner, 'POST', ESTIMATE, body);
    expect(estimate.json().data).toMatchObject({ cached: true, credits: 0 });
    const again = await cast.call(cast.owner, 'POST', RUN, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ reviewId: done.reviewId, fromCache: true, status: 'DONE' });
    const cached = await cast.call(cast.owner, 'POST', BY_CACHE, body);
    expect(cached.json().data).toMatchObject({ reviewId: done.reviewId, fromCache: true });
    expect(await balanceOf(cast.owner)).toBe(before);
    expect((await reviewRows(cast.wsA)).length).toBe(rowsBefore);
    // Another position is another review; by-cache never starts one.
    const other = await cast.call(cast.owner, 'POST', BY_CACHE, { ...body, position: 'PARTY_A' });
    expect(other.statusCode).toBe(404);
  });

  it('accepts a finding (who, when, why; audited) and exports the contract with it as a tracked change', { timeout: 120_000 }, async () => {
    const finding = done.findings.find((f) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS')!;
    const res = await cast.call(cast.owner, 'PUT', decisionUrl(done.reviewId, finding.findingId), { decision: 'ACCEPTED', reason: '지급기한 단축' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ decision: 'ACCEPTED', decisionReason: '지급기한 단축', decidedBy: { userId: cast.owner.userId, displayName: '김민준' } });
    const [audit] = await cast.t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'ai_review.finding_decided'));
    expect(audit?.data).toMatchObject({ findingId: finding.findingId, decision: 'ACCEPTED', before: 'OPEN' });

    const docx = await cast.call(cast.owner, 'GET', `/api/aireview/reviews/${done.reviewId}/contract-docx/v1`);
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    const xml = await (await JSZip.loadAsync(docx.rawPayload)).file('word/document.xml')!.async('string');
    expect(xml).toContain('<w:ins');
    expect(xml).toContain('30일 이내');

    const report = await cast.call(cast.owner, 'GET', `/api/aireview/reviews/${done.reviewId}/report/v1?format=DOCX`);
    expect(report.statusCode).toBe(200);
    const reportXml = await (await JSZip.loadAsync(report.rawPayload)).file('word/document.xml')!.async('string');
    expect(reportXml).toContain('지급기한 단축');
    // The same report as PDF (LibreOffice); where it is not installed, 503 saying so.
    const pdf = await cast.call(cast.owner, 'GET', `/api/aireview/reviews/${done.reviewId}/report/v1?format=PDF`);
    if (findSoffice()) {
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain('.pdf');
      const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
      expect(text.replace(/\s+/g, '')).toContain('지급기한단축');
    } else {
      expect(pdf.statusCode).toBe(503);
      expect(pdf.json().code).toBe('ERROR_PDF_CONVERTER_UNAVAILABLE');
    }

    const stats = await cast.call(cast.owner, 'GET', '/api/aireview/checkpoint-stats/v1?contractType=SERVICE');
    expect(stats.statusCode).toBe(200);
    expect(stats.json().data.find((s: { code: string }) => s.code === 'SERVICE.PAYMENT_DUE_DAYS')).toMatchObject({ accepted: 1, dismissed: 0, acceptanceRate: 1 });
  });

  it('accepts a finding with the user\'s own edit (an AI rewrite): stored as its suggested edit, exported; refused with another decision or outside the text', async () => {
    const payment = done.findings.find((f) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS')!;
    const taken = [payment.clause, payment.suggestedEdit && { startOffset: payment.suggestedEdit.replaceStart ?? 0, endOffset: payment.suggestedEdit.replaceEnd ?? 0 }].filter(Boolean) as Array<{ startOffset: number; endOffset: number }>;
    const finding = done.findings.find(
      (f) => f.decision === 'OPEN' && f.clause && f.checkpointCode !== 'SERVICE.NO_TERMINATION_AT_WILL' && taken.every((s) => f.clause!.endOffset <= s.startOffset || f.clause!.startOffset >= s.endOffset),
    )!;
    expect(finding).toBeDefined();
    const { startOffset, endOffset } = finding.clause!;
    const url = decisionUrl(done.reviewId, finding.findingId);
    const [before] = await cast.t.services.db.select().from(aiReviewFindings).where(eq(aiReviewFindings.id, finding.findingId));

    const dismissWithEdit = await cast.call(cast.owner, 'PUT', url, { decision: 'DISMISSED', reason: 'x', edit: { text: '새 조항', startOffset, endOffset } });
    expect(dismissWithEdit.statusCode).toBe(400);
    expect(fieldsOf(dismissWithEdit)).toContain('body.edit');
    const beyond = await cast.call(cast.owner, 'PUT', url, { decision: 'ACCEPTED', edit: { text: '새 조항', startOffset, endOffset: done.text!.length + 1 } });
    expect(beyond.statusCode).toBe(400);
    expect(fieldsOf(beyond)).toContain('body.edit.endOffset');
    const [unchanged] = await cast.t.services.db.select().from(aiReviewFindings).where(eq(aiReviewFindings.id, finding.findingId));
    expect(unchanged).toEqual(before);

    const rewrite = '제99조(재작성) 을은 고의 또는 중과실이 없는 한 계약금액을 한도로 배상한다.';
    const res = await cast.call(cast.owner, 'PUT', url, { decision: 'ACCEPTED', edit: { text: rewrite, startOffset, endOffset } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ decision: 'ACCEPTED', suggestedEdit: { text: rewrite, replaceStart: startOffset, replaceEnd: endOffset } });
    const audits = await cast.t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'ai_review.finding_decided'));
    expect(audits.find((a) => (a.data as { findingId: number }).findingId === finding.findingId)?.data).toMatchObject({ decision: 'ACCEPTED', isEdited: true });

    const docx = await cast.call(cast.owner, 'GET', `/api/aireview/reviews/${done.reviewId}/contract-docx/v1`);
    expect(docx.statusCode).toBe(200);
    const xml = await (await JSZip.loadAsync(docx.rawPayload)).file('word/document.xml')!.async('string');
    expect(xml).toContain('제99조(재작성)');
  });

  it('refuses a decision outside the verdicts, and on another tenant\'s finding with the row unchanged', async () => {
    const finding = done.findings.find((f) => f.checkpointCode === 'SERVICE.NO_TERMINATION_AT_WILL')!;
    const bad = await cast.call(cast.owner, 'PUT', decisionUrl(done.reviewId, finding.findingId), { decision: 'MAYBE' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('body.decision');
    const [before] = await cast.t.services.db.select().from(aiReviewFindings).where(eq(aiReviewFindings.id, finding.findingId));
    const outsider = await cast.call(cast.outsider, 'PUT', decisionUrl(done.reviewId, finding.findingId), { decision: 'DISMISSED', reason: 'x' });
    expect(outsider.statusCode).toBe(404);
    expect((await cast.call(cast.outsider, 'GET', reviewUrl(done.reviewId))).statusCode).toBe(404);
    const [after] = await cast.t.services.db.select().from(aiReviewFindings).where(eq(aiReviewFindings.id, finding.findingId));
    expect(after).toEqual(before);
  });

  it('honours Idempotency-Key: the same key answers the first review; another body with it is 422', async () => {
    const key = await uploadContractText(cast.t, cast.owner, KO_SERVICE_CONTRACT.replace('90일', '45일'), '용역계약서-2.txt');
    const body = { fileKey: key, contractType: 'SERVICE', position: 'PARTY_B' };
    const headers = { ...cast.owner.headers, 'idempotency-key': 'review-key-0001' };
    const first = await cast.t.app.inject({ method: 'POST', url: RUN, headers, payload: body });
    const second = await cast.t.app.inject({ method: 'POST', url: RUN, headers, payload: body });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().data.reviewId).toBe(first.json().data.reviewId);
    const reused = await cast.t.app.inject({ method: 'POST', url: RUN, headers, payload: { ...body, position: 'PARTY_A' } });
    expect(reused.statusCode).toBe(422);
    const review = await waitDone(cast.owner, first.json().data.reviewId);
    expect(review.findings.find((f) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS')?.verdict).toBe('MET');
  });

  it('charges once for two first runs of the same document at the same moment: both answer the one review', async () => {
    const key = await uploadContractText(cast.t, cast.owner, KO_SERVICE_CONTRACT.replace('서울중앙지방법원', '수원지방법원'), '용역계약서-동시.txt');
    const body = { fileKey: key, contractType: 'SERVICE', position: 'PARTY_B' };
    const estimate = (await cast.call(cast.owner, 'POST', ESTIMATE, body)).json().data;
    expect(estimate).toMatchObject({ cached: false });
    const debits = async () =>
      (await cast.t.services.db.select().from(creditEntries).where(and(eq(creditEntries.tenantId, cast.wsA.tenantId), eq(creditEntries.workspaceId, cast.wsA.workspaceId), eq(creditEntries.kind, 'DEBIT'))).orderBy(creditEntries.id));
    const debitsBefore = (await debits()).length;
    const before = await balanceOf(cast.owner);

    const [a, b] = await Promise.all([cast.call(cast.owner, 'POST', RUN, body), cast.call(cast.owner, 'POST', RUN, body)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const [first, second] = [ReviewSchema.parse(a.json().data), ReviewSchema.parse(b.json().data)];
    expect(second.reviewId).toBe(first.reviewId);
    // One of them queued and paid for it; the other joined it and paid nothing.
    expect([first.fromCache, second.fromCache].sort()).toEqual([false, true]);
    const newDebits = (await debits()).slice(debitsBefore);
    expect(newDebits.map((d) => ({ credits: d.credits, reference: d.reference }))).toEqual([{ credits: estimate.credits, reference: `ai-review:${first.reviewId}` }]);
    expect(await balanceOf(cast.owner)).toBe(before - estimate.credits);
    const rows = (await reviewRows(cast.wsA)).filter((r) => r.fileKey === key);
    expect(rows.map((r) => r.id)).toEqual([first.reviewId]);

    // A start while (or after) it runs answers it too; it finishes once.
    const third = await cast.call(cast.owner, 'POST', RUN, body);
    expect(third.json().data).toMatchObject({ reviewId: first.reviewId, fromCache: true });
    expect((await waitDone(cast.owner, first.reviewId)).status).toBe('DONE');
    expect((await debits()).length).toBe(debitsBefore + 1);
    expect(await balanceOf(cast.owner)).toBe(before - estimate.credits);
  });

  it('reviews a repository contract\'s document, visible only to the contract\'s readers', async () => {
    const key = await uploadContractText(cast.t, cast.owner, KO_SERVICE_CONTRACT, '계약-본문.txt');
    const contract = await createContract(cast.t, cast.owner, { title: 'AI 검토 대상 계약', contractType: 'SERVICE', files: [{ fileKey: key, role: 'MAIN' }] });
    const body = { contractId: contract.id, contractType: 'SERVICE', position: 'PARTY_A' };
    const strangerTry = await cast.call(cast.stranger, 'POST', RUN, body);
    expect(strangerTry.statusCode, strangerTry.body).toBe(404);
    const run = await cast.call(cast.owner, 'POST', RUN, body);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.source).toMatchObject({ contractId: contract.id, fileKey: key });
    const review = await waitDone(cast.owner, run.json().data.reviewId);
    expect(review.status).toBe('DONE');
    expect((await cast.call(cast.stranger, 'GET', reviewUrl(review.reviewId))).statusCode).toBe(404);
    expect((await cast.call(cast.manager, 'GET', reviewUrl(review.reviewId))).statusCode).toBe(200);
    const list = await cast.call(cast.owner, 'GET', `/api/aireview/reviews/v1?contractId=${contract.id}`);
    expect(list.json().data).toMatchObject({ totalElements: 1, content: [{ reviewId: review.reviewId }] });
    const strangerList = await cast.call(cast.stranger, 'GET', `/api/aireview/reviews/v1?contractId=${contract.id}`);
    expect(strangerList.json().data.totalElements).toBe(0);
  });
});

describe('refusals: 401, 400, 403, 404, 409, 402, 503', () => {
  const body = () => ({ fileKey, contractType: 'SERVICE', position: 'PARTY_B' });

  it('401 without a session, 400 naming the field', async () => {
    expect((await cast.call(null, 'POST', ESTIMATE, body())).statusCode).toBe(401);
    expect((await cast.call(null, 'GET', reviewUrl(done.reviewId))).statusCode).toBe(401);
    const bad = await cast.call(cast.owner, 'POST', RUN, { fileKey, position: 'SIDEWAYS' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['body.contractType', 'body.position']));
    const none = await cast.call(cast.owner, 'POST', RUN, { contractType: 'SERVICE', position: 'PARTY_B' });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toContain('body.fileKey');
  });

  it('403 without ai.review.use, and in a workspace without the product', async () => {
    const reader = await cast.call(cast.watcher, 'POST', ESTIMATE, body());
    expect(reader.statusCode).toBe(403);
    expect(reader.json().code).toBe('ERROR_FORBIDDEN');
    expect((await cast.call(cast.watcher, 'GET', reviewUrl(done.reviewId))).statusCode).toBe(403);
    const clmOnly = await newWorkspace(cast.t, { products: ['CLM'] });
    const member = await person(cast.t, clmOnly, ['SUPER_MANAGER']);
    const res = await cast.call(member, 'GET', '/api/aireview/contract-types/v2');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');
  });

  it('404 for another tenant\'s file, nothing charged or stored', async () => {
    const before = await balanceOf(cast.outsider);
    const res = await cast.call(cast.outsider, 'POST', RUN, body());
    expect(res.statusCode).toBe(404);
    expect(await balanceOf(cast.outsider)).toBe(before);
    expect(await reviewRows(cast.wsB)).toEqual([]);
  });

  it('409 ERROR_DOCUMENT_TEXT_NOT_READY while the text is not extracted', async () => {
    const key = await uploadContractText(cast.t, cast.owner, KO_SERVICE_CONTRACT, '미추출.txt');
    const [file] = await cast.t.services.db.select().from(files).where(eq(files.fileKey, key));
    await cast.t.services.db.update(fileRevisions).set({ extractionStatus: 'PENDING' }).where(eq(fileRevisions.fileId, file!.id));
    const res = await cast.call(cast.owner, 'POST', RUN, { ...body(), fileKey: key });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ERROR_DOCUMENT_TEXT_NOT_READY', data: { extractionStatus: 'PENDING' } });
  });

  it('402 with nothing charged and no review row when the credits do not cover the estimate', async () => {
    const ws = await newWorkspace(cast.t);
    const poor = await person(cast.t, ws, ['GENERAL_MEMBER']);
    const key = await uploadContractText(cast.t, poor, KO_SERVICE_CONTRACT, '크레딧.txt');
    const estimate = (await cast.call(poor, 'POST', ESTIMATE, { ...body(), fileKey: key })).json().data;
    // Spend all but one credit less than the estimate, through the credits module itself.
    const spend = estimate.balance - estimate.credits + 1;
    await cast.t.services.db.transaction((tx) => debitCredits(tx, { ...ws, userId: poor.userId }, { feature: 'REVIEW', credits: spend, reference: 'test-drain', starterCredits: 0 }));
    const left = await balanceOf(poor);
    const res = await cast.call(poor, 'POST', RUN, { ...body(), fileKey: key });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('ERROR_INSUFFICIENT_CREDITS');
    expect(await balanceOf(poor)).toBe(left);
    expect(await reviewRows(ws)).toEqual([]);
  });

  it('503 ERROR_AI_PROVIDER_NOT_CONFIGURED for the model calls, before any charge', async () => {
    const before = await balanceOf(cast.owner);
    const clause = done.clauses[2]!;
    const edit = await cast.call(cast.owner, 'POST', '/api/aireview/edit-clause/v3', { reviewId: done.reviewId, startOffset: clause.startOffset, endOffset: clause.endOffset, position: 'PARTY_B' });
    expect(edit.statusCode).toBe(503);
    expect(edit.json().code).toBe('ERROR_AI_PROVIDER_NOT_CONFIGURED');
    expect(edit.json().message).toContain('AI_');
    const chat = await cast.call(cast.owner, 'POST', '/api/aireview/review-chat/v2', { reviewId: done.reviewId, question: '대금은 언제 지급되나요?' });
    expect(chat.statusCode).toBe(503);
    expect(chat.headers['content-type']).toContain('application/json');
    const translation = await cast.call(cast.owner, 'POST', '/api/aireview/translations/v1', { reviewId: done.reviewId, targetLanguage: 'en' });
    expect(translation.statusCode).toBe(503);
    expect(await balanceOf(cast.owner)).toBe(before);
    // The built-in engine summarizes without a model.
    const summary = await cast.call(cast.owner, 'POST', '/api/aireview/summarize/contract/v1', { reviewId: done.reviewId });
    expect(summary.json().data).toMatchObject({ engine: 'BUILT_IN', creditsCharged: 0 });
    expect(summary.json().data.keyPoints.length).toBeGreaterThan(0);
    // Chat on another tenant's review: 404 before anything else.
    expect((await cast.call(cast.outsider, 'POST', '/api/aireview/review-chat/v2', { reviewId: done.reviewId, question: '?' })).statusCode).toBe(404);
  });
});

describe('a failed run', () => {
  it('is FAILED with an error code and its debit refunded', async () => {
    const ws = cast.wsA;
    const before = await balanceOf(cast.owner);
    const [file] = await cast.t.services.db.select().from(files).where(eq(files.fileKey, fileKey));
    const { services } = cast.t;
    const reviewId = await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(aiReviews)
        .values({
          ...ws, fileKey, fileId: file!.id, revision: 99, fileName: 'x.txt', contractType: 'SERVICE', position: 'PARTY_B', language: 'ko', engine: 'BUILT_IN',
          playbookVersion: 'test', status: 'QUEUED', creditsCharged: 7, createdByUserId: cast.owner.userId,
        })
        .returning({ id: aiReviews.id });
      const { entryId } = await debitCredits(tx, { ...ws, userId: cast.owner.userId }, { feature: 'REVIEW', credits: 7, reference: `ai-review:${row!.id}`, starterCredits: 0 });
      await tx.update(aiReviews).set({ debitEntryId: entryId }).where(eq(aiReviews.id, row!.id));
      return row!.id;
    });
    expect(await balanceOf(cast.owner)).toBe(before - 7);
    await services.jobs.send(runReviewJob, { reviewId, ...ws });
    const failed = await waitDone(cast.owner, reviewId);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'TEXT_UNAVAILABLE', creditsCharged: 0, findings: [] });
    expect(await balanceOf(cast.owner)).toBe(before);
  });
});

describe('playbook and catalogues', () => {
  it('lists contract types with positions and counts, checkpoints, question examples and codes', async () => {
    const types = await cast.call(cast.owner, 'GET', '/api/aireview/contract-types/v2');
    expect(types.statusCode).toBe(200);
    const service = types.json().data.find((t: { code: string }) => t.code === 'SERVICE');
    expect(service.checkpointCount).toBeGreaterThan(0);
    expect(service.positions.map((p: { code: string }) => p.code)).toEqual(['PARTY_A', 'PARTY_B', 'NEUTRAL']);
    const cps = await cast.call(cast.owner, 'GET', '/api/aireview/label-checkpoints/v2?contractType=SERVICE&labelIds=PAYMENT&includeClauseExamples=true&language=en');
    expect(cps.statusCode).toBe(200);
    expect(cps.json().data.length).toBeGreaterThan(0);
    for (const c of cps.json().data) expect(c).toMatchObject({ label: 'PAYMENT', contractType: 'SERVICE', origin: 'STARTER', isActive: true });
    expect(cps.json().data[0].clauseExamples.length).toBeGreaterThan(0);
    const bad = await cast.call(cast.owner, 'GET', '/api/aireview/label-checkpoints/v2?contractType=CAR');
    expect(fieldsOf(bad)).toContain('query.contractType');
    const examples = await cast.call(cast.owner, 'GET', '/api/aireview/review-chat/question-examples/v1?contractType=SERVICE');
    expect(examples.json().data.length).toBeGreaterThan(0);
    const codes = await cast.call(cast.owner, 'GET', '/api/aireview/codes/v2');
    expect(codes.json().data.verdicts.map((v: { code: string }) => v.code)).toContain('NOT_MET');
    const clause = done.findings.find((f) => f.checkpointCode === 'SERVICE.PAYMENT_DUE_DAYS')!.clause!;
    const analysis = await cast.call(cast.owner, 'POST', '/api/aireview/review-clause-analysis/v2', { reviewId: done.reviewId, startOffset: clause.startOffset + 3 });
    expect(analysis.json().data.findings.map((f: { checkpointCode: string }) => f.checkpointCode)).toContain('SERVICE.PAYMENT_DUE_DAYS');
  });
});
