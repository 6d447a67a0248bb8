import { CONTRACT_TYPES, ContractDetailSchema, GlobalFormAvailabilitySchema, type StandardFormDetail, StandardFormDetailSchema, StandardFormPageSchema, TemplateDiffSchema } from '@legal/api';
import { count, eq } from 'drizzle-orm';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/db/tenancy';
import { workspaceHeaders } from '../auth/auth.test-support';
import { fieldsOf, type Method, type Person } from '../contracts/contracts.test-support';
import { uploadFile } from '../contracts/contracts.test-support';
import { multipart } from '../files/files.test-support';
import { findSoffice } from './templating';
import { seedWorkspace } from './standard-forms.seed';
import { BASE, createForm, formBody, formCast, formState, SA, serviceTemplate, wordFile } from './standard-forms.test-support';
import { standardForms, standardFormVersions } from './standard-forms.table';
import { findStarterFolder, starterForms } from './starter/manifest';

const cast = await formCast();
const { t, wsA, wsB, writer, requester, admin, outsider, superAdmin } = cast;
afterAll(() => t.close());

type Who = Person | { headers: Record<string, string> } | null;
const call = (who: Who, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? who.headers : workspaceHeaders(wsA), ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = async (who: Who, method: Method, url: string, payload?: unknown) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const availability = (data: unknown) => GlobalFormAvailabilitySchema.array().parse(data);

describe('global forms: super admin and workspaces', () => {
  let global: StandardFormDetail;
  beforeAll(async () => {
    global = await createForm(t, superAdmin, { title: '표준 비밀유지계약서 (전사)', contractType: 'NDA' }, { bytes: await serviceTemplate(), name: '비밀유지.docx' }, `${SA}/v1`);
  });

  it('only super admins reach the super-admin routes', async () => {
    expect(global).toMatchObject({ scope: 'GLOBAL', activeStatus: 'INACTIVE', createdBy: null, abilities: { edit: true, draft: false } });
    for (const [method, url] of [['GET', `${SA}/v1`], ['GET', `${SA}/${global.standardFormId}/v1`], ['GET', `${SA}/workspace/${wsA.workspaceId}/v2`]] as Array<[Method, string]>) {
      expect((await call(null, method, url)).statusCode, url).toBe(401);
      expect((await call(admin, method, url)).statusCode, url).toBe(403);
    }
    const list = StandardFormPageSchema.parse(await ok(superAdmin, 'GET', `${SA}/v1?activeStatuses=INACTIVE`));
    expect(list.content.map((f) => f.standardFormId)).toContain(global.standardFormId);
    expect(list.content.every((f) => f.scope === 'GLOBAL')).toBe(true);
    const workspaceForm = await createForm(t, writer, { title: '워크스페이스 서식' });
    expect((await call(superAdmin, 'GET', `${SA}/${workspaceForm.standardFormId}/v1`)).statusCode).toBe(404);
  });

  it('publishing, availability per workspace, and what workspaces see', async () => {
    // Unpublished: not offered to workspaces, invisible to their members.
    expect(availability(await ok(admin, 'GET', '/api/btls/global-standard-form/available/v2')).map((a) => a.standardFormId)).not.toContain(global.standardFormId);
    expect((await call(admin, 'PUT', '/api/btls/global-standard-form/available/v1', { standardFormId: global.standardFormId, available: true })).statusCode).toBe(404);
    const stale = await call(superAdmin, 'PUT', `${SA}/${global.standardFormId}/active-status/v1`, { activeStatus: 'ACTIVE', version: global.version + 1 });
    expect(stale.statusCode).toBe(409);
    global = StandardFormDetailSchema.parse(await ok(superAdmin, 'PUT', `${SA}/${global.standardFormId}/active-status/v1`, { activeStatus: 'ACTIVE', version: global.version }));

    const offered = availability(await ok(admin, 'GET', '/api/btls/global-standard-form/available/v1')).find((a) => a.standardFormId === global.standardFormId);
    expect(offered).toMatchObject({ available: false, latestVersion: 1, contractType: 'NDA' });
    const unavailable = StandardFormPageSchema.parse(await ok(admin, 'GET', `${BASE}/unavailable/by-admin/v1`));
    expect(unavailable.content.map((f) => f.standardFormId)).toContain(global.standardFormId);
    expect((await call(requester, 'GET', `${BASE}/${global.standardFormId}/v1`)).statusCode).toBe(404);
    expect((await call(writer, 'PUT', '/api/btls/global-standard-form/available/v1', { standardFormId: global.standardFormId, available: true })).statusCode).toBe(403);

    const after = availability(await ok(admin, 'PUT', '/api/btls/global-standard-form/available/v1', { standardFormId: global.standardFormId, available: true }));
    expect(after.find((a) => a.standardFormId === global.standardFormId)?.available).toBe(true);
    const seen = StandardFormDetailSchema.parse(await ok(requester, 'GET', `${BASE}/${global.standardFormId}/v2`));
    expect(seen).toMatchObject({ scope: 'GLOBAL', abilities: { edit: false, draft: true } });
    const active = StandardFormPageSchema.parse(await ok(requester, 'GET', `${BASE}/active/v3`));
    expect(active.content.map((f) => f.standardFormId)).toContain(global.standardFormId);
    // Workspace B never made it available.
    expect((await call(outsider, 'GET', `${BASE}/${global.standardFormId}/v1`)).statusCode).toBe(404);

    // Read-only in the workspace: no edit, no delete, no new version; copying is allowed.
    const before = await formState(t, global.standardFormId);
    expect((await call(writer, 'PUT', `${BASE}/${global.standardFormId}/v1`, { title: '바꿈', contractType: 'NDA', version: global.version })).statusCode).toBe(403);
    expect((await call(writer, 'DELETE', `${BASE}/${global.standardFormId}/v1`)).statusCode).toBe(403);
    expect((await call(writer, 'PUT', `${BASE}/${global.standardFormId}/active-status/v1`, { activeStatus: 'INACTIVE', version: global.version })).statusCode).toBe(403);
    const body = formBody({ version: String(global.version) }, { bytes: await serviceTemplate(), name: 'x.docx' });
    const upload = await t.app.inject({ method: 'POST', url: `${BASE}/${global.standardFormId}/templates/v1`, headers: { ...writer.headers, ...body.headers }, payload: body.payload });
    expect(upload.statusCode).toBe(403);
    expect(await formState(t, global.standardFormId)).toEqual(before);
    const copy = StandardFormDetailSchema.parse(await ok(writer, 'POST', `${BASE}/${global.standardFormId}/copy/v1`, { title: '우리 회사 비밀유지계약서' }));
    expect(copy).toMatchObject({ scope: 'WORKSPACE', activeStatus: 'INACTIVE', title: '우리 회사 비밀유지계약서' });

    // Drafting from an available global form.
    const values = { 계약명: '전사 NDA', 상대방: '주식회사 다온', 금액: '없음', 시작일: '2026년 12월 1일', 종료일: '2027년 11월 30일', 비밀유지: true };
    const contract = ContractDetailSchema.parse(await ok(requester, 'POST', '/api/conhub/contracts/by-standard-form/v3', { standardFormId: global.standardFormId, templateVersion: 1, values }));
    expect(contract).toMatchObject({ title: '표준 비밀유지계약서 (전사)', contractType: 'NDA', status: 'DRAFT' });

    // The whole set: unknown ids are named; an empty set withdraws it again.
    const bad = await call(admin, 'PUT', '/api/btls/global-standard-form/available/v2', { availableStandardFormIds: [global.standardFormId, 999999] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['body.availableStandardFormIds.1']);
    await ok(admin, 'PUT', '/api/btls/global-standard-form/available/v2', { availableStandardFormIds: [] });
    expect((await call(requester, 'GET', `${BASE}/${global.standardFormId}/v1`)).statusCode).toBe(404);
  });

  it('the super admin keeps attachments on a global form; a workspace that has the form downloads them and cannot change them', async () => {
    const guide = { name: '작성 안내.pdf', value: Buffer.from('%PDF-1.4\n% guide\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), filename: '작성 안내.pdf', contentType: 'application/pdf' };
    const upload = (who: Who, url: string) => {
      const body = multipart([{ ...guide, name: 'file' }]);
      return t.app.inject({ method: 'POST', url, headers: { ...(who ? who.headers : {}), ...body.headers }, payload: body.payload });
    };
    const url = `${SA}/${global.standardFormId}/attachments/v1`;
    expect((await upload(null, url)).statusCode).toBe(401);
    expect((await upload(admin, url)).statusCode).toBe(403);
    expect((await upload(superAdmin, `${SA}/999999/attachments/v1`)).statusCode).toBe(404);
    const added = await upload(superAdmin, url);
    expect(added.statusCode, added.body).toBe(200);
    const [attachment] = added.json().data as Array<{ standardFormAttachmentId: number; fileName: string }>;
    expect(attachment).toMatchObject({ fileName: '작성 안내.pdf' });
    const one = `${SA}/${global.standardFormId}/attachments/${attachment!.standardFormAttachmentId}/v1`;
    const own = await call(superAdmin, 'GET', one);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.toString('latin1')).toContain('% guide');

    // Workspace A has the form available: its members read the attachment through the workspace route, and only read it.
    await ok(admin, 'PUT', '/api/btls/global-standard-form/available/v1', { standardFormId: global.standardFormId, available: true });
    const seen = StandardFormDetailSchema.parse(await ok(requester, 'GET', `${BASE}/${global.standardFormId}/v1`));
    expect(seen.attachments.map((a) => a.fileName)).toEqual(['작성 안내.pdf']);
    const inWorkspace = `${BASE}/${global.standardFormId}/attachments/${attachment!.standardFormAttachmentId}/v1`;
    expect((await call(requester, 'GET', inWorkspace)).statusCode).toBe(200);
    const before = await formState(t, global.standardFormId);
    expect((await call(writer, 'DELETE', inWorkspace)).statusCode).toBe(403);
    expect((await upload(writer, `${BASE}/${global.standardFormId}/attachments/v1`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', one)).statusCode).toBe(403);
    expect(await formState(t, global.standardFormId)).toEqual(before);
    // Workspace B does not have it: not even the attachment exists for it.
    expect((await call(outsider, 'GET', inWorkspace)).statusCode).toBe(404);

    await ok(superAdmin, 'DELETE', one);
    expect((await call(requester, 'GET', inWorkspace)).statusCode).toBe(404);
    expect(StandardFormDetailSchema.parse(await ok(requester, 'GET', `${BASE}/${global.standardFormId}/v1`)).attachments).toEqual([]);
    await ok(admin, 'PUT', '/api/btls/global-standard-form/available/v1', { standardFormId: global.standardFormId, available: false });
    global = StandardFormDetailSchema.parse(await ok(superAdmin, 'GET', `${SA}/${global.standardFormId}/v1`));
  });

  it('the super admin sets availability for any workspace; edits and versions global forms', async () => {
    expect((await call(superAdmin, 'GET', `${SA}/workspace/999999/v1`)).statusCode).toBe(404);
    const set = availability(await ok(superAdmin, 'PUT', `${SA}/workspace/${wsB.workspaceId}/v2`, { availableStandardFormIds: [global.standardFormId] }));
    expect(set.find((a) => a.standardFormId === global.standardFormId)?.available).toBe(true);
    expect(availability(await ok(superAdmin, 'GET', `${SA}/workspace/${wsB.workspaceId}/v1`)).find((a) => a.standardFormId === global.standardFormId)?.available).toBe(true);
    expect((await call(outsider, 'GET', `${BASE}/${global.standardFormId}/v1`)).statusCode).toBe(200);
    await ok(superAdmin, 'PUT', `${SA}/workspace/${wsB.workspaceId}/v1`, { standardFormId: global.standardFormId, available: false });
    expect((await call(outsider, 'GET', `${BASE}/${global.standardFormId}/v1`)).statusCode).toBe(404);

    global = StandardFormDetailSchema.parse(await ok(superAdmin, 'GET', `${SA}/${global.standardFormId}/v1`));
    const renamed = StandardFormDetailSchema.parse(await ok(superAdmin, 'PUT', `${SA}/${global.standardFormId}/v1`, { title: '표준 비밀유지계약서', contractType: 'NDA', language: 'ko', version: global.version }));
    expect(renamed.title).toBe('표준 비밀유지계약서');
    const body = formBody({ version: String(renamed.version), comment: '개정' }, { bytes: await serviceTemplate(['제5조 (기타) 개정 조항.']), name: '비밀유지 v2.docx' });
    const v2 = await t.app.inject({ method: 'POST', url: `${SA}/${global.standardFormId}/templates/v1`, headers: { ...superAdmin.headers, ...body.headers }, payload: body.payload });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(StandardFormDetailSchema.parse(v2.json().data).latest).toMatchObject({ version: 2, createdBy: null, comment: '개정' });
    const [row] = await t.services.db.select().from(standardFormVersions).where(eq(standardFormVersions.formId, global.standardFormId)).orderBy(standardFormVersions.version);
    expect(row).toMatchObject({ tenantId: 0, workspaceId: 0 });
    await ok(superAdmin, 'DELETE', `${SA}/${global.standardFormId}/v1`);
    expect((await call(superAdmin, 'GET', `${SA}/${global.standardFormId}/v1`)).statusCode).toBe(404);
  });
});

describe('form maker, diff and documents by file', () => {
  const document = {
    title: '업무 위탁 계약서',
    language: 'ko',
    blocks: [
      { type: 'HEADING', title: '업무 위탁 계약서', text: '' },
      { type: 'ARTICLE', title: '목적', text: '위탁자와 {{수탁자}}는 업무 위탁에 관하여 다음과 같이 정한다.' },
      { type: 'ARTICLE', title: '대금', text: '위탁 대금은 {{대금}}으로 한다.' },
      { type: 'OPTIONAL_CLAUSE', text: '수탁자는 재위탁할 수 없다.', variableKey: '재위탁금지' },
    ],
    variables: [
      { key: '수탁자', type: 'PARTY', label: { ko: '수탁자', en: 'Contractor' }, required: true, order: 0, mapsTo: 'COUNTERPARTY_NAME' },
      { key: '대금', type: 'AMOUNT', label: { ko: '대금', en: 'Fee' }, required: true, order: 1, mapsTo: 'AMOUNT' },
      { key: '재위탁금지', type: 'OPTIONAL_CLAUSE', label: { ko: '재위탁 금지', en: 'No subcontracting' }, required: false, defaultValue: 'true', order: 2 },
    ],
  };

  it('builds a form from the maker (numbered articles) and a new version; unused variables are named', async () => {
    const made = StandardFormDetailSchema.parse(await ok(writer, 'POST', `${BASE}/by-maker/v1`, { title: '업무 위탁 계약서', contractType: 'SERVICE', activeStatus: 'ACTIVE', document }));
    expect(made.latest.source).toBe('MAKER');
    expect(made.variables.map((v) => [v.key, v.type])).toEqual([['수탁자', 'PARTY'], ['대금', 'AMOUNT'], ['재위탁금지', 'OPTIONAL_CLAUSE']]);
    const original = await call(writer, 'GET', `${BASE}/${made.standardFormId}/templates/download/ORIGINAL/v1`);
    const text = (await mammoth.extractRawText({ buffer: original.rawPayload })).value;
    expect(text.indexOf('제1조 (목적)')).toBeGreaterThan(-1);
    expect(text.indexOf('제2조 (대금)')).toBeGreaterThan(text.indexOf('제1조 (목적)'));

    const unused = { ...document, variables: [...document.variables, { key: '미사용', type: 'TEXT', label: { ko: '미사용', en: 'Unused' }, required: false, order: 3 }] };
    const refused = await call(writer, 'POST', `${BASE}/${made.standardFormId}/templates/by-maker/v1`, { version: made.version, document: unused });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toContain('body.document.variables.3.key');

    const changed = { ...document, blocks: [...document.blocks.slice(0, 2), { type: 'ARTICLE', title: '대금', text: '위탁 대금은 {{대금}}으로 하고, 매월 말일에 지급한다.' }, document.blocks[3]] };
    const v2 = StandardFormDetailSchema.parse(await ok(writer, 'POST', `${BASE}/${made.standardFormId}/templates/by-maker/v1`, { version: made.version, document: changed, comment: '지급일' }));
    expect(v2.latestVersion).toBe(2);
    const diff = TemplateDiffSchema.parse(await ok(requester, 'GET', `${BASE}/${made.standardFormId}/templates/diff/v1?from=1&to=2`));
    expect(diff.stats.changedParagraphs).toBe(1);
    const change = diff.paragraphs.find((p) => p.op === 'CHANGE')!;
    expect(change.segments.filter((s) => s.op === 'INSERT').map((s) => s.text).join('')).toContain('매월 말일에 지급한다');
    expect((await call(requester, 'GET', `${BASE}/${made.standardFormId}/templates/diff/v1?from=1&to=7`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `${BASE}/${made.standardFormId}/templates/diff/v1?from=1&to=2`)).statusCode).toBe(404);

    // Drafting maps the PARTY and AMOUNT of a maker form too.
    const contract = ContractDetailSchema.parse(await ok(requester, 'POST', '/api/conhub/contracts/by-standard-form/v3', {
      standardFormId: made.standardFormId, templateVersion: 2, values: { 수탁자: { name: '주식회사 위탁' }, 대금: { amount: '3000000', currency: 'KRW' } },
    }));
    expect(contract).toMatchObject({ title: '업무 위탁 계약서', currency: 'KRW' });
    expect(contract.counterparties[0]?.name).toBe('주식회사 위탁');
  });

  it('reads an arxive DOCX as maker blocks (404 unreadable, 415 another type) and the dev route', async () => {
    const bytes = await wordFile('용역계약서', '제1조 (목적) 이 계약은 {{상대방}}과의 용역을 정한다.', '제2조 (기간) 계약기간은 1년으로 한다.');
    const fileKey = await uploadFile(t, requester, bytes, '용역.docx');
    const read = await ok(requester, 'GET', `/api/btls/documents/by-file/v1?fileKey=${fileKey}`);
    expect(read.markers).toEqual(['상대방']);
    expect(read.blocks.filter((b: { type: string }) => b.type === 'ARTICLE').map((b: { title: string }) => b.title)).toEqual(['목적', '기간']);
    expect((await call(outsider, 'GET', `/api/btls/documents/by-file/v1?fileKey=${fileKey}`)).statusCode).toBe(404);
    const pdfKey = await uploadFile(t, requester, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'a.pdf');
    expect((await call(requester, 'GET', `/api/btls/documents/by-file/v1?fileKey=${pdfKey}`)).statusCode).toBe(415);
    const body = formBody({}, { bytes, name: '용역.docx' });
    const dev = await t.app.inject({ method: 'POST', url: '/api/btls/documents/by-file/dev/v1', headers: body.headers, payload: body.payload });
    expect(dev.statusCode, dev.body).toBe(200);
    expect(dev.json().data.markers).toEqual(['상대방']);
  });

  it('answers 503 ERROR_PDF_CONVERTER_UNAVAILABLE for a PDF without LibreOffice on the PATH', async () => {
    const form = await createForm(t, writer, { title: 'PDF 없는 서버', activeStatus: 'ACTIVE' });
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const res = await call(requester, 'POST', `${BASE}/${form.standardFormId}/templates/download/by-json/v1`, { fileFormat: 'PDF' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe('ERROR_PDF_CONVERTER_UNAVAILABLE');
    } finally {
      process.env.PATH = path;
    }
  });

  it.skipIf(!findSoffice())('renders PDF with LibreOffice', async () => {
    const form = await createForm(t, writer, { title: 'PDF 서식', activeStatus: 'ACTIVE' });
    const res = await call(requester, 'POST', `${BASE}/${form.standardFormId}/templates/download/by-json/v1`, { values: { 상대방: '주식회사 피디에프' }, fileFormat: 'PDF' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const values = { 계약명: 'PDF 계약', 상대방: '주식회사 피디에프', 금액: '금 일백만원', 시작일: '2026년 12월 1일', 종료일: '2027년 11월 30일', 비밀유지: false };
    const contract = ContractDetailSchema.parse(await ok(requester, 'POST', '/api/conhub/contracts/by-standard-form/v3', { standardFormId: form.standardFormId, templateVersion: 1, values, fileFormat: 'PDF' }));
    const doc = await ok(requester, 'GET', `/api/conhub/contracts/${contract.id}/documents/v1`);
    expect(doc).toMatchObject({ revision: 1, fileType: 'pdf', displayName: 'PDF 서식.pdf' });
  }, 90_000);
});

describe('starter library seed', () => {
  it('seeds the starter forms as ACTIVE forms, once', async () => {
    const folder = findStarterFolder();
    expect(folder).not.toBeNull();
    const scope = { tenantId: wsB.tenantId, workspaceId: wsB.workspaceId };
    expect(await seedWorkspace(t.services, scope, folder!)).toBe(starterForms().length);
    expect(await seedWorkspace(t.services, scope, folder!)).toBe(0);
    const rows = await t.services.db.select().from(standardForms).where(inScope(standardForms, scope));
    const seeded = rows.filter((r) => r.seedKey !== null);
    expect(seeded).toHaveLength(starterForms().length);
    expect(seeded.every((r) => r.activeStatus === 'ACTIVE' && r.createdByUserId === null && r.source?.licence)).toBe(true);
    const [versions] = await t.services.db.select({ n: count() }).from(standardFormVersions).where(inScope(standardFormVersions, scope));
    expect(versions?.n).toBe(starterForms().length);
    const one = StandardFormDetailSchema.parse(await ok(outsider, 'GET', `${BASE}/${seeded[0]!.id}/v1`));
    expect(one.latest).toMatchObject({ source: 'SEED', createdBy: null, version: 1 });
    expect(one.source?.attribution).toBeTruthy();
    expect(one.variables.length).toBeGreaterThan(0);
  });
});

describe('workspace contract types: the order an admin sets', () => {
  it('round-trips, and every contract type list of the workspace answers in it (the pickers follow it)', async () => {
    const codes = (list: Array<{ code: string }>) => list.map((type) => type.code);
    const reversed = [...CONTRACT_TYPES].reverse();
    expect(await ok(outsider, 'PUT', '/api/btls/workspace-contract-types/v1', { contractTypes: reversed })).toEqual({ contractTypes: reversed });
    expect(await ok(outsider, 'GET', '/api/btls/workspace-contract-types/v1')).toEqual({ contractTypes: reversed });
    for (const url of ['/api/alex/contract-types/v1', '/api/conhub/workspaces/contracts/types/v1', '/api/conhub/workspaces/contracts/types/v2']) {
      expect(codes(await ok(outsider, 'GET', url)), url).toEqual(reversed);
    }
    expect(codes((await ok(outsider, 'GET', `${BASE}/meta/v1`)).contractTypes)).toEqual(reversed);
    // Moving the second type to the top is one more PUT; the next read has the new order.
    const moved = [reversed[1]!, reversed[0]!, ...reversed.slice(2)];
    await ok(outsider, 'PUT', '/api/btls/workspace-contract-types/v1', { contractTypes: moved });
    expect(codes(await ok(outsider, 'GET', '/api/conhub/workspaces/contracts/types/v1'))).toEqual(moved);
    // Another workspace keeps the catalogue's order.
    expect((await ok(requester, 'GET', '/api/btls/workspace-contract-types/v1')).contractTypes).not.toEqual(moved);
  });
});
