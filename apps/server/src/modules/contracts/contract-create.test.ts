import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { workspaceHeaders } from '../auth/auth.test-support';
import { contractIdempotencyKeys } from './contract-idempotency.table';
import { contractCast, person, uploadFile } from './contracts.test-support';
import { contracts } from './contracts.table';

const { t, wsA, wsB, owner, manager, outsider } = await contractCast();
afterAll(() => t.close());

const URL_V6 = '/api/alex/contracts/v6';
const URL_V7 = '/api/alex/contracts/v7';
const body = (title: string) => ({ title, contractType: 'SUPPLY', counterparties: [{ counterpartyType: 'COMPANY', name: '주식회사 한빛' }] });
const post = (who: { headers: Record<string, string> }, key: string | undefined, payload: unknown, url = URL_V6) =>
  t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload: payload as object });

async function contractsTitled(workspaceId: number, title: string) {
  return t.services.db.select({ id: contracts.id }).from(contracts).where(and(eq(contracts.workspaceId, workspaceId), eq(contracts.title, title)));
}

describe('contract registration with an Idempotency-Key', () => {
  it('answers the first contract for a repeat of the same key and body, and makes no second one', async () => {
    const key = 'c7e1b6f0-0000-4000-8000-000000000001';
    const fileKey = await uploadFile(t, owner, Buffer.from('제1조(목적) 물품 공급'), '공급계약.txt');
    const withFile = { ...body('반복 등록'), files: [{ fileKey, role: 'MAIN' }] };
    const first = await post(owner, key, withFile, URL_V7);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(owner, key, withFile, URL_V7);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.json().data.counterparties.map((c: { name: string }) => c.name)).toEqual(['주식회사 한빛']);
    expect(await contractsTitled(wsA.workspaceId, '반복 등록')).toHaveLength(1);
  });

  it('makes exactly one contract when two requests with the same key race', async () => {
    const key = 'race-key-0000000000002';
    const answers = await Promise.all([post(owner, key, body('경합 등록')), post(owner, key, body('경합 등록'))]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json().data.id).toBe(answers[1]!.json().data.id);
    expect(await contractsTitled(wsA.workspaceId, '경합 등록')).toHaveLength(1);
  });

  it('refuses the same key with another body (422) and names the first contract; nothing is written', async () => {
    const key = 'reused-key-00000000003';
    const first = await post(owner, key, body('처음 내용'));
    expect(first.statusCode).toBe(200);
    const other = await post(owner, key, body('다른 내용'));
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toMatchObject({ code: 'ERROR_IDEMPOTENCY_KEY_REUSED', data: { contractId: first.json().data.id } });
    expect(other.json().message).toBeTruthy();
    expect(await contractsTitled(wsA.workspaceId, '다른 내용')).toHaveLength(0);
    // Same fields in another key order are the same body.
    const reordered = await post(owner, key, { counterparties: body('처음 내용').counterparties, contractType: 'SUPPLY', title: '처음 내용' });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.id).toBe(first.json().data.id);
  });

  it('keeps keys apart per caller and per workspace: another user or tenant with the same key gets its own contract', async () => {
    const key = 'shared-key-00000000004';
    const mine = await post(owner, key, body('각자 등록'));
    const colleague = await post(manager, key, body('각자 등록'));
    const otherTenant = await post(outsider, key, body('각자 등록'));
    expect([mine.statusCode, colleague.statusCode, otherTenant.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([mine.json().data.id, colleague.json().data.id, otherTenant.json().data.id]).size).toBe(3);
    expect(await contractsTitled(wsA.workspaceId, '각자 등록')).toHaveLength(2);
    expect(await contractsTitled(wsB.workspaceId, '각자 등록')).toHaveLength(1);
    // The other tenant's row does not make the owner's repeat answer anything but the owner's contract.
    expect((await post(owner, key, body('각자 등록'))).json().data.id).toBe(mine.json().data.id);
  });

  it('leaves the key unclaimed when the request is refused, so a corrected repeat registers', async () => {
    const key = 'refused-key-0000000005';
    const bad = await post(owner, key, { title: '', contractType: 'SUPPLY' });
    expect(bad.statusCode).toBe(400);
    const badGroup = await post(owner, key, { ...body('그룹 오류'), groupId: 999_999 });
    expect(badGroup.statusCode).toBe(400);
    expect(await t.services.db.select().from(contractIdempotencyKeys).where(eq(contractIdempotencyKeys.idempotencyKey, key))).toHaveLength(0);
    const good = await post(owner, key, body('고친 뒤 등록'));
    expect(good.statusCode, good.body).toBe(200);
  });

  it('refuses a malformed key with a 400 naming the header, and works as before without one', async () => {
    for (const key of ['short', 'x'.repeat(129), '한글-키-입니다-한글-키']) {
      const res = await post(owner, key, body('잘못된 키'));
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fieldErrors).toEqual([expect.objectContaining({ field: 'headers.idempotency-key' })]);
    }
    expect(await contractsTitled(wsA.workspaceId, '잘못된 키')).toHaveLength(0);
    const a = await post(owner, undefined, body('키 없이'));
    const b = await post(owner, undefined, body('키 없이'));
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await contractsTitled(wsA.workspaceId, '키 없이')).toHaveLength(2);
  });

  it('honours the key on either version, and refuses callers as before (401, 403)', async () => {
    const key = 'v6-key-000000000000006';
    const first = await post(owner, key, body('v6 등록'));
    const again = await post(owner, key, body('v6 등록'));
    expect(again.json().data.id).toBe(first.json().data.id);
    const anonymous = await t.app.inject({ method: 'POST', url: URL_V7, headers: { ...workspaceHeaders(wsA), 'idempotency-key': key }, payload: body('익명') });
    expect(anonymous.statusCode).toBe(401);
    const reader = await person(t, wsA, ['READER']);
    expect((await post(reader, 'reader-key-0000000007', body('읽기 전용'))).statusCode).toBe(403);
  });
});

describe('contract registration: each counterparty once', () => {
  it('refuses the same counterparty twice (case and spaces aside) with a 400 naming the list, and registers nothing', async () => {
    const twice = [
      { counterpartyType: 'COMPANY', name: '주식회사 한빛' },
      { counterpartyType: 'COMPANY', name: ' 주식회사한빛 ' },
    ];
    const res = await post(owner, undefined, { title: '중복 상대방', contractType: 'SUPPLY', counterparties: twice });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors).toEqual([{ field: 'body.counterparties', reason: 'each entry once' }]);
    expect(await contractsTitled(wsA.workspaceId, '중복 상대방')).toHaveLength(0);
    // A person and a company of one name are two parties.
    const both = await post(owner, undefined, { title: '동명 상대방', contractType: 'SUPPLY', counterparties: [twice[0], { counterpartyType: 'PERSON', name: '주식회사 한빛' }] });
    expect(both.statusCode, both.body).toBe(200);
  });
});
