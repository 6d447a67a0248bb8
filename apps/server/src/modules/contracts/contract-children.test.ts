import { CONTRACT_TYPES, ContractMetaSchema, CounterpartyBookmarkSchema, CounterpartySchema } from '@legal/api';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table';
import { newWorkspace, workspaceHeaders } from '../auth/auth.test-support';
import { contractCast, createContract, fieldsOf, type Method, type Person, person, snapshotOf, uploadFile } from './contracts.test-support';
import { contracts, hashtags } from './contracts.table';
import { counterpartyBookmarks } from './counterparties.table';
import { TEST_DATABASE_URL, waitFor } from '../../test/harness';

const { t, wsA, wsB, owner, watcher, stranger, manager, outsider, call } = await contractCast();
afterAll(() => t.close());

const hub = (id: number) => `/api/conhub/contracts/${id}`;
const company = (name: string, extra: Record<string, unknown> = {}) => ({ counterpartyType: 'COMPANY' as const, name, ...extra });

describe('counterparties of a contract', () => {
  it('adds, updates, lists and removes one at a time, keeping the search text in step', async () => {
    const c = await createContract(t, owner, { counterparties: [company('(주)첫째')], watcherUserIds: [watcher.userId] });
    const added = await call(owner, 'POST', `${hub(c.id)}/counterparties/v1`, company('(주)둘째상사', { representative: '김대표', contacts: [{ email: 'legal@dul.example' }] }));
    expect(added.statusCode, added.body).toBe(200);
    const second = CounterpartySchema.parse(added.json().data);
    const updated = await call(owner, 'PUT', `${hub(c.id)}/counterparties/${second.id}/v1`, company('(주)둘째물산', { businessRegistrationNumber: '123-45-67890' }));
    expect(updated.json().data).toMatchObject({ id: second.id, name: '(주)둘째물산', representative: null, businessRegistrationNumber: '123-45-67890' });
    const list = (await call(watcher, 'GET', `${hub(c.id)}/counterparties/v1`)).json().data;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['(주)첫째', '(주)둘째물산']);
    const [row] = await t.services.db.select({ names: contracts.counterpartyNames, version: contracts.version }).from(contracts).where(eq(contracts.id, c.id));
    expect(row).toEqual({ names: '(주)첫째\n(주)둘째물산', version: 3 });
    expect((await call(owner, 'DELETE', `${hub(c.id)}/counterparties/${second.id}/v1`)).json().data.name).toBe('(주)둘째물산');
    expect((await call(owner, 'DELETE', `${hub(c.id)}/counterparties/${second.id}/v1`)).statusCode).toBe(404);
    const events = await t.services.db.select({ type: auditEvents.type }).from(auditEvents).where(and(eq(auditEvents.actorUserId, owner.userId))).orderBy(desc(auditEvents.id)).limit(3);
    expect(events.map((e) => e.type)).toEqual(['counterparty.removed', 'counterparty.updated', 'counterparty.added']);
  });

  it('copies counterparty bookmarks onto a contract, naming unknown bookmarks', async () => {
    const c = await createContract(t, owner);
    const mark = CounterpartyBookmarkSchema.parse(
      (await call(owner, 'POST', '/api/conhub/counterparty-bookmarks/v1', company('(주)즐겨찾기', { address: '서울', contacts: [{ name: '이과장', phone: '010-1234-5678' }] }))).json().data,
    );
    const foreign = CounterpartyBookmarkSchema.parse((await call(outsider, 'POST', '/api/conhub/counterparty-bookmarks/v1', company('(주)외부'))).json().data);
    const bad = await call(owner, 'POST', `${hub(c.id)}/counterparties/by-bookmarks/v1`, { bookmarkIds: [mark.id, foreign.id] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['body.bookmarkIds.1']);
    const res = await call(owner, 'POST', `${hub(c.id)}/counterparties/by-bookmarks/v1`, { bookmarkIds: [mark.id] });
    expect(res.json().data).toEqual([expect.objectContaining({ name: '(주)즐겨찾기', address: '서울', contacts: [{ name: '이과장', phone: '010-1234-5678', email: null, department: null }] })]);
  });

  it('applies the contract rules: 401, 400, 404 to others, 403 to readers, 409 while frozen', async () => {
    const c = await createContract(t, owner, { watcherUserIds: [watcher.userId], counterparties: [company('(주)기존')] });
    const cp = c.counterparties[0]!.id;
    const mark = CounterpartyBookmarkSchema.parse((await call(owner, 'POST', '/api/conhub/counterparty-bookmarks/v1', company('(주)북마크'))).json().data);
    const routes: Array<[Method, string, unknown, [unknown, string]]> = [
      ['POST', `${hub(c.id)}/counterparties/v1`, company('(주)신규'), [{ counterpartyType: 'PERSON', name: '개인', businessRegistrationNumber: '1234567890' }, 'body.businessRegistrationNumber']],
      ['PUT', `${hub(c.id)}/counterparties/${cp}/v1`, company('(주)변경'), [company('x', { contacts: [{}] }), 'body.contacts.0']],
      ['DELETE', `${hub(c.id)}/counterparties/${cp}/v1`, undefined, [undefined, 'params.counterpartyId']],
      ['POST', `${hub(c.id)}/counterparties/by-bookmarks/v1`, { bookmarkIds: [mark.id] }, [{ bookmarkIds: [] }, 'body.bookmarkIds']],
    ];
    const before = await snapshotOf(t, c.id);
    for (const [method, url, body, [badBody, field]] of routes) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      const bad = await call(owner, method, field.startsWith('params') ? url.replace(`/${cp}/`, '/zero/') : url, badBody);
      expect(fieldsOf(bad), url).toContain(field);
      expect((await call({ ...outsider, headers: workspaceHeaders(wsB, outsider.cookie) }, method, url, body)).statusCode, url).toBe(404);
      expect((await call(stranger, method, url, body)).statusCode, url).toBe(404);
      expect((await call(watcher, method, url, body)).statusCode, url).toBe(403);
    }
    expect((await call(null, 'GET', `${hub(c.id)}/counterparties/v1`)).statusCode).toBe(401);
    expect((await call(stranger, 'GET', `${hub(c.id)}/counterparties/v1`)).statusCode).toBe(404);
    expect(await snapshotOf(t, c.id)).toEqual(before);
    // Another contract's counterparty is not reachable through this one.
    const other = await createContract(t, owner, { counterparties: [company('(주)다른')] });
    expect((await call(owner, 'PUT', `${hub(c.id)}/counterparties/${other.counterparties[0]!.id}/v1`, company('x'))).statusCode).toBe(404);

    const { changeContractStatus } = await import('./contracts.service');
    await t.services.db.transaction((tx) => changeContractStatus(tx, wsA, c.id, 'IN_SIGNING', { actorUserId: owner.userId }));
    const frozen = await call(owner, 'POST', `${hub(c.id)}/counterparties/v1`, company('(주)서명 중 추가'));
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().data.frozenFields).toEqual(['counterparties']);
  });
});

describe('counterparty bookmarks', () => {
  it('lists the workspace address book 30 to a page, by type and keyword, and refuses duplicates (409)', async () => {
    const ws = await newWorkspace(t);
    const writer = await person(t, ws, ['GENERAL_MEMBER']);
    for (let i = 0; i < 32; i++) {
      const res = await call(writer, 'POST', '/api/conhub/counterparty-bookmarks/v1', i % 2 ? company(`(주)거래처${String(i).padStart(2, '0')}`) : { counterpartyType: 'PERSON', name: `개인${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const page = (await call(writer, 'GET', '/api/conhub/counterparty-bookmarks/v1')).json().data;
    expect(page).toMatchObject({ size: 30, totalElements: 32, totalPages: 2 });
    expect(page.content).toHaveLength(30);
    const companies = (await call(writer, 'GET', '/api/conhub/counterparty-bookmarks/v1?counterpartyType=COMPANY&keyword=거래처1&sort=name,desc')).json().data;
    expect(companies.content.map((b: { name: string }) => b.name)).toEqual(['(주)거래처19', '(주)거래처17', '(주)거래처15', '(주)거래처13', '(주)거래처11']);
    const dup = await call(writer, 'POST', '/api/conhub/counterparty-bookmarks/v1', company('(주)거래처01'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('ERROR_CONFLICT');
    // Same name with another registration number is another company.
    expect((await call(writer, 'POST', '/api/conhub/counterparty-bookmarks/v1', company('(주)거래처01', { businessRegistrationNumber: '1112233333' }))).statusCode).toBe(200);
    expect(fieldsOf(await call(writer, 'GET', '/api/conhub/counterparty-bookmarks/v1?size=0&sort=address&counterpartyType=GOV')).sort()).toEqual(['query.counterpartyType', 'query.size', 'query.sort']);
  });

  it('lets the creator or a contract admin change a bookmark; 403 to other members, 404 to other tenants', async () => {
    const mark = CounterpartyBookmarkSchema.parse((await call(owner, 'POST', '/api/conhub/counterparty-bookmarks/v1', company('(주)수정대상'))).json().data);
    expect(mark.abilities).toEqual({ canUpdate: true, canDelete: true });
    const url = `/api/conhub/counterparty-bookmarks/${mark.id}/v1`;
    const row = async () => (await t.services.db.select().from(counterpartyBookmarks).where(eq(counterpartyBookmarks.id, mark.id)))[0];
    const before = await row();
    expect((await call(null, 'PUT', url, company('x'))).statusCode).toBe(401);
    expect(fieldsOf(await call(owner, 'PUT', url, { counterpartyType: 'COMPANY' }))).toEqual(['body.name']);
    expect((await call(stranger, 'PUT', url, company('(주)가로채기'))).statusCode).toBe(403);
    expect((await call(stranger, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(watcher, 'POST', '/api/conhub/counterparty-bookmarks/v1', company('(주)열람자'))).statusCode).toBe(403);
    expect((await call(outsider, 'PUT', url, company('(주)외부'))).statusCode).toBe(404);
    expect((await call(outsider, 'DELETE', url)).statusCode).toBe(404);
    expect(await row()).toEqual(before);
    await call(owner, 'POST', '/api/conhub/counterparty-bookmarks/v1', company('(주)이미있음'));
    expect((await call(owner, 'PUT', url, company('(주)이미있음'))).statusCode).toBe(409);
    expect((await call(manager, 'PUT', url, company('(주)관리자수정'))).json().data).toMatchObject({ name: '(주)관리자수정', createdByUserId: owner.userId });
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(200);
    expect(await row()).toBeUndefined();
  });
});

describe('counterparty bookmarks under concurrent writes', () => {
  it('a PUT and a POST racing to the same identity: one wins, the other answers 409, never 500', async () => {
    const ws = await newWorkspace(t);
    const writer = await person(t, ws, ['GENERAL_MEMBER']);
    for (let round = 0; round < 10; round++) {
      const mark = await call(writer, 'POST', '/api/conhub/counterparty-bookmarks/v1', company(`(주)경주전${round}`));
      const answers = await Promise.all([
        call(writer, 'PUT', `/api/conhub/counterparty-bookmarks/${mark.json().data.id}/v1`, company(`(주)경주${round}`)),
        call(writer, 'POST', '/api/conhub/counterparty-bookmarks/v1', company(`(주)경주${round}`)),
      ]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('ERROR_CONFLICT');
      const rows = await t.services.db.select().from(counterpartyBookmarks).where(and(eq(counterpartyBookmarks.workspaceId, ws.workspaceId), eq(counterpartyBookmarks.name, `(주)경주${round}`)));
      expect(rows).toHaveLength(1);
    }
  });

  // Deterministic on PostgreSQL: the conflicting row is inserted, uncommitted, by another
  // connection; the PUT passes the service's own check (it cannot see that row yet) and waits on
  // the unique index until the row commits. PGlite has one connection, so nothing can interleave.
  it.skipIf(!TEST_DATABASE_URL)('a PUT that passed its duplicate check but lost at the unique index answers 409 DUPLICATE (PostgreSQL)', async () => {
    const ws = await newWorkspace(t);
    const writer = await person(t, ws, ['GENERAL_MEMBER']);
    const mark = await call(writer, 'POST', '/api/conhub/counterparty-bookmarks/v1', company('(주)먼저'));
    const url = `/api/conhub/counterparty-bookmarks/${mark.json().data.id}/v1`;
    let put: ReturnType<typeof call> | undefined;
    await t.services.db.transaction(async (tx) => {
      await tx.insert(counterpartyBookmarks).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, counterpartyType: 'COMPANY', name: '(주)나중' });
      put = call(writer, 'PUT', url, company('(주)나중'));
      // Until the PUT waits on the row lock of the uncommitted insert.
      await waitFor(async () => {
        const waiting = (await t.services.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )) as unknown as { rows: Array<{ n: number }> };
        return Number(waiting.rows[0]?.n ?? 0) > 0;
      });
    });
    const res = await put!;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'DUPLICATE' } });
    expect(res.body).not.toContain('counterparty_bookmarks');
    const [row] = await t.services.db.select().from(counterpartyBookmarks).where(eq(counterpartyBookmarks.id, mark.json().data.id));
    expect(row?.name).toBe('(주)먼저');
  });
});

describe('hashtags', () => {
  it('lists the workspace hashtags by keyword and adds new ones; 409 with the id of an existing one', async () => {
    const created = await call(owner, 'POST', '/api/alex/hashtags/v1', { name: '#보증금' });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.name).toBe('보증금');
    const again = await call(owner, 'POST', '/api/alex/hashtags/v1', { name: '보증금' });
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toEqual({ id: created.json().data.id, name: '보증금' });
    await createContract(t, owner, { hashtags: ['보증보험', 'NDA'] });
    const found = (await call(watcher, 'GET', '/api/alex/hashtags/v1?keyword=%23보증')).json().data;
    expect(found.content.map((h: { name: string }) => h.name)).toEqual(['보증금', '보증보험']);
    // Hashtags match regardless of case: tagging "nda" reuses "NDA".
    await createContract(t, owner, { hashtags: ['nda'] });
    expect(await t.services.db.select().from(hashtags).where(and(eq(hashtags.workspaceId, wsA.workspaceId), eq(hashtags.name, 'nda')))).toEqual([]);

    expect((await call(null, 'GET', '/api/alex/hashtags/v1')).statusCode).toBe(401);
    expect(fieldsOf(await call(owner, 'POST', '/api/alex/hashtags/v1', { name: '띄어 쓰기' }))).toEqual(['body.name']);
    expect((await call(watcher, 'POST', '/api/alex/hashtags/v1', { name: '열람자태그' })).statusCode).toBe(403);
    expect((await call(outsider, 'GET', '/api/alex/hashtags/v1?keyword=보증')).json().data.totalElements).toBe(0);
  });
});

describe('hashtags outside ASCII and differing only in case', () => {
  it('resolves names the way the unique index does (PostgreSQL lower), whatever JavaScript makes of the case', async () => {
    // JavaScript and PostgreSQL lower these differently (final sigma, dotted I, non-ASCII under the C locale).
    for (const name of ['ΟΔΟΣ', 'İSTANBUL', 'ÄRGER', 'ǅemal']) {
      const res = await call(owner, 'POST', '/api/alex/hashtags/v1', { name });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json().data.name).toBe(name);
      const again = await call(owner, 'POST', '/api/alex/hashtags/v1', { name });
      expect(again.statusCode, name).toBe(409);
      expect(again.json().data).toEqual(res.json().data);
    }
    const c = await createContract(t, owner, { hashtags: ['ΟΔΟΣ', 'İSTANBUL', '새태그'] });
    expect(c.hashtags.map((h) => h.name)).toEqual(['ΟΔΟΣ', 'İSTANBUL', '새태그']);
  });

  it('tags a contract once when the list names one hashtag in two cases', async () => {
    const c = await createContract(t, owner, { hashtags: ['Lease', 'lease', '임대'] });
    expect(c.hashtags.map((h) => h.name)).toEqual(['Lease', '임대']);
    const res = await call(owner, 'PUT', `/api/alex/contracts/${c.id}/hashtags/v1`, { hashtags: ['LEASE', 'Lease', '임대'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(owner, 'GET', `/api/alex/contracts/${c.id}/v6`)).json().data.hashtags.map((h: { name: string }) => h.name)).toEqual(['Lease', '임대']);
  });
});

describe('files of a contract', () => {
  it('attaches and detaches arxive files one at a time (409 when attached twice, 400 for a file of elsewhere)', async () => {
    const c = await createContract(t, owner, { watcherUserIds: [watcher.userId] });
    const key = await uploadFile(t, owner, Buffer.from('첨부 본문'), '첨부.txt');
    const foreign = await uploadFile(t, outsider, Buffer.from('외부 파일'), '외부.txt');
    const url = `${hub(c.id)}/files/v1`;
    expect((await call(null, 'POST', url, { fileKey: key })).statusCode).toBe(401);
    expect(fieldsOf(await call(owner, 'POST', url, { fileKey: foreign }))).toEqual(['body.fileKey']);
    expect(fieldsOf(await call(owner, 'POST', url, { fileKey: key, role: 'COVER' }))).toEqual(['body.role']);
    expect((await call(watcher, 'POST', url, { fileKey: key })).statusCode).toBe(403);
    expect((await call(stranger, 'POST', url, { fileKey: key })).statusCode).toBe(404);
    const added = await call(owner, 'POST', url, { fileKey: key, role: 'ATTACHMENT' });
    expect(added.json().data).toEqual([expect.objectContaining({ fileKey: key, role: 'ATTACHMENT', displayName: '첨부.txt' })]);
    expect((await call(owner, 'POST', url, { fileKey: key })).statusCode).toBe(409);
    expect((await call(outsider, 'DELETE', `${hub(c.id)}/files/${key}/v1`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${hub(c.id)}/files/${key}/v1`)).json().data).toEqual([]);
    expect((await call(owner, 'DELETE', `${hub(c.id)}/files/${key}/v1`)).statusCode).toBe(404);
    // A file deleted in arxive drops out of the contract's list.
    await call(owner, 'POST', url, { fileKey: key });
    await call(owner, 'DELETE', `/api/arxive/files/${key}/v1`);
    expect((await call(owner, 'GET', `/api/alex/contracts/${c.id}/v6`)).json().data.files).toEqual([]);
  });
});

describe('bookmarks, permissions and catalogues', () => {
  it('bookmarks contracts per user (idempotent) and lists the readable ones, newest first, 30 to a page', async () => {
    const first = await createContract(t, owner, { title: '첫 북마크', watcherUserIds: [watcher.userId] });
    const second = await createContract(t, owner, { title: '둘째 북마크', watcherUserIds: [watcher.userId] });
    for (const c of [first, second, second]) expect((await call(watcher, 'POST', `${hub(c.id)}/bookmarks/v1`)).json().data).toEqual({ contractId: c.id, isBookmarked: true });
    expect((await call(stranger, 'POST', `${hub(first.id)}/bookmarks/v1`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `${hub(first.id)}/bookmarks/v1`)).statusCode).toBe(401);
    const list = (await call(watcher, 'GET', '/api/conhub/contracts/bookmarks/v1')).json().data;
    expect(list).toMatchObject({ size: 30, totalElements: 2 });
    expect(list.content.map((c: { id: number; isBookmarked: boolean }) => [c.id, c.isBookmarked])).toEqual([[second.id, true], [first.id, true]]);
    expect((await call(owner, 'GET', '/api/conhub/contracts/bookmarks/v1')).json().data.totalElements).toBe(0);
    // Losing access removes it from the list; the bookmark row stays harmlessly.
    await call(owner, 'PUT', `${hub(first.id)}/watchers/v1`, { watcherUserIds: [] });
    expect((await call(watcher, 'GET', '/api/conhub/contracts/bookmarks/v1')).json().data.content.map((c: { id: number }) => c.id)).toEqual([second.id]);
    expect((await call(watcher, 'DELETE', `${hub(second.id)}/bookmarks/v1`)).json().data).toEqual({ contractId: second.id, isBookmarked: false });
    expect((await call(watcher, 'DELETE', `${hub(second.id)}/bookmarks/v1`)).statusCode).toBe(200);
    expect(fieldsOf(await call(watcher, 'GET', '/api/conhub/contracts/bookmarks/v1?size=5000'))).toEqual(['query.size']);
  });

  it('answers the caller\'s abilities and the frozen fields; 404 when the contract is not readable', async () => {
    const c = await createContract(t, owner, { watcherUserIds: [watcher.userId] });
    expect((await call(owner, 'GET', `${hub(c.id)}/permissions/v1`)).json().data).toEqual({
      contractId: c.id, canRead: true, canUpdate: true, canDelete: true, canChangeOwner: true, canManageWatchers: true, canBookmark: true, frozenFields: [],
    });
    expect((await call(watcher, 'GET', `${hub(c.id)}/permissions/v1`)).json().data).toMatchObject({ canRead: true, canUpdate: false, canBookmark: true });
    expect((await call(stranger, 'GET', `${hub(c.id)}/permissions/v1`)).statusCode).toBe(404);
  });

  it('serves the contract types and the meta catalogue with Korean and English names', async () => {
    const types = (await call(owner, 'GET', '/api/alex/contract-types/v1', undefined)).json().data;
    expect(types.map((x: { code: string }) => x.code)).toEqual(CONTRACT_TYPES);
    expect(types.find((x: { code: string }) => x.code === 'NDA')).toEqual({ code: 'NDA', name: { ko: '비밀유지계약', en: 'Non-disclosure agreement' }, label: '비밀유지계약' });
    const english = await t.app.inject({ method: 'GET', url: '/api/alex/contract-types/v1', headers: { ...owner.headers, 'x-locale': 'en' } });
    expect(english.json().data[0].label).toBe('Non-disclosure agreement');
    for (const v of ['v2', 'v3']) {
      const meta = ContractMetaSchema.parse((await call(watcher, 'GET', `/api/conhub/contracts/meta/${v}`)).json().data);
      expect(meta.statuses.find((s) => s.code === 'IN_APPROVAL')).toMatchObject({ group: 'IN_PROGRESS', name: { ko: '결재 중' } });
      expect(meta.currencies).toContain('KRW');
    }
    expect((await call(null, 'GET', '/api/conhub/contracts/meta/v2')).statusCode).toBe(401);
  });

  it('serves the workspace contract types (conhub), v2 counting only the contracts the caller can read', async () => {
    const writer = await person(t, wsA, ['GENERAL_MEMBER']);
    const follower = await person(t, wsA, ['GENERAL_MEMBER']);
    await createContract(t, writer, { contractType: 'SERVICE' });
    await createContract(t, writer, { contractType: 'SERVICE', watcherUserIds: [follower.userId] });
    await createContract(t, writer, { contractType: 'NDA' });
    const countsOf = async (p: Person) =>
      Object.fromEntries(
        (await call(p, 'GET', '/api/conhub/workspaces/contracts/types/v2')).json().data
          .filter((x: { contractCount: number }) => x.contractCount > 0)
          .map((x: { code: string; contractCount: number }) => [x.code, x.contractCount]),
      );
    expect(await countsOf(writer)).toEqual({ SERVICE: 2, NDA: 1 });
    expect(await countsOf(follower)).toEqual({ SERVICE: 1 });
    const types = (await call(writer, 'GET', '/api/conhub/workspaces/contracts/types/v1')).json().data;
    expect(types.map((x: { code: string }) => x.code)).toEqual(CONTRACT_TYPES);
    expect((await call(writer, 'GET', `/api/conhub/workspaces/${wsA.workspaceId}/contracts/types/v1`)).json().data).toEqual(types);
    // Another workspace's id in the path (even one the caller does not belong to) is not found.
    expect((await call(writer, 'GET', `/api/conhub/workspaces/${wsB.workspaceId}/contracts/types/v1`)).statusCode).toBe(404);
    expect(fieldsOf(await call(writer, 'GET', '/api/conhub/workspaces/abc/contracts/types/v1'))).toEqual(['params.workspaceId']);
    expect((await call(null, 'GET', '/api/conhub/workspaces/contracts/types/v2')).statusCode).toBe(401);
  });
});
