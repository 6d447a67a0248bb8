import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createTestDatabase, type TestApp, waitFor } from '../../test/harness';
import type { AppServices } from '../services';
import { defineJob, idempotentJobId } from './jobs';

const runs: Array<{ name: string; key: string; attempt: number }> = [];

const countJob = defineJob<{ key: string }, AppServices>({
  name: 'test.count',
  payload: z.object({ key: z.string() }),
  async handler({ key }, _deps, run) {
    runs.push({ name: 'count', key, attempt: run.retryCount });
  },
});

const flakyJob = defineJob<{ key: string; failTimes: number }, AppServices>({
  name: 'test.flaky',
  payload: z.object({ key: z.string(), failTimes: z.number().int() }),
  policy: { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
  async handler({ key, failTimes }, _deps, run) {
    runs.push({ name: 'flaky', key, attempt: run.retryCount });
    if (run.retryCount < failTimes) throw new Error(`planned failure ${run.retryCount}`);
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraJobs: [countJob, flakyJob] as never });
});
afterAll(() => t.close());

describe('jobs', () => {
  it('validates the payload when a job is sent', async () => {
    await expect(t.services.jobs.send(countJob, { key: 1 } as never)).rejects.toThrow();
  });

  it('stores a job once per idempotency key and runs it once', async () => {
    const first = await t.services.jobs.send(countJob, { key: 'same' }, { idempotencyKey: 'reminder-9' });
    const second = await t.services.jobs.send(countJob, { key: 'same' }, { idempotencyKey: 'reminder-9' });
    expect(second).toBe(first);
    expect(first).toBe(idempotentJobId('test.count', 'reminder-9'));
    await waitFor(async () => (await t.services.jobs.getJob('test.count', first))?.state === 'completed');
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs.filter((r) => r.key === 'same')).toHaveLength(1);
  });

  it('retries a failing job with back-off until it succeeds', async () => {
    const id = await t.services.jobs.send(flakyJob, { key: 'flaky-1', failTimes: 2 });
    const job = await waitFor(async () => {
      const j = await t.services.jobs.getJob('test.flaky', id);
      return j?.state === 'completed' ? j : null;
    }, 20_000);
    expect(job.retryCount).toBe(2);
    expect(runs.filter((r) => r.key === 'flaky-1').map((r) => r.attempt)).toEqual([0, 1, 2]);
  });

  it('gives up after the retry limit and keeps the job as failed', async () => {
    const id = await t.services.jobs.send(flakyJob, { key: 'flaky-2', failTimes: 99 });
    await waitFor(async () => (await t.services.jobs.getJob('test.flaky', id))?.state === 'failed', 25_000);
    expect(runs.filter((r) => r.key === 'flaky-2')).toHaveLength(4);
  });

  it('reports itself healthy', async () => {
    expect(await t.services.jobs.health()).toMatchObject({ ok: true });
  });
});

describe('a shutdown while a job runs', () => {
  it('waits for the handler past the pg-boss timeout, and a later outcome never touches the closed database', { timeout: 60_000 }, async () => {
    const gate: { release?: () => void; started?: boolean } = {};
    const slowJob = defineJob<{ key: string }, AppServices>({
      name: 'test.slow',
      payload: z.object({ key: z.string() }),
      policy: { retryLimit: 0 },
      async handler({ key }, deps) {
        gate.started = true;
        await new Promise<void>((resolve) => (gate.release = resolve));
        // Runs after stop() gave up waiting: the pool is closed by now.
        await deps.database.sql.executeSql('SELECT 1', []).catch(() => undefined);
        runs.push({ name: 'slow', key, attempt: 0 });
        throw new Error('finished after the shutdown');
      },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const app = await createTestApp({ extraJobs: [slowJob] as never });
    try {
      await app.services.jobs.send(slowJob, { key: 'late' });
      await waitFor(async () => gate.started);
      const stopping = Date.now();
      await app.close(); // stop(2000): pg-boss waits 2 s, then the queue waits 2 s more for the handler
      expect(Date.now() - stopping).toBeGreaterThanOrEqual(3500);
      gate.release!();
      await waitFor(async () => runs.some((r) => r.key === 'late'));
      await new Promise((r) => setTimeout(r, 300));
      expect(unhandled).toEqual([]);
      expect(app.logs.lines.some((l) => l.msg === 'job queue stopped: a late job outcome is not recorded')).toBe(true);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('a job interrupted by a crash', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  function startWorker(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../test/fixtures/crash-worker.ts')], {
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const output: string[] = [];
    child.stdout!.on('data', (d) => output.push(...String(d).split('\n').filter(Boolean)));
    child.stderr!.on('data', (d) => output.push(...String(d).split('\n').filter(Boolean)));
    return { child, output, saw: (text: string) => waitFor(async () => output.some((l) => l.startsWith(text)), 150_000) };
  }

  it('runs again after the process is killed mid-job and restarted', { timeout: 400_000 }, async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-crash-'));
    const env = { DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) };
    try {
      const first = startWorker({ ...env, SEND: '1', HANG: '1' });
      await first.saw('STARTED 42 attempt=0');
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      expect(first.output.some((l) => l.startsWith('DONE'))).toBe(false);

      const second = startWorker({ ...env, HANG: '0' });
      await second.saw('DONE 42');
      expect(second.output.find((l) => l.startsWith('DONE 42'))).toMatch(/attempt=[1-9]/);
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    } finally {
      // A worker still running (a failed wait) keeps writing its data directory: stop it first.
      children.forEach((c) => c.kill('SIGKILL'));
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  });
});
