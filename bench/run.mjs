// `npm run bench`: starts the built server on a scratch data directory (or BENCH_URL if given),
// runs every scenario in bench/scenarios with autocannon and reports req/s and latency
// percentiles. Results are written to bench/results/<timestamp>.json.
// Options (env): BENCH_DURATION seconds (default 10), BENCH_CONNECTIONS (default 32),
// BENCH_ONLY substring filter, DATABASE_URL to bench on PostgreSQL, BENCH_SERVER_CPU to pin the
// server to a core (e.g. `BENCH_SERVER_CPU=0 taskset -c 1 npm run bench`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startBenchServer } from './server.mjs';

// `node bench/run.mjs contracts`: the contract repository benchmark on PostgreSQL (its own harness,
// bench/contracts.mjs: it needs a seeded throwaway database rather than the scratch server).
if (process.argv[2] === 'contracts') {
  await import('./contracts.mjs');
  process.exit(0);
}

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const only = process.env.BENCH_ONLY;

async function loadScenarios() {
  const dir = path.join(root, 'bench', 'scenarios');
  const all = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort()) {
    const mod = await import(path.join(dir, file));
    all.push(...mod.scenarios.map((s) => ({ ...s, file })));
  }
  return only ? all.filter((s) => s.name.includes(only)) : all;
}

async function startServer() {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, stop: async () => undefined };
  return startBenchServer();
}

const scenarios = await loadScenarios();
const server = await startServer();
const results = [];
try {
  for (const s of scenarios) {
    if (s.setup) await s.setup(server.url);
    const result = await autocannon({
      url: server.url + s.path,
      method: s.method,
      headers: { 'content-type': 'application/json', ...(s.headers ?? {}) },
      body: s.body ? JSON.stringify(s.body) : undefined,
      connections: s.connections ?? connections,
      duration: s.duration ?? duration,
    });
    const expected = s.expectStatus ?? 200;
    const wrong = result.statusCodeStats ? Object.entries(result.statusCodeStats).filter(([code]) => Number(code) !== expected).reduce((n, [, v]) => n + v.count, 0) : result.non2xx;
    const row = {
      scenario: s.name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p95: result.latency.p97_5 === undefined ? result.latency.p90 : result.latency.p97_5,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      unexpectedStatus: wrong,
      target: s.target ? (s.target.minRps ? `>= ${s.target.minRps} req/s` : JSON.stringify(s.target)) : '',
      met: s.target?.minRps ? Math.round(result.requests.average) >= s.target.minRps : undefined,
    };
    results.push(row);
    console.log(`${row.scenario.padEnd(32)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p97.5 ${row.p95} ms  p99 ${row.p99} ms  errors ${row.errors}  wrong-status ${row.unexpectedStatus}${row.target ? `  target ${row.target}: ${row.met ? 'met' : 'NOT met'}` : ''}`);
  }
} finally {
  await server.stop();
}
const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, duration, connections, results }, null, 2));
console.log(`results: ${path.relative(root, file)}`);
