import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, freePort, waitFor } from './test/harness';

describe('process lifecycle', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('refuses to start on bad configuration with a message naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'main.ts')], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('DATABASE_URL');
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('serves, then shuts down on SIGTERM within the 10 s budget', { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-life-'));
    dirs.push(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'main.ts')], {
      env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    child.stdout.on('data', (d) => lines.push(...String(d).split('\n').filter(Boolean)));
    // A first start on PGlite (migrations, demo seed) took over 45 s beside the other suites in CI.
    await waitFor(async () => lines.some((l) => l.includes('"msg":"ready"')), 150_000);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const requestLine = lines.map((l) => JSON.parse(l)).find((l) => l.req?.url === '/api/health');
    expect(requestLine?.reqId).toBeTruthy();

    const stopAt = Date.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(10_000);
    expect(lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  });

  it('finishes in-flight requests while closing', async () => {
    const t = await createTestApp({ startJobs: false });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.app.get('/api/test/slow', async () => {
      await gate;
      return { code: 'SUCCESS', message: null, data: 'done' };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.close();
    setTimeout(release, 300);
    const result = await inFlight;
    await closing;
    expect(result).toEqual({ status: 200, body: { code: 'SUCCESS', message: null, data: 'done' } });
  });
});
