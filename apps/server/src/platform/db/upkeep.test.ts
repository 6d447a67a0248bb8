import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { databaseUpkeepJob, type TableActivity, upkeepOf, upkeepTables } from './upkeep';

const table = (over: Partial<TableActivity>): TableActivity => ({ schema: 'public', name: 't', modified: 0, dead: 0, tuples: 1000, analyzed: true, ...over });

describe('what a table needs (autovacuum thresholds)', () => {
  it('analyzes a table without statistics on both drivers, changed or not (counters start again in a copied database)', () => {
    expect(upkeepOf(table({ analyzed: false, modified: 3, tuples: -1 }), 'postgres')).toBe('ANALYZE');
    expect(upkeepOf(table({ analyzed: false, modified: 0, tuples: -1 }), 'postgres')).toBe('ANALYZE');
    expect(upkeepOf(table({ analyzed: false, modified: 0, tuples: 40 }), 'pglite')).toBe('ANALYZE');
    expect(upkeepOf(table({ analyzed: true, modified: 3 }), 'postgres')).toBeNull();
  });

  it('analyzes a table changed by as many rows as it held on both drivers (analyzed empty at start-up, then filled)', () => {
    expect(upkeepOf(table({ tuples: 0, modified: 22 }), 'postgres')).toBe('ANALYZE');
    expect(upkeepOf(table({ tuples: 30, modified: 30 }), 'postgres')).toBe('ANALYZE');
    expect(upkeepOf(table({ tuples: 30, modified: 29 }), 'postgres')).toBeNull();
    expect(upkeepOf(table({ tuples: 0, modified: 0 }), 'pglite')).toBeNull();
  });

  it('leaves PostgreSQL the rest to autovacuum', () => {
    expect(upkeepOf(table({ modified: 900 }), 'postgres')).toBeNull();
    expect(upkeepOf(table({ dead: 900 }), 'postgres')).toBeNull();
  });

  it('on PGlite analyzes past 50 rows and 10% changed, and vacuums past 50 rows and 20% dead', () => {
    expect(upkeepOf(table({ modified: 150 }), 'pglite')).toBeNull();
    expect(upkeepOf(table({ modified: 151 }), 'pglite')).toBe('ANALYZE');
    expect(upkeepOf(table({ dead: 250 }), 'pglite')).toBeNull();
    expect(upkeepOf(table({ dead: 251 }), 'pglite')).toBe('VACUUM ANALYZE');
    expect(upkeepOf(table({ dead: 51, tuples: 0 }), 'pglite')).toBe('VACUUM ANALYZE');
  });
});

describe('the tables upkeep on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.db.execute(sql`CREATE TABLE upkeep_probe (id int PRIMARY KEY, body text) WITH (autovacuum_enabled = false)`);
  });
  afterAll(() => t.close());

  const stats = async () => {
    const { rows } = await t.services.database.sql.executeSql(
      `select s.last_analyze is not null as analyzed, c.reltuples::float8 as tuples
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'upkeep_probe'`,
      [],
    );
    return rows[0] as { analyzed: boolean; tuples: number };
  };
  // A PostgreSQL server's sessions report their counts within seconds, not at once.
  const reported = (rows: number) =>
    waitFor(async () => {
      if (t.services.database.driver === 'pglite') return true;
      const { rows: [row] } = await t.services.database.sql.executeSql(`select n_mod_since_analyze::int as n from pg_stat_user_tables where relname = 'upkeep_probe'`, []);
      return (row as { n: number }).n >= rows;
    }, 20_000, 250);
  const plannedRows = async (where: string) => {
    const { rows } = await t.services.database.sql.executeSql(`explain (format json) select * from upkeep_probe where ${where}`, []);
    const plan = (rows[0] as Record<string, Array<{ Plan: { 'Plan Rows': number } }>>)['QUERY PLAN']![0]!;
    return plan.Plan['Plan Rows'];
  };

  it('analyzes a new table, so the planner knows its rows; a second run finds nothing to do for it', async () => {
    await t.services.db.execute(sql`INSERT INTO upkeep_probe SELECT g, CASE WHEN g <= 10 THEN 'rare' ELSE 'common' END FROM generate_series(1, 2000) g`);
    expect((await stats()).analyzed).toBe(false);
    await reported(2000);

    const done = await upkeepTables(t.services.database);
    expect(done).toContainEqual(expect.objectContaining({ table: 'public.upkeep_probe', action: 'ANALYZE' }));
    expect(await stats()).toEqual({ analyzed: true, tuples: 2000 });
    // The value statistics are what the plans are made of: 10 rare rows among 2,000.
    expect(await plannedRows(`body = 'rare'`)).toBeLessThan(50);

    const again = await upkeepTables(t.services.database);
    expect(again.map((d) => d.table)).not.toContain('public.upkeep_probe');
  });

  it('on PGlite, vacuums a table whose dead rows pass the threshold (on PostgreSQL autovacuum does)', async () => {
    await t.services.db.execute(sql`UPDATE upkeep_probe SET body = body || '!' WHERE id <= 1000`);
    await reported(1000);
    const done = await upkeepTables(t.services.database);
    const probe = done.find((d) => d.table === 'public.upkeep_probe');
    if (t.services.database.driver === 'pglite') {
      expect(probe?.action).toBe('VACUUM ANALYZE');
      const { rows } = await t.services.database.sql.executeSql(`select pg_stat_force_next_flush()`, []);
      expect(rows).toHaveLength(1);
      const dead = await t.services.database.sql.executeSql(`select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'upkeep_probe'`, []);
      expect((dead.rows[0] as { dead: number }).dead).toBe(0);
    } else {
      expect(probe).toBeUndefined();
    }
  });

  it('is a job that books its next run', async () => {
    // The run booked at start-up (a minute ahead) may share the slot of the next one booked from now.
    await t.services.database.sql.executeSql(`delete from pgboss.job where name = 'db.upkeep'`, []);
    await databaseUpkeepJob.handler({ slot: 'test' }, t.services, { id: 'x', name: databaseUpkeepJob.name, retryCount: 0 });
    const { rows } = await t.services.database.sql.executeSql(`select start_after from pgboss.job where name = 'db.upkeep'`, []);
    expect(rows).toHaveLength(1);
    expect(new Date((rows[0] as { start_after: string | Date }).start_after).getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});
