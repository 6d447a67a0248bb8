// `node bench/research-first-byte.mjs`: how soon a research chat answer starts, with the built-in
// engine (issue 16: the first streamed byte in <= 300 ms). Starts the built server on a scratch data
// directory (or BENCH_URL), waits until the statute corpus is imported and indexed, then asks the
// labelled questions of the research evaluation one at a time through POST chats/query/v3 and
// measures, per question, the response headers, the first `delta` event and the `done` event;
// beside it, in the same run, the first byte of GET /api/health (the HTTP floor). Reports p50/p95
// and writes bench/results/research-first-byte-<timestamp>.json.
// Options (env): BENCH_QUESTIONS (default: all 49), BENCH_ROUNDS (default 2; the first round is
// reported apart: its statements are not cached yet).
import fs from 'node:fs';
import path from 'node:path';
import { devSession, root, startBenchServer } from './server.mjs';

const USER = 'manager@hanbit.example';
const TARGET_MS = 300;
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const { questions } = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/src/modules/research/eval/questions.json'), 'utf8'));
const asked = questions.slice(0, Number(process.env.BENCH_QUESTIONS ?? questions.length));

async function postJson(url, headers, body) {
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

/** Waits until every stored statute version is indexed (a fresh server imports and indexes first). */
async function waitForCorpus(url, headers) {
  const started = Date.now();
  for (;;) {
    const status = await (await fetch(`${url}/api/aistudio/statutes/import-status/v1`, { headers })).json();
    if (status.data?.state === 'DONE') {
      const answer = await postJson(`${url}/api/aistudio/searches/query/v1`, headers, { query: '하도급대금의 지급', limit: 1 });
      const { versions, indexedVersions } = answer.data.index;
      if (versions > 0 && versions === indexedVersions) return Math.round((Date.now() - started) / 1000);
    }
    if (Date.now() - started > 600_000) throw new Error('the corpus was not indexed within 10 minutes');
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** One question: milliseconds to the headers, to the first `delta` event and to the `done` event. */
async function ask(url, headers, question) {
  const started = performance.now();
  const res = await fetch(`${url}/api/aistudio/chats/query/v3`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ question }) });
  const headersAt = performance.now() - started;
  if (res.status !== 200) throw new Error(`chats/query/v3 answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let firstDelta = null;
  let done = null;
  for await (const chunk of res.body) {
    text += decoder.decode(chunk, { stream: true });
    if (firstDelta === null && /event: ?delta/.test(text)) firstDelta = performance.now() - started;
    if (/event: ?done/.test(text)) done = performance.now() - started;
    if (/event: ?error/.test(text)) throw new Error(`the stream answered an error: ${text.slice(-400)}`);
  }
  done ??= performance.now() - started;
  // A declined answer is one event too: its first byte is its done event.
  return { headers: headersAt, firstDelta: firstDelta ?? done, done };
}

async function healthFirstByte(url) {
  const started = performance.now();
  const res = await fetch(`${url}/api/health`);
  const at = performance.now() - started;
  await res.arrayBuffer();
  return at;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (values) => ({ p50: Math.round(percentile(values, 50)), p95: Math.round(percentile(values, 95)), max: Math.round(Math.max(...values)) });

const server = process.env.BENCH_URL ? { url: process.env.BENCH_URL, stop: async () => undefined } : await startBenchServer();
try {
  const headers = await devSession(server.url, USER);
  const waited = await waitForCorpus(server.url, headers);
  console.log(`corpus imported and indexed after ${waited} s; asking ${asked.length} questions, ${rounds} rounds, one at a time`);
  const byRound = [];
  const health = [];
  for (let round = 0; round < rounds; round++) {
    const rows = [];
    for (const q of asked) {
      health.push(await healthFirstByte(server.url));
      rows.push({ id: q.id, ...(await ask(server.url, headers, q.question)) });
    }
    byRound.push(rows);
  }
  const warm = byRound.slice(1).flat();
  const measured = warm.length > 0 ? warm : byRound[0];
  const result = {
    at: new Date().toISOString(),
    questions: asked.length,
    rounds,
    firstRound: { firstDelta: summary(byRound[0].map((r) => r.firstDelta)) },
    headers: summary(measured.map((r) => r.headers)),
    firstDelta: summary(measured.map((r) => r.firstDelta)),
    done: summary(measured.map((r) => r.done)),
    healthFirstByte: summary(health),
    targetMs: TARGET_MS,
    slowest: [...measured].sort((a, b) => b.firstDelta - a.firstDelta).slice(0, 5).map((r) => ({ id: r.id, firstDelta: Math.round(r.firstDelta) })),
  };
  console.table({
    'first delta (first round)': result.firstRound.firstDelta,
    'response headers': result.headers,
    'first delta': result.firstDelta,
    'done event': result.done,
    'GET /api/health first byte (floor)': result.healthFirstByte,
  });
  console.log(`first delta p95 ${result.firstDelta.p95} ms (target <= ${TARGET_MS} ms): ${result.firstDelta.p95 <= TARGET_MS ? 'met' : 'NOT met'}; ratio to the health floor p95 ${(result.firstDelta.p95 / Math.max(1, result.healthFirstByte.p95)).toFixed(0)}x`);
  console.log('slowest:', result.slowest.map((s) => `${s.id} ${s.firstDelta} ms`).join(', '));
  const out = path.join(root, 'bench', 'results', `research-first-byte-${result.at.replace(/[:.]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ ...result, perQuestion: byRound }, null, 2));
  console.log(`written: ${path.relative(root, out)}`);
} finally {
  await server.stop();
}
