import { type ContractAnalysis, ContractAnalysisSchema, ContractClauseLabelsSchema, type ContractDetail } from '@legal/api';
import { Document, Packer, Paragraph } from 'docx';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { fileRevisions, files } from '../../files';
import { waitFor } from '../../../test/harness';
import { workspaceHeaders } from '../../auth/auth.test-support';
import { EN_SUPPLY, KO_SERVICE } from './contract-analysis.fixtures';
import { CONTRACTS as SHARED_CONTRACTS } from '../../files/files.test-support';
import { contractClauseLabels } from '../documents/contract-documents.table';
import { contractCast, createContract, fieldsOf, type Person, uploadFile } from '../contracts.test-support';

let docxKey: string;
let txtKey: string;
let contract: ContractDetail;

const ANALYZE = '/api/alex/contracts/analyze/v3';
const labelsUrl = (id: number) => `/api/conhub/contracts/${id}/clause-labels/v1`;
const deleteUrl = (id: number) => `/api/alex/contracts/${id}/labelClauseExtraction/v1`;
const labelRows = (contractId: number) => t.services.db.select().from(contractClauseLabels).where(eq(contractClauseLabels.contractId, contractId)).orderBy(asc(contractClauseLabels.id));

async function docxOf(text: string): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: text.split('\n').map((line) => new Paragraph(line)) }] }));
}

async function extracted(fileKey: string) {
  return waitFor(async () => {
    const [row] = await t.services.db
      .select({ status: fileRevisions.extractionStatus })
      .from(fileRevisions)
      .innerJoin(files, eq(files.id, fileRevisions.fileId))
      .where(eq(files.fileKey, fileKey));
    return row && row.status !== 'PENDING' ? row.status : null;
  }, 90_000, 250);
}

async function analyze(who: Person, body: Record<string, unknown>): Promise<ContractAnalysis> {
  const res = await call(who, 'POST', ANALYZE, body);
  expect(res.statusCode, res.body).toBe(200);
  return ContractAnalysisSchema.parse(res.json().data);
}

const { t, wsA, wsB, owner, watcher, stranger, manager, outsider, noRole, call } = await contractCast();

beforeAll(async () => {
  docxKey = await uploadFile(t, owner, await docxOf(KO_SERVICE), '소프트웨어 개발 용역계약서.docx');
  txtKey = await uploadFile(t, owner, Buffer.from(EN_SUPPLY, 'utf8'), 'supply.txt');
  expect(await extracted(docxKey)).toBe('DONE');
  expect(await extracted(txtKey)).toBe('DONE');
  contract = await createContract(t, owner, { title: '고객관리 시스템 개발', contractType: 'SERVICE', watcherUserIds: [watcher.userId], files: [{ fileKey: docxKey, role: 'MAIN' }] });
}, 120_000);
afterAll(() => t.close());

describe('POST alex contracts/analyze/v3', () => {
  it('answers suggestions and labelled clauses read from an uploaded DOCX, without storing anything', async () => {
    const answer = await analyze(owner, { fileKey: docxKey });
    expect(answer).toMatchObject({ engine: 'BUILT_IN', fileKey: docxKey, revision: 1, isTruncated: false, stored: null });
    expect(answer.suggestions).toMatchObject({
      title: '소프트웨어 개발 용역계약서', contractType: 'SERVICE', language: 'ko', startDate: '2025-03-01', endDate: '2025-12-31', signedDate: '2025-02-20',
      amount: '100000000', currency: 'KRW', vat: 'EXCLUDED', governingLaw: '대한민국 법', disputeResolutionMethod: 'LITIGATION',
    });
    expect(answer.suggestions.counterparties.map((c) => [c.name, c.businessRegistrationNumber])).toEqual([
      ['주식회사 한빛소프트', '123-45-67890'],
      ['주식회사 새솔테크', '220-81-12345'],
    ]);
    expect(answer.clauses).toHaveLength(15);
    expect(answer.clauses.map((c) => c.label).slice(0, 4)).toEqual(['PURPOSE', 'DEFINITIONS', 'TERM', 'PAYMENT']);
    // Offsets point into the revision's extracted text.
    const [revision] = await t.services.db.select({ text: fileRevisions.extractedText }).from(fileRevisions).innerJoin(files, eq(files.id, fileRevisions.fileId)).where(eq(files.fileKey, docxKey));
    for (const c of answer.clauses) expect(revision!.text!.slice(c.startOffset, c.endOffset)).toBe(c.text);
    expect(await labelRows(contract.id)).toEqual([]);
    // A reader of the workspace's files may analyse one for the create form too; the answer follows the text's language.
    const english = await analyze(watcher, { fileKey: txtKey });
    expect(english.suggestions).toMatchObject({ language: 'en', currency: 'USD', amount: '250000', contractType: 'SUPPLY' });
  });

  it('stores the clause labels for a contract the caller may edit, with an audit event; the same analysis again records nothing', async () => {
    const first = await analyze(owner, { fileKey: docxKey, contractId: contract.id });
    expect(first.stored).toEqual({ contractId: contract.id, labelCount: 15 });
    const rows = await labelRows(contract.id);
    expect(rows).toHaveLength(15);
    expect(rows[0]).toMatchObject({ tenantId: wsA.tenantId, workspaceId: wsA.workspaceId, fileKey: docxKey, revision: 1, label: 'PURPOSE', heading: '제1조 (목적)', engine: 'BUILT_IN', createdByUserId: owner.userId });
    const events = () => t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.clauses_labelled')).orderBy(desc(auditEvents.id));
    const [event] = await events();
    expect(event).toMatchObject({ actorUserId: owner.userId, data: { contractId: contract.id, fileKey: docxKey, revision: 1, engine: 'BUILT_IN', labelCount: 15, replacedCount: 0 } });

    // A second run over the same revision finds the same clauses: it answers them and changes nothing (no second activity entry).
    const second = await analyze(manager, { fileKey: docxKey, revision: 1, contractId: contract.id });
    expect(second.stored?.labelCount).toBe(15);
    expect(await labelRows(contract.id)).toEqual(rows);
    expect((await events()).length).toBe(1);

    // Readers see the stored labels in text order, with who analysed.
    const res = await call(watcher, 'GET', labelsUrl(contract.id));
    expect(res.statusCode, res.body).toBe(200);
    const stored = ContractClauseLabelsSchema.parse(res.json().data);
    expect(stored).toMatchObject({ contractId: contract.id, fileKey: docxKey, revision: 1, engine: 'BUILT_IN', analyzedBy: { userId: owner.userId } });
    expect(stored.labels.map((l) => l.heading)).toEqual(second.clauses.map((c) => c.heading));
  });

  it('reads the clauses of the Korean NDA and the Bonterms PSA as uploaded (Word numbering, headings, cover-page key terms) and stores a run that found none', async () => {
    const nda = await uploadFile(t, manager, readFileSync(path.join(SHARED_CONTRACTS, 'ko/03-mutual-nda.docx')), '상호 비밀유지계약서.docx');
    const psa = await uploadFile(t, manager, readFileSync(path.join(SHARED_CONTRACTS, 'docx/bonterms-professional-services-agreement.docx')), 'bonterms-psa.docx');
    const none = await uploadFile(t, manager, await docxOf('회의 메모\n다음 주에 다시 논의한다.'), '메모.docx');
    for (const key of [nda, psa, none]) expect(await extracted(key)).toBe('DONE');
    const target = await createContract(t, manager, { title: '상호 비밀유지계약', contractType: 'NDA', files: [{ fileKey: nda, role: 'MAIN' }, { fileKey: psa }, { fileKey: none }] });

    const korean = await analyze(manager, { fileKey: nda, contractId: target.id });
    expect(korean.stored).toEqual({ contractId: target.id, labelCount: 13 });
    expect(korean.clauses.slice(0, 3).map((c) => [c.heading, c.label])).toEqual([['제1조 (목적)', 'PURPOSE'], ['제2조 (정의)', 'DEFINITIONS'], ['제3조 (비밀정보의 예외)', 'CONFIDENTIALITY']]);
    // Word's list numbers are in the text the clauses quote.
    expect(korean.clauses[1]!.text).toMatch(/\n1\. "공개자"란/);

    const english = await analyze(manager, { fileKey: psa, contractId: target.id });
    expect(english.clauses.map((c) => c.heading)).toEqual(['Effective Date', 'Rights in Deliverables', 'Governing Law', 'Courts']);
    expect(english.clauses.find((c) => c.heading === 'Governing Law')?.label).toBe('GOVERNING_LAW');

    // A document without articles: the run is stored, so the contract says "analysed, no clauses" instead of "not analysed".
    const empty = await analyze(manager, { fileKey: none, contractId: target.id });
    expect(empty.stored).toEqual({ contractId: target.id, labelCount: 0 });
    const res = await call(manager, 'GET', labelsUrl(target.id));
    expect(ContractClauseLabelsSchema.parse(res.json().data)).toMatchObject({ fileKey: none, revision: 1, engine: 'BUILT_IN', analyzedBy: { userId: manager.userId }, labels: [] });
    // Asked three times, an empty run is one activity entry.
    await analyze(manager, { fileKey: none, contractId: target.id });
    await analyze(manager, { fileKey: none, contractId: target.id });
    const runs = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.clauses_labelled')).orderBy(asc(auditEvents.id));
    expect(runs.filter((e) => (e.data as { contractId: number }).contractId === target.id).map((e) => (e.data as { labelCount: number }).labelCount)).toEqual([13, 4, 0]);
  });

  it('answers 401, 400 naming the field, 403 and 404 as the rules say, storing nothing', async () => {
    expect((await call(null, 'POST', ANALYZE, { fileKey: docxKey })).statusCode).toBe(401);
    const bad = async (body: Record<string, unknown>, field: string, who: Person = owner) => {
      const res = await call(who, 'POST', ANALYZE, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    };
    await bad({}, 'body.fileKey');
    await bad({ fileKey: 'not-a-key' }, 'body.fileKey');
    await bad({ fileKey: 'A'.repeat(22) }, 'body.fileKey');
    await bad({ fileKey: docxKey, revision: 0 }, 'body.revision');
    await bad({ fileKey: docxKey, revision: 7 }, 'body.revision');
    await bad({ fileKey: docxKey, contractId: 'x' }, 'body.contractId');
    // A file of the workspace that is not attached to the contract.
    await bad({ fileKey: txtKey, contractId: contract.id }, 'body.fileKey');

    const before = await labelRows(contract.id);
    // No contract permission at all: 403; a reader who cannot edit the contract: 403.
    expect((await call(noRole, 'POST', ANALYZE, { fileKey: docxKey })).statusCode).toBe(403);
    expect((await call(watcher, 'POST', ANALYZE, { fileKey: docxKey, contractId: contract.id })).statusCode).toBe(403);
    // Someone who cannot read the contract, and another tenant's admin: 404 for the contract, 400 for the file it cannot see.
    expect((await call(stranger, 'POST', ANALYZE, { fileKey: docxKey, contractId: contract.id })).json().code).toBe('ERROR_NOT_FOUND');
    const intruder = { ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) };
    expect((await call(intruder, 'POST', ANALYZE, { fileKey: docxKey, contractId: contract.id })).statusCode).toBe(404);
    const foreign = await call(intruder, 'POST', ANALYZE, { fileKey: docxKey });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['body.fileKey']);
    expect(await labelRows(contract.id)).toEqual(before);
  });

  it('answers 409 while the text is being extracted and after extraction failed', async () => {
    const key = await uploadFile(t, owner, Buffer.from('제1조 (목적) 이 계약은 시험용이다.', 'utf8'), 'pending.txt');
    await extracted(key);
    const [file] = await t.services.db.select({ id: files.id }).from(files).where(eq(files.fileKey, key));
    for (const [status, text] of [['PENDING', /아직 읽는 중/], ['FAILED', /읽지 못해/]] as const) {
      await t.services.db.update(fileRevisions).set({ extractionStatus: status, extractionError: status === 'FAILED' ? 'no text layer' : null }).where(eq(fileRevisions.fileId, file!.id));
      const res = await call(owner, 'POST', ANALYZE, { fileKey: key });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { extractionStatus: status } });
      expect(res.json().message).toMatch(text);
    }
  });
});

describe('clause labels of a contract: GET conhub clause-labels/v1 and DELETE alex labelClauseExtraction/v1', () => {
  it('answers 401, 400 on the path, 404 to those who cannot read it and 403 to readers deleting, changing nothing', async () => {
    await analyze(owner, { fileKey: docxKey, contractId: contract.id });
    const before = await labelRows(contract.id);
    expect(before.length).toBeGreaterThan(0);
    for (const [method, url] of [['GET', labelsUrl(contract.id)], ['DELETE', deleteUrl(contract.id)]] as const) {
      expect((await call(null, method, url)).statusCode).toBe(401);
      const bad = await call(owner, method, url.replace(String(contract.id), 'x'));
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual(['params.contractId']);
      const intruder = { ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) };
      for (const who of [stranger, intruder]) expect((await call(who, method, url)).statusCode, `${method} ${who.loginId}`).toBe(404);
      expect((await call(noRole, method, url)).statusCode).toBe(403);
    }
    expect((await call(watcher, 'DELETE', deleteUrl(contract.id))).statusCode).toBe(403);
    expect(await labelRows(contract.id)).toEqual(before);
  });

  it('deletes them (the count, then 0 the second time) with one audit event; an unanalysed contract answers empty', async () => {
    const count = (await labelRows(contract.id)).length;
    const res = await call(owner, 'DELETE', deleteUrl(contract.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ contractId: contract.id, deletedCount: count });
    expect(await labelRows(contract.id)).toEqual([]);
    expect((await call(owner, 'DELETE', deleteUrl(contract.id))).json().data).toEqual({ contractId: contract.id, deletedCount: 0 });
    const events = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'contract.clause_labels_deleted'), eq(auditEvents.actorUserId, owner.userId)));
    expect(events.map((e) => e.data)).toEqual([{ contractId: contract.id, deletedCount: count }]);
    const empty = await call(watcher, 'GET', labelsUrl(contract.id));
    // The run is forgotten with its labels: the contract reads as never analysed.
    expect(empty.json().data).toEqual({ contractId: contract.id, fileKey: null, revision: null, engine: null, analyzedAt: null, analyzedBy: null, labels: [] });
  });
});
