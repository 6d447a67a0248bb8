import { ContractDetailSchema, type StandardFormDetail, StandardFormDetailSchema, TemplateDetailSchema, TemplateDiffSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/harness';
import { contractCount as countContracts, type Method, type Person } from '../contracts/contracts.test-support';
import { fileRevisions, files } from '../files';
import { hwpxParagraph as p, hwpxRun as run, hwpxSections } from '../files/files.test-support';
import { BASE, createForm, formBody, formCast, formState } from './standard-forms.test-support';

// HWPX (Hangul) templates end to end: upload, versions, preview, blank form, drafting a contract
// whose main document is the rendered HWPX, and the clear refusal of PDF (LibreOffice cannot read
// HWPX). The engine's own cases are in templating/hwpx-xml.test.ts.

const cast = await formCast();
const { t, wsA, writer, requester } = cast;
afterAll(() => t.close());

const HWPX_CT = 'application/hwp+zip';

const call = (who: Person, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = async (who: Person, method: Method, url: string, payload?: unknown) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

/** A 용역계약서 as Hangul saves it: markers split across runs and <hp:t> nodes, and an optional clause in paragraphs of its own. */
function hangulServiceTemplate(extra: string[] = []): Promise<Buffer> {
  return hwpxSections([
    p([run('{{계약명}}')]),
    p([run('제1조 (목적) 갑과 {{상'), run('대', 1), run('방}}은 다음과 같이 용역계약을 체결한다.')]),
    p(['<hp:run charPrIDRef="0"><hp:t>제2조 (대금) 용역대금은 {{금</hp:t><hp:t>액}}으로 한다.</hp:t></hp:run>']),
    p([run('{{#비밀유지}}')]),
    p([run('제3조 (비밀유지) 양 당사자는 상대방의 비밀을 누설하지 아니한다.')]),
    p([run('{{/비밀유지}}')]),
    ...extra,
  ]);
}

const hwpxFile = async (extra: string[] = []) => ({ bytes: await hangulServiceTemplate(extra), name: '용역계약서.hwpx' });
const sectionOf = (bytes: Buffer) => new PizZip(bytes).file('Contents/section0.xml')!.asText();

async function uploadVersion(id: number, version: number, bytes: Buffer, name = '개정.hwpx') {
  const body = formBody({ version: String(version) }, { bytes, name });
  return t.app.inject({ method: 'POST', url: `${BASE}/${id}/templates/v1`, headers: { ...writer.headers, ...body.headers }, payload: body.payload });
}

describe('standard forms: HWPX templates', () => {
  let form: StandardFormDetail;
  beforeAll(async () => {
    form = await createForm(t, writer, { title: '한글 용역계약서', activeStatus: 'ACTIVE' }, await hwpxFile());
  });

  it('accepts a HWPX template: version 1 is HWPX, its markers (split by Hangul) become the configs, its text is read', async () => {
    expect(form.latest).toMatchObject({ version: 1, fileFormat: 'HWPX', fileName: '용역계약서.hwpx', source: 'UPLOAD' });
    expect(form.variables.map((v) => [v.key, v.type])).toEqual([['계약명', 'TEXT'], ['상대방', 'TEXT'], ['금액', 'TEXT'], ['비밀유지', 'OPTIONAL_CLAUSE']]);
    const latest = TemplateDetailSchema.parse(await ok(writer, 'GET', `${BASE}/${form.standardFormId}/templates/latest/v1`));
    expect(latest.text.split('\n')).toContain('제1조 (목적) 갑과 {{상대방}}은 다음과 같이 용역계약을 체결한다.');
    const original = await call(writer, 'GET', `${BASE}/${form.standardFormId}/templates/download/ORIGINAL/v1`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe(HWPX_CT);
    expect(sectionOf(original.rawPayload)).toBe(sectionOf((await hwpxFile()).bytes));
    expect((await call(writer, 'GET', `${BASE}/${form.standardFormId}/templates/download/ORIGINAL/v1?format=DOCX`)).statusCode).toBe(400);
  });

  it('refuses a HWPX whose markers do not parse (400 ERROR_TEMPLATE_INVALID with the problems), the form unchanged', async () => {
    const before = await formState(t, form.standardFormId);
    const res = await uploadVersion(form.standardFormId, form.version, await hwpxSections([p([run('제1조 {{상대방 은')]), p([run('{{#특약}}')])]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('ERROR_TEMPLATE_INVALID');
    expect(res.json().data.problems.join('\n')).toMatch(/\{\{상대방/);
    expect(await formState(t, form.standardFormId)).toEqual(before);
  });

  it('keeps versions, rollback, redline and copies in HWPX', async () => {
    const res = await uploadVersion(form.standardFormId, form.version, await hangulServiceTemplate([p([run('제4조 (관할) 서울중앙지방법원으로 한다.')])]));
    expect(res.statusCode, res.body).toBe(200);
    let detail = StandardFormDetailSchema.parse(res.json().data);
    expect(detail.latestVersion).toBe(2);
    const diff = TemplateDiffSchema.parse(await ok(writer, 'GET', `${BASE}/${form.standardFormId}/templates/diff/v1?from=1&to=2`));
    expect(diff.paragraphs.filter((d) => d.op === 'INSERT').map((d) => d.segments.map((segment) => segment.text).join(''))).toEqual(['제4조 (관할) 서울중앙지방법원으로 한다.']);
    detail = StandardFormDetailSchema.parse(await ok(writer, 'PUT', `${BASE}/${form.standardFormId}/templates/rollback/v1`, { targetVersion: 1, version: detail.version }));
    expect(detail.latest).toMatchObject({ version: 3, source: 'ROLLBACK', fileFormat: 'HWPX', rolledBackFrom: 1 });
    const copy = StandardFormDetailSchema.parse(await ok(writer, 'POST', `${BASE}/${form.standardFormId}/copy/v1`, {}));
    expect(copy.latest).toMatchObject({ source: 'COPY', fileFormat: 'HWPX' });
    const copied = await call(writer, 'GET', `${BASE}/${copy.standardFormId}/templates/download/ORIGINAL/v1`);
    expect(copied.headers['content-type']).toBe(HWPX_CT);
    expect(sectionOf(copied.rawPayload)).toContain('{{#비밀유지}}');
    form = detail;
  });

  it('previews as HWPX with the values, gives the blank form as HWPX, and refuses PDF and DOCX with a clear 415', async () => {
    const url = `${BASE}/${form.standardFormId}/templates/download/by-json/v1`;
    const preview = await call(requester, 'POST', url, { values: { 상대방: '주식회사 한빛', 비밀유지: false } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe(HWPX_CT);
    expect(preview.headers['content-disposition']).toContain('.hwpx');
    const xml = sectionOf(preview.rawPayload);
    expect(xml).toContain('갑과 주식회사 한빛');
    expect(xml).not.toContain('비밀유지');
    const cleaned = await call(requester, 'GET', `${BASE}/${form.standardFormId}/templates/download/CLEANED/v1`);
    expect(cleaned.statusCode).toBe(200);
    expect(cleaned.headers['content-type']).toBe(HWPX_CT);
    expect(sectionOf(cleaned.rawPayload)).not.toContain('{{');
    for (const res of [
      await call(requester, 'POST', url, { values: {}, fileFormat: 'PDF' }),
      await call(requester, 'GET', `${BASE}/${form.standardFormId}/templates/download/CLEANED/v1?format=PDF`),
    ]) {
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ code: 'ERROR_UNSUPPORTED_FILE_TYPE', data: { reason: 'HWPX_PDF_UNSUPPORTED' } });
      expect(res.json().message).toMatch(/PDF/);
    }
    const docx = await call(requester, 'POST', url, { values: {}, fileFormat: 'DOCX' });
    expect(docx.statusCode).toBe(415);
    expect(docx.json().data.reason).toBe('FORMAT_MISMATCH');
  });

  it('drafts a contract whose main document is the rendered HWPX, Korean text preserved; PDF refused with nothing created', async () => {
    const values = { 계약명: '한빛 시스템 구축 용역계약서', 상대방: '주식회사 누리소프트', 금액: '금 일천오백만원', 비밀유지: true };
    const before = await countContracts(t, wsA);
    const pdf = await call(requester, 'POST', '/api/conhub/contracts/by-standard-form/v3', { standardFormId: form.standardFormId, templateVersion: form.latestVersion, values, fileFormat: 'PDF' });
    expect(pdf.statusCode, pdf.body).toBe(415);
    expect(pdf.json().data.reason).toBe('HWPX_PDF_UNSUPPORTED');
    expect(await countContracts(t, wsA)).toBe(before);

    const created = ContractDetailSchema.parse(await ok(requester, 'POST', '/api/conhub/contracts/by-standard-form/v3', { standardFormId: form.standardFormId, templateVersion: form.latestVersion, values }));
    const doc = await waitFor(async () => {
      const d = (await call(requester, 'GET', `/api/conhub/contracts/${created.id}/documents/v1`)).json().data;
      return d?.extraction?.status === 'DONE' ? d : null;
    });
    expect(doc).toMatchObject({ revision: 1, fileType: 'hwpx', displayName: `${created.title}.hwpx` });
    const [text] = await t.services.db.select({ text: fileRevisions.extractedText }).from(fileRevisions).innerJoin(files, eq(files.id, fileRevisions.fileId)).where(and(eq(files.fileKey, doc.fileKey), eq(fileRevisions.revision, 1)));
    expect(text?.text).toContain('제1조 (목적) 갑과 주식회사 누리소프트은 다음과 같이 용역계약을 체결한다.');
    expect(text?.text).toContain('용역대금은 금 일천오백만원으로 한다.');
    expect(text?.text).toContain('제3조 (비밀유지)');
    expect(text?.text).not.toContain('{{');
  });
});
