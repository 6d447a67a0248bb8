import { type ContractActivity, ContractActivitySchema, type ContractDetail } from '@legal/api';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { workspaceHeaders } from '../auth/auth.test-support';
import { activityWhere, summarize } from './contract-activity.service';
import { contractCast, createContract, fieldsOf, type Person } from './contracts.test-support';

const hub = (id: number) => `/api/conhub/contracts/${id}`;
const feed = (id: number, query = '') => `${hub(id)}/activities/v1${query}`;

async function activities(who: Person, id: number, query = ''): Promise<{ content: ContractActivity[]; totalElements: number }> {
  const res = await call(who, 'GET', feed(id, query));
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { content: data.content.map((a: unknown) => ContractActivitySchema.parse(a)), totalElements: data.totalElements };
}

let c: ContractDetail;
let other: ContractDetail;

const { t, wsA, wsB, owner, watcher, stranger, manager, outsider, noRole, call } = await contractCast();

beforeAll(async () => {
  c = await createContract(t, owner, { title: '물류 대행 계약', watcherUserIds: [watcher.userId] });
  other = await createContract(t, owner, { title: '다른 계약' });
  const steps: Array<[string, string, unknown]> = [
    ['PUT', `${hub(c.id)}/title/v1`, { title: '물류 대행 계약 (개정)' }],
    ['POST', `${hub(c.id)}/counterparties/v1`, { counterpartyType: 'COMPANY', name: '주식회사 빠른물류' }],
    ['POST', `${hub(c.id)}/reminders/v1`, { title: '갱신 검토', remindAt: new Date(Date.now() + 86_400_000).toISOString(), recipients: [owner.userId] }],
    ['POST', `${hub(c.id)}/bookmarks/v1`, undefined],
    ['PUT', `${hub(c.id)}/owner/v1`, { ownerUserId: manager.userId }],
    ['PUT', `${hub(other.id)}/title/v1`, { title: '다른 계약 (개정)' }],
  ];
  for (const [method, url, body] of steps) {
    const who = url.includes('/owner/') ? manager : owner;
    const res = await call(who, method as 'PUT' | 'POST', url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  }
  const done = await call(manager, 'POST', `${hub(c.id)}/completions/v2`, { signedDate: '2025-06-01', signingType: 'PAPER' });
  expect(done.statusCode, done.body).toBe(200);
  // An event of another tenant naming the same contract id, and an event of another workspace of the same id: never shown.
  await t.services.db.insert(auditEvents).values([
    { type: 'contract.updated', actorUserId: outsider.userId, tenantId: wsB.tenantId, workspaceId: wsB.workspaceId, data: { contractId: c.id, fields: ['memo'], before: {}, after: {} } },
    { type: 'contract.updated', actorUserId: outsider.userId, tenantId: wsA.tenantId, workspaceId: wsB.workspaceId, data: { contractId: c.id, fields: ['memo'], before: {}, after: {} } },
  ]);
});
afterAll(() => t.close());

describe('GET conhub contracts/{id}/activities/v1', () => {
  it('answers the contract\'s history newest first, with actors and summaries, and nothing of other contracts, tenants or personal bookmarks', async () => {
    const { content, totalElements } = await activities(watcher, c.id);
    expect(content.map((a) => a.type)).toEqual([
      'contract.completed', 'contract.status_changed', 'contract.updated', 'contract.reminder_created', 'counterparty.added', 'contract.updated', 'contract.created',
    ]);
    expect(totalElements).toBe(7);
    const [completed, status, ownerChange, reminder, party, title, created] = content;
    expect(completed).toMatchObject({ actor: { userId: manager.userId, displayName: '한지민' }, summary: { fromStatus: 'DRAFT', toStatus: 'SIGNED', changes: [{ field: 'signedDate', before: null, after: '2025-06-01' }, { field: 'signingType', before: null, after: 'PAPER' }] } });
    expect(status!.summary).toMatchObject({ fromStatus: 'DRAFT', toStatus: 'SIGNED' });
    // People are named, not numbered.
    expect(ownerChange!.summary).toMatchObject({ fields: ['owner'], changes: [{ field: 'owner', before: '김민준', after: '한지민' }] });
    expect(reminder!.summary.names).toEqual(['갱신 검토']);
    expect(party!.summary.names).toEqual(['주식회사 빠른물류']);
    expect(title).toMatchObject({ actor: { userId: owner.userId, displayName: '김민준' }, summary: { fields: ['title'], changes: [{ field: 'title', before: '물류 대행 계약', after: '물류 대행 계약 (개정)' }] } });
    expect(created!.summary.toStatus).toBe('DRAFT');
    expect(Date.parse(content[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(content.at(-1)!.createdAt));
  });

  it('pages', async () => {
    const all = (await activities(manager, c.id, '?size=100')).content.map((a) => a.id);
    const second = await activities(manager, c.id, '?page=1&size=3');
    expect(second.content.map((a) => a.id)).toEqual(all.slice(3, 6));
    expect(second.totalElements).toBe(all.length);
  });

  it('answers 401, 400 naming the field, 404 to who cannot read the contract (even another tenant\'s admin) and 403 without contract permissions', async () => {
    expect((await call(null, 'GET', feed(c.id))).statusCode).toBe(401);
    for (const [url, field] of [[feed(c.id, '?size=0'), 'query.size'], [feed(c.id, '?size=101'), 'query.size'], [feed(c.id, '?page=-1'), 'query.page'], [`${hub(0)}/activities/v1`, 'params.contractId']] as const) {
      const res = await call(owner, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const intruder = { ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) };
    for (const who of [stranger, intruder]) {
      const res = await call(who, 'GET', feed(c.id));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ERROR_NOT_FOUND');
    }
    expect((await call(noRole, 'GET', feed(c.id))).statusCode).toBe(403);
    // The other contract's feed holds only its own events.
    expect((await activities(owner, other.id)).content.map((a) => a.type)).toEqual(['contract.updated', 'contract.created']);
  });
});

describe('the activity query', () => {
  it('reads audit_events_contract_idx rather than scanning the audit trail', async () => {
    const plan = await t.services.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const query = tx.select().from(auditEvents).where(activityWhere({ tenantId: wsA.tenantId, workspaceId: wsA.workspaceId }, c.id)).orderBy(desc(auditEvents.createdAt));
      return tx.execute(sql`EXPLAIN ${query}`);
    });
    const lines = (plan as unknown as { rows: Array<Record<string, string>> }).rows.map((r) => Object.values(r)[0]).join('\n');
    expect(lines).toContain('audit_events_contract_idx');
  });
});

describe('summarize (pure)', () => {
  it('words the events it knows and keeps unknown ones generic', () => {
    expect(summarize('contract.updated', { fields: ['amount', 'currency'], before: { amount: '100.0000', currency: null }, after: { amount: '200', currency: 'KRW' } })).toMatchObject({
      fields: ['amount', 'currency'], changes: [{ field: 'amount', before: '100.0000', after: '200' }, { field: 'currency', before: null, after: 'KRW' }],
    });
    expect(summarize('contract.updated', { fields: ['hashtags'], before: {}, after: { hashtags: ['갱신', '물류'] } })).toMatchObject({ fields: ['hashtags'], names: ['갱신', '물류'], changes: [] });
    expect(summarize('contract.updated', { fields: ['files'], before: {}, after: { added: { fileKey: 'K'.repeat(22), role: 'MAIN' } } }).fileNames).toEqual(['K'.repeat(22)]);
    expect(summarize('contract.reminder_sent', { mailedTo: [1, 2], skipped: [] }).count).toBe(2);
    expect(summarize('contract.copied', { contractId: 9, sourceContractId: 4 }).relatedContractId).toBe(4);
    expect(summarize('workflow.action', { workflowId: 1, contractId: 9, action: 'APPROVE', stepCode: 'APPROVAL', from: 'IN_APPROVAL', to: 'APPROVED', round: 1 }).names).toEqual(['APPROVE']);
    expect(summarize('contract.clauses_labelled', { contractId: 9, labelCount: 12, fileKey: 'F'.repeat(22) })).toMatchObject({ count: 12, fileNames: ['F'.repeat(22)] });
    expect(summarize('contract.document_uploaded', { contractId: 9, fileKey: 'D'.repeat(22), revision: 3, size: 10, fileType: 'DOCX', isNewDocument: false })).toMatchObject({ revision: 3, fileNames: ['D'.repeat(22)] });
    expect(summarize('contract.document_locked', { contractId: 9, fileKey: 'D'.repeat(22), lockId: 'L' })).toMatchObject({ revision: null, fileNames: ['D'.repeat(22)] });
    expect(summarize('contract.document_saved', { contractId: 9, fields: ['files'] })).toMatchObject({ fields: ['files'], changes: [], names: [] });
    expect(summarize('contract.status_changed', { from: 'NOPE', to: 'ACTIVE' })).toMatchObject({ fromStatus: null, toStatus: 'ACTIVE' });
  });
});
