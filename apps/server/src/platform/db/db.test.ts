import { getTableConfig } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { tenantScope } from '../http/context';
import { allTables } from './tables';
import { GLOBAL_TABLES } from './tenancy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = (await t.services.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0] as T;
}

describe('database platform', () => {
  it('applies the migrations (pg_trgm and the ko_bigrams helper exist)', async () => {
    const row = await one<{ trgm: boolean; fn: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS trgm,
             EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'ko_bigrams') AS fn`);
    expect(row).toEqual({ trgm: true, fn: true });
  });

  it('detects pgvector (always on PGlite; where installed on PostgreSQL)', async () => {
    const row = await one<{ has: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS has`);
    expect(row.has).toBe(t.services.database.hasVector);
    if (t.services.database.driver === 'pglite') expect(row.has).toBe(true);
  });

  it('ko_bigrams finds Korean words with particles attached, including two-syllable words', async () => {
    const text = '제3조(계약의 해지) 을은 갑의 손해배상을 청구할 수 있다.';
    const row = await one<{ grams: string[]; hit2: boolean; hit4: boolean; miss: boolean; single: string[] }>(sql`
      SELECT ko_bigrams(${text}) AS grams,
             ko_bigrams(${text}) @> ko_bigrams('해지') AS hit2,
             ko_bigrams(${text}) @> ko_bigrams('손해배상') AS hit4,
             ko_bigrams(${text}) @> ko_bigrams('위약금') AS miss,
             ko_bigrams('갑 을') AS single`);
    expect(row.hit2).toBe(true);
    expect(row.hit4).toBe(true);
    expect(row.miss).toBe(false);
    expect(row.grams).toContain('배상');
    expect(row.grams).not.toContain('조(');
    expect(row.single.sort()).toEqual(['갑', '을']);
  });

  it('ko_bigrams is immutable, so it can feed a GIN-indexed generated column', async () => {
    await t.services.db.execute(sql`CREATE TABLE bigram_probe (body text, grams text[] GENERATED ALWAYS AS (ko_bigrams(body)) STORED)`);
    await t.services.db.execute(sql`CREATE INDEX bigram_probe_grams ON bigram_probe USING gin (grams)`);
    await t.services.db.execute(sql`INSERT INTO bigram_probe (body) VALUES ('임대차 계약을 해지한다'), ('매매 계약서')`);
    const row = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM bigram_probe WHERE grams @> ko_bigrams('해지')`);
    expect(row.n).toBe(1);
    const trgm = await one<{ s: number }>(sql`SELECT similarity('손해배상 청구', '손해배상청구') AS s`);
    expect(trgm.s).toBeGreaterThan(0.3);
  });

  it('every table is tenant-owned (NOT NULL tenant_id, workspace_id, indexed first) or declared global', () => {
    const tables = allTables(t.services.modules);
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const config = getTableConfig(table);
      if (GLOBAL_TABLES.has(config.name)) continue;
      const tenant = config.columns.find((c) => c.name === 'tenant_id');
      const workspace = config.columns.find((c) => c.name === 'workspace_id');
      expect(tenant?.notNull, `${config.name}.tenant_id`).toBe(true);
      expect(workspace?.notNull, `${config.name}.workspace_id`).toBe(true);
      const leading =
        config.indexes.some((i) => {
          const cols = i.config.columns.map((c) => ('name' in c ? c.name : ''));
          return cols[0] === 'tenant_id' && cols[1] === 'workspace_id';
        }) ||
        // A composite primary key starting with them is such an index too (one row per workspace).
        config.primaryKeys.some((pk) => pk.columns[0]?.name === 'tenant_id' && pk.columns[1]?.name === 'workspace_id');
      expect(leading, `${config.name} needs an index starting (tenant_id, workspace_id)`).toBe(true);
    }
    for (const name of GLOBAL_TABLES) {
      expect(tables.some((table) => getTableConfig(table).name === name), `GLOBAL_TABLES lists unknown ${name}`).toBe(true);
    }
  });

  it('statements issued together inside a transaction run in turn, with no warning from the driver', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const answers = await t.services.db.transaction((tx) =>
        Promise.all([1, 2, 3].map(async (n) => ((await tx.execute(sql`select ${n}::int as n, pg_sleep(0.01)`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)),
      );
      expect(answers).toEqual([1, 2, 3]);
      // A failed statement fails its own caller and, the transaction being aborted, the ones after it.
      const failed = t.services.db.transaction((tx) => Promise.all([tx.execute(sql`select 1/0`), tx.execute(sql`select 1`)]));
      await expect(failed).rejects.toThrow();
      await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
  });

  it('the tenant scope refuses an empty tenant or workspace', () => {
    expect(() => tenantScope({ tenantId: 0, workspaceId: 3 })).toThrow();
    expect(() => tenantScope({ tenantId: 2, workspaceId: 0 })).toThrow();
    expect(tenantScope({ tenantId: 2, workspaceId: 3 })).toEqual({ tenantId: 2, workspaceId: 3 });
  });
});
