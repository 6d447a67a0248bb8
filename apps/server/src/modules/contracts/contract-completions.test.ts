import { type ContractDetail, ContractDetailSchema, type ContractStatus } from '@legal/api';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { workspaceHeaders } from '../auth/auth.test-support';
import { completionPath } from './contract-completions.service';
import { changeContractStatus } from './contracts.service';
import { contractCast, createContract, fieldsOf, snapshotOf, uploadFile } from './contracts.test-support';
import { contractReminders } from './reminders/reminders.table';

const { t, wsA, wsB, owner, watcher, stranger, manager, outsider, noRole, call } = await contractCast();
afterAll(() => t.close());

const hub = (id: number) => `/api/conhub/contracts/${id}`;
const complete = (id: number) => `${hub(id)}/completions/v2`;
const copy = (id: number) => `${hub(id)}/completions/copy/v1`;
const scopeA = () => ({ tenantId: wsA.tenantId, workspaceId: wsA.workspaceId });

/** Moves a contract as the workflow engine would (the one status seam). */
async function moveTo(contractId: number, ...statuses: ContractStatus[]) {
  for (const to of statuses) await t.services.db.transaction((tx) => changeContractStatus(tx, scopeA(), contractId, to, { actorUserId: null, reason: 'test' }));
}

describe('completionPath (pure)', () => {
  it('moves only through allowed transitions, from DRAFT or IN_REVIEW', () => {
    expect(completionPath('DRAFT', 'SIGNED')).toEqual(['SIGNED']);
    expect(completionPath('DRAFT', 'ACTIVE')).toEqual(['SIGNED', 'ACTIVE']);
    expect(completionPath('IN_REVIEW', 'SIGNED')).toEqual(['DRAFT', 'SIGNED']);
    for (const from of ['IN_APPROVAL', 'IN_SIGNING', 'SIGNED', 'ACTIVE', 'EXPIRED', 'TERMINATED', 'CANCELED'] as const) expect(completionPath(from, 'SIGNED'), from).toBeNull();
  });
});

describe('POST conhub contracts/{id}/completions/v2', () => {
  let c: ContractDetail;
  beforeAll(async () => {
    c = await createContract(t, owner, { title: '외부 체결 용역계약', watcherUserIds: [watcher.userId], signingType: 'ELECTRONIC' });
  });

  it('answers 401, 400 naming the field, 404 to who cannot read it and 403 to readers and members without rights, changing nothing', async () => {
    const body = { signedDate: '2025-03-02', signingType: 'PAPER' };
    const before = await snapshotOf(t, c.id);
    expect((await call(null, 'POST', complete(c.id), body)).statusCode).toBe(401);
    for (const [bad, field] of [
      [{}, 'body.signedDate'], [{ signedDate: '2025-02-30' }, 'body.signedDate'], [{ ...body, status: 'EXPIRED' }, 'body.status'],
      [{ ...body, signingType: 'FAX' }, 'body.signingType'], [{ ...body, executedFileKey: 'short' }, 'body.executedFileKey'], [{ ...body, executedFileKey: 'B'.repeat(22) }, 'body.executedFileKey'],
    ] as const) {
      const res = await call(owner, 'POST', complete(c.id), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const intruder = { ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) };
    for (const who of [stranger, intruder]) expect((await call(who, 'POST', complete(c.id), body)).json().code).toBe('ERROR_NOT_FOUND');
    for (const who of [watcher, noRole]) expect((await call(who, 'POST', complete(c.id), body)).statusCode).toBe(403);
    expect(await snapshotOf(t, c.id)).toEqual(before);
  });

  it('marks a draft executed: signed date, signing type, the executed file as MAIN, status through the seam, audit events', async () => {
    const fileKey = await uploadFile(t, owner, Buffer.from('체결본', 'utf8'), '체결본.txt');
    const res = await call(owner, 'POST', complete(c.id), { signedDate: '2025-03-02', signingType: 'PAPER', executedFileKey: fileKey });
    expect(res.statusCode, res.body).toBe(200);
    const done = ContractDetailSchema.parse(res.json().data);
    expect(done).toMatchObject({ status: 'SIGNED', signedDate: '2025-03-02', signingType: 'PAPER', version: c.version + 2 });
    expect(done.files.map((f) => [f.fileKey, f.role])).toEqual([[fileKey, 'MAIN']]);
    const events = await t.services.db.select().from(auditEvents).where(inArray(auditEvents.type, ['contract.status_changed', 'contract.completed'])).orderBy(desc(auditEvents.id)).limit(2);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['contract.completed', { contractId: c.id, from: 'DRAFT', to: 'SIGNED', executedFileKey: fileKey, before: { signedDate: null, signingType: 'ELECTRONIC' }, after: { signedDate: '2025-03-02', signingType: 'PAPER' } }],
      ['contract.status_changed', { contractId: c.id, from: 'DRAFT', to: 'SIGNED', reason: 'COMPLETION' }],
    ]);
    expect(events[0]!.actorUserId).toBe(owner.userId);
  });

  it('answers 409 naming the status for an executed, closed or running contract', async () => {
    const running = await createContract(t, owner, { title: '결재 중인 계약' });
    await moveTo(running.id, 'IN_APPROVAL');
    const canceled = await createContract(t, owner, { title: '취소된 계약' });
    await moveTo(canceled.id, 'CANCELED');
    for (const [id, status] of [[c.id, 'SIGNED'], [running.id, 'IN_APPROVAL'], [canceled.id, 'CANCELED']] as const) {
      const before = await snapshotOf(t, id);
      const res = await call(owner, 'POST', complete(id), { signedDate: '2025-04-01' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { status } });
      expect(await snapshotOf(t, id)).toEqual(before);
    }
  });

  it('takes a contract in review to ACTIVE through DRAFT and SIGNED; a contract admin may do it; the signing type stays when not given', async () => {
    const inReview = await createContract(t, owner, { title: '검토 중 계약', signingType: 'ELECTRONIC' });
    await moveTo(inReview.id, 'IN_REVIEW');
    const res = await call(manager, 'POST', complete(inReview.id), { signedDate: '2025-05-01', status: 'ACTIVE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ACTIVE', signedDate: '2025-05-01', signingType: 'ELECTRONIC' });
    const moves = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.status_changed')).orderBy(desc(auditEvents.id)).limit(3);
    expect(moves.reverse().map((e) => [e.data.from, e.data.to])).toEqual([['IN_REVIEW', 'DRAFT'], ['DRAFT', 'SIGNED'], ['SIGNED', 'ACTIVE']]);
  });
});

describe('POST conhub contracts/{id}/completions/copy/v1', () => {
  let source: ContractDetail;
  let referenced: ContractDetail;
  beforeAll(async () => {
    referenced = await createContract(t, owner, { title: '기본 계약' });
    const fileKey = await uploadFile(t, owner, Buffer.from('계약서 본문', 'utf8'), '원본.txt');
    source = await createContract(t, owner, {
      title: '유지보수 계약', contractType: 'SERVICE', language: 'ko', memo: '자동 갱신', amount: '1500000.5', currency: 'KRW', startDate: '2025-01-01', endDate: '2025-12-31',
      signedDate: '2024-12-20', status: 'SIGNED', governingLaw: '대한민국 법', disputeResolutionMethod: 'LITIGATION', ourPosition: 'PARTY_A', signingType: 'PAPER',
      hashtags: ['유지보수', '갱신'], watcherUserIds: [watcher.userId], userIds: [manager.userId],
      counterparties: [{ counterpartyType: 'COMPANY', name: '주식회사 새솔', businessRegistrationNumber: '1234567890', contacts: [{ name: '박지훈', email: 'jh@saesol.example' }] }],
      relatedReferences: [{ referenceType: 'CONTRACT', referenceId: String(referenced.id), label: '기본 계약' }, { referenceType: 'URL', referenceId: 'https://example.com/a', label: '자료' }],
      referenceGroups: [{ name: '선행 계약', references: [{ referenceType: 'OTHER', label: '구두 합의' }] }],
      files: [{ fileKey, role: 'MAIN' }],
    });
    await call(owner, 'POST', `${hub(source.id)}/bookmarks/v1`);
    await call(owner, 'POST', `${hub(source.id)}/reminders/v1`, { title: '갱신 검토', remindAt: new Date(Date.now() + 86_400_000).toISOString(), recipients: [owner.userId] });
  });

  it('answers 401, 400 naming the field, 404 to who cannot read the source and 403 without contract.contract.write, creating nothing', async () => {
    const count = async () => (await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.copied'))).length;
    const before = await count();
    expect((await call(null, 'POST', copy(source.id), {})).statusCode).toBe(401);
    for (const [bad, field] of [[{ title: '   ' }, 'body.title'], [{ copyFiles: 'yes' }, 'body.copyFiles'], [{ title: 'x'.repeat(201) }, 'body.title']] as const) {
      const res = await call(owner, 'POST', copy(source.id), bad);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const intruder = { ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) };
    for (const who of [stranger, intruder]) expect((await call(who, 'POST', copy(source.id), {})).statusCode).toBe(404);
    // The watcher reads the source but may not create contracts.
    for (const who of [watcher, noRole]) expect((await call(who, 'POST', copy(source.id), {})).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('copies every field and child into a new DRAFT owned by the caller, without status, signed date, reminders, bookmarks or (by default) files', async () => {
    const before = await snapshotOf(t, source.id);
    const res = await call(owner, 'POST', copy(source.id));
    expect(res.statusCode, res.body).toBe(200);
    const copied = ContractDetailSchema.parse(res.json().data);
    expect(copied.id).not.toBe(source.id);
    expect(copied).toMatchObject({
      title: '유지보수 계약 (사본)', status: 'DRAFT', signedDate: null, contractType: 'SERVICE', memo: '자동 갱신', amount: '1500000.5', currency: 'KRW',
      startDate: '2025-01-01', endDate: '2025-12-31', governingLaw: '대한민국 법', disputeResolutionMethod: 'LITIGATION', ourPosition: 'PARTY_A', signingType: 'PAPER',
      owner: { userId: owner.userId }, isBookmarked: false, files: [],
    });
    expect(copied.hashtags.map((h) => h.name)).toEqual(['유지보수', '갱신']);
    expect(copied.counterparties.map(({ id: _id, ...rest }) => rest)).toEqual(source.counterparties.map(({ id: _id, ...rest }) => rest));
    expect(copied.watchers.map((w) => w.userId)).toEqual([watcher.userId]);
    expect(copied.users.map((u) => u.userId)).toEqual([manager.userId]);
    expect(copied.relatedReferences).toEqual(source.relatedReferences);
    expect(copied.referenceGroups).toEqual(source.referenceGroups);
    expect(await t.services.db.select().from(contractReminders).where(eq(contractReminders.contractId, copied.id))).toEqual([]);
    expect(await snapshotOf(t, source.id)).toEqual(before);
    const [event] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'contract.copied')).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ actorUserId: owner.userId, data: { contractId: copied.id, sourceContractId: source.id, copyFiles: false } });
    // The copy is found by search like any contract (the create path indexed it).
    const found = await call(owner, 'POST', '/api/alex/contracts/page-search/v3', { keyword: '사본' });
    expect(found.json().data.content.map((r: { id: number }) => r.id)).toContain(copied.id);
  });

  it('takes the given title and the files on request; "(copy)" in English; leaves out references the copier cannot read', async () => {
    const titled = await call(owner, 'POST', copy(source.id), { title: '2026 유지보수 계약', copyFiles: true });
    expect(titled.json().data).toMatchObject({ title: '2026 유지보수 계약', files: source.files.map((f) => ({ fileKey: f.fileKey, role: f.role })) });
    // A contract admin copies in English and owns the copy.
    const english = await t.app.inject({ method: 'POST', url: copy(source.id), headers: { ...manager.headers, 'x-locale': 'en' }, payload: {} });
    expect(english.json().data).toMatchObject({ title: '유지보수 계약 (copy)', owner: { userId: manager.userId } });
    expect(english.json().data.watchers.map((w: { userId: number }) => w.userId)).toEqual([watcher.userId]);
    // A writer who can read the source but not the contract it refers to: the reference is left out, not a 400.
    const writer = stranger;
    const shared = await createContract(t, owner, {
      title: '공유된 계약', userIds: [writer.userId],
      relatedReferences: [{ referenceType: 'CONTRACT', referenceId: String(referenced.id), label: '기본 계약' }, { referenceType: 'OTHER', label: '메모' }],
    });
    const res = await call(writer, 'POST', copy(shared.id), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.relatedReferences).toEqual([{ referenceType: 'OTHER', referenceId: null, label: '메모' }]);
  });
});
