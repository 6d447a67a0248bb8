import { RECENT_CONTRACT_VIEW_LIMITS, RecentlyViewedContractSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contractCast, createContract, fieldsOf, type Person } from './contracts.test-support';
import { contracts, contractViews } from './contracts.table';

const { t, wsA, owner, watcher, stranger, manager, outsider, noRole, call } = await contractCast();
afterAll(() => t.close());

const RECENT = '/api/conhub/home/recently-viewed/v1';
const open = (who: Person, contractId: number) => call(who, 'GET', `/api/conhub/contracts/${contractId}/v3`);
const recent = async (who: Person, query = '') => {
  const res = await call(who, 'GET', `${RECENT}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { content: Array<{ id: number; title: string; viewedAt: string }>; totalElements: number };
};
const viewsOf = (userId: number) => t.services.db.select().from(contractViews).where(eq(contractViews.userId, userId));

describe('GET home/recently-viewed/v1', () => {
  it('asks for a session (401), a contract permission (403) and a valid size (400 naming it)', async () => {
    expect((await call(null, 'GET', RECENT)).statusCode).toBe(401);
    const refused = await call(noRole, 'GET', RECENT);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ERROR_FORBIDDEN');
    const bad = await call(owner, 'GET', `${RECENT}?size=${RECENT_CONTRACT_VIEW_LIMITS.keptPerUser + 1}`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['query.size']);
  });

  it('lists what the caller opened, last opened first, once each, with when', async () => {
    const first = await createContract(t, owner, { title: '처음 연 계약' });
    const second = await createContract(t, owner, { title: '두 번째 연 계약' });
    expect(await recent(owner)).toMatchObject({ content: [], totalElements: 0 });
    expect((await open(owner, first.id)).statusCode).toBe(200);
    expect((await open(owner, second.id)).statusCode).toBe(200);
    expect((await open(owner, first.id)).statusCode).toBe(200);
    const page = await recent(owner);
    expect(page.content.map((c) => c.title)).toEqual(['처음 연 계약', '두 번째 연 계약']);
    expect(page.totalElements).toBe(2);
    for (const item of page.content) expect(RecentlyViewedContractSchema.strict().parse(item)).toBeTruthy();
    expect(Date.parse(page.content[0]!.viewedAt)).toBeGreaterThanOrEqual(Date.parse(page.content[1]!.viewedAt));
    // A list or a search is not an opening, and another member's views are theirs alone.
    expect((await recent(manager)).content).toEqual([]);
  });

  it('never answers a contract the caller may no longer read, nor records a refused opening', async () => {
    const c = await createContract(t, owner, { title: '지켜보다 빠진 계약', watcherUserIds: [watcher.userId] });
    expect((await open(watcher, c.id)).statusCode).toBe(200);
    expect((await recent(watcher)).content.map((x) => x.id)).toContain(c.id);

    // The watcher is removed: the view stays recorded but is no longer answered.
    expect((await call(owner, 'PUT', `/api/conhub/contracts/${c.id}/watchers/v1`, { watcherUserIds: [] })).statusCode).toBe(200);
    expect((await recent(watcher)).content.map((x) => x.id)).not.toContain(c.id);

    // Someone who cannot read it gets 404 and no view.
    expect((await open(stranger, c.id)).statusCode).toBe(404);
    expect(await viewsOf(stranger.userId)).toEqual([]);
    expect((await recent(stranger)).content).toEqual([]);
  });

  it('keeps another tenant out: their opening is 404, unrecorded, and their list shows nothing of workspace A', async () => {
    const c = await createContract(t, owner, { title: '다른 테넌트가 못 보는 계약' });
    const foreign = await open(outsider, c.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ERROR_NOT_FOUND');
    expect(await viewsOf(outsider.userId)).toEqual([]);
    // With workspace A's headers the outsider is not a member there.
    const asA = await t.app.inject({ method: 'GET', url: RECENT, headers: { ...outsider.headers, 'x-tenant': String(wsA.tenantId), 'x-workspace': String(wsA.workspaceId) } });
    expect(asA.statusCode).toBe(403);
    expect((await recent(outsider)).content).toEqual([]);
  });

  it('forgets a deleted contract and keeps only the newest views', async () => {
    const gone = await createContract(t, manager, { title: '지울 계약' });
    expect((await open(manager, gone.id)).statusCode).toBe(200);
    expect((await call(manager, 'DELETE', `/api/alex/contracts/${gone.id}/v1`)).statusCode).toBe(200);
    expect((await recent(manager)).content.map((x) => x.id)).not.toContain(gone.id);

    const kept = RECENT_CONTRACT_VIEW_LIMITS.keptPerUser;
    const many = [];
    for (let i = 0; i < kept + 2; i++) many.push(await createContract(t, manager, { title: `열람 ${i}` }));
    for (const c of many) expect((await open(manager, c.id)).statusCode).toBe(200);
    const stored = await viewsOf(manager.userId);
    expect(stored).toHaveLength(kept);
    expect(stored.map((v) => v.contractId)).not.toContain(many[0]!.id);
    const page = await recent(manager, '?size=3&page=1');
    expect(page.content.map((x) => x.title)).toEqual([`열람 ${kept - 2}`, `열람 ${kept - 3}`, `열람 ${kept - 4}`]);
    expect(page.totalElements).toBe(kept);
    const [row] = await t.services.db.select({ deletedAt: contracts.deletedAt }).from(contracts).where(and(eq(contracts.id, gone.id)));
    expect(row?.deletedAt).not.toBeNull();
  });
});
