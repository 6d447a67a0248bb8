// `npm run bench` (after the files benchmark), or alone: `node bench/jobs-interactive.mjs`.
// Interactive requests while a background job runs on the embedded database (issue 13 item 11).
// PGlite is one in-process connection: every query is serialised, so a job that holds it for long
// stretches stalls every request. This starts the built server on a scratch DATA_DIR with PGlite
// and the job workers on, signs in as the demo legal manager, uploads a sheet of 1,000 contracts
// and samples, every ~100 ms, three kinds of request one after the other in their own loops:
// GET /api/health, the bulk request's status (GET bulk-requests/v1) and a contract page-search
// (POST page-search/v4). It does so first with no job running (the baseline of the same run), then
// from PUT register until the request is settled. It reports p50/p95/max per kind and phase, and
// the job's total time (register to settled). Target: p95 under 200 ms while the job runs.
// Results go to bench/results/jobs-*.json.
// Options (env): BENCH_JOBS_ROWS (1000), BENCH_JOBS_BASELINE_SECONDS (10), BENCH_JOBS_INTERVAL_MS
// (100), BENCH_JOBS_SKIP_BUILD=1 to reuse apps/server/dist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { buildServer, devSession, root, startBenchServer } from './server.mjs';

const ROWS = Number(process.env.BENCH_JOBS_ROWS ?? 1000);
const BASELINE_SECONDS = Number(process.env.BENCH_JOBS_BASELINE_SECONDS ?? 10);
const INTERVAL_MS = Number(process.env.BENCH_JOBS_INTERVAL_MS ?? 100);
const TARGET_P95_MS = 200;
const MANAGER = 'manager@hanbit.example';
const B = '/api/alex/contracts/bulk-requests';

if (!process.env.BENCH_JOBS_SKIP_BUILD) buildServer();

async function call(url, method, pathAndQuery, headers, body) {
  const res = await fetch(url + pathAndQuery, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

async function bulkSheet(rows) {
  const header = ['계약명', '계약 유형', '거래 상대방', '시작일', '종료일', '계약 금액', '통화', '담당자 이메일', '해시태그'];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('contracts');
  ws.addRow(header);
  for (let i = 1; i <= rows; i++) {
    ws.addRow([`물품 공급 계약 ${i}`, '물품 공급 계약', `주식회사 한빛${i % 37}, 새솔 상사`, '2026-01-01', '2026-12-31', 1000 * i, 'KRW', MANAGER, '공급 갱신']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(url, headers, bytes, name) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), name);
  const res = await fetch(`${url}/api/arxive/files/v2`, { method: 'POST', headers, body: form });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data.fileKey;
}

const percentile = (sorted, p) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);

function summary(samples) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? null), errors: samples.filter((s) => !s.ok).length };
}

/** One loop per kind: a request, then the rest of the interval (never two of a kind at once). */
function sampleWhile(kinds, isRunning) {
  const samples = Object.fromEntries(kinds.map((k) => [k.name, []]));
  const loops = kinds.map(async (k) => {
    while (isRunning()) {
      const started = performance.now();
      let ok = true;
      try {
        const res = await fetch(k.url, k.init());
        ok = res.ok;
        await res.arrayBuffer();
      } catch {
        ok = false;
      }
      const ms = performance.now() - started;
      samples[k.name].push({ ms, ok });
      if (ms < INTERVAL_MS) await new Promise((r) => setTimeout(r, INTERVAL_MS - ms));
    }
  });
  return { samples, done: Promise.all(loops) };
}

const server = await startBenchServer({});
const results = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadavgBefore: os.loadavg(), rows: ROWS, intervalMs: INTERVAL_MS, driver: 'pglite' };
try {
  const headers = await devSession(server.url, MANAGER);
  const sheetKey = await upload(server.url, headers, await bulkSheet(ROWS), 'bulk-bench.xlsx');
  const created = await call(server.url, 'POST', `${B}/v1`, headers, { sheetFileKey: sheetKey, fileKeys: [] });
  const requestId = created.requestId;
  if (created.counts.pendingRows !== ROWS) throw new Error(`expected ${ROWS} pending rows: ${JSON.stringify(created.counts)}`);
  await call(server.url, 'PUT', `${B}/confirm/v1`, headers, { requestId });
  // page-search finds the demo contracts in the baseline and, during the job, the new ones too.
  const kinds = [
    { name: 'GET /api/health', url: `${server.url}/api/health`, init: () => ({}) },
    { name: 'GET bulk-requests/v1 (status)', url: `${server.url}${B}/v1?requestId=${requestId}&size=10`, init: () => ({ headers }) },
    {
      name: 'POST contracts/page-search/v4',
      url: `${server.url}/api/alex/contracts/page-search/v4?page=0&size=20`,
      init: () => ({ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ keyword: '공급' }) }),
    },
  ];

  // The sheet upload's text extraction has run by now or runs during the baseline; wait a little.
  await new Promise((r) => setTimeout(r, 2000));
  let until = Date.now() + BASELINE_SECONDS * 1000;
  const baseline = sampleWhile(kinds, () => Date.now() < until);
  await baseline.done;

  let running = true;
  const started = performance.now();
  await call(server.url, 'PUT', `${B}/register/v1`, headers, { requestId });
  const during = sampleWhile(kinds, () => running);
  let final;
  for (;;) {
    const res = await fetch(`${server.url}${B}/v1?requestId=${requestId}&size=1`, { headers });
    final = (await res.json()).data;
    if (final.executionStatus !== 'REGISTERING') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const jobSeconds = (performance.now() - started) / 1000;
  running = false;
  await during.done;

  results.job = { executionStatus: final.executionStatus, counts: final.counts, seconds: Math.round(jobSeconds * 10) / 10, rowsPerSecond: Math.round(ROWS / jobSeconds) };
  results.kinds = kinds.map((k) => ({ kind: k.name, baseline: summary(baseline.samples[k.name]), duringJob: summary(during.samples[k.name]) }));
  const worstP95 = Math.max(...results.kinds.map((k) => k.duringJob.p95 ?? Infinity));
  results.target = `p95 < ${TARGET_P95_MS} ms during the job`;
  results.met = worstP95 < TARGET_P95_MS && final.executionStatus === 'DONE';
  until = 0;
} finally {
  await server.stop();
}

console.log(`jobs: bulk registration of ${ROWS} rows on PGlite: ${results.job.executionStatus} in ${results.job.seconds} s (${results.job.rowsPerSecond} rows/s), counts ${JSON.stringify(results.job.counts)}`);
for (const k of results.kinds) {
  const f = (s) => `p50 ${String(s.p50).padStart(7)} p95 ${String(s.p95).padStart(7)} max ${String(s.max).padStart(7)} ms (n=${s.n}${s.errors ? `, ${s.errors} errors` : ''})`;
  console.log(`  ${k.kind.padEnd(32)} idle: ${f(k.baseline)}`);
  console.log(`  ${''.padEnd(32)} job:  ${f(k.duringJob)}`);
}
console.log(`target ${results.target}: ${results.met ? 'met' : 'NOT met'}`);
const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `jobs-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`results: ${path.relative(root, file)}`);
