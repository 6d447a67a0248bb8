import { ContractPredictionSchema, SimilarClauseSchema } from '@legal/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../platform/http/context';
import { waitFor } from '../../../test/harness';
import { newWorkspace } from '../../auth/auth.test-support';
import { contractCast, createContract, fieldsOf, person, type Person, uploadFile } from '../../contracts/contracts.test-support';
import { fileRevisions, files } from '../../files';
import { CONTRACT_EXAMPLES, readExample } from './contract-examples';
import { findSimilarClauses } from './similarity.service';

const { t, wsA, wsB, owner, stranger, outsider, noRole, call } = await contractCast();
afterAll(() => t.close());

const PREDICT = '/api/aireview/contract-prediction/v3';
const MOST_FIT = '/api/aireview/contract-prediction/most-fit/basic/v1';
const SIMILAR = '/api/aireview/similar-clauses/v1';
const koService = readExample(CONTRACT_EXAMPLES.find((e) => e.file === 'ko/01-software-development-services.md')!);
const koLease = readExample(CONTRACT_EXAMPLES.find((e) => e.file === 'ko/07-commercial-lease.md')!);
// A clause only workspace B's contract has (its confidentiality article, with a token).
const FOREIGN_TOKEN = '비밀유지표식가나다';
const koServiceB = koService.replace('비밀유지', `비밀유지 ${FOREIGN_TOKEN}`);

let keyA: string;
let keyB: string;
let contractA: number;

async function extracted(fileKey: string) {
  return waitFor(async () => {
    const [row] = await t.services.db.select({ status: fileRevisions.extractionStatus }).from(fileRevisions).innerJoin(files, eq(files.id, fileRevisions.fileId)).where(eq(files.fileKey, fileKey));
    return row && row.status !== 'PENDING' ? row.status : null;
  }, 90_000, 250);
}

async function analyzeInto(who: Person, fileKey: string, title: string): Promise<number> {
  const contract = await createContract(t, who, { title, contractType: 'SERVICE', files: [{ fileKey, role: 'MAIN' }] });
  const res = await call(who, 'POST', '/api/alex/contracts/analyze/v3', { fileKey, contractId: contract.id });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.stored.labelCount).toBeGreaterThan(5);
  return contract.id;
}

beforeAll(async () => {
  keyA = await uploadFile(t, owner, Buffer.from(koService, 'utf8'), '소프트웨어 개발 용역계약서.txt');
  keyB = await uploadFile(t, outsider, Buffer.from(koServiceB, 'utf8'), '용역계약서.txt');
  expect(await extracted(keyA)).toBe('DONE');
  expect(await extracted(keyB)).toBe('DONE');
  contractA = await analyzeInto(owner, keyA, '개발 용역 A');
  await analyzeInto(outsider, keyB, '개발 용역 B');
}, 120_000);

describe('POST aireview contract-prediction v3 and most-fit/basic v1', () => {
  it('ranks contract types for a text and for a readable file', async () => {
    const byText = await call(owner, 'POST', PREDICT, { text: koLease });
    expect(byText.statusCode, byText.body).toBe(200);
    const prediction = ContractPredictionSchema.parse(byText.json().data);
    expect(prediction).toMatchObject({ language: 'ko', source: null });
    expect(prediction.predictions[0]).toMatchObject({ contractType: 'LEASE', name: { ko: '임대차계약', en: 'Lease agreement' }, isReviewType: true });
    expect(prediction.predictions.map((p) => p.score)).toEqual([...prediction.predictions.map((p) => p.score)].sort((a, b) => b - a));

    const byFile = ContractPredictionSchema.parse((await call(owner, 'POST', PREDICT, { fileKey: keyA })).json().data);
    expect(byFile.source).toEqual({ fileKey: keyA, revision: 1 });
    expect(byFile.predictions[0]!.contractType).toBe('SERVICE');

    const english = await call(owner, 'POST', MOST_FIT, { text: 'MUTUAL NON-DISCLOSURE AGREEMENT. The Receiving Party shall protect the Confidential Information of the Disclosing Party.' });
    expect(english.json().data).toMatchObject({ contractType: 'NDA', isReviewType: true });
    expect((await call(owner, 'POST', MOST_FIT, { text: '12345 !!!' })).json().data).toBeNull();
  });

  it('answers 401, 400 naming the field, 400 for a file of another workspace, 403 without the product', async () => {
    expect((await call(null, 'POST', PREDICT, { text: koLease })).statusCode).toBe(401);
    expect(fieldsOf(await call(owner, 'POST', PREDICT, {}))).toContain('body.fileKey');
    expect(fieldsOf(await call(owner, 'POST', PREDICT, { text: 'x', fileKey: keyA }))).toContain('body.fileKey');
    expect(fieldsOf(await call(owner, 'POST', PREDICT, { text: 'x', revision: 1 }))).toContain('body.revision');
    expect(fieldsOf(await call(owner, 'POST', MOST_FIT, { fileKey: keyA, revision: 9 }))).toContain('body.revision');
    // Workspace B's file answers as a missing one: nothing about it is revealed.
    const foreign = await call(owner, 'POST', PREDICT, { fileKey: keyB });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['body.fileKey']);
    const clmOnly = await newWorkspace(t, { products: ['CLM'] });
    const member = await person(t, clmOnly, ['GENERAL_MEMBER']);
    const gated = await call(member, 'POST', PREDICT, { text: koLease });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');
  });
});

describe('POST aireview similar-clauses v1', () => {
  const confidentiality = '을은 이 계약의 수행 중 알게 된 갑의 영업상, 기술상 비밀을 제3자에게 누설하거나 이 계약 외의 목적으로 사용하여서는 아니 된다.';

  it("finds the caller's readable contract clauses, best first, never another workspace's", async () => {
    const res = await call(owner, 'POST', SIMILAR, { text: confidentiality, limit: 5 });
    expect(res.statusCode, res.body).toBe(200);
    // The module also ranks the starter playbook's clause examples (source PLAYBOOK); the contract clauses are the caller's own.
    const found = SimilarClauseSchema.array().parse(res.json().data).filter((c) => c.source === 'CONTRACT');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.contract?.contractId === contractA)).toBe(true);
    expect(found[0]!.label).toBe('CONFIDENTIALITY');
    expect(found[0]!.score).toBeGreaterThan(0.1);
    expect(found.map((c) => c.score)).toEqual([...found.map((c) => c.score)].sort((a, b) => b - a));
    expect(JSON.stringify(found)).not.toContain(FOREIGN_TOKEN);
    // The same query from workspace B finds B's clause (with its token), never A's.
    const fromB = SimilarClauseSchema.array().parse((await call(outsider, 'POST', SIMILAR, { text: `${confidentiality} ${FOREIGN_TOKEN}`, limit: 50 })).json().data);
    expect(fromB.length).toBeGreaterThan(0);
    expect(fromB.some((c) => c.text.includes(FOREIGN_TOKEN))).toBe(true);
    expect(fromB.some((c) => c.contract?.contractId === contractA)).toBe(false);
  });

  it('filters by label and limit; members who cannot read the contract get none of its clauses', async () => {
    const labelled = SimilarClauseSchema.array().parse((await call(owner, 'POST', SIMILAR, { text: confidentiality, label: 'PAYMENT', limit: 3 })).json().data);
    expect(labelled.length).toBeLessThanOrEqual(3);
    expect(labelled.every((c) => c.label === 'PAYMENT')).toBe(true);
    const contractClauses = (data: Array<{ source: string }>) => data.filter((c) => c.source === 'CONTRACT');
    expect(contractClauses((await call(stranger, 'POST', SIMILAR, { text: confidentiality })).json().data)).toEqual([]);
    const none = await call(noRole, 'POST', SIMILAR, { text: confidentiality });
    expect(none.statusCode).toBe(200);
    expect(contractClauses(none.json().data)).toEqual([]);
  });

  it('answers 401 and 400 naming the field', async () => {
    expect((await call(null, 'POST', SIMILAR, { text: confidentiality })).statusCode).toBe(401);
    expect(fieldsOf(await call(owner, 'POST', SIMILAR, { text: '   ' }))).toContain('body.text');
    expect(fieldsOf(await call(owner, 'POST', SIMILAR, { text: 'x', limit: 51 }))).toContain('body.limit');
    expect(fieldsOf(await call(owner, 'POST', SIMILAR, { text: 'x', label: 'NOPE' }))).toContain('body.label');
  });

  it('ranks the playbook clause examples it is given beside the contract clauses', async () => {
    const ctx: RequestContext = {
      requestId: 'similarity-test', locale: 'ko', tenantId: wsA.tenantId, workspaceId: wsA.workspaceId, ip: '127.0.0.1', userAgent: undefined,
      principal: { kind: 'user', userId: noRole.userId, isSuperAdmin: false, sessionId: 's', permissions: new Set<string>() },
    };
    const examples = async () => [
      { checkpointCode: 'NDA-01', label: 'CONFIDENTIALITY' as const, text: '수령자는 비밀정보를 제3자에게 누설하거나 계약 외의 목적으로 사용하여서는 아니 된다.' },
      { checkpointCode: 'PAY-01', label: 'PAYMENT' as const, text: '갑은 검수 완료일로부터 30일 이내에 대금을 지급한다.' },
    ];
    const found = await findSimilarClauses(t.services, ctx, { text: confidentiality, limit: 5 }, examples);
    expect(found.map((c) => [c.source, c.checkpointCode])).toEqual([['PLAYBOOK', 'NDA-01'], ...(found.length > 1 ? [['PLAYBOOK', 'PAY-01']] : [])]);
    const onlyPayment = await findSimilarClauses(t.services, ctx, { text: '대금을 지급한다', label: 'PAYMENT', limit: 5 }, examples);
    expect(onlyPayment.map((c) => c.checkpointCode)).toEqual(['PAY-01']);
  });
});

it('keeps other workspaces out of the test data', () => {
  expect(wsA.workspaceId).not.toBe(wsB.workspaceId);
});
