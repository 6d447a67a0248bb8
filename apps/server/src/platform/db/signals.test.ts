import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { postgresSignals, SIGNAL_MAX_BYTES, type Signals } from './signals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

/** Collects what a topic receives. */
function collect(signals: Signals, topic: string) {
  const got: unknown[] = [];
  const unsubscribe = signals.subscribe(topic, (data) => got.push(data));
  return { got, unsubscribe };
}

const isPostgres = () => t.services.database.driver === 'postgres';

describe('signals', () => {
  it('delivers a topic\'s messages, in order, to its subscribers only, until they unsubscribe', async () => {
    const { signals } = t.services;
    const a = collect(signals, 'probe:a');
    const a2 = collect(signals, 'probe:a');
    const b = collect(signals, 'probe:b');
    await signals.listening();
    await signals.publish('probe:a', { n: 1 });
    await signals.publish('probe:a', { n: 2, text: '진행 중' });
    await signals.publish('probe:b', 'other');
    await waitFor(async () => a.got.length === 2 && a2.got.length === 2 && b.got.length === 1, 5_000, 10);
    expect(a.got).toEqual([{ n: 1 }, { n: 2, text: '진행 중' }]);
    expect(a2.got).toEqual(a.got);
    expect(b.got).toEqual(['other']);

    a.unsubscribe();
    await signals.publish('probe:a', { n: 3 });
    await waitFor(async () => a2.got.length === 3, 5_000, 10);
    expect(a.got).toHaveLength(2);
    a2.unsubscribe();
    b.unsubscribe();
  });

  it('delivers a copy: the publisher changing its object afterwards changes nothing', async () => {
    const { signals } = t.services;
    const c = collect(signals, 'probe:copy');
    await signals.listening();
    const data = { step: 'CHECK' };
    await signals.publish('probe:copy', data);
    data.step = 'CHANGED';
    await waitFor(async () => c.got.length === 1, 5_000, 10);
    expect(c.got).toEqual([{ step: 'CHECK' }]);
    c.unsubscribe();
  });

  it('a listener that throws does not keep the message from the others', async () => {
    const { signals } = t.services;
    const off = signals.subscribe('probe:throw', () => {
      throw new Error('listener bug');
    });
    const c = collect(signals, 'probe:throw');
    await signals.listening();
    await signals.publish('probe:throw', 1);
    await waitFor(async () => c.got.length === 1, 5_000, 10);
    off();
    c.unsubscribe();
  });

  it('refuses a message over the size PostgreSQL\'s NOTIFY carries', async () => {
    await expect(t.services.signals.publish('probe:big', 'x'.repeat(SIGNAL_MAX_BYTES))).rejects.toThrow(/over/);
  });

  it('PostgreSQL: reaches another process\'s subscribers, and listens again after its connection is cut', async () => {
    if (!isPostgres()) return;
    const url = t.services.config.databaseUrl!;
    const other = postgresSignals({ url, query: () => Promise.reject(new Error('unused')), logger: pino({ level: 'silent' }) });
    try {
      const c = collect(other, 'probe:cross');
      await other.listening();
      await t.services.signals.publish('probe:cross', { from: 'this process' });
      await waitFor(async () => c.got.length === 1, 5_000, 10);
      expect(c.got).toEqual([{ from: 'this process' }]);

      // An administrator (or a failover) ends the listening connection: it comes back by itself.
      const dbName = new URL(url).pathname.slice(1);
      await t.services.database.sql.executeSql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'legal-suite-signals' AND datname = $1`,
        [dbName],
      );
      await waitFor(async () => {
        await t.services.signals.publish('probe:cross', { after: 'cut' });
        return c.got.some((d) => (d as { after?: string }).after === 'cut');
      }, 10_000, 250);
    } finally {
      await other.close();
    }
  });
});
