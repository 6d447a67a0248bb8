import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.table';
import { notificationsOf, notifiedKinds } from '../notifications/notifications.test-support';
import { createTestApp, type TestApp } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { createContract, fieldsOf, type Person, person, uploadFile, type Workspace } from '../contracts/contracts.test-support';
import { act, approveAll, registerSeal, REQUESTS, requestSeal, SEALS } from './seals.test-support';
import { seals, sealUsageHistories, sealUsageRequests } from './seals.table';

/**
 * The seal service through HTTP on the real database: the registry, a request's approval line in
 * order, application (physical), the ledger, direct application, the signature views and the
 * reconciliation with its workbook; the route matrix (401, 400 naming the field, 403, 404 across
 * workspaces with nothing changed, 409 for state and stale versions).
 */

let t: TestApp;
let ws: Workspace;
let other: Workspace;
let noSeal: Workspace;
let manager: Person;
let custodian: Person;
let approver1: Person;
let approver2: Person;
let member: Person;
let reader: Person;
let outsider: Person;
let noSealManager: Person;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? who.headers : { 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) } });
const send = (who: Person | null, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.headers : { 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) }, ...(payload ? { payload } : {}) });
const mailsTo = async (who: Person) => t.services.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, who.loginId), eq(mailOutbox.template, 'seals.notice')));
const kstDay = (offsetDays: number) => new Date(Date.now() + 9 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const roles = { products: ['SEAL', 'CLM', 'E_CONTRACT'] as const, extraRoles: ['LEGAL_APPROVER', 'READER'] as const };
  ws = await newWorkspace(t, { products: [...roles.products], extraRoles: [...roles.extraRoles] });
  other = await newWorkspace(t, { products: [...roles.products], extraRoles: [...roles.extraRoles] });
  noSeal = await newWorkspace(t, { products: ['CLM'] });
  manager = await person(t, ws, ['LEGAL_MANAGER'], '한지민');
  custodian = await person(t, ws, ['GENERAL_MEMBER'], '관리인');
  approver1 = await person(t, ws, ['LEGAL_APPROVER'], '최수아');
  approver2 = await person(t, ws, ['LEGAL_APPROVER'], '박승인');
  member = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
  reader = await person(t, ws, ['READER'], '강하은');
  outsider = await person(t, other, ['LEGAL_MANAGER'], '외부인');
  noSealManager = await person(t, noSeal, ['LEGAL_MANAGER'], '무인장');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the seal registry', () => {
  it('registers a PNG seal, refuses other files, answers 401/403/404 and serves the image as image/png', async () => {
    const textKey = await uploadFile(t, manager, Buffer.from('not an image'), 'seal.txt');
    const notPng = await send(manager, 'POST', `${SEALS}/v1`, { name: '직인', type: 'OFFICIAL', imageFileKey: textKey, custodianUserId: custodian.userId });
    expect(notPng.statusCode).toBe(400);
    expect(fieldsOf(notPng)).toEqual(['body.imageFileKey']);
    const badCustodian = await send(manager, 'POST', `${SEALS}/v1`, { name: '직인', type: 'OFFICIAL', imageFileKey: textKey, custodianUserId: outsider.userId });
    expect(fieldsOf(badCustodian)).toContain('body.custodianUserId');
    expect((await send(manager, 'POST', `${SEALS}/v1`, { type: 'NOPE' })).statusCode).toBe(400);
    expect((await send(null, 'POST', `${SEALS}/v1`, { name: 'x', type: 'USAGE', imageFileKey: textKey, custodianUserId: 1 })).statusCode).toBe(401);
    expect((await send(member, 'POST', `${SEALS}/v1`, { name: 'x', type: 'USAGE', imageFileKey: textKey, custodianUserId: custodian.userId })).statusCode).toBe(403);
    const noProduct = await send(noSealManager, 'POST', `${SEALS}/v1`, { name: 'x', type: 'USAGE', imageFileKey: textKey, custodianUserId: noSealManager.userId });
    expect(noProduct.statusCode).toBe(403);
    expect(noProduct.json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');

    const seal = await registerSeal(t, manager, custodian, { name: '법인인감', type: 'CORPORATE' });
    expect(seal).toMatchObject({ status: 'VALID', usageCount: 0, version: 0 });
    expect((await get(member, `${SEALS}/${seal.sealId}/v1`)).json().data.custodian).toEqual({ userId: custodian.userId, displayName: '관리인' });
    expect((await get(reader, `${SEALS}/${seal.sealId}/v1`)).statusCode).toBe(403);
    expect((await get(outsider, `${SEALS}/${seal.sealId}/v1`)).statusCode).toBe(404);

    const image = await get(member, `${SEALS}/${seal.sealId}/image/v1`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    expect((await get(outsider, `${SEALS}/${seal.sealId}/image/v1`)).statusCode).toBe(404);
    // The image file is as visible as the seal: a member with seal.seal.read reads it, a reader without it does not.
    expect((await get(member, `/api/arxive/files/${seal.imageFileKey}/download/v1`)).statusCode).toBe(200);
    expect((await get(reader, `/api/arxive/files/${seal.imageFileKey}/download/v1`)).statusCode).toBe(404);

    const meta = (await get(member, `${SEALS}/meta/v1`)).json().data;
    expect(meta.types.find((x: { code: string }) => x.code === 'CORPORATE').label).toEqual({ ko: '법인인감', en: 'Corporate seal' });
    const list = (await get(member, `${SEALS}/v1?keyword=${encodeURIComponent('법인')}`)).json().data;
    expect(list.content.map((s: { sealId: number }) => s.sealId)).toContain(seal.sealId);
    expect((await get(outsider, `${SEALS}/v1`)).json().data.content).toEqual([]);
  }, 180_000);

  it('updates with the version (409 when stale), copies, marks unavailable and back, deletes only what was never used', async () => {
    const seal = await registerSeal(t, manager, custodian, { name: '계약인' });
    const body = { name: '계약인 2', type: 'CONTRACT', imageFileKey: seal.imageFileKey, custodianUserId: custodian.userId, allowedGroupIds: [] };
    expect((await send(manager, 'PUT', `${SEALS}/${seal.sealId}/v1`, { ...body, version: 5 })).statusCode).toBe(409);
    expect((await send(outsider, 'PUT', `${SEALS}/${seal.sealId}/v1`, { ...body, version: 0 })).statusCode).toBe(404);
    const updated = await send(manager, 'PUT', `${SEALS}/${seal.sealId}/v1`, { ...body, version: 0 });
    expect(updated.json().data).toMatchObject({ name: '계약인 2', type: 'CONTRACT', version: 1 });

    const copy = await send(manager, 'POST', `${SEALS}/${seal.sealId}/copy/v1`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data).toMatchObject({ name: '계약인 2 (사본)', status: 'VALID', type: 'CONTRACT' });
    expect(copy.json().data.imageFileKey).not.toBe(seal.imageFileKey);
    expect((await send(member, 'POST', `${SEALS}/${seal.sealId}/copy/v1`)).statusCode).toBe(403);

    const off = await send(manager, 'POST', `${SEALS}/${seal.sealId}/unavailable/v1`, { reason: '분실', version: 1 });
    expect(off.json().data).toMatchObject({ status: 'UNAVAILABLE', unavailableReason: '분실', version: 2 });
    expect(fieldsOf(await send(manager, 'POST', `${SEALS}/${seal.sealId}/unavailable/v1`, { reason: '', version: 2 }))).toEqual(['body.reason']);
    expect((await send(manager, 'POST', `${SEALS}/${seal.sealId}/unavailable/v1`, { reason: '또', version: 2 })).statusCode).toBe(409);
    const valid = (await get(member, `${SEALS}/valid/v1`)).json().data.map((s: { sealId: number }) => s.sealId);
    expect(valid).not.toContain(seal.sealId);
    expect((await send(manager, 'POST', `${SEALS}/${seal.sealId}/available/v1`, { version: 2 })).json().data.status).toBe('VALID');

    const deleted = await send(manager, 'DELETE', `${SEALS}/${copy.json().data.sealId}/v1`);
    expect(deleted.json().data).toEqual({ sealId: copy.json().data.sealId });
    expect((await send(manager, 'DELETE', `${SEALS}/${copy.json().data.sealId}/v1`)).statusCode).toBe(404);
  }, 180_000);

  it('restricts requests to the allowed groups', async () => {
    const [group] = await t.services.db.execute<{ id: number }>(
      // a group with the member only
      (await import('drizzle-orm')).sql`insert into groups (tenant_id, workspace_id, name) values (${ws.tenantId}, ${ws.workspaceId}, ${'영업팀'}) returning id`,
    ).then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    const seal = await registerSeal(t, manager, custodian, { name: '영업 전용', allowedGroupIds: [Number(group!.id)] });
    expect((await get(member, `${SEALS}/valid/v1`)).json().data.map((s: { sealId: number }) => s.sealId)).not.toContain(seal.sealId);
    const refused = await send(member, 'POST', `${REQUESTS}/v1`, { sealId: seal.sealId, purpose: 'x', useDate: '2026-12-01', fileKeys: [await uploadFile(t, member, Buffer.from('d'), 'd.txt')], approverUserIds: [approver1.userId] });
    expect(fieldsOf(refused)).toEqual(['body.sealId']);
    expect(fieldsOf(await send(manager, 'POST', `${SEALS}/v1`, { name: 'g', type: 'USAGE', imageFileKey: seal.imageFileKey, custodianUserId: custodian.userId, allowedGroupIds: [999999] }))).toEqual(['body.allowedGroupIds']);
  }, 180_000);
});

describe('usage requests', () => {
  it('runs the approval line in order, mails each turn and the outcome, and is applied physically by the custodian', async () => {
    const seal = await registerSeal(t, manager, custodian);
    const invalid = await send(member, 'POST', `${REQUESTS}/v1`, { sealId: seal.sealId, purpose: 'x', useDate: '2026-12-01', approverUserIds: [member.userId] });
    expect(fieldsOf(invalid).sort()).toEqual(['body.approverUserIds', 'body.fileKeys']);
    expect(fieldsOf(await send(member, 'POST', `${REQUESTS}/v1`, { sealId: seal.sealId, purpose: 'x', useDate: '2026-12-01', fileKeys: [await uploadFile(t, outsider, Buffer.from('theirs'), 'theirs.txt')], approverUserIds: [reader.userId] })).sort()).toEqual(['body.approverUserIds', 'body.fileKeys']);

    const request = await requestSeal(t, member, seal.sealId, [approver1, approver2]);
    expect(request).toMatchObject({ status: 'IN_APPROVAL', currentApproverId: approver1.userId });
    expect((await mailsTo(approver1)).filter((m) => m.text.includes('공급 계약 날인'))).toHaveLength(1);
    expect(await mailsTo(approver2)).toHaveLength(0);
    // The same news in-app, pointing at the request.
    const record = { type: 'SEAL_USAGE_REQUEST' as const, id: request.requestId };
    expect(await notifiedKinds(t, approver1, record)).toEqual(['seal.APPROVAL_TURN']);
    expect(await notifiedKinds(t, approver2, record)).toEqual([]);

    // Visible to its people, 404 to anyone else.
    expect((await get(reader, `${REQUESTS}/${request.requestId}/v1`)).statusCode).toBe(403);
    expect((await get(outsider, `${REQUESTS}/${request.requestId}/v1`)).statusCode).toBe(404);
    expect((await get(custodian, `${REQUESTS}/${request.requestId}/v1`)).statusCode).toBe(200);
    expect((await get(approver2, `${REQUESTS}/${request.requestId}/documents/v1`)).json().data).toHaveLength(1);
    // The document is as visible as the request.
    const docKey = request.documents[0]!.fileKey;
    expect((await get(approver2, `/api/arxive/files/${docKey}/download/v1`)).statusCode).toBe(200);

    // The second approver cannot act first; a reject needs a comment; a stale version is 409.
    expect((await act(t, approver2, request.requestId, 'APPROVE', { version: 0 })).statusCode).toBe(403);
    expect((await act(t, member, request.requestId, 'APPROVE', { version: 0 })).statusCode).toBe(403);
    expect(fieldsOf(await act(t, approver1, request.requestId, 'REJECT', { version: 0 }))).toEqual(['body.comment']);
    expect((await act(t, approver1, request.requestId, 'APPROVE', { version: 7 })).statusCode).toBe(409);
    expect((await act(t, outsider, request.requestId, 'APPROVE', { version: 0 })).statusCode).toBe(404);
    expect((await get(approver2, `${REQUESTS}/to-be-approved/v1`)).json().data.content).toHaveLength(0);

    const first = await act(t, approver1, request.requestId, 'APPROVE', { version: 0, comment: '확인' });
    expect(first.json().data).toMatchObject({ status: 'IN_APPROVAL', currentApproverId: approver2.userId, version: 1 });
    expect((await get(approver2, `${REQUESTS}/to-be-approved/v1`)).json().data.content.map((r: { requestId: number }) => r.requestId)).toEqual([request.requestId]);
    // Once decided, the requester can no longer change or delete it.
    expect((await send(member, 'DELETE', `${REQUESTS}/${request.requestId}/v1`)).statusCode).toBe(409);

    const last = await act(t, approver2, request.requestId, 'APPROVE', { version: 1 });
    expect(last.json().data).toMatchObject({ status: 'APPROVED', currentApproverId: null });
    expect((await mailsTo(custodian)).map((m) => m.subject)).toEqual([expect.stringContaining('날인해 주세요')]);
    expect((await mailsTo(member)).map((m) => m.subject)).toEqual([expect.stringContaining('승인되었습니다')]);
    expect(await notifiedKinds(t, custodian, record)).toEqual(['seal.TO_APPLY']);
    expect(await notifiedKinds(t, member, record)).toEqual(['seal.APPROVED']);
    expect(await notifiedKinds(t, approver2, record)).toEqual(['seal.APPROVAL_TURN']);
    expect((await get(custodian, `${REQUESTS}/to-be-approved/v1`)).json().data.content.map((r: { requestId: number }) => r.requestId)).toEqual([request.requestId]);
    expect((await get(approver1, `${REQUESTS}/processed/v1`)).json().data.content.map((r: { requestId: number }) => r.requestId)).toEqual([request.requestId]);

    // Apply: not by the requester, not without a readable scan, then by the custodian.
    expect((await act(t, member, request.requestId, 'APPLY', { version: 2, method: 'PHYSICAL' })).statusCode).toBe(403);
    expect(fieldsOf(await act(t, custodian, request.requestId, 'APPLY', { version: 2, method: 'PHYSICAL' }))).toEqual(['body.stampedFileKey']);
    const scan = await uploadFile(t, custodian, Buffer.from('stamped scan'), '날인본.txt');
    const applied = await act(t, custodian, request.requestId, 'APPLY', { version: 2, method: 'PHYSICAL', stampedFileKey: scan });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ status: 'APPLIED', appliedMethod: 'PHYSICAL', stampedFileKey: scan });
    expect((await mailsTo(member)).map((m) => m.subject)).toContainEqual(expect.stringContaining('날인되었습니다'));
    expect(await notifiedKinds(t, member, record)).toEqual(['seal.APPROVED', 'seal.APPLIED']);
    expect((await notificationsOf(t, reader)).some((n) => n.record.type === 'SEAL_USAGE_REQUEST' && n.record.id === request.requestId)).toBe(false);
    // The stamped scan is as visible as the request; cancel after applying is refused.
    expect((await get(approver1, `/api/arxive/files/${scan}/download/v1`)).statusCode).toBe(200);
    expect((await get(reader, `/api/arxive/files/${scan}/download/v1`)).statusCode).toBe(404);
    expect((await act(t, member, request.requestId, 'CANCEL', { version: 3 })).statusCode).toBe(409);

    const ledger = await get(custodian, `/api/seal/usage-histories/v1?sealId=${seal.sealId}`);
    expect(ledger.json().data.content).toEqual([expect.objectContaining({ requestId: request.requestId, method: 'PHYSICAL', referenceType: 'FILE', appliedBy: { userId: custodian.userId, displayName: '관리인' } })]);
    expect((await get(member, `/api/seal/usage-histories/v1?sealId=${seal.sealId}`)).statusCode).toBe(403);
    expect((await get(custodian, `/api/seal/usage-histories/v1`)).statusCode).toBe(403);
    expect((await get(manager, `${SEALS}/${seal.sealId}/v1`)).json().data.usageCount).toBe(1);
    // A used seal is never deleted.
    expect((await send(manager, 'DELETE', `${SEALS}/${seal.sealId}/v1`)).statusCode).toBe(409);
  }, 180_000);

  it('rejects with a comment and tells the requester; the requester edits, deletes and cancels their own', async () => {
    const seal = await registerSeal(t, manager, custodian);
    const rejected = await requestSeal(t, member, seal.sealId, [approver1]);
    const res = await act(t, approver1, rejected.requestId, 'REJECT', { version: 0, comment: '목적이 불분명합니다' });
    expect(res.json().data).toMatchObject({ status: 'REJECTED', approvals: [expect.objectContaining({ decision: 'REJECTED', comment: '목적이 불분명합니다' })] });
    expect((await mailsTo(member)).some((m) => m.subject.includes('반려') && m.text.includes('목적이 불분명합니다'))).toBe(true);
    expect((await act(t, approver1, rejected.requestId, 'APPROVE', { version: 1 })).statusCode).toBe(409);

    const mine = await requestSeal(t, member, seal.sealId, [approver1]);
    const fileKeys = [await uploadFile(t, member, Buffer.from('v2'), 'v2.txt')];
    const edit = { sealId: seal.sealId, purpose: '수정된 목적', useDate: '2026-12-02', count: 2, fileKeys, approverUserIds: [approver2.userId] };
    expect((await send(approver1, 'PUT', `${REQUESTS}/${mine.requestId}/v1`, { ...edit, version: 0 })).statusCode).toBe(403);
    expect((await send(member, 'PUT', `${REQUESTS}/${mine.requestId}/v1`, { ...edit, version: 9 })).statusCode).toBe(409);
    const edited = await send(member, 'PUT', `${REQUESTS}/${mine.requestId}/v1`, { ...edit, version: 0 });
    expect(edited.json().data).toMatchObject({ purpose: '수정된 목적', count: 2, currentApproverId: approver2.userId, version: 1 });
    expect((await send(outsider, 'DELETE', `${REQUESTS}/${mine.requestId}/v1`)).statusCode).toBe(404);
    expect((await send(member, 'DELETE', `${REQUESTS}/${mine.requestId}/v1`)).json().data).toEqual({ requestId: mine.requestId });

    const canceled = await requestSeal(t, member, seal.sealId, [approver1]);
    expect((await act(t, approver1, canceled.requestId, 'CANCEL', { version: 0 })).statusCode).toBe(403);
    expect((await act(t, member, canceled.requestId, 'CANCEL', { version: 0 })).json().data.status).toBe('CANCELED');
    const listed = (await get(member, `${REQUESTS}/v1?statuses=CANCELED`)).json().data.content.map((r: { requestId: number }) => r.requestId);
    expect(listed).toEqual([canceled.requestId]);
  }, 180_000);

  it('an unavailable seal keeps its history, takes no new request and cannot be applied (409)', async () => {
    const seal = await registerSeal(t, manager, custodian);
    const used = await requestSeal(t, member, seal.sealId, [approver1]);
    let version = await approveAll(t, used.requestId, [approver1]);
    const scan = await uploadFile(t, custodian, Buffer.from('scan'), 'scan.txt');
    expect((await act(t, custodian, used.requestId, 'APPLY', { version, method: 'PHYSICAL', stampedFileKey: scan })).statusCode).toBe(200);
    const pending = await requestSeal(t, member, seal.sealId, [approver1]);
    version = await approveAll(t, pending.requestId, [approver1]);

    const current = (await get(manager, `${SEALS}/${seal.sealId}/v1`)).json().data;
    expect((await send(manager, 'POST', `${SEALS}/${seal.sealId}/unavailable/v1`, { reason: '교체', version: current.version })).statusCode).toBe(200);
    const histories = await t.services.db.select().from(sealUsageHistories).where(eq(sealUsageHistories.sealId, seal.sealId));
    expect(histories).toHaveLength(1);
    expect((await act(t, custodian, pending.requestId, 'APPLY', { version, method: 'PHYSICAL', stampedFileKey: scan })).statusCode).toBe(409);
    const refused = await send(member, 'POST', `${REQUESTS}/v1`, { sealId: seal.sealId, purpose: 'x', useDate: '2026-12-01', fileKeys: [scan], approverUserIds: [approver1.userId] });
    expect(fieldsOf(refused)).toEqual(['body.sealId']);
    expect((await send(custodian, 'POST', `${SEALS}/${seal.sealId}/applications/v1`, { method: 'PHYSICAL', stampedFileKey: scan, reason: '급함' })).statusCode).toBe(409);
  }, 180_000);
});

describe('direct application, signatures by reference and access', () => {
  it('applies without a request (custodian or manage), and the contract views show pending, synced and mismatched', async () => {
    const seal = await registerSeal(t, manager, custodian);
    const docKey = await uploadFile(t, member, Buffer.from('본문'), '본문.txt');
    const contract = await createContract(t, member, { files: [{ fileKey: docKey, role: 'MAIN' }] } as never);
    const ref = `referenceType=CONTRACT&referenceId=${contract.id}`;
    expect((await get(member, `/api/seal/signatures/sync-status/v1?${ref}`)).json().data).toMatchObject({ status: 'NONE', applications: 0 });
    expect((await get(outsider, `/api/seal/signatures/sync-status/v1?${ref}`)).statusCode).toBe(404);

    const request = await requestSeal(t, member, seal.sealId, [approver1], { contractId: contract.id });
    expect(request.documents).toHaveLength(1);
    expect((await get(member, `/api/seal/signatures/sync-status/v1?${ref}`)).json().data.status).toBe('PENDING');
    expect((await get(approver1, `/api/seal/signatures/my-sign-status/v1?${ref}`)).json().data).toMatchObject({ toApprove: [request.requestId], toApply: [] });
    const version = await approveAll(t, request.requestId, [approver1]);
    expect((await get(custodian, `/api/seal/signatures/my-sign-status/v1?${ref}`)).json().data).toMatchObject({ toApprove: [], toApply: [request.requestId] });
    expect((await get(member, `/api/seal/signatures/my-sign-status/v1?${ref}`)).json().data.myRequests).toEqual([{ requestId: request.requestId, status: 'APPROVED' }]);
    const scan = await uploadFile(t, custodian, Buffer.from('scan'), 'scan.txt');
    expect((await act(t, custodian, request.requestId, 'APPLY', { version, method: 'PHYSICAL', stampedFileKey: scan })).statusCode).toBe(200);
    expect((await get(member, `/api/seal/signatures/sync-status/v1?${ref}`)).json().data).toMatchObject({ status: 'SYNCED', applications: 1 });

    const direct = { method: 'PHYSICAL', stampedFileKey: scan, contractId: contract.id, reason: '대표 출장 중 긴급 날인' };
    expect((await send(member, 'POST', `${SEALS}/${seal.sealId}/applications/v1`, direct)).statusCode).toBe(403);
    expect(fieldsOf(await send(custodian, 'POST', `${SEALS}/${seal.sealId}/applications/v1`, { ...direct, reason: '' }))).toEqual(['body.reason']);
    expect((await send(outsider, 'POST', `${SEALS}/${seal.sealId}/applications/v1`, direct)).statusCode).toBe(404);
    // The manager reads every contract; a custodian applying on a contract must be able to read it (400 otherwise).
    expect(fieldsOf(await send(custodian, 'POST', `${SEALS}/${seal.sealId}/applications/v1`, direct))).toEqual(['body.contractId']);
    const applied = await send(manager, 'POST', `${SEALS}/${seal.sealId}/applications/v1`, direct);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ requestId: null, referenceType: 'CONTRACT', referenceId: contract.id, referenceTitle: contract.title });
    expect((await get(member, `/api/seal/signatures/sync-status/v1?${ref}`)).json().data).toMatchObject({ status: 'MISMATCH', applications: 2 });
    const byContract = (await get(manager, `/api/seal/usage-histories/v1?${ref}`)).json().data;
    expect(byContract.totalElements).toBe(2);
  }, 180_000);

  it('answers what the caller may do', async () => {
    const seal = await registerSeal(t, manager, custodian);
    expect((await get(custodian, '/api/seal/esign-access/v1')).json().data).toMatchObject({ canSend: true, canRequestSeal: true, canApproveSeal: false, canManageSeals: false, custodianOf: expect.arrayContaining([seal.sealId]) });
    expect((await get(manager, '/api/seal/esign-access/v1')).json().data).toMatchObject({ canApproveSeal: true, canManageSeals: true, custodianOf: [] });
    expect((await get(null, '/api/seal/esign-access/v1')).statusCode).toBe(401);
  }, 180_000);
});

describe('the reconciliation', () => {
  it('lists each kind of mismatch, counts sealed contracts, and its workbook has the same rows (ko and en)', async () => {
    const recon = await newWorkspace(t, { products: ['SEAL', 'CLM'], extraRoles: ['LEGAL_APPROVER'] });
    const boss = await person(t, recon, ['LEGAL_MANAGER'], '대사관리');
    const keeper = await person(t, recon, ['GENERAL_MEMBER'], '보관자');
    const ok = await person(t, recon, ['LEGAL_APPROVER'], '결재자');
    const asker = await person(t, recon, ['GENERAL_MEMBER'], '신청자');
    const seal = await registerSeal(t, boss, keeper, { name: '법인인감', type: 'CORPORATE' });
    const today = kstDay(0);
    const yesterday = kstDay(-1);
    const range = `from=${yesterday}&to=${today}`;
    const apply = async (requestId: number, version: number) => {
      const scan = await uploadFile(t, keeper, Buffer.from(`scan ${requestId}`), 'scan.txt');
      const res = await act(t, keeper, requestId, 'APPLY', { version, method: 'PHYSICAL', stampedFileKey: scan });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.version as number;
    };

    // A clean case first: one request for today, approved and applied once.
    const clean = await requestSeal(t, asker, seal.sealId, [ok], { useDate: today });
    await apply(clean.requestId, await approveAll(t, clean.requestId, [ok]));
    const none = (await get(boss, `/api/seal/reconciliation/v1?${range}`)).json().data;
    expect(none.mismatches).toEqual([]);
    expect(none.bySeal).toEqual([{ sealId: seal.sealId, name: '법인인감', applications: 1, mismatches: 0 }]);

    // Used after its date (use date yesterday, applied today).
    const late = await requestSeal(t, asker, seal.sealId, [ok], { useDate: yesterday });
    await apply(late.requestId, await approveAll(t, late.requestId, [ok]));
    // Used more than approved (count 1, applied twice).
    const twice = await requestSeal(t, asker, seal.sealId, [ok], { useDate: today, count: 1 });
    const v = await apply(twice.requestId, await approveAll(t, twice.requestId, [ok]));
    await apply(twice.requestId, v);
    // Approved, never used (yesterday).
    const unused = await requestSeal(t, asker, seal.sealId, [ok], { useDate: yesterday });
    await approveAll(t, unused.requestId, [ok]);
    // Applied without approval, on a contract.
    const docKey = await uploadFile(t, keeper, Buffer.from('계약 본문'), '계약.txt');
    const contract = await createContract(t, keeper, { title: '무단 날인 계약', files: [{ fileKey: docKey, role: 'MAIN' }] } as never);
    const scan = await uploadFile(t, keeper, Buffer.from('direct'), 'direct.txt');
    expect((await send(keeper, 'POST', `${SEALS}/${seal.sealId}/applications/v1`, { method: 'PHYSICAL', stampedFileKey: scan, contractId: contract.id, reason: '긴급' })).statusCode).toBe(200);

    const report = (await get(boss, `/api/seal/reconciliation/v1?${range}`)).json().data;
    const kinds = Object.fromEntries(report.countsByKind.map((c: { kind: string; count: number }) => [c.kind, c.count]));
    expect(kinds).toEqual({ APPLIED_WITHOUT_APPROVAL: 1, APPROVED_NOT_USED: 1, USED_AFTER_DATE: 1, USED_MORE_THAN_APPROVED: 1 });
    expect(report.mismatches.find((m: { kind: string }) => m.kind === 'APPLIED_WITHOUT_APPROVAL')).toMatchObject({ requestId: null, referenceType: 'CONTRACT', referenceId: contract.id, referenceTitle: '무단 날인 계약', detail: expect.stringContaining('긴급') });
    expect(report.mismatches.find((m: { kind: string }) => m.kind === 'USED_AFTER_DATE').requestId).toBe(late.requestId);
    expect(report.mismatches.find((m: { kind: string }) => m.kind === 'USED_MORE_THAN_APPROVED').requestId).toBe(twice.requestId);
    expect(report.mismatches.find((m: { kind: string }) => m.kind === 'APPROVED_NOT_USED')).toMatchObject({ requestId: unused.requestId, historyId: null, date: yesterday });
    expect(report).toMatchObject({ sealedContracts: 1, matched: 0 });
    expect(report.bySeal).toEqual([{ sealId: seal.sealId, name: '법인인감', applications: 5, mismatches: 4 }]);

    // The matrix: manage only, a range that reads backwards, another workspace sees nothing of it.
    expect((await get(keeper, `/api/seal/reconciliation/v1?${range}`)).statusCode).toBe(403);
    const backwards = await get(boss, `/api/seal/reconciliation/v1?from=${today}&to=${yesterday}`);
    expect(fieldsOf(backwards)).toEqual(['query.to']);
    expect(fieldsOf(await get(boss, '/api/seal/reconciliation/v1?from=2026-13-01&to=x')).sort()).toEqual(['query.from', 'query.to']);
    expect((await get(outsider, `/api/seal/reconciliation/v1?${range}`)).json().data.mismatches).toEqual([]);

    for (const locale of ['ko', 'en'] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/seal/reconciliation/download/v1?${range}`, headers: { ...boss.headers, 'x-locale': locale } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[1]!;
      expect(sheet.name).toBe(locale === 'ko' ? '불일치' : 'Mismatches');
      expect(sheet.getRow(1).getCell(1).value).toBe(locale === 'ko' ? '유형' : 'Kind');
      expect(sheet.rowCount).toBe(1 + 4);
      const kindsInSheet = [2, 3, 4, 5].map((i) => sheet.getRow(i).getCell(1).value);
      expect(kindsInSheet).toContain(locale === 'ko' ? '승인 없이 날인' : 'Applied without approval');
      expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe(1);
    }

    const processed = await t.app.inject({ method: 'GET', url: '/api/seal/usage-requests/processed/download/v1', headers: { ...boss.headers, 'x-locale': 'en' } });
    expect(processed.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(processed.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Request no.');
    const ids = [];
    for (let i = 2; i <= sheet.rowCount; i++) ids.push(sheet.getRow(i).getCell(1).value);
    expect(ids.sort()).toEqual([clean.requestId, late.requestId, twice.requestId, unused.requestId].sort());
  }, 180_000);
});

describe('the route matrix', () => {
  it('answers 401 without a session on every seal route and leaves another workspace\'s rows unchanged', async () => {
    const seal = await registerSeal(t, manager, custodian);
    const urls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', `${SEALS}/meta/v1`], ['GET', `${SEALS}/v1`], ['GET', `${SEALS}/valid/v1`], ['GET', `${SEALS}/1/v1`], ['POST', `${SEALS}/v1`], ['PUT', `${SEALS}/1/v1`],
      ['DELETE', `${SEALS}/1/v1`], ['POST', `${SEALS}/1/copy/v1`], ['POST', `${SEALS}/1/unavailable/v1`], ['POST', `${SEALS}/1/available/v1`], ['GET', `${SEALS}/1/image/v1`],
      ['POST', `${SEALS}/1/applications/v1`], ['GET', `${REQUESTS}/v1`], ['GET', `${REQUESTS}/to-be-approved/v1`], ['GET', `${REQUESTS}/processed/v1`],
      ['GET', `${REQUESTS}/processed/download/v1`], ['GET', `${REQUESTS}/1/v1`], ['POST', `${REQUESTS}/v1`], ['PUT', `${REQUESTS}/1/v1`], ['DELETE', `${REQUESTS}/1/v1`],
      ['POST', `${REQUESTS}/1/actions/APPROVE/v1`], ['GET', `${REQUESTS}/1/documents/v1`], ['GET', '/api/seal/usage-histories/v1'],
      ['GET', '/api/seal/signatures/sync-status/v1?referenceType=CONTRACT&referenceId=1'], ['GET', '/api/seal/signatures/my-sign-status/v1?referenceType=CONTRACT&referenceId=1'],
      ['GET', '/api/seal/esign-access/v1'], ['GET', '/api/seal/reconciliation/v1?from=2026-01-01&to=2026-01-31'], ['GET', '/api/seal/reconciliation/download/v1?from=2026-01-01&to=2026-01-31'],
    ];
    for (const [method, url] of urls) {
      const res = await t.app.inject({ method, url, headers: { 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) }, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const before = await t.services.db.select().from(seals).where(eq(seals.id, seal.sealId));
    const body = { name: '탈취', type: 'USAGE', imageFileKey: seal.imageFileKey, custodianUserId: outsider.userId, allowedGroupIds: [], version: 0 };
    expect((await send(outsider, 'PUT', `${SEALS}/${seal.sealId}/v1`, body)).statusCode).toBe(404);
    expect((await send(outsider, 'DELETE', `${SEALS}/${seal.sealId}/v1`)).statusCode).toBe(404);
    expect((await send(outsider, 'POST', `${SEALS}/${seal.sealId}/unavailable/v1`, { reason: 'x', version: 0 })).statusCode).toBe(404);
    expect(await t.services.db.select().from(seals).where(eq(seals.id, seal.sealId))).toEqual(before);
    expect(await t.services.db.select().from(sealUsageRequests).where(eq(sealUsageRequests.workspaceId, other.workspaceId))).toEqual([]);
  }, 180_000);
});
