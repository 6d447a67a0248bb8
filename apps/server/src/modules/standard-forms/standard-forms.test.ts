import { ContractDetailSchema, type StandardFormDetail, StandardFormDetailSchema, StandardFormPageSchema, TemplateDetailSchema, TemplateVersionSchema, VariableConfigSchema } from '@legal/api';
import { and, asc, count, eq } from 'drizzle-orm';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { waitFor } from '../../test/harness';
import { workspaceHeaders } from '../auth/auth.test-support';
import { contractCount as countContracts, fieldsOf, type Method, type Person } from '../contracts/contracts.test-support';
import { fileRevisions, files, workspaceStorage } from '../files';
import { hwpx } from '../files/files.test-support';
import { BASE, createForm, formBody, formCast, formState, serviceTemplate, wordFile } from './standard-forms.test-support';
import { standardFormContractLinks, standardForms, standardFormVersions } from './standard-forms.table';

const cast = await formCast();
const { t, wsA, wsB, writer, requester, reader, lawyer, outsider } = cast;
afterAll(() => t.close());

type Who = Person | { headers: Record<string, string> } | null;
const call = (who: Who, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? who.headers : workspaceHeaders(wsA), ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = async (who: Who, method: Method, url: string, payload?: unknown) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const detail = async (who: Who, id: number) => StandardFormDetailSchema.parse(await ok(who, 'GET', `${BASE}/${id}/v1`));

/** Configs for drafting: mapped, typed. */
async function typedConfigs(form: StandardFormDetail) {
  const base = form.variables;
  const byKey = (key: string) => base.find((v) => v.key === key)!;
  const variables = [
    { ...byKey('계약명'), mapsTo: 'TITLE' },
    { ...byKey('상대방'), type: 'PARTY', mapsTo: 'COUNTERPARTY_NAME' },
    { ...byKey('금액'), type: 'AMOUNT', mapsTo: 'AMOUNT' },
    { ...byKey('시작일'), type: 'DATE', mapsTo: 'START_DATE' },
    { ...byKey('종료일'), type: 'DATE', mapsTo: 'END_DATE' },
    byKey('비밀유지'),
  ];
  return ok(writer, 'PUT', `${BASE}/${form.standardFormId}/template/configs/v1`, { version: form.version, variables });
}

async function upload(who: Who, id: number, fields: Record<string, string>, bytes: Buffer, name = '개정.docx') {
  const body = formBody(fields, { bytes, name });
  return t.app.inject({ method: 'POST', url: `${BASE}/${id}/templates/v1`, headers: { ...(who?.headers ?? {}), ...body.headers }, payload: body.payload });
}

describe('standard forms: the route matrix', () => {
  let form: StandardFormDetail;
  let routes: Array<{ method: Method; url: () => string; body?: () => unknown; bad: () => [string, unknown, string]; isWrite: boolean }>;
  beforeAll(async () => {
    form = await createForm(t, writer, { activeStatus: 'ACTIVE', title: '매트릭스 용역계약서' });
    await ok(writer, 'POST', `${BASE}/${form.standardFormId}/bookmarks/v1`);
    const id = () => form.standardFormId;
    const url = (rest: string) => `${BASE}/${id()}${rest}`;
    routes = [
      { method: 'GET', url: () => `${BASE}/v3`, bad: () => [`${BASE}/v3?size=0`, undefined, 'query.size'], isWrite: false },
      { method: 'GET', url: () => `${BASE}/active/v2`, bad: () => [`${BASE}/active/v2?page=-1`, undefined, 'query.page'], isWrite: false },
      { method: 'GET', url: () => url('/v1'), bad: () => [`${BASE}/x/v1`, undefined, 'params.standardFormId'], isWrite: false },
      { method: 'GET', url: () => url('/templates/v1'), bad: () => [`${BASE}/0/templates/v1`, undefined, 'params.standardFormId'], isWrite: false },
      { method: 'GET', url: () => url('/templates/latest/v1'), bad: () => [`${BASE}/-1/templates/latest/v1`, undefined, 'params.standardFormId'], isWrite: false },
      { method: 'GET', url: () => url('/templates/version/1/v1'), bad: () => [url('/templates/version/x/v1'), undefined, 'params.version'], isWrite: false },
      { method: 'GET', url: () => url('/template/configs/v2'), bad: () => [url('/template/configs/v2?type=OTHER'), undefined, 'query.type'], isWrite: false },
      { method: 'GET', url: () => url('/templates/download/ORIGINAL/v1'), bad: () => [url('/templates/download/cleaned/v1'), undefined, 'params.downloadType'], isWrite: false },
      { method: 'POST', url: () => url('/templates/download/by-json/v1'), body: () => ({ values: { 상대방: '주식회사 가나' } }), bad: () => [url('/templates/download/by-json/v1'), { saveMode: 'LATER' }, 'body.saveMode'], isWrite: false },
      { method: 'POST', url: () => url('/bookmarks/v1'), bad: () => [`${BASE}/x/bookmarks/v1`, undefined, 'params.standardFormId'], isWrite: false },
      { method: 'PUT', url: () => url('/v1'), body: () => ({ title: '매트릭스 용역계약서 (개정)', contractType: 'SERVICE', language: 'ko', version: form.version }), bad: () => [url('/v1'), { title: '', contractType: 'SERVICE', version: form.version }, 'body.title'], isWrite: true },
      { method: 'PUT', url: () => url('/active-status/v1'), body: () => ({ activeStatus: 'ACTIVE', version: form.version }), bad: () => [url('/active-status/v1'), { activeStatus: 'ON', version: form.version }, 'body.activeStatus'], isWrite: true },
      { method: 'POST', url: () => url('/copy/v1'), body: () => ({}), bad: () => [url('/copy/v1'), { title: '' }, 'body.title'], isWrite: true },
      { method: 'PUT', url: () => url('/templates/rollback/v1'), body: () => ({ targetVersion: 1, version: form.version }), bad: () => [url('/templates/rollback/v1'), { targetVersion: 0, version: form.version }, 'body.targetVersion'], isWrite: true },
      { method: 'PUT', url: () => url('/template/configs/v1'), body: () => ({ version: form.version, variables: form.variables }), bad: () => [url('/template/configs/v1'), { version: form.version }, 'body.variables'], isWrite: true },
    ];
  });

  it('401 without a session', async () => {
    for (const r of routes) {
      const res = await call(null, r.method, r.url(), r.body?.());
      expect(res.statusCode, `${r.method} ${r.url()}`).toBe(401);
    }
  });

  it('400 naming the field', async () => {
    for (const r of routes) {
      const [url, body, field] = r.bad();
      const res = await call(writer, r.method, url, body);
      expect(res.statusCode, `${r.method} ${url}: ${res.body}`).toBe(400);
      expect(fieldsOf(res), `${r.method} ${url}`).toContain(field);
    }
  });

  it('404 for another workspace\'s form, with nothing changed', async () => {
    const before = await formState(t, form.standardFormId);
    for (const r of routes.filter((x) => x.url().includes(`/${form.standardFormId}/`))) {
      const res = await call(outsider, r.method, r.url(), r.body?.());
      expect(res.statusCode, `${r.method} ${r.url()}: ${res.body}`).toBe(404);
    }
    expect(await formState(t, form.standardFormId)).toEqual(before);
  });

  it('403 without the permission: no form permission at all, and requesters on writes', async () => {
    const before = await formState(t, form.standardFormId);
    for (const r of routes) {
      const res = await call(lawyer, r.method, r.url(), r.body?.());
      expect(res.statusCode, `${r.method} ${r.url()}: ${res.body}`).toBe(403);
      if (r.isWrite) expect((await call(requester, r.method, r.url(), r.body?.())).statusCode, `${r.method} ${r.url()}`).toBe(403);
    }
    expect(await formState(t, form.standardFormId)).toEqual(before);
  });

  it('the happy paths', async () => {
    for (const r of routes) {
      if (r.method === 'PUT' && r.url().endsWith('/templates/rollback/v1')) continue; // below, with a second version
      const res = await call(r.isWrite ? writer : requester, r.method, r.url(), r.body?.());
      expect(res.statusCode, `${r.method} ${r.url()}: ${res.body}`).toBe(200);
      form = await detail(writer, form.standardFormId);
    }
  });

  it('409 on a stale record version, nothing changed', async () => {
    const stale = form.version - 1;
    const before = await formState(t, form.standardFormId);
    const attempts: Array<[Method, string, unknown]> = [
      ['PUT', `${BASE}/${form.standardFormId}/v2`, { title: '늦은 수정', contractType: 'SERVICE', version: stale }],
      ['PUT', `${BASE}/${form.standardFormId}/active-status/v1`, { activeStatus: 'INACTIVE', version: stale }],
      ['PUT', `${BASE}/${form.standardFormId}/template/configs/v1`, { version: stale, variables: form.variables }],
      ['PUT', `${BASE}/${form.standardFormId}/templates/rollback/v1`, { targetVersion: 1, version: stale }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(writer, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(409);
      expect(res.json().code).toBe('ERROR_CONFLICT');
    }
    const res = await upload(writer, form.standardFormId, { version: String(stale) }, await serviceTemplate());
    expect(res.statusCode, res.body).toBe(409);
    expect(await formState(t, form.standardFormId)).toEqual(before);
  });
});

describe('standard forms: create', () => {
  it('refuses a template neither DOCX nor HWPX (415), a broken marker (400 ERROR_TEMPLATE_INVALID) and bad fields (400), storing nothing', async () => {
    const before = (await t.services.db.select({ n: count() }).from(standardForms))[0]!.n;
    const send = (fields: Record<string, string>, bytes: Buffer, name: string) => {
      const body = formBody({ title: '거절', contractType: 'SERVICE', ...fields }, { bytes, name });
      return t.app.inject({ method: 'POST', url: `${BASE}/v1`, headers: { ...writer.headers, ...body.headers }, payload: body.payload });
    };
    const pdf = await send({}, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), '서식.pdf');
    expect(pdf.statusCode, pdf.body).toBe(415);
    expect(pdf.json().data.reason).toBe('NOT_A_TEMPLATE');
    const broken = await send({}, await wordFile('제1조 {{상대방 은 다음과 같다.'), '깨진.docx');
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().code).toBe('ERROR_TEMPLATE_INVALID');
    expect(broken.json().data.problems.length).toBeGreaterThan(0);
    const badType = await send({ contractType: 'NOPE' }, await serviceTemplate(), '서식.docx');
    expect(badType.statusCode).toBe(400);
    expect(fieldsOf(badType)).toContain('body.contractType');
    const after = (await t.services.db.select({ n: count() }).from(standardForms))[0]!.n;
    expect(after).toBe(before);
  });

  it('accepts HWPX templates (standard-forms.hwpx.test.ts goes further)', async () => {
    const form = await createForm(t, writer, { title: '한글 서식' }, { bytes: await hwpx('제1조 {{상대방}}'), name: '서식.hwpx' });
    expect(form.latest).toMatchObject({ version: 1, fileFormat: 'HWPX' });
    expect(form.variables.map((v) => v.key)).toEqual(['상대방']);
  });

  it('refuses uploads past the workspace quota (nothing stored)', async () => {
    const countForms = async () => (await t.services.db.select({ n: count() }).from(standardForms))[0]!.n;
    const countVersions = async () => (await t.services.db.select({ n: count() }).from(standardFormVersions))[0]!.n;
    const [formsBefore, versionsBefore] = [await countForms(), await countVersions()];
    const scope = and(eq(workspaceStorage.tenantId, wsA.tenantId), eq(workspaceStorage.workspaceId, wsA.workspaceId));
    await t.services.db.insert(workspaceStorage).values({ tenantId: wsA.tenantId, workspaceId: wsA.workspaceId }).onConflictDoNothing();
    const [usage] = await t.services.db.select().from(workspaceStorage).where(scope);
    await t.services.db.update(workspaceStorage).set({ quotaBytes: usage!.usedBytes + 10 }).where(scope);
    try {
      const full = formBody({ title: '한도 초과', contractType: 'SERVICE' }, { bytes: await serviceTemplate(), name: 'a.docx' });
      const res = await t.app.inject({ method: 'POST', url: `${BASE}/v1`, headers: { ...writer.headers, ...full.headers }, payload: full.payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('ERROR_EXCEEDED_STORAGE_LIMIT');
    } finally {
      await t.services.db.update(workspaceStorage).set({ quotaBytes: usage!.quotaBytes }).where(scope);
    }
    expect(await countForms()).toBe(formsBefore);
    expect(await countVersions()).toBe(versionsBefore);
  });

  it('v2 takes attachments; requesters see them on ACTIVE forms only', async () => {
    const body = formBody({ title: '첨부 서식', contractType: 'NDA' }, { bytes: await serviceTemplate(), name: '비밀유지.docx' }, [
      { bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), name: '작성 안내.pdf' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/v2`, headers: { ...writer.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const form = StandardFormDetailSchema.parse(res.json().data);
    expect(form.activeStatus).toBe('INACTIVE');
    expect(form.attachments.map((a) => a.fileName)).toEqual(['작성 안내.pdf']);
    const attachmentUrl = `${BASE}/${form.standardFormId}/attachments/${form.attachments[0]!.standardFormAttachmentId}/v1`;
    expect((await call(requester, 'GET', attachmentUrl)).statusCode).toBe(404);
    expect((await call(requester, 'GET', `${BASE}/${form.standardFormId}/v1`)).statusCode).toBe(404);
    await ok(writer, 'PUT', `${BASE}/${form.standardFormId}/active-status/v1`, { activeStatus: 'ACTIVE', version: form.version });
    const download = await call(requester, 'GET', attachmentUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''");
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(outsider, 'GET', attachmentUrl)).statusCode).toBe(404);
  });

  it('keeps at most 10 attachments (409 past it) and deletes one', async () => {
    const form = await createForm(t, writer, { title: '첨부 한도' });
    const pdf = (i: number) => ({ bytes: Buffer.from(`%PDF-1.4\n% ${i}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF`), name: `별첨${i}.pdf` });
    const add = (n: number, from: number) => {
      const body = formBody({}, null, []);
      void body;
      const parts = Array.from({ length: n }, (_, i) => pdf(from + i));
      const m = formBody({}, null, parts.map((p) => ({ ...p })));
      // the attachments route takes parts named `file`
      const payload = Buffer.from(m.payload.toString('latin1').replaceAll('name="attachments"', 'name="file"'), 'latin1');
      return t.app.inject({ method: 'POST', url: `${BASE}/${form.standardFormId}/attachments/v1`, headers: { ...writer.headers, ...m.headers }, payload });
    };
    const first = await add(9, 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toHaveLength(9);
    const tooMany = await add(2, 10);
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect((await detail(writer, form.standardFormId)).attachments).toHaveLength(9);
    const last = await add(1, 10);
    expect(last.statusCode).toBe(200);
    const attachments = (await detail(writer, form.standardFormId)).attachments;
    expect(attachments).toHaveLength(10);
    expect((await call(requester, 'DELETE', `${BASE}/${form.standardFormId}/attachments/${attachments[0]!.standardFormAttachmentId}/v1`)).statusCode).toBe(403);
    await ok(writer, 'DELETE', `${BASE}/${form.standardFormId}/attachments/${attachments[0]!.standardFormAttachmentId}/v1`);
    expect((await detail(writer, form.standardFormId)).attachments).toHaveLength(9);
  });
});

describe('standard forms: versions', () => {
  it('uploads versions, keeps configs by key, rolls back without losing any version', async () => {
    const form = await createForm(t, writer, { title: '버전 서식', activeStatus: 'ACTIVE' });
    await typedConfigs(form);
    let current = await detail(writer, form.standardFormId);
    const second = await upload(writer, form.standardFormId, { version: String(current.version), comment: '제5조 추가' }, await serviceTemplate(['제5조 (관할) 분쟁은 {{관할법원}}을 관할 법원으로 한다.']));
    expect(second.statusCode, second.body).toBe(200);
    current = StandardFormDetailSchema.parse(second.json().data);
    expect(current.latestVersion).toBe(2);
    expect(current.variables.find((v) => v.key === '금액')?.type).toBe('AMOUNT');
    expect(current.variables.find((v) => v.key === '관할법원')).toMatchObject({ type: 'TEXT', label: { ko: '관할법원', en: '관할법원' } });

    const rolled = StandardFormDetailSchema.parse(await ok(writer, 'PUT', `${BASE}/${form.standardFormId}/templates/rollback/v1`, { targetVersion: 1, version: current.version, comment: '되돌림' }));
    expect(rolled.latestVersion).toBe(3);
    expect(rolled.latest).toMatchObject({ version: 3, source: 'ROLLBACK', rolledBackFrom: 1 });
    expect(rolled.variables.some((v) => v.key === '관할법원')).toBe(false);
    const versions = TemplateVersionSchema.array().parse(await ok(requester, 'GET', `${BASE}/${form.standardFormId}/templates/v1`)).map((v) => [v.version, v.source]);
    expect(versions).toEqual([[3, 'ROLLBACK'], [2, 'UPLOAD'], [1, 'UPLOAD']]);
    const v2 = TemplateDetailSchema.parse(await ok(requester, 'GET', `${BASE}/${form.standardFormId}/templates/version/2/v1`));
    expect(v2.text).toContain('{{관할법원}}');
    expect((await call(requester, 'GET', `${BASE}/${form.standardFormId}/templates/version/9/v1`)).statusCode).toBe(404);
    const same = await call(writer, 'PUT', `${BASE}/${form.standardFormId}/templates/rollback/v1`, { targetVersion: 3, version: rolled.version });
    expect(same.statusCode).toBe(400);
    expect(fieldsOf(same)).toContain('body.targetVersion');
    // In the order they were written (without ORDER BY PostgreSQL may answer them in any order).
    const events = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'standard_form.version_added')).orderBy(asc(auditEvents.id));
    expect(events.filter((e) => (e.data as { standardFormId: number }).standardFormId === form.standardFormId).map((e) => (e.data as { source: string }).source)).toEqual(['UPLOAD', 'ROLLBACK']);
  });

  it('refuses configs that do not match the markers (400 naming the keys)', async () => {
    const form = await createForm(t, writer, { title: '설정 서식', activeStatus: 'ACTIVE' });
    const missing = await call(writer, 'PUT', `${BASE}/${form.standardFormId}/template/configs/v1`, { version: form.version, variables: form.variables.slice(1) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fieldErrors[0].reason).toContain('계약명');
    const wrongKind = form.variables.map((v) => (v.key === '비밀유지' ? { ...v, type: 'TEXT' } : v));
    const kind = await call(writer, 'PUT', `${BASE}/${form.standardFormId}/template/configs/v1`, { version: form.version, variables: wrongKind });
    expect(kind.statusCode).toBe(400);
    expect(fieldsOf(kind)).toContain('body.variables.5.type');
    const configs = VariableConfigSchema.array().parse(await ok(requester, 'GET', `${BASE}/${form.standardFormId}/template/configs/v3?type=DRAFTING`));
    expect(configs.map((c) => c.key)).toEqual(form.variables.map((v) => v.key));
  });

  it('renders a preview and the blank form; the original is the upload', async () => {
    const form = await createForm(t, writer, { title: '미리보기 서식', activeStatus: 'ACTIVE' });
    const res = await call(requester, 'POST', `${BASE}/${form.standardFormId}/templates/download/by-json/v1`, { values: { 상대방: '주식회사 가나다', 비밀유지: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('.docx');
    const text = (await mammoth.extractRawText({ buffer: res.rawPayload })).value;
    expect(text).toContain('갑과 주식회사 가나다은');
    expect(text).not.toContain('비밀유지) 양 당사자');
    expect(text).not.toContain('{{');
    const bad = await call(requester, 'POST', `${BASE}/${form.standardFormId}/templates/download/by-json/v1`, { values: { 없는변수: 'x', 비밀유지: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.map((f: { path: string }) => f.path).sort()).toEqual(['values.비밀유지', 'values.없는변수']);
    const cleaned = await call(requester, 'GET', `${BASE}/${form.standardFormId}/templates/download/CLEANED/v1`);
    expect(cleaned.statusCode).toBe(200);
    const blank = (await mammoth.extractRawText({ buffer: cleaned.rawPayload })).value;
    expect(blank).not.toContain('{{');
    expect(blank).toContain('비밀유지) 양 당사자');
    const original = await call(requester, 'GET', `${BASE}/${form.standardFormId}/templates/download/ORIGINAL/v1`);
    expect((await mammoth.extractRawText({ buffer: original.rawPayload })).value).toContain('{{상대방}}');
    const saved = await call(requester, 'POST', `${BASE}/${form.standardFormId}/templates/download/by-json/v1`, { values: { 상대방: '주식회사 저장' }, saveMode: 'SAVE_AS_FILE', fileName: '저장본' });
    expect(saved.statusCode, saved.body).toBe(200);
    const fileKey = saved.headers['x-file-key'] as string;
    const [file] = await t.services.db.select().from(files).where(eq(files.fileKey, fileKey));
    expect(file).toMatchObject({ displayName: '저장본.docx', uploadedByUserId: requester.userId, workspaceId: wsA.workspaceId });
  });
});

describe('standard forms: drafting a contract', () => {
  let form: StandardFormDetail;
  beforeAll(async () => {
    form = await createForm(t, writer, { title: '용역계약서 (기안)', activeStatus: 'ACTIVE' });
    await typedConfigs(form);
    form = await detail(writer, form.standardFormId);
  });
  const values = {
    계약명: '한빛 시스템 구축 용역계약서',
    상대방: { name: '주식회사 누리소프트', representative: '이누리' },
    금액: { amount: '15000000', currency: 'KRW' },
    시작일: '2026-12-01',
    종료일: '2027-11-30',
    비밀유지: true,
  };
  const contractCount = () => countContracts(t, wsA);

  it('creates the contract with mapped fields and the rendered main document (Korean preserved), its workflow started', async () => {
    const created = ContractDetailSchema.parse(await ok(requester, 'POST', '/api/conhub/contracts/by-standard-form/v3', { standardFormId: form.standardFormId, templateVersion: form.latestVersion, values, workflowPresetType: 'LEGAL_REVIEW' }));
    // IN_REVIEW: the LEGAL_REVIEW preset asked for started in the same transaction (below).
    expect(created).toMatchObject({ title: '한빛 시스템 구축 용역계약서', status: 'IN_REVIEW', contractType: 'SERVICE', startDate: '2026-12-01', endDate: '2027-11-30', currency: 'KRW' });
    expect(Number(created.amount)).toBe(15000000);
    expect(created.counterparties.map((c) => c.name)).toEqual(['주식회사 누리소프트']);
    const [link] = await t.services.db.select().from(standardFormContractLinks).where(eq(standardFormContractLinks.contractId, created.id));
    expect(link).toMatchObject({ formId: form.standardFormId, templateVersion: form.latestVersion, workflowPresetType: 'LEGAL_REVIEW', workspaceId: wsA.workspaceId });
    const doc = await waitFor(async () => {
      const d = (await call(requester, 'GET', `/api/conhub/contracts/${created.id}/documents/v1`)).json().data;
      return d?.extraction?.status === 'DONE' ? d : null;
    });
    expect(doc.revision).toBe(1);
    const [text] = await t.services.db.select({ text: fileRevisions.extractedText }).from(fileRevisions).innerJoin(files, eq(files.id, fileRevisions.fileId)).where(and(eq(files.fileKey, doc.fileKey), eq(fileRevisions.revision, 1)));
    expect(text?.text).toContain('주식회사 누리소프트');
    expect(text?.text).toContain('금 15,000,000원');
    expect(text?.text).toContain('2026년 12월 1일');
    expect(text?.text).toContain('제4조 (비밀유지)');
    expect(text?.text).not.toContain('{{');
    // The preset asked for is started on the new contract, the drafter as its requester.
    const workflow = (await ok(requester, 'GET', `/api/conhub/contracts/${created.id}/workflows/current/v1`)) as { presetType: string; processStatus: string; requester: { userId: number } };
    expect(workflow).toMatchObject({ presetType: 'LEGAL_REVIEW', requester: { userId: requester.userId } });
  });

  it('400 naming every bad value, nothing created', async () => {
    const before = await contractCount();
    const res = await call(requester, 'POST', '/api/conhub/contracts/by-standard-form/v3', {
      standardFormId: form.standardFormId, templateVersion: form.latestVersion, values: { 계약명: '제목', 금액: '많이', 시작일: '2026-13-01', 모르는값: 'x' },
    });
    expect(res.statusCode, res.body).toBe(400);
    const paths = res.json().data.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(['values.금액', 'values.모르는값', 'values.상대방', 'values.시작일', 'values.종료일'].sort());
    expect(await contractCount()).toBe(before);
  });

  it('403 without contract write or form read, 404 across workspaces, nothing created', async () => {
    const before = await contractCount();
    const body = { standardFormId: form.standardFormId, templateVersion: form.latestVersion, values };
    expect((await call(reader, 'POST', '/api/conhub/contracts/by-standard-form/v3', body)).statusCode).toBe(403);
    expect((await call(lawyer, 'POST', '/api/conhub/contracts/by-standard-form/v3', body)).statusCode).toBe(403);
    expect((await call(outsider, 'POST', '/api/conhub/contracts/by-standard-form/v3', body)).statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/conhub/contracts/by-standard-form/v3', body)).statusCode).toBe(401);
    expect(await contractCount()).toBe(before);
  });

  it('409 for a superseded template version and for a deactivated form', async () => {
    const before = await contractCount();
    let current = await detail(writer, form.standardFormId);
    const newer = await upload(writer, form.standardFormId, { version: String(current.version) }, await serviceTemplate(['제9조 (기타) 추가 조항.']));
    expect(newer.statusCode, newer.body).toBe(200);
    const stale = await call(requester, 'POST', '/api/conhub/contracts/by-standard-form/v3', { standardFormId: form.standardFormId, templateVersion: 1, values });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toMatchObject({ reason: 'STALE_TEMPLATE_VERSION', latestVersion: 2 });
    current = await detail(writer, form.standardFormId);
    await ok(writer, 'PUT', `${BASE}/${form.standardFormId}/active-status/v1`, { activeStatus: 'INACTIVE', version: current.version });
    const inactive = await call(writer, 'POST', '/api/conhub/contracts/by-standard-form/v3', { standardFormId: form.standardFormId, templateVersion: 2, values });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().data.reason).toBe('FORM_INACTIVE');
    expect((await call(requester, 'POST', '/api/conhub/contracts/by-standard-form/v3', { standardFormId: form.standardFormId, templateVersion: 2, values })).statusCode).toBe(404);
    expect(await contractCount()).toBe(before);
  });

  it('by-file/v3: a contract whose main document is the file, its workflow started', async () => {
    const bytes = await wordFile('물품공급계약서', '제1조 (목적) 공급자는 물품을 공급한다.');
    const up = formBody({}, { bytes, name: '물품공급계약서.docx' });
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/arxive/files/v2', headers: { ...requester.headers, ...up.headers }, payload: up.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileKey = uploaded.json().data.fileKey as string;
    const bad = await call(requester, 'POST', '/api/conhub/contracts/by-file/v3', { fileKey: 'nope', contractType: 'SUPPLY' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('body.fileKey');
    expect((await call(outsider, 'POST', '/api/conhub/contracts/by-file/v3', { fileKey, contractType: 'SUPPLY' })).statusCode).toBe(400);
    const created = ContractDetailSchema.parse(await ok(requester, 'POST', '/api/conhub/contracts/by-file/v3', { fileKey, contractType: 'SUPPLY', workflowPresetType: 'APPROVAL' }));
    expect(created).toMatchObject({ title: '물품공급계약서', status: 'IN_REVIEW', contractType: 'SUPPLY' });
    const [link] = await t.services.db.select().from(standardFormContractLinks).where(eq(standardFormContractLinks.contractId, created.id));
    expect(link).toMatchObject({ formId: null, workflowPresetType: 'APPROVAL' });
    expect(await ok(requester, 'GET', `/api/conhub/contracts/${created.id}/workflows/current/v1`)).toMatchObject({ presetType: 'APPROVAL', currentStepCode: 'APPROVAL' });
    const paragraphs = await waitFor(async () => {
      const res = await call(requester, 'GET', `/api/conhub/documents/by-file/v2?fileKey=${fileKey}`);
      return res.statusCode === 200 ? res.json().data.paragraphs : null;
    });
    expect(paragraphs).toContain('제1조 (목적) 공급자는 물품을 공급한다.');
    expect((await call(outsider, 'GET', `/api/conhub/documents/by-file/v1?fileKey=${fileKey}`)).statusCode).toBe(404);
  });
});

describe('standard forms: lists, bookmarks, copy, delete', () => {
  it('filters and sorts; requesters see ACTIVE forms only', async () => {
    const a = await createForm(t, writer, { title: '가 리스트 비밀유지계약서', contractType: 'NDA', activeStatus: 'ACTIVE' });
    const b = await createForm(t, writer, { title: '나 리스트 영문 계약서', contractType: 'SERVICE', language: 'en', activeStatus: 'INACTIVE' });
    const list = async (who: Who, q: string) => StandardFormPageSchema.parse(await ok(who, 'GET', `${BASE}/v3?${q}`));
    const byWriter = await list(writer, 'searchKeyword=리스트&sort=title&sortDirection=ASC');
    expect(byWriter.content.map((f) => f.standardFormId)).toEqual([a.standardFormId, b.standardFormId]);
    expect(byWriter.size).toBe(30);
    expect((await list(requester, 'searchKeyword=리스트')).content.map((f) => f.standardFormId)).toEqual([a.standardFormId]);
    expect((await list(writer, 'searchKeyword=리스트&languages=en')).content.map((f) => f.standardFormId)).toEqual([b.standardFormId]);
    expect((await list(writer, 'searchKeyword=리스트&activeStatuses=INACTIVE')).content.map((f) => f.standardFormId)).toEqual([b.standardFormId]);
    expect((await list(writer, 'searchKeyword=리스트&contractTypes=NDA&contractTypes=SERVICE')).totalElements).toBe(2);
    expect((await list(writer, `searchKeyword=리스트&userIds=${requester.userId}`)).totalElements).toBe(0);
    expect((await list(writer, 'searchKeyword=비밀을 누설하지&searchKeywordType=CONTENT')).totalElements).toBeGreaterThanOrEqual(2);
    expect((await list(writer, 'searchKeyword=비밀을 누설하지&searchKeywordType=TITLE')).totalElements).toBe(0);
    const unavailable = StandardFormPageSchema.parse(await ok(writer, 'GET', `${BASE}/unavailable/v2`));
    expect(unavailable.content.every((f) => f.activeStatus === 'INACTIVE')).toBe(true);
    expect((await call(requester, 'GET', `${BASE}/unavailable/v2`)).statusCode).toBe(403);
    const meta = await ok(requester, 'GET', `${BASE}/meta/v1`);
    expect(meta.authors).toContainEqual({ userId: writer.userId, displayName: '한지민' });
    expect(meta.variableTypes).toContain('OPTIONAL_CLAUSE');
  });

  it('bookmarks per user, idempotent, first in the active list', async () => {
    const form = await createForm(t, writer, { title: '하 북마크 서식', activeStatus: 'ACTIVE' });
    await ok(requester, 'POST', `${BASE}/${form.standardFormId}/bookmarks/v1`);
    await ok(requester, 'POST', `${BASE}/${form.standardFormId}/bookmarks/v1`);
    const mine = StandardFormPageSchema.parse(await ok(requester, 'GET', `${BASE}/bookmarks/v2`));
    // Newest bookmark first (the route matrix bookmarked another form before).
    expect(mine.content[0]!.standardFormId).toBe(form.standardFormId);
    expect(mine.content.filter((f) => f.standardFormId === form.standardFormId)).toHaveLength(1);
    expect(mine.content.every((f) => f.bookmarked)).toBe(true);
    const active = StandardFormPageSchema.parse(await ok(requester, 'GET', `${BASE}/active/v1`));
    const flags = active.content.map((f) => f.bookmarked);
    expect(flags.indexOf(false)).toBeGreaterThan(flags.lastIndexOf(true));
    expect(active.content.find((f) => f.standardFormId === form.standardFormId)?.bookmarked).toBe(true);
    expect(active.content.every((f) => f.activeStatus === 'ACTIVE')).toBe(true);
    expect((await detail(writer, form.standardFormId)).bookmarked).toBe(false);
    await ok(requester, 'DELETE', `${BASE}/${form.standardFormId}/bookmarks/v1`);
    await ok(requester, 'DELETE', `${BASE}/${form.standardFormId}/bookmarks/v1`);
    expect(StandardFormPageSchema.parse(await ok(requester, 'GET', `${BASE}/bookmarks/v1`)).content.map((f) => f.standardFormId)).not.toContain(form.standardFormId);
  });

  it('copies a form (INACTIVE, version 1 from the latest) and deletes softly', async () => {
    const form = await createForm(t, writer, { title: '원본 서식', activeStatus: 'ACTIVE' });
    await typedConfigs(form);
    const copy = StandardFormDetailSchema.parse(await ok(writer, 'POST', `${BASE}/${form.standardFormId}/copy/v1`, {}));
    expect(copy).toMatchObject({ title: '원본 서식 (사본)', activeStatus: 'INACTIVE', latestVersion: 1, latest: { source: 'COPY' } });
    expect(copy.variables.find((v) => v.key === '금액')?.type).toBe('AMOUNT');
    expect((await call(requester, 'DELETE', `${BASE}/${copy.standardFormId}/v1`)).statusCode).toBe(403);
    expect((await call(outsider, 'DELETE', `${BASE}/${copy.standardFormId}/v1`)).statusCode).toBe(404);
    await ok(writer, 'DELETE', `${BASE}/${copy.standardFormId}/v1`);
    expect((await call(writer, 'GET', `${BASE}/${copy.standardFormId}/v1`)).statusCode).toBe(404);
    const [row] = await t.services.db.select().from(standardForms).where(eq(standardForms.id, copy.standardFormId));
    expect(row?.deletedAt).not.toBeNull();
  });
});

describe('standard forms: workspace settings', () => {
  it('contract types narrow the contract types list; category types check forms', async () => {
    expect((await call(writer, 'PUT', '/api/btls/workspace-contract-types/v1', { contractTypes: ['NDA'] })).statusCode).toBe(403);
    const dup = await call(cast.admin, 'PUT', '/api/btls/workspace-contract-types/v1', { contractTypes: ['NDA', 'NDA'] });
    expect(dup.statusCode).toBe(400);
    await ok(cast.admin, 'PUT', '/api/btls/workspace-contract-types/v1', { contractTypes: ['SERVICE', 'NDA'] });
    expect(await ok(requester, 'GET', '/api/btls/workspace-contract-types/v1')).toEqual({ contractTypes: ['SERVICE', 'NDA'] });
    const types = await ok(requester, 'GET', '/api/alex/contract-types/v1');
    expect(types.map((t: { code: string }) => t.code)).toEqual(['SERVICE', 'NDA']);
    expect((await ok(outsider, 'GET', '/api/btls/workspace-contract-types/v1')).contractTypes.length).toBeGreaterThan(2);

    await ok(cast.admin, 'PUT', '/api/btls/workspace-category-types/v1', { categoryTypes: ['인사', '구매'] });
    expect(await ok(requester, 'GET', '/api/btls/workspace-category-types/v1')).toEqual({ categoryTypes: ['인사', '구매'] });
    const body = formBody({ title: '분류 서식', contractType: 'SERVICE', categoryType: '영업' }, { bytes: await serviceTemplate(), name: 'a.docx' });
    const refused = await t.app.inject({ method: 'POST', url: `${BASE}/v1`, headers: { ...writer.headers, ...body.headers }, payload: body.payload });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toContain('body.categoryType');
    expect((await createForm(t, writer, { title: '분류 서식', categoryType: '구매' })).categoryType).toBe('구매');
  });
});

export { wsB };
