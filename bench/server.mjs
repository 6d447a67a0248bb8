// Starts the built server for a benchmark on a scratch data directory and a random port, in
// development mode (demo accounts and the development login, which the scenarios sign in with;
// hot paths behave as in production, and logging is at warn).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export function buildServer() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@legal/server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('server build failed');
}

export async function startBenchServer(extraEnv = {}) {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) buildServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-bench-'));
  const port = 21000 + Math.floor(Math.random() * 9000);
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_CPU pins the server to one core (run the harness itself with `taskset -c` on
  // another), so that the server and the load generator do not compete for the same cores.
  const pin = process.env.BENCH_SERVER_CPU;
  // BENCH_SERVER_NODE_ARGS: node options for the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (Node refuses --cpu-prof in NODE_OPTIONS); the profile is written when the bench stops the server.
  const node = [process.execPath, ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'apps/server/dist/main.js'];
  const [command, args] = pin ? ['taskset', ['-c', pin, ...node]] : [node[0], node.slice(1)];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      PUBLIC_URL: url,
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const startedAt = Date.now();
  const deadline = startedAt + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    startedAt,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through the development login (the scratch server's demo accounts) and answers the
 * headers of a call in a demo workspace (`hanbit` unless named): the session cookie, the origin, and the tenant
 * and workspace.
 */
export async function devSession(url, loginId, workspaceName = 'hanbit') {
  const res = await fetch(`${url}/api/auth/login/dev/v1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ loginId }) });
  if (!res.ok) throw new Error(`dev login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const launcher = await (await fetch(`${url}/api/auth/launcher/v1`, { headers: { cookie } })).json();
  const list = launcher.data.workspaces ?? launcher.data;
  const ws = list.find((w) => w.workspaceName === workspaceName || w.name === workspaceName) ?? list[0];
  return { cookie, origin: url, 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId ?? ws.id) };
}
