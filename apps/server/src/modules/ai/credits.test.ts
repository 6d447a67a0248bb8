import { CreditsSchema } from '@legal/api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/db/tenancy';
import { AppError } from '../../platform/http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { callerIn, fieldsOf, lastAudit, scopeOf, superAdminCookie } from '../admin/workspace/workspace.test-support';
import { aiCalls } from './ai-calls.table';
import { creditAccounts, creditEntries } from './credits.table';
import { creditBalance, debitCredits, refundDebit } from './credits.service';
import { meteredAiCall } from './metering';

let t: TestApp;
let superCookie: string;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false, env: { AI_STARTER_CREDITS: '100' } });
  superCookie = (await superAdminCookie(t)).cookie;
});
afterAll(() => t.close());

const CREDITS = '/api/workspace/credits/v1';
const GRANTS = '/api/workspace/super-admin/credits/grants/v1';
const LEDGER = '/api/workspace/super-admin/credits/ledger/v1';

async function ledgerSums(scope: { tenantId: number; workspaceId: number }) {
  const [row] = await t.services.db
    .select({
      grants: sql<number>`coalesce(sum(credits) filter (where kind = 'GRANT'), 0)`.mapWith(Number),
      debits: sql<number>`coalesce(sum(credits) filter (where kind = 'DEBIT'), 0)`.mapWith(Number),
      refunds: sql<number>`coalesce(sum(credits) filter (where kind = 'REFUND'), 0)`.mapWith(Number),
    })
    .from(creditEntries)
    .where(inScope(creditEntries, scope));
  const [account] = await t.services.db.select().from(creditAccounts).where(inScope(creditAccounts, scope));
  return { ...row!, balance: account?.balance ?? null };
}

const debit = (scope: { tenantId: number; workspaceId: number }, credits: number, reference = 'test') =>
  t.services.db.transaction((tx) => debitCredits(tx, { ...scope, userId: null }, { feature: 'REVIEW', credits, reference, starterCredits: 100 }));

describe('credits ledger', () => {
  it('opens with the starter grant once, debits, and refuses an overdraw with 402 writing nothing', async () => {
    const { ws } = await callerIn(t, null, ['SUPER_MANAGER']);
    const scope = scopeOf(ws);
    await Promise.all([creditBalance(t.services.db, scope, 100), creditBalance(t.services.db, scope, 100)]);
    expect(await ledgerSums(scope)).toEqual({ grants: 100, debits: 0, refunds: 0, balance: 100 });
    const first = await debit(scope, 60);
    expect(first.balance).toBe(40);
    const refused = await debit(scope, 41).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('ERROR_INSUFFICIENT_CREDITS');
    expect((refused as AppError).data).toEqual({ needed: 41, balance: 40 });
    expect(await ledgerSums(scope)).toEqual({ grants: 100, debits: 60, refunds: 0, balance: 40 });
  });

  it('concurrent debits never overdraw: exactly as many succeed as the balance allows', async () => {
    const { ws } = await callerIn(t, null, ['SUPER_MANAGER']);
    const scope = scopeOf(ws);
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => debit(scope, 7, `r${i}`)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(Math.floor(100 / 7));
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('ERROR_INSUFFICIENT_CREDITS');
    const sums = await ledgerSums(scope);
    expect(sums.debits).toBeLessThanOrEqual(sums.grants);
    expect(sums.balance).toBe(sums.grants - sums.debits + sums.refunds);
    expect(sums.balance).toBe(100 - 7 * ok);
  });

  it('the balance never goes below zero even if the service were bypassed (database check)', async () => {
    const { ws } = await callerIn(t, null, ['SUPER_MANAGER']);
    await creditBalance(t.services.db, scopeOf(ws), 100);
    await expect(t.services.db.update(creditAccounts).set({ balance: -1 }).where(inScope(creditAccounts, scopeOf(ws)))).rejects.toThrow();
  });

  it('a debit is refunded at most once, also when refunds race; another workspace cannot refund it', async () => {
    const { ws } = await callerIn(t, null, ['SUPER_MANAGER']);
    const other = await callerIn(t, null, ['SUPER_MANAGER']);
    const scope = { ...scopeOf(ws), userId: null };
    const { entryId } = await debit(scope, 30);
    expect(await refundDebit(t.services.db, { ...scopeOf(other.ws), userId: null }, entryId!)).toMatchObject({ refunded: false });
    const outcomes = await Promise.all([refundDebit(t.services.db, scope, entryId!), refundDebit(t.services.db, scope, entryId!), refundDebit(t.services.db, scope, entryId!)]);
    expect(outcomes.filter((o) => o.refunded)).toHaveLength(1);
    expect(await refundDebit(t.services.db, scope, entryId!)).toMatchObject({ refunded: false, balance: 100 });
    expect(await ledgerSums(scope)).toEqual({ grants: 100, debits: 30, refunds: 30, balance: 100 });
  });
});

describe('meteredAiCall', () => {
  it('with the built-in engine a chat fails NOT_CONFIGURED: refunded, recorded FAILED, answered as 503 with how to configure', async () => {
    const caller = await callerIn(t, null, ['SUPER_MANAGER']);
    const scope = { ...scopeOf(caller.ws), userId: caller.userId };
    let balanceDuringRun = -1;
    const err = await meteredAiCall(t.services, scope, { feature: 'EDIT_CLAUSE', credits: 12, reference: 'clause:1', promptKey: 'edit.clause' }, async ({ provider, prompt }) => {
      balanceDuringRun = (await ledgerSums(scope)).balance!;
      expect(prompt?.key).toBe('edit.clause');
      const result = await provider.chat({ messages: [{ role: 'system', content: prompt!.text }, { role: 'user', content: '제1조' }] });
      return { value: result.text, usage: result.usage, model: result.model };
    }).catch((e: unknown) => e);
    expect(balanceDuringRun).toBe(88);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('ERROR_AI_PROVIDER_NOT_CONFIGURED');
    expect((err as AppError).messageFor('en')).toMatch(/AI_PROVIDER/);
    expect((err as AppError).messageFor('ko')).toMatch(/AI 설정/);
    expect(await ledgerSums(scope)).toEqual({ grants: 100, debits: 12, refunds: 12, balance: 100 });
    const calls = await t.services.db.select().from(aiCalls).where(inScope(aiCalls, scope));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ feature: 'EDIT_CLAUSE', driver: 'BUILT_IN', outcome: 'FAILED', failureCode: 'NOT_CONFIGURED', credits: 0, userId: caller.userId, reference: 'clause:1' });
    expect(calls[0]!.promptId).toEqual(expect.any(Number));
  });

  it('a successful run is charged once and recorded with its usage; an unaffordable one runs nothing', async () => {
    const caller = await callerIn(t, null, ['SUPER_MANAGER']);
    const scope = { ...scopeOf(caller.ws), userId: caller.userId };
    const done = await meteredAiCall(t.services, scope, { feature: 'REVIEW', credits: 35 }, async ({ provider }) => ({
      value: provider.driver, usage: { inputTokens: 120, outputTokens: 30 }, model: 'rules',
    }));
    expect(done).toMatchObject({ value: 'BUILT_IN', creditsCharged: 35 });
    const [call] = await t.services.db.select().from(aiCalls).where(eq(aiCalls.id, done.callId));
    expect(call).toMatchObject({ outcome: 'SUCCESS', credits: 35, inputTokens: 120, outputTokens: 30, model: 'rules' });
    let ran = false;
    const refused = await meteredAiCall(t.services, scope, { feature: 'REVIEW', credits: 66 }, async () => {
      ran = true;
      return { value: null };
    }).catch((e: unknown) => e);
    expect((refused as AppError).code).toBe('ERROR_INSUFFICIENT_CREDITS');
    expect(ran).toBe(false);
    expect(await ledgerSums(scope)).toEqual({ grants: 100, debits: 35, refunds: 0, balance: 65 });
  });

  it('many metered calls at once: the sum of kept debits never exceeds the grants', async () => {
    const caller = await callerIn(t, null, ['SUPER_MANAGER']);
    const scope = { ...scopeOf(caller.ws), userId: caller.userId };
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, (_, i) =>
        meteredAiCall(t.services, scope, { feature: 'SUMMARY', credits: 9 }, async () => {
          if (i % 4 === 0) throw new Error('engine failed');
          return { value: i };
        }),
      ),
    );
    const sums = await ledgerSums(scope);
    expect(sums.debits - sums.refunds).toBeLessThanOrEqual(sums.grants);
    expect(sums.balance).toBeGreaterThanOrEqual(0);
    expect(sums.balance).toBe(sums.grants - sums.debits + sums.refunds);
    const kept = results.filter((r) => r.status === 'fulfilled').length;
    expect(sums.debits - sums.refunds).toBe(9 * kept);
    const rows = await t.services.db.select().from(aiCalls).where(and(inScope(aiCalls, scope), eq(aiCalls.outcome, 'SUCCESS')));
    expect(rows).toHaveLength(kept);
  });
});

describe('credits routes', () => {
  it('member GET: 401, 403 for a general member, the balance and ledger for an admin', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const member = await callerIn(t, admin.ws, ['GENERAL_MEMBER']);
    expect((await t.app.inject({ method: 'GET', url: CREDITS })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: CREDITS, headers: member.headers })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: `${CREDITS}?size=0`, headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['query.size']);
    const res = await t.app.inject({ method: 'GET', url: CREDITS, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const credits = CreditsSchema.strict().parse(res.json().data);
    expect(credits).toMatchObject({ balance: 100, granted: 100, spent: 0, ledger: { size: 30, totalElements: 1 } });
    expect(credits.ledger.content[0]).toMatchObject({ kind: 'GRANT', credits: 100, memo: 'starter' });
  });

  it('super-admin grant and ledger: 401, 403 for a workspace admin, 400 naming fields, 404 for an unknown or mismatched workspace, audited grant', async () => {
    const admin = await callerIn(t, null, ['SUPER_MANAGER']);
    const other = await callerIn(t, null, ['SUPER_MANAGER']);
    const target = scopeOf(admin.ws);
    const payload = { ...target, credits: 500, memo: '파일럿 계약' };
    expect((await t.app.inject({ method: 'POST', url: GRANTS, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: GRANTS, payload, headers: admin.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${LEDGER}?tenantId=${target.tenantId}&workspaceId=${target.workspaceId}`, headers: admin.headers })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: GRANTS, payload: { ...target, credits: 0, memo: '' }, headers: { cookie: superCookie } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['body.credits', 'body.memo']);
    const mismatched = await t.app.inject({ method: 'POST', url: GRANTS, payload: { ...payload, tenantId: other.ws.tenantId }, headers: { cookie: superCookie } });
    expect(mismatched.statusCode).toBe(404);
    expect(await ledgerSums(target)).toMatchObject({ grants: 0, balance: null });

    const res = await t.app.inject({ method: 'POST', url: GRANTS, payload, headers: { cookie: superCookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ balance: 600, entry: { kind: 'GRANT', credits: 500, memo: '파일럿 계약' } });
    expect((await lastAudit(t, admin.ws, 'ai_credits.granted'))?.data).toMatchObject({ credits: 500, balance: 600 });
    const ledger = await t.app.inject({ method: 'GET', url: `${LEDGER}?tenantId=${target.tenantId}&workspaceId=${target.workspaceId}`, headers: { cookie: superCookie } });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().data).toMatchObject({ balance: 600, granted: 600, ledger: { totalElements: 2 } });
    expect((await t.app.inject({ method: 'GET', url: `${LEDGER}?tenantId=${target.tenantId}&workspaceId=999999999`, headers: { cookie: superCookie } })).statusCode).toBe(404);
  });
});
