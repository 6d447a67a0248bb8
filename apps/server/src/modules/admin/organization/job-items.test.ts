import { JobItemSchema } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { memberships } from '../../auth';
import { refreshMembershipNames } from './membership-names';
import {
  call, dataOf, expectError, expectFieldError, lastAudit, membershipOf, organizationTestApp, organizationWorld, plainMember,
} from './organization.test-support';

let t: TestApp;
let world: Awaited<ReturnType<typeof organizationWorld>>;

beforeAll(async () => {
  t = await organizationTestApp();
  world = await organizationWorld(t);
});
afterAll(() => t.close());

/** Gives a member a title and positions the way the users screen does (ids, then display copies). */
async function assign(userId: number, values: { jobTitleId?: number | null; jobPositionIds?: number[] }) {
  const membership = await membershipOf(t, world.ws, userId);
  await t.services.db.transaction(async (tx) => {
    await tx.update(memberships).set(values).where(and(eq(memberships.id, membership.id)));
    await refreshMembershipNames(tx, world.ws, [membership.id]);
  });
}

// The two lists behave alike; each runs the same matrix, then its own display-copy rules.
describe.each([
  { resource: 'job-titles', audit: 'job_title', label: '직책' },
  { resource: 'job-positions', audit: 'job_position', label: '직위' },
] as const)('$resource', ({ resource, audit }) => {
  const base = `/api/workspace/${resource}/v1`;
  const order = `/api/workspace/${resource}/order/v1`;
  const itemUrl = (id: number) => `/api/workspace/${resource}/${id}/v1`;
  const create = async (name: string) => JobItemSchema.parse(dataOf(await call(t, world.admin, 'POST', base, { name })));
  const allNames = async () => dataOf(await call(t, world.member, 'GET', `${base}?size=1000`)).content.map((i: { name: string }) => i.name);

  it('creates items at the end of the list and lists them in display order with member counts', async () => {
    const a = await create(`${resource} 가`);
    const b = await create(`${resource} 나`);
    expect(b.displayOrder).toBe(a.displayOrder + 1);
    expect((await lastAudit(t, world.ws, `${audit}.created`))?.data).toEqual({ id: b.id, name: `${resource} 나` });
    const page = dataOf(await call(t, world.member, 'GET', `${base}?keyword=${encodeURIComponent(`${resource} `)}`));
    expect(page).toMatchObject({ size: 10, totalElements: 2 });
    expect(page.content.map((i: { id: number; memberCount: number }) => [i.id, i.memberCount])).toEqual([[a.id, 0], [b.id, 0]]);
    const byName = dataOf(await call(t, world.member, 'GET', `${base}?sort=name,desc&keyword=${encodeURIComponent(`${resource} `)}`));
    expect(byName.content[0].id).toBe(b.id);
    expectFieldError(await call(t, world.member, 'GET', `${base}?sort=memberCount,asc`), 'query.sort');
  });

  it('answers 409 for a taken name, 400 naming the field, 403 for a member, 401 without a session', async () => {
    await create(`${resource} 중복`);
    expectError(await call(t, world.admin, 'POST', base, { name: `${resource} 중복` }), 409, 'ERROR_CONFLICT');
    expectFieldError(await call(t, world.admin, 'POST', base, { name: '\u0007벨' }), 'body.name');
    expectError(await call(t, world.member, 'POST', base, { name: '몰래' }), 403, 'ERROR_FORBIDDEN');
    expectError(await call(t, null, 'POST', base, { name: '몰래' }), 401, 'ERROR_UNAUTHORIZED');
  });

  it('renames, refreshing the names its members show', async () => {
    const item = await create(`${resource} 옛`);
    const holder = await plainMember(t, world.ws, '직함 보유자');
    await assign(holder, resource === 'job-titles' ? { jobTitleId: item.id } : { jobPositionIds: [item.id] });
    const shown = (m: typeof memberships.$inferSelect) => (resource === 'job-titles' ? m.jobTitleName : m.jobPositionName);
    expect(shown(await membershipOf(t, world.ws, holder))).toBe(`${resource} 옛`);
    const renamed = dataOf(await call(t, world.admin, 'PUT', itemUrl(item.id), { name: `${resource} 새` }));
    expect(renamed).toMatchObject({ id: item.id, name: `${resource} 새`, memberCount: 1 });
    expect(shown(await membershipOf(t, world.ws, holder))).toBe(`${resource} 새`);
    expect((await lastAudit(t, world.ws, `${audit}.renamed`))?.data).toEqual({ id: item.id, before: `${resource} 옛`, after: `${resource} 새`, affectedMembers: 1 });
    await create(`${resource} 남`);
    expectError(await call(t, world.admin, 'PUT', itemUrl(item.id), { name: `${resource} 남` }), 409, 'ERROR_CONFLICT');
    expectError(await call(t, world.admin, 'PUT', itemUrl(999_999), { name: '없음' }), 404, 'ERROR_NOT_FOUND');
    expectError(await call(t, world.member, 'PUT', itemUrl(item.id), { name: '몰래' }), 403, 'ERROR_FORBIDDEN');
    expectFieldError(await call(t, world.admin, 'PUT', itemUrl(item.id), {}), 'body.name');
  });

  it('reorders the whole list; a stale list is 409, unknown ids 400', async () => {
    const ids: number[] = (await dataOf(await call(t, world.admin, 'GET', `${base}?size=1000`))).content.map((i: { id: number }) => i.id);
    const reversed = [...ids].reverse();
    const list = dataOf(await call(t, world.admin, 'PUT', order, { orderedIds: reversed }));
    expect(list.map((i: { id: number }) => i.id)).toEqual(reversed);
    expect(list.map((i: { displayOrder: number }) => i.displayOrder)).toEqual(reversed.map((_, index) => index));
    expect((await lastAudit(t, world.ws, `${audit}.reordered`))?.data).toEqual({ before: ids, after: reversed });
    expect(expectError(await call(t, world.admin, 'PUT', order, { orderedIds: reversed.slice(1) }), 409, 'ERROR_CONFLICT').data).toMatchObject({ reason: 'STALE_LIST' });
    expectFieldError(await call(t, world.admin, 'PUT', order, { orderedIds: [...reversed, 999_999] }), `body.orderedIds.${reversed.length}`);
    expectFieldError(await call(t, world.admin, 'PUT', order, { orderedIds: [] }), 'body.orderedIds');
    expectError(await call(t, world.member, 'PUT', order, { orderedIds: reversed }), 403, 'ERROR_FORBIDDEN');
  });

  it('refuses to delete an item in use (409) unless ?clearFromMembers=true, which takes it from them', async () => {
    const item = await create(`${resource} 삭제`);
    const holder = await plainMember(t, world.ws, '삭제 대상자');
    await assign(holder, resource === 'job-titles' ? { jobTitleId: item.id } : { jobPositionIds: [item.id] });
    expect(expectError(await call(t, world.admin, 'DELETE', itemUrl(item.id)), 409, 'ERROR_CONFLICT').data).toMatchObject({ reason: 'IN_USE', memberCount: 1 });
    expect((await allNames()).includes(`${resource} 삭제`)).toBe(true);
    expectFieldError(await call(t, world.admin, 'DELETE', `${itemUrl(item.id)}?clearFromMembers=yes`), 'query.clearFromMembers');
    expectError(await call(t, world.member, 'DELETE', `${itemUrl(item.id)}?clearFromMembers=true`), 403, 'ERROR_FORBIDDEN');
    dataOf(await call(t, world.admin, 'DELETE', `${itemUrl(item.id)}?clearFromMembers=true`));
    const after = await membershipOf(t, world.ws, holder);
    expect(resource === 'job-titles' ? [after.jobTitleId, after.jobTitleName] : [after.jobPositionIds, after.jobPositionName]).toEqual(resource === 'job-titles' ? [null, null] : [[], null]);
    expect((await lastAudit(t, world.ws, `${audit}.deleted`))?.data).toEqual({ id: item.id, name: `${resource} 삭제`, clearedFromMembers: 1 });
    expectError(await call(t, world.admin, 'DELETE', itemUrl(item.id)), 404, 'ERROR_NOT_FOUND');
  });

  it('deletes an unused item', async () => {
    const item = await create(`${resource} 미사용`);
    dataOf(await call(t, world.admin, 'DELETE', itemUrl(item.id)));
    expect((await allNames()).includes(`${resource} 미사용`)).toBe(false);
  });
});

describe('job positions in the names members show', () => {
  it('joins several positions in display order, and a reorder rewrites that order', async () => {
    const create = async (name: string) => dataOf(await call(t, world.admin, 'POST', '/api/workspace/job-positions/v1', { name }));
    const first = await create('겸직 앞');
    const second = await create('겸직 뒤');
    const holder = await plainMember(t, world.ws, '겸직자');
    await assign(holder, { jobPositionIds: [second.id, first.id] });
    expect((await membershipOf(t, world.ws, holder)).jobPositionName).toBe('겸직 앞, 겸직 뒤');
    const ids: number[] = dataOf(await call(t, world.admin, 'GET', '/api/workspace/job-positions/v1?size=1000')).content.map((i: { id: number }) => i.id);
    const swapped = ids.map((id) => (id === first.id ? second.id : id === second.id ? first.id : id));
    dataOf(await call(t, world.admin, 'PUT', '/api/workspace/job-positions/order/v1', { orderedIds: swapped }));
    expect((await membershipOf(t, world.ws, holder)).jobPositionName).toBe('겸직 뒤, 겸직 앞');
  });
});
