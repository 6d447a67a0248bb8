// `npm run bench` (after the contracts benchmark), or alone: `node bench/ai-review.mjs`.
// The built-in AI review (issue 15, "Quality and speed"). Starts the built server on a scratch
// DATA_DIR (PGlite, job workers on), signs in as the demo legal manager, waits for the start-up
// work of a fresh server (the statute import and index, the demo documents' text extraction) and:
// (a) reviews a ~30-page Korean contract (the Korean contracts of bench/eval-review/contracts
//     concatenated to ~45,000 characters) end to end through the API: estimate -> run -> poll the
//     review until DONE. Target: under 5 s.
// (b) samples a steady stream of other API calls (POST contracts/page-search/v4, GET reviews/v1,
//     each in its own loop every ~100 ms) first with nothing running (the baseline of the same run),
//     then while ten reviews of ten distinct 30-page contracts are queued at once, until all are
//     DONE, then idle again for as long as the baseline (the list then holds ten more reviews).
//     Target: p50 and p95 of those calls at most 20% above the baseline.
// Results go to bench/results/ai-review-*.json.
// Options (env): BENCH_REVIEW_CHARS (45000), BENCH_REVIEW_QUEUED (10), BENCH_REVIEW_BASELINE_SECONDS
// (10), BENCH_REVIEW_INTERVAL_MS (100), BENCH_REVIEW_POLL (watch: every queued review watched as
// ten open review pages watch it, through its progress stream, then read once DONE; each: every
// queued review read once a second, as the pages did before the stream; list: the finishes read
// from the sampled list, no extra calls), BENCH_REVIEW_SKIP_BUILD=1 to reuse apps/server/dist, BENCH_REVIEW_SAMPLES=file to write every
// sample (with its start time) and the finishes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, devSession, root, startBenchServer } from './server.mjs';

const CHARS = Number(process.env.BENCH_REVIEW_CHARS ?? 45_000);
const QUEUED = Number(process.env.BENCH_REVIEW_QUEUED ?? 10);
const BASELINE_SECONDS = Number(process.env.BENCH_REVIEW_BASELINE_SECONDS ?? 10);
const INTERVAL_MS = Number(process.env.BENCH_REVIEW_INTERVAL_MS ?? 100);
const POLL = ['list', 'each'].includes(process.env.BENCH_REVIEW_POLL) ? process.env.BENCH_REVIEW_POLL : 'watch';
const TARGET_SECONDS = 5;
const TARGET_SLOWDOWN = 0.2;
const MANAGER = 'manager@hanbit.example';
/** UPKEEP_FIRST_DELAY_MS (60 s) and time for the run itself. */
const UPKEEP_SETTLED_MS = 75_000;

if (!process.env.BENCH_REVIEW_SKIP_BUILD) buildServer();

/** ~CHARS characters of Korean contracts: the eval set's Korean contracts one after the other, `tag` making each text distinct. */
function longContract(tag) {
  const folder = path.join(root, 'bench/eval-review/contracts');
  const sources = fs.readdirSync(folder).filter((f) => f.startsWith('ko-')).sort().map((f) => fs.readFileSync(path.join(folder, f), 'utf8'));
  let text = `용역 및 공급 기본계약서 (벤치마크 ${tag})\n\n`;
  for (let round = 0; text.length < CHARS; round++) {
    for (const source of sources) {
      if (text.length >= CHARS) break;
      text += `\n\n부속서 ${round + 1}-${sources.indexOf(source) + 1}\n\n${source}`;
    }
  }
  return text;
}

async function request(url, method, pathAndQuery, headers, body) {
  const res = await fetch(url + pathAndQuery, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function call(url, method, pathAndQuery, headers, body) {
  const { status, json } = await request(url, method, pathAndQuery, headers, body);
  if (status !== 200) throw new Error(`${method} ${pathAndQuery}: ${status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

async function upload(url, headers, text, name) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(text, 'utf8')], { type: 'text/plain' }), name);
  const res = await fetch(`${url}/api/arxive/files/v2`, { method: 'POST', headers, body: form });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data.fileKey;
}

/** The estimate once the file's text is extracted (409 ERROR_DOCUMENT_TEXT_NOT_READY until then). */
async function estimateWhenReady(url, headers, body) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { status, json } = await request(url, 'POST', '/api/aireview/review/estimate/v1', headers, body);
    if (status === 200) return json.data;
    if (status !== 409 || Date.now() > deadline) throw new Error(`estimate: ${status} ${JSON.stringify(json).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * As a review's page watches it (apps/web/src/features/ai-review/review-progress-watch.ts): the
 * start's answer is the review the page shows first (the web app caches it: no read), then its
 * progress stream until the stream ends (at DONE or FAILED; another is opened if the server ended
 * it sooner), then one read of the finished review.
 */
async function watchDone(url, headers, started) {
  let review = started;
  while (review.status !== 'DONE' && review.status !== 'FAILED') {
    const res = await fetch(`${url}/api/aireview/reviews/${review.reviewId}/progress/v1`, { headers: { ...headers, accept: 'text/event-stream' } });
    if (res.status !== 200) throw new Error(`progress stream: ${res.status} ${(await res.text()).slice(0, 300)}`);
    await res.text();
    review = await call(url, 'GET', `/api/aireview/reviews/${review.reviewId}/v1`, headers);
  }
  return review;
}

async function waitDone(url, headers, reviewId, pollMs) {
  for (;;) {
    const review = await call(url, 'GET', `/api/aireview/reviews/${reviewId}/v1`, headers);
    if (review.status === 'DONE' || review.status === 'FAILED') return review;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * A fresh server imports and indexes the statute corpus in its first minutes (and extracts the demo
 * contracts' text): background work that would run through the baseline and the loaded phase alike
 * and blur the ratio. The bench measures only once the corpus is imported and every version indexed
 * (as the E2E global setup waits, e2e/support/research.ts).
 */
async function waitForStartupJobs(url, headers) {
  const started = Date.now();
  const deadline = started + 600_000;
  for (;;) {
    const { state } = await call(url, 'GET', '/api/aistudio/statutes/import-status/v1', headers);
    const { index } = state === 'DONE' ? await call(url, 'POST', '/api/aistudio/searches/query/v1', headers, { query: '하도급대금의 지급', limit: 1 }) : { index: null };
    if (index && index.versions > 0 && index.indexedVersions === index.versions) break;
    if (Date.now() > deadline) throw new Error(`the statute corpus was not imported and indexed in 10 minutes (import ${state})`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  return Math.round((Date.now() - started) / 1000);
}

/** The demo contracts' registrars (contract-demo.catalogue.ts): between them they read every demo document. */
const DEMO_REGISTRARS = [['manager@hanbit.example', 'hanbit'], ['admin@saesol.example', 'saesol']];

/**
 * The other start-up work: the demo contracts' documents are stored at boot and their text
 * extracted by jobs (`files.extract-text`). The bench waits until no demo document's extraction is
 * PENDING, read from each contract's detail as each demo workspace's registrar sees it.
 */
async function waitForDemoExtraction(url) {
  const started = Date.now();
  const deadline = started + 600_000;
  const workspaces = await Promise.all(DEMO_REGISTRARS.map(([loginId, name]) => devSession(url, loginId, name)));
  for (;;) {
    let documents = 0;
    let pending = 0;
    for (const headers of workspaces) {
      const page = await call(url, 'POST', '/api/alex/contracts/page-search/v4?page=0&size=200', headers, {});
      for (const contract of page.content) {
        const detail = await call(url, 'GET', `/api/alex/contracts/${contract.id}/v6`, headers);
        documents += detail.files.length;
        pending += detail.files.filter((f) => f.extractionStatus === 'PENDING').length;
      }
    }
    if (pending === 0) return { seconds: Math.round((Date.now() - started) / 1000), documents };
    if (Date.now() > deadline) throw new Error(`${pending} of ${documents} demo documents still PENDING after 10 minutes`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Until every review of `ids` is DONE or FAILED, read from the samples of the reviews list (page size 10). */
async function waitDoneInList(url, headers, ids) {
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const seen = lastListed?.content.filter((r) => ids.includes(r.reviewId) && (r.status === 'DONE' || r.status === 'FAILED')) ?? [];
    if (seen.length === ids.length) return seen;
  }
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
      const at = Date.now();
      const started = performance.now();
      let ok = true;
      try {
        const res = await fetch(k.url, k.init());
        ok = res.ok;
        const body = await res.arrayBuffer();
        if (ok && k.keep) k.keep(JSON.parse(Buffer.from(body).toString('utf8')).data);
      } catch {
        ok = false;
      }
      const ms = performance.now() - started;
      samples[k.name].push({ ms, ok, at });
      if (ms < INTERVAL_MS) await new Promise((r) => setTimeout(r, INTERVAL_MS - ms));
    }
  });
  return { samples, done: Promise.all(loops) };
}

/** The last answer of the sampled reviews list (BENCH_REVIEW_POLL=list reads the finishes from it). */
let lastListed = null;

const server = await startBenchServer({ AI_STARTER_CREDITS: '10000000' });
const results = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadavgBefore: os.loadavg(), chars: CHARS, queued: QUEUED, intervalMs: INTERVAL_MS, poll: POLL, driver: process.env.DATABASE_URL ? 'postgresql' : 'pglite' };
try {
  const headers = await devSession(server.url, MANAGER);
  results.startupJobsWaitSeconds = await waitForStartupJobs(server.url, headers);
  results.demoExtraction = await waitForDemoExtraction(server.url);

  // The tables' first upkeep (platform/db/upkeep.ts: statistics gathered a minute after start-up)
  // is part of a running server; a bench on a database imported earlier would otherwise measure
  // before it, with plans made without statistics.
  await new Promise((r) => setTimeout(r, Math.max(0, server.startedAt + UPKEEP_SETTLED_MS - Date.now())));

  // (a) one 30-page review, end to end.
  const text = longContract('단건');
  const fileKey = await upload(server.url, headers, text, '벤치마크-용역계약서.txt');
  const body = { fileKey, contractType: 'SERVICE', position: 'PARTY_B' };
  await estimateWhenReady(server.url, headers, body);
  const started = performance.now();
  const estimate = await call(server.url, 'POST', '/api/aireview/review/estimate/v1', headers, body);
  const run = await call(server.url, 'POST', '/api/aireview/review/contract-document/v5', headers, body);
  const done = await waitDone(server.url, headers, run.reviewId, 25);
  const seconds = (performance.now() - started) / 1000;
  results.single = {
    characters: text.length, pagesAt1500: Math.round(text.length / 1500), status: done.status, seconds: Math.round(seconds * 100) / 100,
    clauses: done.clauses.length, findings: done.findings.length, notMet: done.findings.filter((f) => f.verdict === 'NOT_MET').length, credits: estimate.credits,
    target: `< ${TARGET_SECONDS} s`, met: done.status === 'DONE' && seconds < TARGET_SECONDS,
  };

  // (b) ten reviews queued at once against a steady stream of other calls.
  const queuedBodies = [];
  for (let i = 1; i <= QUEUED; i++) {
    const key = await upload(server.url, headers, longContract(`대기열 ${i}`), `벤치마크-${i}.txt`);
    queuedBodies.push({ fileKey: key, contractType: i % 2 ? 'SERVICE' : 'SUPPLY', position: i % 3 ? 'PARTY_B' : 'PARTY_A' });
  }
  for (const b of queuedBodies) await estimateWhenReady(server.url, headers, b);
  const kinds = [
    {
      name: 'POST contracts/page-search/v4',
      url: `${server.url}/api/alex/contracts/page-search/v4?page=0&size=20`,
      init: () => ({ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ keyword: '계약' }) }),
    },
    { name: 'GET aireview/reviews/v1', url: `${server.url}/api/aireview/reviews/v1?page=0&size=10`, init: () => ({ headers }), keep: (data) => (lastListed = data) },
  ];
  const baselineLoadavg = os.loadavg();
  let until = Date.now() + BASELINE_SECONDS * 1000;
  const baseline = sampleWhile(kinds, () => Date.now() < until);
  await baseline.done;

  let running = true;
  const queuedStart = performance.now();
  const during = sampleWhile(kinds, () => running);
  const runs = await Promise.all(queuedBodies.map((b) => call(server.url, 'POST', '/api/aireview/review/contract-document/v5', headers, b)));
  // Each review is watched as its page in the web app watches it: its progress stream (since
  // 2026-11-28; before, a read a second: BENCH_REVIEW_POLL=each; the bench polled every 250 ms until
  // 2026-11-27, adding 40 requests a second of its own to the loaded phase only).
  // BENCH_REVIEW_POLL=list: nobody has a review open; the finishes are read from the reviews list
  // the bench samples anyway (the ten queued reviews are its newest ten), so the loaded phase sends
  // exactly the baseline's calls and the difference is the queue's work alone.
  const finished = POLL === 'list'
    ? await waitDoneInList(server.url, headers, runs.map((r) => r.reviewId))
    : await Promise.all(runs.map((r) => (POLL === 'each' ? waitDone(server.url, headers, r.reviewId, 1000) : watchDone(server.url, headers, r))));
  const queuedSeconds = (performance.now() - queuedStart) / 1000;
  running = false;
  await during.done;
  results.loadavgDuring = os.loadavg();
  // The same calls idle again, now with the ten reviews DONE in the list: a list of more reviews
  // costs more by itself, which is not the queue's doing; this second baseline shows how much.
  until = Date.now() + BASELINE_SECONDS * 1000;
  const after = sampleWhile(kinds, () => Date.now() < until);
  await after.done;

  // One review after the other (the job's concurrency is 1): the gaps between finishes are what each took in the queue.
  const finishes = finished.map((r) => Date.parse(r.finishedAt)).sort((a, b) => a - b);
  const gaps = finishes.slice(1).map((at, i) => at - finishes[i]).sort((a, b) => a - b);
  results.queued = {
    reviews: QUEUED, statuses: finished.map((r) => r.status), allDoneSeconds: Math.round(queuedSeconds * 10) / 10,
    firstDoneSeconds: Math.round((finishes[0] - Date.parse(finished[0].createdAt)) / 100) / 10,
    gapBetweenFinishesMs: { p50: percentile(gaps, 50), max: gaps.at(-1) ?? null },
  };
  // The slowest calls of the loaded phase, each placed against the nearest review finish (negative:
  // the call started before it): tells a tail that waits on a review's end from one that does not.
  const nearestFinish = (at) => finishes.reduce((best, f) => (Math.abs(at - f) < Math.abs(best) ? at - f : best), Infinity);
  results.slowestDuringReviews = Object.fromEntries(kinds.map((k) => [k.name, [...during.samples[k.name]].sort((a, b) => b.ms - a.ms).slice(0, 8).map((x) => ({ ms: round(x.ms), fromNearestFinishMs: nearestFinish(x.at) }))]));
  if (process.env.BENCH_REVIEW_SAMPLES) fs.writeFileSync(process.env.BENCH_REVIEW_SAMPLES, JSON.stringify({ finishes, baseline: baseline.samples, during: during.samples, after: after.samples }));
  results.kinds = kinds.map((k) => {
    const idle = summary(baseline.samples[k.name]);
    const busy = summary(during.samples[k.name]);
    const idleAfter = summary(after.samples[k.name]);
    const slowdown = (a, b) => (a && b ? Math.round(((b - a) / a) * 1000) / 10 : null);
    return {
      kind: k.name, baseline: idle, duringReviews: busy, idleAfter,
      p50SlowerPercent: slowdown(idle.p50, busy.p50), p95SlowerPercent: slowdown(idle.p95, busy.p95),
      p50SlowerThanAfterPercent: slowdown(idleAfter.p50, busy.p50), p95SlowerThanAfterPercent: slowdown(idleAfter.p95, busy.p95),
    };
  });
  results.queuedTarget = `p50 and p95 at most ${TARGET_SLOWDOWN * 100}% above the baseline`;
  results.queuedMet = results.kinds.every((k) => (k.p50SlowerPercent ?? Infinity) <= TARGET_SLOWDOWN * 100 && (k.p95SlowerPercent ?? Infinity) <= TARGET_SLOWDOWN * 100);
  results.loadavgAfter = os.loadavg();
  results.baselineLoadavg = baselineLoadavg;
} finally {
  await server.stop();
}

const s = results.single;
console.log(`ai-review (a): ${s.characters} characters (~${s.pagesAt1500} pages), ${s.status} in ${s.seconds} s (estimate -> run -> DONE), ${s.clauses} clauses, ${s.findings} findings (${s.notMet} not met); target ${s.target}: ${s.met ? 'met' : 'NOT met'}`);
console.log(`ai-review (b): ${results.queued.reviews} reviews queued at once, all done in ${results.queued.allDoneSeconds} s (${[...new Set(results.queued.statuses)].join(', ')}); between two finishes p50 ${results.queued.gapBetweenFinishesMs.p50} ms, max ${results.queued.gapBetweenFinishesMs.max} ms`);
for (const k of results.kinds) {
  const f = (x) => `p50 ${String(x.p50).padStart(7)} p95 ${String(x.p95).padStart(7)} max ${String(x.max).padStart(7)} ms (n=${x.n}${x.errors ? `, ${x.errors} errors` : ''})`;
  console.log(`  ${k.kind.padEnd(32)} idle:    ${f(k.baseline)}`);
  console.log(`  ${''.padEnd(32)} reviews: ${f(k.duringReviews)}  (p50 ${k.p50SlowerPercent}%, p95 ${k.p95SlowerPercent}%)`);
  console.log(`  ${''.padEnd(32)} after:   ${f(k.idleAfter)}  (reviews vs after: p50 ${k.p50SlowerThanAfterPercent}%, p95 ${k.p95SlowerThanAfterPercent}%)`);
}
console.log(`start-up: statutes imported and indexed after ${results.startupJobsWaitSeconds} s, ${results.demoExtraction.documents} demo documents extracted after ${results.demoExtraction.seconds} s more; load average ${results.loadavgBefore.map((l) => l.toFixed(1)).join(' ')} at the start, ${results.baselineLoadavg.map((l) => l.toFixed(1)).join(' ')} at the baseline, ${results.loadavgAfter.map((l) => l.toFixed(1)).join(' ')} at the end`);
console.log(`target ${results.queuedTarget}: ${results.queuedMet ? 'met' : 'NOT met'}`);
const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `ai-review-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`results: ${path.relative(root, file)}`);
