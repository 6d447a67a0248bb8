import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, newUser } from '../auth/auth.test-support';
import { contractCast, fieldsOf, person, type Person } from '../contracts/contracts.test-support';
import { aiReviewStandaloneContracts, aiReviewWorkspaceCheckpoints } from './ai-review.table';
import { KO_SERVICE_CONTRACT, uploadContractText } from './ai-review.test-support';

const CHECKPOINTS = '/api/aireview/checkpoints/v5';
const cpUrl = (id: number) => `/api/aireview/checkpoints/${id}/v5`;
const STANDALONE = '/api/aireview/standalone-contracts/v1';

let cast: Awaited<ReturnType<typeof contractCast>>;
let admin: Person;

const checkpoint = {
  code: 'WS.SERVICE.WARRANTY_PERIOD',
  contractType: 'SERVICE',
  label: 'OTHER',
  protects: 'PARTY_A',
  risk: 'MEDIUM',
  question: '하자담보 기간이 정해져 있는가?',
  metWhen: '하자담보 기간이 1년 이상 정해져 있다.',
  rationale: '하자담보 기간이 없으면 검수 후 하자를 고치게 할 근거가 약합니다.',
  standardClause: '"을"은 검수 완료일부터 1년간 산출물의 하자를 무상으로 보수한다.',
  rule: { kind: 'present', labels: [], patterns: { ko: ['하자'], en: ['defect'] } },
};

beforeAll(async () => {
  cast = await contractCast();
  admin = await person(cast.t, cast.wsA, ['WORKSPACE_ADMIN'], '관리자');
}, 60_000);

afterAll(async () => {
  await cast?.t.close();
});

describe('workspace checkpoints', () => {
  it('401, 400 naming the field (bad pattern too), 403 without workspace.config.write', async () => {
    expect((await cast.call(null, 'POST', CHECKPOINTS, checkpoint)).statusCode).toBe(401);
    const bad = await cast.call(admin, 'POST', CHECKPOINTS, { ...checkpoint, risk: 'EXTREME' });
    expect(fieldsOf(bad)).toContain('body.risk');
    const badPattern = await cast.call(admin, 'POST', CHECKPOINTS, { ...checkpoint, rule: { ...checkpoint.rule, patterns: { ko: ['(unclosed'], en: [] } } });
    expect(badPattern.statusCode).toBe(400);
    expect(fieldsOf(badPattern)).toContain('body.rule.patterns.ko.0');
    // A legal basis must be an article of a shipped statute: a made-up one is refused by index, nothing written.
    const badBasis = await cast.call(admin, 'POST', CHECKPOINTS, { ...checkpoint, legalBasis: [{ lawName: '민법', article: '제390조' }, { lawName: '민법', article: '제9999조' }] });
    expect(badBasis.statusCode).toBe(400);
    expect(fieldsOf(badBasis)).toEqual(['body.legalBasis.1']);
    expect(fieldsOf(await cast.call(admin, 'POST', CHECKPOINTS, { ...checkpoint, legalBasis: [{ lawName: '민법', article: '390' }] }))).toContain('body.legalBasis.0.article');
    const member = await cast.call(cast.owner, 'POST', CHECKPOINTS, checkpoint);
    expect(member.statusCode).toBe(403);
  });

  it('creates, joins the playbook, edits, switches a starter one off, deletes', async () => {
    const created = await cast.call(admin, 'POST', CHECKPOINTS, checkpoint);
    expect(created.statusCode, created.body).toBe(200);
    const cp = created.json().data;
    expect(cp).toMatchObject({ origin: 'WORKSPACE', code: checkpoint.code, isActive: true, question: checkpoint.question });
    expect((await cast.call(admin, 'POST', CHECKPOINTS, checkpoint)).statusCode).toBe(409);
    const starterCode = await cast.call(admin, 'POST', CHECKPOINTS, { ...checkpoint, code: 'SERVICE.LIABILITY_CAP' });
    expect(starterCode.statusCode).toBe(409);

    const listed = await cast.call(cast.owner, 'GET', '/api/aireview/label-checkpoints/v2?contractType=SERVICE');
    expect(listed.json().data.map((c: { code: string }) => c.code)).toContain(checkpoint.code);

    const edited = await cast.call(admin, 'PUT', cpUrl(cp.checkpointId), { risk: 'HIGH' });
    expect(edited.json().data).toMatchObject({ risk: 'HIGH', question: checkpoint.question, isActive: true });
    // Its legal basis, resolved to the article text in the shipped version.
    const grounded = await cast.call(admin, 'PUT', cpUrl(cp.checkpointId), { legalBasis: [{ lawName: '민법', article: '제667조', paragraph: 1 }] });
    expect(grounded.statusCode, grounded.body).toBe(200);
    expect(grounded.json().data.legalBasis).toEqual([expect.objectContaining({ lawName: '민법', article: '제667조', paragraph: 1, text: expect.stringContaining('하자') })]);

    const starter = listed.json().data.find((c: { code: string }) => c.code === 'SERVICE.LIABILITY_CAP');
    const readOnly = await cast.call(admin, 'PUT', cpUrl(starter.checkpointId), { risk: 'LOW' });
    expect(fieldsOf(readOnly)).toContain('body.risk');
    const off = await cast.call(admin, 'PUT', cpUrl(starter.checkpointId), { isActive: false });
    expect(off.json().data).toMatchObject({ origin: 'STARTER', isActive: false });
    const types = await cast.call(cast.owner, 'GET', '/api/aireview/contract-types/v2');
    const before = listed.json().data.filter((c: { isActive: boolean }) => c.isActive).length;
    expect(types.json().data.find((t: { code: string }) => t.code === 'SERVICE').checkpointCount).toBe(before - 1);
    expect((await cast.call(admin, 'DELETE', cpUrl(starter.checkpointId))).statusCode).toBe(409);

    // Another tenant's admin: 404, the row unchanged.
    const outsider = await cast.call(cast.outsider, 'PUT', cpUrl(cp.checkpointId), { risk: 'LOW' });
    expect(outsider.statusCode).toBe(404);
    const [row] = await cast.t.services.db.select().from(aiReviewWorkspaceCheckpoints).where(eq(aiReviewWorkspaceCheckpoints.id, cp.checkpointId));
    expect(row?.risk).toBe('HIGH');
    expect((await cast.call(cast.outsider, 'DELETE', cpUrl(cp.checkpointId))).statusCode).toBe(404);

    expect((await cast.call(admin, 'DELETE', cpUrl(cp.checkpointId))).statusCode).toBe(200);
    const after = await cast.call(cast.owner, 'GET', '/api/aireview/label-checkpoints/v2?contractType=SERVICE');
    expect(after.json().data.map((c: { code: string }) => c.code)).not.toContain(checkpoint.code);
    await cast.call(admin, 'PUT', cpUrl(starter.checkpointId), { isActive: true });
  });
});

describe('standalone contracts', () => {
  it('creates with a document, lists with search, reviews it, downloads; only its creator sees it', async () => {
    const fileKey = await uploadContractText(cast.t, cast.owner, KO_SERVICE_CONTRACT, '단독검토.txt');
    expect((await cast.call(null, 'GET', STANDALONE)).statusCode).toBe(401);
    const bad = await cast.call(cast.owner, 'POST', STANDALONE, { title: '' });
    expect(fieldsOf(bad)).toContain('body.title');
    const created = await cast.call(cast.owner, 'POST', STANDALONE, { title: '새솔 용역계약 검토', fileKey });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.standaloneContractId;
    expect(created.json().data).toMatchObject({ fileKey, fileName: '단독검토.txt' });
    await cast.call(cast.owner, 'POST', STANDALONE, { title: '다른 계약' });

    const list = await cast.call(cast.owner, 'GET', `${STANDALONE}?searchKeyword=${encodeURIComponent('새솔')}`);
    expect(list.json().data).toMatchObject({ totalElements: 1, size: 10, content: [{ standaloneContractId: id }] });
    const strangerList = await cast.call(cast.stranger, 'GET', STANDALONE);
    expect(strangerList.json().data.totalElements).toBe(0);
    expect((await cast.call(cast.stranger, 'GET', `/api/aireview/standalone-contracts/${id}/v1`)).statusCode).toBe(404);
    expect((await cast.call(cast.outsider, 'PUT', `/api/aireview/standalone-contracts/${id}/document/v1`, { fileKey })).statusCode).toBe(404);
    const [row] = await cast.t.services.db.select().from(aiReviewStandaloneContracts).where(eq(aiReviewStandaloneContracts.id, id));
    expect(row?.fileKey).toBe(fileKey);

    const download = await cast.call(cast.owner, 'GET', `/api/aireview/standalone-contracts/${id}/download/v1`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(KO_SERVICE_CONTRACT);

    const run = await cast.call(cast.owner, 'POST', '/api/aireview/review/contract-document/v5', { standaloneContractId: id, contractType: 'SERVICE', position: 'PARTY_B' });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.source).toMatchObject({ standaloneContractId: id, fileKey });
    expect((await cast.call(cast.stranger, 'GET', `/api/aireview/reviews/${run.json().data.reviewId}/v1`)).statusCode).toBe(404);
    const strangerRun = await cast.call(cast.stranger, 'POST', '/api/aireview/review/estimate/v1', { standaloneContractId: id, contractType: 'SERVICE', position: 'PARTY_B' });
    expect(strangerRun.statusCode).toBe(404);
  });
});

describe('OOD configs', () => {
  it('defaults, user and workspace settings, super-admin access, and BLOCK refusing an out-of-domain run', async () => {
    const user = await cast.call(cast.owner, 'GET', '/api/aireview/user-ood-configs/v1');
    expect(user.json().data).toEqual({ minConfidence: 0.3, action: 'WARN', source: 'DEFAULT' });
    const bad = await cast.call(cast.owner, 'PUT', '/api/aireview/user-ood-configs/v1', { minConfidence: 2, action: 'WARN' });
    expect(fieldsOf(bad)).toContain('body.minConfidence');

    // A memo, not a contract: no articles at all.
    const memo = await uploadContractText(cast.t, cast.owner, '회의 메모\n점심 메뉴는 김치찌개로 정했다.\n', '메모.txt');
    const body = { fileKey: memo, contractType: 'SERVICE', position: 'PARTY_B' };
    const estimate = await cast.call(cast.owner, 'POST', '/api/aireview/review/estimate/v1', body);
    expect(estimate.json().data.domain).toMatchObject({ confidence: 0, isOutOfDomain: true, action: 'WARN' });

    const put = await cast.call(cast.owner, 'PUT', '/api/aireview/user-ood-configs/v1', { minConfidence: 0.5, action: 'BLOCK' });
    expect(put.json().data).toEqual({ minConfidence: 0.5, action: 'BLOCK', source: 'USER' });
    const blocked = await cast.call(cast.owner, 'POST', '/api/aireview/review/contract-document/v5', body);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().data).toMatchObject({ reason: 'OUT_OF_DOMAIN' });
    // Others in the workspace keep the workspace's (default) setting.
    expect((await cast.call(cast.manager, 'GET', '/api/aireview/user-ood-configs/v1')).json().data.source).toBe('DEFAULT');

    const superAdmin = await newUser(cast.t, { isSuperAdmin: true });
    const login = await cast.t.app.inject({ method: 'POST', url: '/api/auth/login/dev/v1', payload: { loginId: superAdmin.loginId, superAdmin: true } });
    const headers = { cookie: cookiesOf(login) };
    const url = `/api/aireview/super-admin/workspaces/${cast.wsA.workspaceId}/ood-configs/v1`;
    expect((await cast.call(cast.owner, 'PUT', url, { minConfidence: 0.4, action: 'WARN' })).statusCode).toBe(403);
    const set = await cast.t.app.inject({ method: 'PUT', url, headers, payload: { minConfidence: 0.4, action: 'WARN' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await cast.t.app.inject({ method: 'GET', url, headers })).json().data).toEqual({ minConfidence: 0.4, action: 'WARN', source: 'WORKSPACE' });
    expect((await cast.t.app.inject({ method: 'GET', url: '/api/aireview/super-admin/workspaces/999999/ood-configs/v1', headers })).statusCode).toBe(404);
    expect((await cast.call(cast.manager, 'GET', '/api/aireview/workspace-ood-configs/v1')).json().data).toEqual({ minConfidence: 0.4, action: 'WARN', source: 'WORKSPACE' });
  });
});
