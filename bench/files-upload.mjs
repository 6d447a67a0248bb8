// `npm run bench` (after the autocannon scenarios), or alone: `node bench/files-upload.mjs`.
// Streaming uploads on the local storage driver, measured end to end over HTTP against the built
// server: throughput of one 50 MB upload (target >= 100 MB/s) and the server's peak RSS growth
// during 20 concurrent 20 MB uploads (target < 200 MB). Results go to bench/results/files-*.json.
// The job workers are off in the measured server so that text extraction of the uploaded files
// does not compete with the uploads (extraction is measured by its own tests).
// Options (env): BENCH_FILES_SKIP_BUILD=1 to reuse apps/server/dist, DATABASE_URL for PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildServer, root, startBenchServer } from './server.mjs';

const MB = 1000 * 1000;

if (!process.env.BENCH_FILES_SKIP_BUILD) buildServer();

function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function session(url) {
  const res = await fetch(`${url}/api/auth/login/dev/v1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ loginId: 'member@hanbit.example' }) });
  if (!res.ok) throw new Error(`dev login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const launcher = await (await fetch(`${url}/api/auth/launcher/v1`, { headers: { cookie } })).json();
  const ws = (launcher.data.workspaces ?? launcher.data)[0];
  return { cookie, origin: url, 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId ?? ws.id) };
}

/** A multipart body of `size` bytes of a PDF-looking file, generated as it is sent (never held). */
function multipartStream(size) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  const fill = size - 9;
  async function* body() {
    yield head;
    for (let sent = 0; sent < fill; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, fill - sent));
    yield tail;
  }
  return { body: Readable.from(body()), length: head.length - 9 + size + tail.length, type: `multipart/form-data; boundary=${boundary}` };
}

async function uploadOnce(url, headers, size) {
  const m = multipartStream(size);
  const res = await fetch(`${url}/api/arxive/files/v1`, {
    method: 'POST',
    headers: { ...headers, 'content-type': m.type, 'content-length': String(m.length) },
    body: Readable.toWeb(m.body),
    duplex: 'half',
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const server = await startBenchServer({ JOBS_ENABLED: 'false' });
const results = [];
try {
  const headers = await session(server.url);
  await uploadOnce(server.url, headers, 1 * MB); // warm-up

  await new Promise((r) => setTimeout(r, 1000));
  const baseline = rssOf(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid));
  }, 20);
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: 20 }, () => uploadOnce(server.url, headers, 20 * MB)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(server.pid));
  const growth = (peak - baseline) / (1024 * 1024);
  results.push({ scenario: 'files: 20 concurrent 20 MB uploads, peak RSS growth', value: Math.round(growth), unit: 'MiB', baselineMiB: Math.round(baseline / 1048576), peakMiB: Math.round(peak / 1048576), aggregateMBps: Math.round(400 / seconds), target: '< 200 MiB', met: growth < 200 });
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const started = process.hrtime.bigint();
    await uploadOnce(server.url, headers, 50 * MB);
    runs.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  const best = Math.min(...runs);
  const mbps = 50 / best;
  results.push({ scenario: 'files: one 50 MB upload (local driver)', value: Math.round(mbps), unit: 'MB/s', runsSeconds: runs.map((s) => +s.toFixed(3)), target: '>= 100 MB/s', met: mbps >= 100 });

} finally {
  await server.stop();
}
for (const r of results) console.log(`${r.scenario.padEnd(52)} ${String(r.value).padStart(6)} ${r.unit}  target ${r.target}: ${r.met ? 'met' : 'NOT met'}  ${JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !['scenario', 'value', 'unit', 'target', 'met'].includes(k))))}`);
const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `files-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, results }, null, 2));
console.log(`results: ${path.relative(root, file)}`);
