import { DEMO_PASSWORD } from '@legal/api';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContentWritten } from '../../../platform/services';
import { createTestApp, type TestApp, waitFor } from '../../../test/harness';
import { workspaces } from '../../auth';
import { signIn, workspaceHeaders } from '../../auth/auth.test-support';
import { fileRevisions, files } from '../../files';
import { contracts } from '../contracts.table';
import { counterparties } from '../counterparties.table';
import { contractReminders } from '../reminders/reminders.table';
import { DEMO_CONTRACT_WORKSPACES } from './contract-demo.catalogue';
import { seedDemoContracts } from './contract-demo.seed';

const PAGE = '/api/alex/contracts/page-search/v3';

describe('the demo contracts (SEED_DEMO_CONTENT)', () => {
  let t: TestApp;
  let hanbit: { tenantId: number; workspaceId: number };
  let saesol: { tenantId: number; workspaceId: number };
  const scopeOf = async (name: string) =>
    (await t.services.db.select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id }).from(workspaces).where(eq(workspaces.name, name)))[0]!;
  const visibleTo = async (loginId: string, scope: { tenantId: number; workspaceId: number }) => {
    const res = await t.app.inject({ method: 'POST', url: `${PAGE}?size=100`, headers: workspaceHeaders(scope, await signIn(t, loginId, DEMO_PASSWORD)), payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { totalElements: number; content: Array<{ id: number; title: string }> };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO_CONTENT: 'true', FILES_OCR: 'false' } });
    await demoContentWritten(t.services);
    hanbit = await scopeOf('hanbit');
    saesol = await scopeOf('saesol');
  }, 240_000);
  afterAll(() => t.close());

  it('registers at least 40 contracts in hanbit across statuses, with the licence of their document in the memo', async () => {
    const rows = await t.services.db.select().from(contracts).where(eq(contracts.workspaceId, hanbit.workspaceId));
    expect(rows.length).toBeGreaterThanOrEqual(40);
    // IN_REVIEW, IN_APPROVAL and IN_SIGNING through real workflows (workflows/demo/workflow-demo.seed.test.ts).
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['DRAFT', 'IN_REVIEW', 'IN_APPROVAL', 'IN_SIGNING', 'SIGNED', 'ACTIVE', 'EXPIRED', 'TERMINATED']));
    expect(new Set(rows.map((r) => r.contractType)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.ownerUserId)).size).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => r.groupId !== null).length).toBeGreaterThanOrEqual(8);
    const today = new Date().toISOString().slice(0, 10);
    const in90 = new Date(Date.now() + 90 * 24 * 3600_000).toISOString().slice(0, 10);
    expect(rows.filter((r) => r.status === 'ACTIVE' && r.endDate && r.endDate >= today && r.endDate <= in90).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.endDate && r.endDate < today).length).toBeGreaterThanOrEqual(3);
    const nda = rows.find((r) => r.title === 'Starlight Health 상호 비밀유지계약')!;
    expect(nda.memo).toContain('CC0-1.0');
    const cuad = rows.find((r) => r.title.startsWith('Corporate Sponsorship Agreement'))!;
    expect(cuad.memo).toContain('Contract Understanding Atticus Dataset (CUAD) v1');
    expect(rows.find((r) => r.title.startsWith('Mutual NDA with Acme'))!.memo).toContain('Common Paper');
    // Counterparties, hashtags (in the search copy) and reminders came with them.
    const [cps] = await t.services.db.select({ n: count() }).from(counterparties).where(eq(counterparties.workspaceId, hanbit.workspaceId));
    expect(cps!.n).toBeGreaterThanOrEqual(40);
    expect(nda.hashtagNames).toContain('NDA');
    const [reminders] = await t.services.db.select({ n: count() }).from(contractReminders).where(eq(contractReminders.workspaceId, hanbit.workspaceId));
    expect(reminders!.n).toBeGreaterThanOrEqual(5);
  });

  it('stores each document through the files module, and the job queue extracts its text', async () => {
    const attached = await t.services.db
      .select({ id: files.id, name: files.displayName })
      .from(files)
      .where(and(eq(files.workspaceId, hanbit.workspaceId), eq(files.referenceType, 'CONTRACT')));
    const planned = DEMO_CONTRACT_WORKSPACES.find((w) => w.workspace === 'hanbit')!.contracts.filter((c) => c.file).length;
    expect(attached.length).toBe(planned);
    const ids = attached.map((f) => f.id);
    const done = await waitFor(async () => {
      const revs = await t.services.db.select({ status: fileRevisions.extractionStatus }).from(fileRevisions).where(inArray(fileRevisions.fileId, ids));
      return revs.every((r) => r.status !== 'PENDING') ? revs : null;
    }, 200_000, 500);
    expect(done.filter((r) => r.status === 'DONE').length).toBe(planned);
    const [korean] = await t.services.db
      .select({ text: fileRevisions.extractedText })
      .from(fileRevisions)
      .innerJoin(files, eq(files.id, fileRevisions.fileId))
      .where(and(eq(files.workspaceId, hanbit.workspaceId), eq(files.displayName, '03-mutual-nda.docx'), isNotNull(fileRevisions.extractedText)));
    expect(korean!.text).toContain('비밀');
  }, 240_000);

  it('shows a reader and a member a subset, and the other tenant only its own', async () => {
    const manager = await visibleTo('manager@hanbit.example', hanbit);
    const reader = await visibleTo('reader@hanbit.example', hanbit);
    const member = await visibleTo('member@hanbit.example', hanbit);
    expect(manager.totalElements).toBeGreaterThanOrEqual(40);
    expect(reader.totalElements).toBeGreaterThan(0);
    expect(reader.totalElements).toBeLessThan(manager.totalElements);
    expect(member.totalElements).toBeGreaterThan(0);
    expect(member.totalElements).toBeLessThan(manager.totalElements);
    const other = await visibleTo('admin@saesol.example', saesol);
    expect(other.totalElements).toBe(DEMO_CONTRACT_WORKSPACES.find((w) => w.workspace === 'saesol')!.contracts.length);
    const hanbitIds = new Set(manager.content.map((c) => c.id));
    expect(other.content.some((c) => hanbitIds.has(c.id))).toBe(false);
  });

  it('adds nothing when it runs again', async () => {
    const total = async () => (await t.services.db.select({ n: count() }).from(contracts))[0]!.n;
    const fileCount = async () => (await t.services.db.select({ n: count() }).from(files))[0]!.n;
    const before = { contracts: await total(), files: await fileCount() };
    await seedDemoContracts(t.services);
    expect({ contracts: await total(), files: await fileCount() }).toEqual(before);
  });
});
