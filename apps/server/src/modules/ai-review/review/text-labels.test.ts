import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractCast } from '../../contracts/contracts.test-support';
import { splitClauses } from '../../contracts';
import { fileRevisions, files } from '../../files';
import { KO_SERVICE_CONTRACT, uploadContractText } from '../ai-review.test-support';
import { ReviewEngineThread } from '../engine/engine-off-thread';
import { domainConfidence } from '../ood/ood.service';
import { checkpointsFor, listPlaybook } from '../playbook/playbook.service';
import { REVISION_TEXT_DIGEST } from './review-source';
import { textDigest } from './text-labels';

// The out-of-domain check of an estimate and a start reads its clause labels from the engine's
// thread once per text (text-labels.ts): the same answer as segmenting the text where it is asked,
// the estimate and the start agreeing, and never the labels of another text.

const ESTIMATE = '/api/aireview/review/estimate/v1';
const RUN = '/api/aireview/review/contract-document/v5';
const OOD = '/api/aireview/user-ood-configs/v1';
const MEMO = '회의 메모\n점심 메뉴는 김치찌개로 정했다.\n';

let cast: Awaited<ReturnType<typeof contractCast>>;
const labelled = vi.spyOn(ReviewEngineThread.prototype, 'labels');

beforeAll(async () => {
  cast = await contractCast();
}, 120_000);

afterAll(async () => {
  labelled.mockRestore();
  await cast?.t.close();
});

/** The confidence as the check computed it before: the text segmented where it is asked. */
async function segmentedHere(text: string): Promise<number> {
  const checkpoints = checkpointsFor(await listPlaybook(cast.t.services.db, cast.owner.ws, 'SERVICE'), 'PARTY_B');
  return domainConfidence(splitClauses(text).map((c) => c.label), checkpoints.map((c) => c.definition.label));
}

async function estimateOf(body: Record<string, unknown>) {
  const res = await cast.call(cast.owner, 'POST', ESTIMATE, { contractType: 'SERVICE', position: 'PARTY_B', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.domain as { confidence: number; isOutOfDomain: boolean };
}

async function setText(fileKey: string, revision: number, text: string) {
  const [file] = await cast.t.services.db.select({ id: files.id }).from(files).where(eq(files.fileKey, fileKey));
  await cast.t.services.db.update(fileRevisions).set({ extractedText: text }).where(and(eq(fileRevisions.fileId, file!.id), eq(fileRevisions.revision, revision)));
}

describe('the out-of-domain labels, kept per text', () => {
  it('are what segmenting the text gives, and the start decides as its estimate said, segmenting nothing again', async () => {
    // The first three articles only: some of the checkpoints' clauses are there, not all.
    const text = `${KO_SERVICE_CONTRACT.slice(0, KO_SERVICE_CONTRACT.indexOf('제4조'))}(동의 확인용)\n`;
    const fileKey = await uploadContractText(cast.t, cast.owner, text, '동의-용역계약서.txt');
    const before = labelled.mock.calls.length;
    const estimated = await estimateOf({ fileKey });
    expect(estimated.confidence).toBeGreaterThan(0);
    expect(estimated.confidence).toBeLessThan(1);
    expect(estimated.confidence).toBe(await segmentedHere(text));

    // Just above the estimate's confidence, BLOCK: the start refuses with the same confidence.
    await cast.call(cast.owner, 'PUT', OOD, { minConfidence: estimated.confidence + 0.01, action: 'BLOCK' });
    const blocked = await cast.call(cast.owner, 'POST', RUN, { fileKey, contractType: 'SERVICE', position: 'PARTY_B' });
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().data).toMatchObject({ reason: 'OUT_OF_DOMAIN', confidence: estimated.confidence });
    // At the estimate's confidence: the start runs.
    await cast.call(cast.owner, 'PUT', OOD, { minConfidence: estimated.confidence, action: 'BLOCK' });
    expect((await cast.call(cast.owner, 'POST', RUN, { fileKey, contractType: 'SERVICE', position: 'PARTY_B' })).statusCode).toBe(200);
    await cast.call(cast.owner, 'PUT', OOD, { minConfidence: 0.3, action: 'WARN' });

    // One segmentation for the estimate and both starts.
    expect(labelled.mock.calls.length - before).toBe(1);
  });

  it("never answer one revision's text with another's, nor a changed text with its old labels", async () => {
    const contract = `${KO_SERVICE_CONTRACT}\n(개정 확인용)\n`;
    const fileKey = await uploadContractText(cast.t, cast.owner, contract, '개정-용역계약서.txt');
    const first = await estimateOf({ fileKey });
    expect(first.confidence).toBe(await segmentedHere(contract));
    expect(first.confidence).toBeGreaterThan(0);

    // A second revision of the same file, a memo: its own labels, not the first revision's.
    const [file] = await cast.t.services.db.select({ id: files.id }).from(files).where(eq(files.fileKey, fileKey));
    const [rev] = await cast.t.services.db.select().from(fileRevisions).where(and(eq(fileRevisions.fileId, file!.id), eq(fileRevisions.revision, 1)));
    const { id: _id, grams: _grams, ...copy } = rev!;
    await cast.t.services.db.insert(fileRevisions).values({ ...copy, revision: 2, storageKey: `${copy.storageKey}-2`, extractedText: MEMO });
    expect(await estimateOf({ fileKey, revision: 2 })).toMatchObject({ confidence: 0, isOutOfDomain: true });
    expect(await estimateOf({ fileKey, revision: 1 })).toEqual(first);

    // The first revision's text re-extracted as the memo: the memo's labels, then its own again.
    const calls = labelled.mock.calls.length;
    await setText(fileKey, 1, MEMO);
    expect(await estimateOf({ fileKey, revision: 1 })).toMatchObject({ confidence: 0, isOutOfDomain: true });
    await setText(fileKey, 1, contract);
    expect(await estimateOf({ fileKey, revision: 1 })).toEqual(first);
    // Both texts were labelled already: kept by their text, whichever revision holds it.
    expect(labelled.mock.calls.length).toBe(calls);
  });

  it('are keyed by the digest the database computes of the same text', async () => {
    const fileKey = await uploadContractText(cast.t, cast.owner, `${KO_SERVICE_CONTRACT}\n😀 확인\n`, '요약-용역계약서.txt');
    const [row] = await cast.t.services.db
      .select({ text: fileRevisions.extractedText, digest: REVISION_TEXT_DIGEST })
      .from(fileRevisions)
      .innerJoin(files, eq(files.id, fileRevisions.fileId))
      .where(eq(files.fileKey, fileKey));
    const before = labelled.mock.calls.length;
    await estimateOf({ fileKey });
    await estimateOf({ fileKey });
    expect(labelled.mock.calls.length - before).toBe(1);
    expect(labelled.mock.calls.at(-1)![0]).toBe(row!.text);
    expect(textDigest(row!.text!)).toMatch(/^[0-9a-f]{64}$/);
    // The same key on both sides (an emoji and Hangul included): a hit needs no read of the text.
    expect(row!.digest).toBe(textDigest(row!.text!));
  });
});
