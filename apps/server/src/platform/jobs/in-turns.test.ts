import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { eachInTurn } from './in-turns';

// The embedded database itself: turn-taking is about its single connection (on PostgreSQL,
// yieldToRequests only gives the event loop back, and a pool serves requests beside the job).
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

/** A unit of a job: one transaction of a few statements. */
const unit = (events: string[], name: string) =>
  database.db.transaction(async (tx) => {
    events.push(`${name} start`);
    await tx.execute(sql`SELECT count(*) FROM generate_series(1, 20000)`);
    await tx.execute(sql`SELECT 1`);
    events.push(`${name} end`);
  });

/** A request: several queries one after the other, with only promise callbacks in between. */
async function request(events: string[]) {
  for (let i = 0; i < 4; i++) await database.db.execute(sql`SELECT ${i}`);
  events.push('request done');
}

describe('eachInTurn on the embedded database', () => {
  it('runs every item once, in order, and answers how many', async () => {
    const seen: number[] = [];
    expect(await eachInTurn(database, [1, 2, 3], async (n) => void seen.push(n))).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it("serves a request's queries before the job's next unit", async () => {
    const events: string[] = [];
    let requested: Promise<void> | undefined;
    await eachInTurn(database, ['u0', 'u1', 'u2'], async (name) => {
      await unit(events, name);
      // A request arrives as the first unit ends: all its queries go before the job goes on.
      if (name === 'u0') requested = request(events);
    });
    await requested;
    expect(events.indexOf('request done')).toBeGreaterThan(events.indexOf('u0 end'));
    expect(events.indexOf('request done')).toBeLessThan(events.indexOf('u1 start'));
  });

  it('waits for a request in flight that does work between its queries (a password hash, a render)', async () => {
    const events: string[] = [];
    let requested: Promise<void> | undefined;
    await eachInTurn(database, ['u0', 'u1'], async (name) => {
      await unit(events, name);
      if (name !== 'u0') return;
      // As the HTTP hook does: the request is in flight from its arrival to its answer, and its
      // second query comes after 10 ms off the database (within the job's turn of at least 20 ms),
      // when the connection is idle.
      const done = database.trackRequest();
      requested = (async () => {
        await database.db.execute(sql`SELECT 1`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        await database.db.execute(sql`SELECT 2`);
        events.push('request done');
        done();
      })();
    });
    await requested;
    expect(events.indexOf('request done')).toBeLessThan(events.indexOf('u1 start'));
  });

  it('still moves on while a request stays in flight (a stream): at most the wait of one turn per unit', async () => {
    const events: string[] = [];
    const done = database.trackRequest();
    const started = performance.now();
    await eachInTurn(database, ['u0', 'u1', 'u2'], (name) => unit(events, name));
    done();
    expect(events.filter((e) => e.endsWith('end'))).toEqual(['u0 end', 'u1 end', 'u2 end']);
    // Two waits of at most a turn each (MAX_TURN_MS 1 s), never forever.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('still moves on while the database is never idle', async () => {
    const events: string[] = [];
    let isJobDone = false;
    let busyQueries = 0;
    // Another user of the database that never stops: the job takes turns with it instead of
    // waiting forever. (It gives the event loop a turn between queries, as requests arriving over
    // the network do; a loop of promise callbacks alone would starve the job's timers.)
    const busy = (async () => {
      while (!isJobDone) {
        await database.db.execute(sql`SELECT count(*) FROM generate_series(1, 2000)`);
        busyQueries++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const done = await eachInTurn(database, ['u0', 'u1', 'u2', 'u3'], (name) => unit(events, name));
    isJobDone = true;
    await busy;
    expect(done).toBe(4);
    expect(events.filter((e) => e.endsWith('end'))).toEqual(['u0 end', 'u1 end', 'u2 end', 'u3 end']);
    expect(busyQueries).toBeGreaterThan(0);
  });
});
