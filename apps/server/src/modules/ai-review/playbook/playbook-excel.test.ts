import { CHECKPOINT_SHEET_COLUMNS, CLAUSE_EXAMPLE_SHEET_COLUMNS } from '@legal/api';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../platform/db/tenancy';
import { createTestApp, type TestApp } from '../../../test/harness';
import { callerIn, type Caller, fieldsOf, lastAudit, scopeOf, superAdminCookie } from '../../admin/workspace/workspace.test-support';
import { fileBody } from '../../files/files.test-support';
import { aiReviewCheckpointExamples, aiReviewCheckpointSettings, aiReviewWorkspaceCheckpoints } from '../ai-review.table';
import { formatLawReference, parseLawReference } from './playbook-sheet';
import { listPlaybook } from './playbook.service';

const CHECKPOINTS = '/api/aireview/super-admin/label-checkpoints/excel/v1';
const EXAMPLES = '/api/aireview/super-admin/clause-examples/excel/v1';
const q = (s: { tenantId: number; workspaceId: number }) => `tenantId=${s.tenantId}&workspaceId=${s.workspaceId}`;

let t: TestApp;
let asSuper: { cookie: string };
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  asSuper = { cookie: (await superAdminCookie(t)).cookie };
  admin = await callerIn(t, null, ['WORKSPACE_ADMIN']);
}, 60_000);
afterAll(() => t?.close());

/** A workbook's first sheet as rows of cells by column key (header "label [key]"). */
async function rowsOf(bytes: Buffer): Promise<Array<Record<string, string>>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = wb.worksheets[0]!;
  const keys: string[] = [];
  sheet.getRow(1).eachCell((c, col) => (keys[col] = /\[(\w+)\]$/.exec(String(c.value))![1]!));
  const out: Array<Record<string, string>> = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row: Record<string, string> = {};
    keys.forEach((k, col) => (row[k] = String(sheet.getRow(r).getCell(col).value ?? '')));
    out.push(row);
  }
  return out;
}

async function workbookOf(columns: readonly string[], rows: Array<Record<string, string>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('s');
  sheet.addRow(columns.map((c) => `x [${c}]`));
  for (const r of rows) sheet.addRow(columns.map((c) => r[c] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (method: 'POST' | 'PUT', url: string, bytes: Buffer, headers: Record<string, string> = asSuper) => {
  const body = fileBody(bytes, 'playbook.xlsx');
  return t.app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } });
};

const ownRow = (code: string, overrides: Record<string, string> = {}) => ({
  origin: 'WORKSPACE', code, contractType: 'SERVICE', label: 'OTHER', protects: 'PARTY_A', risk: 'HIGH', isActive: 'Y',
  questionKo: '위약벌 조항이 과도하지 않은가?', questionEn: 'Is the penalty clause moderate?', metWhenKo: '위약벌이 계약금액의 10% 이하이다.', metWhenEn: '',
  rationaleKo: '과도한 손해배상 예정액은 법원이 감액할 수 있습니다.', rationaleEn: '', standardClauseKo: '위약벌은 계약금액의 10%로 한다.', standardClauseEn: '',
  ruleKind: 'threshold', ruleLabels: 'LIABILITY', patternsKo: '계약금액의\\s*(\\d+)\\s*%', patternsEn: '(\\d+)\\s*% of the fees', unlessKo: '', unlessEn: '',
  unit: 'PERCENT', min: '', max: '10', missing: 'NOT_APPLICABLE', legalBasis: '민법 제398조②',
  ...overrides,
});

describe('law references in the sheet', () => {
  it('reads and writes 민법 제398조② and its variants', () => {
    expect(parseLawReference('민법 제398조②')).toEqual({ lawName: '민법', article: '제398조', paragraph: 2 });
    expect(parseLawReference('하도급거래 공정화에 관한 법률 제13조의2 제3항')).toEqual({ lawName: '하도급거래 공정화에 관한 법률', article: '제13조의2', paragraph: 3 });
    expect(parseLawReference('민법')).toBeNull();
    expect(formatLawReference({ lawName: '민법', article: '제398조', paragraph: 2 })).toBe('민법 제398조②');
  });
});

describe('super-admin playbook Excel', () => {
  it('401, 403 for a workspace admin, 404 for an unknown or mismatched workspace, 415 for a non-sheet', async () => {
    const target = scopeOf(admin.ws);
    const sheet = await workbookOf(CHECKPOINT_SHEET_COLUMNS, [ownRow('WS.X.ONE')]);
    expect((await t.app.inject({ method: 'GET', url: `${CHECKPOINTS}?${q(target)}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${CHECKPOINTS}?${q(target)}`, headers: admin.headers })).statusCode).toBe(403);
    expect((await upload('POST', `${CHECKPOINTS}?${q(target)}`, sheet, admin.headers)).statusCode).toBe(403);
    expect((await upload('PUT', `${EXAMPLES}?${q(target)}`, sheet, admin.headers)).statusCode).toBe(403);
    const unknown = { tenantId: target.tenantId, workspaceId: 99_999_999 };
    expect((await t.app.inject({ method: 'GET', url: `${EXAMPLES}?${q(unknown)}`, headers: asSuper })).statusCode).toBe(404);
    const other = await callerIn(t, null, ['WORKSPACE_ADMIN']);
    expect((await upload('POST', `${CHECKPOINTS}?${q({ tenantId: other.ws.tenantId, workspaceId: target.workspaceId })}`, sheet)).statusCode).toBe(404);
    expect(fieldsOf(await t.app.inject({ method: 'GET', url: `${CHECKPOINTS}?tenantId=x`, headers: asSuper }))).toEqual(['query.tenantId', 'query.workspaceId']);
    expect((await upload('POST', `${CHECKPOINTS}?${q(target)}`, Buffer.from('code,label\n'))).statusCode).toBe(415);
    expect(await t.services.db.select().from(aiReviewWorkspaceCheckpoints).where(inScope(aiReviewWorkspaceCheckpoints, target))).toEqual([]);
  });

  it('a bad regex, an unknown law and a starter edit answer 400 with row numbers and write nothing', async () => {
    const target = scopeOf(admin.ws);
    const down = await t.app.inject({ method: 'GET', url: `${CHECKPOINTS}?${q(target)}`, headers: asSuper });
    const starters = await rowsOf(down.rawPayload);
    const editedStarter = { ...starters[0]!, questionKo: '바뀐 질문' };
    const sheet = await workbookOf(CHECKPOINT_SHEET_COLUMNS, [
      editedStarter,
      ownRow('WS.BAD.REGEX', { patternsKo: '(unclosed' }),
      ownRow('WS.BAD.LAW', { legalBasis: '없는법 제1조' }),
      ownRow('WS.GOOD'),
      ownRow('WS.BAD.ENUM', { risk: 'EXTREME', isActive: 'maybe' }),
      ownRow('WS.GOOD'),
    ]);
    const res = await upload('POST', `${CHECKPOINTS}?${q(target)}`, sheet);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res)).toEqual(['rows.2.questionKo', 'rows.3.patternsKo', 'rows.4.legalBasis', 'rows.6.isActive', 'rows.6.risk', 'rows.7.code']);
    expect(await t.services.db.select().from(aiReviewWorkspaceCheckpoints).where(inScope(aiReviewWorkspaceCheckpoints, target))).toEqual([]);
    expect(await t.services.db.select().from(aiReviewCheckpointSettings).where(inScope(aiReviewCheckpointSettings, target))).toEqual([]);
  });

  it('imports workspace checkpoints and a starter switch; a download re-imported unchanged changes nothing', async () => {
    const target = scopeOf(admin.ws);
    const starters = await rowsOf((await t.app.inject({ method: 'GET', url: `${CHECKPOINTS}?${q(target)}`, headers: asSuper })).rawPayload);
    const sheet = await workbookOf(CHECKPOINT_SHEET_COLUMNS, [{ ...starters[0]!, isActive: 'N' }, ownRow('WS.SERVICE.PENALTY'), ownRow('WS.SERVICE.ABSENT', { ruleKind: 'absent', unit: '', max: '', missing: '', unlessKo: '상호', legalBasis: '' })]);
    const res = await upload('POST', `${CHECKPOINTS}?${q(target)}`, sheet);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ created: 2, updated: 0, unchanged: 0, switched: 1 });
    expect((await lastAudit(t, admin.ws, 'ai_review.checkpoints_imported'))?.data).toEqual({ created: 2, updated: 0, unchanged: 0, switched: 1 });

    const before = await listPlaybook(t.services.db, target);
    const penalty = before.find((e) => e.definition.code === 'WS.SERVICE.PENALTY')!;
    expect(penalty.definition).toMatchObject({
      question: { ko: '위약벌 조항이 과도하지 않은가?', en: 'Is the penalty clause moderate?' },
      metWhen: { ko: '위약벌이 계약금액의 10% 이하이다.', en: '위약벌이 계약금액의 10% 이하이다.' },
      legalBasis: [{ lawName: '민법', article: '제398조', paragraph: 2 }],
      rule: { kind: 'threshold', unit: 'PERCENT', max: 10, missing: 'NOT_APPLICABLE', labels: ['LIABILITY'] },
    });
    expect(before.find((e) => e.definition.code === starters[0]!.code)!.isActive).toBe(false);

    const download = await t.app.inject({ method: 'GET', url: `${CHECKPOINTS}?${q(target)}`, headers: asSuper });
    expect(download.headers['content-type']).toContain('spreadsheetml');
    const again = await upload('POST', `${CHECKPOINTS}?${q(target)}`, download.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ created: 0, updated: 0, unchanged: before.length, switched: 0 });
    expect(await listPlaybook(t.services.db, target)).toEqual(before);

    const edited = (await rowsOf(download.rawPayload)).map((r) => (r.code === 'WS.SERVICE.PENALTY' ? { ...r, max: '20', rationaleEn: 'Courts may reduce it.' } : r));
    const third = await upload('POST', `${CHECKPOINTS}?${q(target)}`, await workbookOf(CHECKPOINT_SHEET_COLUMNS, edited));
    expect(third.json().data).toMatchObject({ created: 0, updated: 1 });
    const [row] = await t.services.db.select().from(aiReviewWorkspaceCheckpoints).where(and(inScope(aiReviewWorkspaceCheckpoints, target), eq(aiReviewWorkspaceCheckpoints.code, 'WS.SERVICE.PENALTY'), isNull(aiReviewWorkspaceCheckpoints.deletedAt)));
    expect(row!.id).toBe(penalty.checkpointId);
    expect(row!.rule).toMatchObject({ max: 20 });
    expect(row!.english).toMatchObject({ rationale: 'Courts may reduce it.' });
  });

  it('replaces the clause examples; shipped starter examples stay; a download re-imported changes nothing', async () => {
    const target = scopeOf(admin.ws);
    const first = await rowsOf((await t.app.inject({ method: 'GET', url: `${EXAMPLES}?${q(target)}`, headers: asSuper })).rawPayload);
    expect(first.length).toBeGreaterThan(60);
    expect(new Set(first.map((r) => r.origin))).toEqual(new Set(['STARTER']));
    const starterCode = first[0]!.code!;

    const bad = await workbookOf(CLAUSE_EXAMPLE_SHEET_COLUMNS, [{ code: 'NO.SUCH', language: 'ko', text: 'x' }, { code: starterCode, language: 'fr', text: 'x' }]);
    const refused = await upload('PUT', `${EXAMPLES}?${q(target)}`, bad);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual(['rows.2.code', 'rows.3.language']);

    const rows = [
      ...first,
      { origin: 'WORKSPACE', code: starterCode, language: 'ko', text: '당사자는 상호 협의하여 정한다.' },
      { origin: 'WORKSPACE', code: 'WS.SERVICE.PENALTY', language: 'ko', text: '위약벌은 계약금액의 10%로 한다.' },
      { origin: 'WORKSPACE', code: 'WS.SERVICE.PENALTY', language: 'en', text: 'The penalty is 10% of the fees.' },
    ];
    const res = await upload('PUT', `${EXAMPLES}?${q(target)}`, await workbookOf(CLAUSE_EXAMPLE_SHEET_COLUMNS, rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.examples).toBe(3);
    expect((await lastAudit(t, admin.ws, 'ai_review.clause_examples_imported'))?.data).toMatchObject({ examples: 3 });
    const playbook = await listPlaybook(t.services.db, target);
    expect(playbook.find((e) => e.definition.code === starterCode)!.definition.examples.ko).toContain('당사자는 상호 협의하여 정한다.');
    expect(playbook.find((e) => e.definition.code === 'WS.SERVICE.PENALTY')!.definition.examples).toEqual({ ko: ['위약벌은 계약금액의 10%로 한다.'], en: ['The penalty is 10% of the fees.'] });

    const download = await t.app.inject({ method: 'GET', url: `${EXAMPLES}?${q(target)}`, headers: asSuper });
    expect((await rowsOf(download.rawPayload)).filter((r) => r.origin === 'WORKSPACE')).toHaveLength(3);
    const again = await upload('PUT', `${EXAMPLES}?${q(target)}`, download.rawPayload);
    expect(again.json().data.examples).toBe(3);
    expect(await listPlaybook(t.services.db, target)).toEqual(playbook);

    // An empty sheet (header only) drops every workspace example; the shipped ones stay.
    const emptied = await upload('PUT', `${EXAMPLES}?${q(target)}`, await workbookOf(CLAUSE_EXAMPLE_SHEET_COLUMNS, []));
    expect(emptied.json().data.examples).toBe(0);
    expect(await t.services.db.select().from(aiReviewCheckpointExamples).where(inScope(aiReviewCheckpointExamples, target))).toEqual([]);
    expect(playbook.find((e) => e.definition.code === starterCode)!.definition.examples.ko.length).toBeGreaterThan(0);
  });
});
