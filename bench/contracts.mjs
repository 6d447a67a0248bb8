// `npm run bench` (after the files benchmark), or alone: `node bench/contracts.mjs` (also
// `node bench/run.mjs contracts`). The contract repository on PostgreSQL at 100,000 contracts
// (issue 6): page-search v4 at 32 connections (keyword, filters) beside a bare Fastify + pg
// handler that runs the same SQL (bench/contracts-bare.mjs), scroll-search v2 page times from the
// first to the last page, and the Excel export of 10,000 rows (wall time, server peak RSS growth).
//
// It creates a throwaway database on the PostgreSQL server of BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), starts the built server on it (migrations and
// the demo workspace with its members: the app's own provisioning), inserts the contracts with
// SQL (bench/contracts-seed.mjs), measures, stops the server and drops the database.
// Results go to bench/results/contracts-*.json.
// Options (env): BENCH_DURATION seconds per load run (default 10), BENCH_CONNECTIONS (32),
// BENCH_CONTRACTS_ROUNDS (3: app and bare take turns, each side's median round counts),
// BENCH_CONTRACTS_COUNT (100000), BENCH_CONTRACTS_SKIP_BUILD=1 to reuse apps/server/dist,
// BENCH_CONTRACTS_LOG_SQL=1 to log every statement of the measured database to the PostgreSQL
// server log (how the bare handler's SQL was captured; do not measure with it on),
// BENCH_CONTRACTS_DB=<name> to measure an existing database seeded by an earlier run (it is kept),
// BENCH_CONTRACTS_KEEP_DB=1 to keep the new database (for EXPLAIN; drop it yourself afterwards).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedContracts } from './contracts-seed.mjs';
import { buildServer, root, startBenchServer } from './server.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_CONTRACTS_ROUNDS ?? 3);
const count = Number(process.env.BENCH_CONTRACTS_COUNT ?? 100_000);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBER = 'member@hanbit.example';

const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch (err) {
  console.log(`contracts: skipped, no PostgreSQL at ${adminUrl} (${err.message})`);
  process.exit(0);
}
if (!process.env.BENCH_CONTRACTS_SKIP_BUILD) buildServer();

const reuse = process.env.BENCH_CONTRACTS_DB;
const keep = Boolean(reuse || process.env.BENCH_CONTRACTS_KEEP_DB);
const dbName = reuse ?? `legal_bench_contracts_${process.pid}_${Date.now()}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
if (!reuse) await admin.query(`CREATE DATABASE ${dbName}`);
if (process.env.BENCH_CONTRACTS_LOG_SQL) await admin.query(`ALTER DATABASE ${dbName} SET log_statement = 'all'`);

function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function session(url) {
  const res = await fetch(`${url}/api/auth/login/dev/v1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ loginId: MEMBER }) });
  if (!res.ok) throw new Error(`dev login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const launcher = await (await fetch(`${url}/api/auth/launcher/v1`, { headers: { cookie } })).json();
  const ws = (launcher.data.workspaces ?? launcher.data).find((w) => w.workspaceName === 'hanbit' || w.name === 'hanbit') ?? (launcher.data.workspaces ?? launcher.data)[0];
  return { cookie, origin: url, 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId ?? ws.id) };
}

async function post(url, pathAndQuery, headers, body) {
  const res = await fetch(url + pathAndQuery, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

async function load(url, pathAndQuery, headers, body, withConnections = connections, seconds = duration) {
  const result = await autocannon({ url: url + pathAndQuery, method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body), connections: withConnections, duration: seconds });
  const wrong = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => Number(code) !== 200).reduce((n, [, v]) => n + v.count, 0);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p95: percentile95(result), p99: result.latency.p99, errors: result.errors + result.timeouts, wrongStatus: wrong, requests: result.requests.total };
}

/** The round with the median throughput (its latencies come with it). */
function medianRound(runs) {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
}

/** autocannon reports p90 and p97.5; p95 is interpolated between them (stated as such). */
function percentile95(result) {
  const { p90, p97_5: p975 } = result.latency;
  return Math.round((p90 + ((p975 - p90) * (95 - 90)) / (97.5 - 90)) * 10) / 10;
}

function startBare(extraEnv) {
  const port = 31000 + Math.floor(Math.random() * 9000);
  const child = spawn(process.execPath, [path.join(root, 'bench', 'contracts-bare.mjs')], { env: { ...process.env, PORT: String(port), DATABASE_URL: dbUrl, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
  return { url: `http://127.0.0.1:${port}`, child, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }) };
}

async function waitUp(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bare server did not start');
}

const loadBefore = os.loadavg();
const results = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, duration, connections, count, loadavgBefore: loadBefore };
let server;
let bare;
try {
  server = await startBenchServer({ DATABASE_URL: dbUrl, JOBS_ENABLED: 'false' });
  const headers = await session(server.url);
  const db = new pg.Client({ connectionString: dbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const scope = { tenantId: Number(headers['x-tenant']), workspaceId: Number(headers['x-workspace']) };
  const { rows: [member] } = await db.query('SELECT id FROM users WHERE login_id = $1', [MEMBER]);
  const { rows: others } = await db.query('SELECT user_id FROM memberships WHERE tenant_id = $1 AND workspace_id = $2 AND user_id <> $3 ORDER BY user_id', [scope.tenantId, scope.workspaceId, member.id]);
  const seeded = reuse
    ? { reused: dbName, seconds: { total: 0 } }
    : await seedContracts(db, { ...scope, memberUserId: member.id, otherUserIds: others.map((r) => Number(r.user_id)), count });
  const { rows: [sizes] } = await db.query(`SELECT pg_size_pretty(pg_total_relation_size('contracts')) AS contracts, pg_size_pretty(pg_relation_size('contracts_grams_idx')) AS grams_idx`);
  await db.end();
  results.seed = { ...seeded, members: others.length + 1, tableSize: sizes.contracts, gramsIndexSize: sizes.grams_idx };
  console.log(`contracts: seeded ${count} contracts in ${seeded.seconds.total} s (${JSON.stringify(seeded.seconds)}), table ${sizes.contracts}, grams index ${sizes.grams_idx}`);

  // 1, 2: page-search v4 on the app and the same SQL on a bare Fastify + pg handler.
  const searches = [
    { name: 'keyword 용역', query: '?page=0&size=20', body: { keyword: '용역' } },
    { name: 'keyword 해지 통지 (2 words)', query: '?page=0&size=20', body: { keyword: '해지 통지' } },
    { name: 'filters (status, types, end date, amount)', query: '?page=0&size=20&sort=endDate,asc', body: { statuses: ['ACTIVE', 'SIGNED'], contractTypes: ['SERVICE', 'SUPPLY', 'LEASE'], endDate: { start: '2025-01-01', end: '2027-12-31' }, amountMin: '100000000' } },
  ];
  bare = startBare({ BENCH_TENANT: headers['x-tenant'], BENCH_WORKSPACE: headers['x-workspace'] });
  await waitUp(bare.url);
  results.pageSearch = [];
  for (const s of searches) {
    const appPage = await post(server.url, `/api/alex/contracts/page-search/v4${s.query}`, headers, s.body);
    const barePage = await post(bare.url, `/page-search${s.query}`, headers, s.body);
    const same = JSON.stringify(appPage.content.map((c) => c.id)) === JSON.stringify(barePage.content.map((c) => c.id)) && appPage.totalElements === barePage.totalElements;
    // Each side gets 3 s of the same load first, so that both are measured warm (V8 has optimised
    // the hot paths, PostgreSQL has the pages cached), not one of them while it warms up. Then the
    // two take turns, and each side's median round counts: on a shared virtual machine a single
    // 10 s run of either can be 30% off, which one run each would put into the ratio.
    await load(server.url, `/api/alex/contracts/page-search/v4${s.query}`, headers, s.body, connections, 3);
    await load(bare.url, `/page-search${s.query}`, headers, s.body, connections, 3);
    const appRounds = [];
    const bareRounds = [];
    for (let round = 0; round < rounds; round++) {
      appRounds.push(await load(server.url, `/api/alex/contracts/page-search/v4${s.query}`, headers, s.body));
      bareRounds.push(await load(bare.url, `/page-search${s.query}`, headers, s.body));
    }
    const app = medianRound(appRounds);
    const bareRun = medianRound(bareRounds);
    // The latency of one request at a time: what a user sees when the server is not saturated.
    const single = await load(server.url, `/api/alex/contracts/page-search/v4${s.query}`, headers, s.body, 1);
    const row = { search: s.name, body: s.body, query: s.query, totalElements: appPage.totalElements, sameAnswerAsBare: same, app, bare: bareRun, single, ratio: Math.round((app.rps / bareRun.rps) * 100) / 100, rounds: { app: appRounds.map((r) => r.rps), bare: bareRounds.map((r) => r.rps) } };
    results.pageSearch.push(row);
    console.log(`page-search v4, ${s.name}: ${appPage.totalElements} matches; app ${app.rps} req/s p50 ${app.p50} p95 ${app.p95} p99 ${app.p99} ms; bare ${bareRun.rps} req/s p95 ${bareRun.p95} ms; ratio ${row.ratio} (rounds: app ${row.rounds.app.join('/')}, bare ${row.rounds.bare.join('/')}); same answer ${same}; one connection: p50 ${single.p50} p95 ${single.p95} ms`);
  }
  await bare.stop();
  bare = undefined;

  // 2b: the same searches through scroll-search v2 (20 rows, no total) at 32 connections: what a
  // search costs when it does not count every match, beside page-search's exact totalElements.
  results.scrollLoad = [];
  for (const s of searches) {
    const [field, direction] = (new URLSearchParams(s.query).get('sort') ?? 'createdAt,desc').split(',');
    const body = { ...s.body, fetchSize: 20, sortField: field, sortDirection: direction };
    await load(server.url, '/api/alex/contracts/scroll-search/v2', headers, body, connections, 3); // warm, as above
    const run = await load(server.url, '/api/alex/contracts/scroll-search/v2', headers, body);
    results.scrollLoad.push({ search: s.name, ...run });
    console.log(`scroll-search v2 (no total), ${s.name}: ${run.rps} req/s p50 ${run.p50} p95 ${run.p95} ms`);
  }

  // 3: scroll-search v2 from the first to the last page, one request at a time.
  results.scroll = [];
  for (const s of [{ name: 'all readable, createdAt desc', body: { fetchSize: 100 } }, { name: 'keyword 계약, title asc', body: { fetchSize: 100, keyword: '계약', sortField: 'title', sortDirection: 'asc' } }]) {
    const times = [];
    let cursor = {};
    let rows = 0;
    for (;;) {
      const started = process.hrtime.bigint();
      const data = await post(server.url, '/api/alex/contracts/scroll-search/v2', headers, { ...s.body, ...cursor });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      rows += data.content.length;
      if (!data.hasNext) break;
      cursor = { sortValue: data.sortValue, tieBreaker: data.tieBreaker };
    }
    const avg = (a) => Math.round((a.reduce((x, y) => x + y, 0) / a.length) * 10) / 10;
    const r1 = (x) => Math.round(x * 10) / 10;
    const mid = Math.floor(times.length / 2);
    const row = { scroll: s.name, pages: times.length, rows, firstMs: r1(times[0]), middleMs: r1(times[mid]), lastMs: r1(times.at(-1)), first10AvgMs: avg(times.slice(0, 10)), middle10AvgMs: avg(times.slice(mid - 5, mid + 5)), last10AvgMs: avg(times.slice(-10)), maxMs: r1(Math.max(...times)) };
    results.scroll.push(row);
    console.log(`scroll-search v2, ${s.name}: ${row.pages} pages of 100 (${rows} rows): first ${row.firstMs} ms, middle ${row.middleMs} ms, last ${row.lastMs} ms; averages of 10: first ${row.first10AvgMs}, middle ${row.middle10AvgMs}, last ${row.last10AvgMs} ms`);
  }

  // 4: Excel export of the 10,000 LEASE contracts (all readable by the member).
  const exportBody = { contractTypes: ['LEASE'] };
  await new Promise((r) => setTimeout(r, 1000));
  const baseline = rssOf(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid));
  }, 20);
  const started = process.hrtime.bigint();
  const res = await fetch(`${server.url}/api/alex/contracts/excel/v2`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(exportBody) });
  let firstByteMs = null;
  let bytes = 0;
  for await (const chunk of res.body) {
    firstByteMs ??= Number(process.hrtime.bigint() - started) / 1e6;
    bytes += chunk.length;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(server.pid));
  if (res.status !== 200) throw new Error(`excel export: ${res.status}`);
  const check = new pg.Client({ connectionString: dbUrl });
  await check.connect();
  const { rows: [{ n }] } = await check.query(`SELECT count(*)::int AS n FROM contracts WHERE contract_type = 'LEASE' AND tenant_id = $1 AND workspace_id = $2`, [scope.tenantId, scope.workspaceId]);
  await check.end();
  results.excel = { rows: n, seconds: Math.round(seconds * 100) / 100, firstByteMs: Math.round(firstByteMs), bytes, truncated: res.headers.get('x-export-truncated'), baselineMiB: Math.round(baseline / 1048576), peakMiB: Math.round(peak / 1048576), rssGrowthMiB: Math.round((peak - baseline) / 1048576) };
  console.log(`excel/v2, ${n} rows: ${results.excel.seconds} s (first byte ${results.excel.firstByteMs} ms), ${(bytes / 1e6).toFixed(2)} MB, RSS ${results.excel.baselineMiB} -> ${results.excel.peakMiB} MiB (+${results.excel.rssGrowthMiB})`);
} catch (err) {
  console.error('contracts: failed:', err);
  process.exitCode = 1;
  throw err;
} finally {
  if (bare) await bare.stop();
  if (server) await server.stop();
  if (keep) console.log(`contracts: database kept: ${dbUrl}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
results.loadavgAfter = os.loadavg();

const fmt = (x) => String(x).padStart(7);
console.log('\nContracts (PostgreSQL, %d contracts, %d connections, %d s per load run; load average before %s, after %s)', count, connections, duration, loadBefore.map((x) => x.toFixed(2)).join(' '), results.loadavgAfter.map((x) => x.toFixed(2)).join(' '));
console.log(`${'page-search v4'.padEnd(44)}   req/s     p50     p95     p99  bare req/s  bare p95  ratio  1-conn p95  target`);
for (const r of results.pageSearch) {
  console.log(`${r.search.padEnd(44)} ${fmt(r.app.rps)} ${fmt(r.app.p50)} ${fmt(r.app.p95)} ${fmt(r.app.p99)} ${fmt(r.bare.rps).padStart(11)} ${fmt(r.bare.p95).padStart(9)} ${String(r.ratio).padStart(6)} ${fmt(r.single.p95).padStart(11)}  ${r.app.requests > 0 ? `p95 <= 50 ms: ${r.app.p95 <= 50 ? 'met' : 'NOT met'}; ratio >= 0.7: ${r.ratio >= 0.7 ? 'met' : 'NOT met'}` : `NOT met: no request completed within the run (errors ${r.app.errors}, wrong status ${r.app.wrongStatus})`}`);
}
for (const r of results.scrollLoad) {
  console.log(`${`scroll-search v2, no total: ${r.search}`.padEnd(44)} ${fmt(r.rps)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)}`);
}
for (const r of results.scroll) {
  console.log(`scroll-search v2 ${r.scroll.padEnd(30)} ${r.pages} pages: first ${r.firstMs} ms, middle ${r.middleMs} ms, last ${r.lastMs} ms (avg of 10: ${r.first10AvgMs} / ${r.middle10AvgMs} / ${r.last10AvgMs} ms)  target flat`);
}
const e = results.excel;
console.log(`excel/v2 ${e.rows} rows: ${e.seconds} s, RSS growth +${e.rssGrowthMiB} MiB (${e.baselineMiB} -> ${e.peakMiB})  target <= 10 s: ${e.seconds <= 10 ? 'met' : 'NOT met'}`);
const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `contracts-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`results: ${path.relative(root, file)}`);
