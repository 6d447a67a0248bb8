import { ContractDetailSchema, DEMO_PASSWORD, StandardFormDetailSchema, StandardFormPageSchema, type VariableConfig, type VariableValue } from '@legal/api';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { workspaces } from '../auth';
import { signIn, workspaceHeaders } from '../auth/auth.test-support';
import { fileRevisions, files } from '../files';
import { seedStarterForms } from './standard-forms.seed';
import { standardForms } from './standard-forms.table';
import { starterForms } from './starter/manifest';

/** A value each variable accepts (its default when it has one). */
function sampleValue(c: VariableConfig, i: number): VariableValue {
  switch (c.type) {
    case 'OPTIONAL_CLAUSE': return true;
    case 'DATE': return new Date(Date.UTC(2027, 0, 1 + i * 10)).toISOString().slice(0, 10); // later variables, later dates
    case 'AMOUNT': return { amount: '12500000', currency: 'KRW' };
    case 'NUMBER': return c.defaultValue ?? '3';
    case 'PARTY': return { name: `주식회사 샘플${i}`, representative: '대표 홍길동' };
    case 'CHOICE': return c.defaultValue ?? c.options[0]!;
    default:
      if (c.pattern?.includes('@')) return 'legal@example.com';
      if (c.pattern) return '123-45-67890';
      return c.defaultValue ?? `값${i} 샘플`;
  }
}

describe('the starter library of the demo workspace', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedStarterForms(t.services);
    await seedStarterForms(t.services);
    const [hanbit] = await t.services.db.select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id }).from(workspaces).where(eq(workspaces.name, 'hanbit'));
    headers = workspaceHeaders(hanbit!, await signIn(t, 'member@hanbit.example', DEMO_PASSWORD));
  }, 120_000);
  afterAll(() => t.close());

  it('seeds every starter form once, ACTIVE, with its source and licence', async () => {
    const seeded = await t.services.db.select().from(standardForms).where(isNotNull(standardForms.seedKey));
    expect(seeded.map((r) => r.seedKey).sort()).toEqual(starterForms().map((f) => f.key).sort());
    const active = StandardFormPageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/btls/standard-forms/active/v1', headers })).json().data);
    expect(active.totalElements).toBe(starterForms().length);
  });

  it('a member drafts a contract from every starter form in the first minute', async () => {
    for (const row of await t.services.db.select().from(standardForms).where(isNotNull(standardForms.seedKey))) {
      const form = StandardFormDetailSchema.parse((await t.app.inject({ method: 'GET', url: `/api/btls/standard-forms/${row.id}/v1`, headers })).json().data);
      expect(form.source?.licence, row.seedKey!).toBeTruthy();
      const values = Object.fromEntries(form.variables.map((c, i) => [c.key, sampleValue(c, i)]));
      const res = await t.app.inject({ method: 'POST', url: '/api/conhub/contracts/by-standard-form/v3', headers, payload: { standardFormId: row.id, templateVersion: form.latestVersion, values } });
      expect(res.statusCode, `${row.seedKey}: ${res.body}`).toBe(200);
      const contract = ContractDetailSchema.parse(res.json().data);
      expect(contract.status).toBe('DRAFT');
      const mapped = form.variables.filter((v) => v.mapsTo === 'COUNTERPARTY_NAME');
      if (mapped.length > 0) expect(contract.counterparties.length, row.seedKey!).toBe(mapped.length);
      if (row.seedKey === 'ko-software-development-services') {
        const party = values[form.variables.find((v) => v.type === 'PARTY')!.key] as { name: string };
        const text = await waitFor(async () => {
          const [r] = await t.services.db
            .select({ text: fileRevisions.extractedText, status: fileRevisions.extractionStatus })
            .from(fileRevisions)
            .innerJoin(files, eq(files.id, fileRevisions.fileId))
            .where(and(eq(files.referenceType, 'CONTRACT'), eq(files.referenceId, String(contract.id))));
          return r?.status === 'DONE' ? r.text : null;
        });
        expect(text).toContain(party.name);
        expect(text).not.toContain('{{');
      }
    }
  }, 120_000);
});
