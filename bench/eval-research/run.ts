/**
 * npm run eval:research — the research retrieval and the built-in answers against the labelled
 * questions in apps/server/src/modules/research/eval/questions.json.
 *   --data-dir <dir>   the PGlite data directory holding the imported, indexed corpus (default: a
 *                      folder in the temporary directory, kept between runs: the import and the
 *                      index are built once); DATABASE_URL runs on PostgreSQL instead
 *   --history <dir>    the history corpus (MANIFEST.csv + <법령명>/<kind>/<file>.md); default
 *                      ../shared/data/law/history beside the repository or a parent; without it the
 *                      PAST questions are scored against the current versions only (and say so)
 *   --json <file>      writes the per-question results
 *   --latency          also measures retrieval under load: every question 5 times, 8 at a time,
 *                      p50/p95 against a bare SELECT 1 at the same concurrency (the database's floor),
 *                      once the term lists are read ahead (a server's steady state; the sequential
 *                      pass of the evaluation before it is the first questions of a process)
 *   --vector-stand-in <dimensions>
 *                      also measures the vector path's cost (embedding the corpus, the exact scan
 *                      and pgvector, fused retrieval at 8 concurrent) with a loopback model of random
 *                      vectors: latency only (vectors.ts)
 * The AI provider is the server's, from the environment (AI_PROVIDER, AI_BASE_URL, AI_API_KEY,
 * AI_EMBEDDING_MODEL, OUTBOUND_ALLOW_HOSTS): with a real embedding model the corpus is embedded
 * (the operator's cost, once per data directory) and retrieval is fused with vectors, as the server
 * does; with the built-in engine (the default) it is BM25 alone.
 * Reports recall@1 and recall@5 of the gold article, citation precision, the fabricated-citation
 * rate (every citation re-resolved independently: must be 0), and the decline accuracy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { migrateDatabase } from '../../apps/server/src/platform/db/migrate';
import { importCorpus, lawArticles, lawIndex } from '../../apps/server/src/modules/law';
import { builtInAnswer } from '../../apps/server/src/modules/research/chat-answer.service';
import { indexNewVersions } from '../../apps/server/src/modules/research/passage-index';
import { readTermIndexAhead, retrievePassages } from '../../apps/server/src/modules/research/retrieval';
import { versionInForce } from '../../apps/server/src/modules/research/statute-versions';
import { koreanToday } from '../../apps/server/src/modules/research/research.policy';
import { underLoad } from './under-load';
import { configuredVectors, measureVectorCost } from './vectors';

interface Gold {
  statute: string;
  kind: '법률' | '시행령' | '시행규칙';
  article: string;
}
interface Question {
  id: string;
  category: 'LOOKUP' | 'PARAPHRASE' | 'NUMBER' | 'ACT_AND_DECREE' | 'PAST' | 'UNANSWERABLE';
  question: string;
  gold: Gold[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};


const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);
const isGold = (gold: Gold[], lawId: string, article: string) =>
  gold.some((g) => lawIndex().entries.some((e) => e.folder === g.statute && e.kind === g.kind && e.lawId === lawId) && g.article === article);

type Db = Parameters<typeof importCorpus>[0];

async function measureLatency(db: Db, questions: readonly string[], today: string) {
  const { sql } = await import('drizzle-orm');
  // The steady state of a server: its term lists read ahead (the first question started it; a server starts it after indexing).
  const ahead = Date.now();
  await readTermIndexAhead(db);
  console.log(`\nterm lists read ahead: done ${Date.now() - ahead} ms after the sequential pass`);
  const retrieval = await underLoad(questions, 5, 8, (question) => retrievePassages(db, { question, limit: 10, today }));
  const baseline = await underLoad(questions, 5, 8, () => db.execute(sql`select 1`));
  console.log(`\nretrieval at 8 concurrent: n=${retrieval.n} p50 ${retrieval.p50.toFixed(1)} ms, p95 ${retrieval.p95.toFixed(1)} ms; ` +
    `SELECT 1 at 8 concurrent: p50 ${baseline.p50.toFixed(2)} ms, p95 ${baseline.p95.toFixed(2)} ms; p95 ratio ${(retrieval.p95 / Math.max(baseline.p95, 0.01)).toFixed(0)}x`);
}

async function main() {
  const set = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/src/modules/research/eval/questions.json'), 'utf8')) as { questions: Question[] };
  const dataDir = arg('--data-dir') ?? path.join(os.tmpdir(), 'legal-eval-research-pglite');
  const config = loadConfig(process.env);
  const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir });
  await migrateDatabase(database);
  const db = database.db;
  const t0 = performance.now();
  const { imported, failed } = await importCorpus(db);
  if (failed.length) throw new Error(`statute files not imported: ${failed.map((f) => f.file).join(', ')}`);
  const t1 = performance.now();
  const indexed = await indexNewVersions(db);
  const t2 = performance.now();
  console.log(`corpus (current and history): ${imported} versions imported (${Math.round(t1 - t0)} ms), ${indexed} versions indexed (${Math.round(t2 - t1)} ms)`);

  const vectors = await configuredVectors(database, config);
  const today = koreanToday();
  const results = [];
  let latency = 0;
  for (const q of set.questions) {
    const started = performance.now();
    const retrieval = await retrievePassages(db, { question: q.question, limit: 10, today, vectors });
    latency += performance.now() - started;
    const answer = await builtInAnswer(db, retrieval, 'ko', today, () => undefined);
    const rank = retrieval.passages.findIndex((p) => isGold(q.gold, p.lawId, p.article));
    // Every citation re-resolved on its own: the cited version must be the one in force on asOf and hold the quote at its offsets.
    let fabricated = 0;
    for (const c of answer.citations) {
      const version = await versionInForce(db, c.statuteId, answer.asOf, today);
      const [row] = version?.lawSerialNumber === c.lawSerialNumber
        ? await db.select().from(lawArticles).where(and(eq(lawArticles.lawSerialNumber, c.lawSerialNumber), eq(lawArticles.articleKey, c.article), eq(lawArticles.isAddendum, false)))
        : [];
      if (!row || row.isDeleted || row.text.slice(c.start, c.end) !== c.quote) fabricated++;
    }
    results.push({
      id: q.id, category: q.category, question: q.question, asOf: retrieval.asOf, rank: rank < 0 ? null : rank + 1, declined: answer.declined,
      citations: answer.citations.map((c) => ({ statute: c.statuteTitle, article: c.article, paragraph: c.paragraph, version: c.lawSerialNumber, gold: isGold(q.gold, c.statuteId, c.article) })),
      fabricated, top: retrieval.passages.slice(0, 3).map((p) => `${p.statuteTitle} ${p.article} (${p.coverage.toFixed(2)}${p.cosine === null ? '' : ` cos ${p.cosine.toFixed(2)}`})`),
    });
  }

  const answerable = results.filter((r) => r.category !== 'UNANSWERABLE');
  const unanswerable = results.filter((r) => r.category === 'UNANSWERABLE');
  const citations = results.flatMap((r) => r.citations);
  const fabricated = results.reduce((n, r) => n + r.fabricated, 0);
  console.log('\nid    category        rank  declined  top passages');
  for (const r of results) console.log(`${r.id.padEnd(5)} ${r.category.padEnd(15)} ${String(r.rank ?? '-').padStart(4)}  ${r.declined ? 'yes' : 'no '}       ${r.top.join(' | ')}`);
  console.log('\nper category (answerable): recall@1 / recall@5');
  for (const category of ['LOOKUP', 'PARAPHRASE', 'NUMBER', 'ACT_AND_DECREE', 'PAST']) {
    const rows = answerable.filter((r) => r.category === category);
    console.log(`  ${category.padEnd(15)} n=${rows.length}  ${pct(rows.filter((r) => r.rank === 1).length, rows.length)} / ${pct(rows.filter((r) => r.rank !== null && r.rank <= 5).length, rows.length)}`);
  }
  const summary = {
    questions: results.length,
    answerable: answerable.length,
    recallAt1: answerable.filter((r) => r.rank === 1).length / answerable.length,
    recallAt5: answerable.filter((r) => r.rank !== null && r.rank <= 5).length / answerable.length,
    citationPrecision: citations.length ? citations.filter((c) => c.gold).length / citations.length : null,
    citations: citations.length,
    fabricatedCitationRate: citations.length ? fabricated / citations.length : 0,
    declineAccuracy: unanswerable.filter((r) => r.declined).length / unanswerable.length,
    falseDeclines: answerable.filter((r) => r.declined).length,
    meanRetrievalMs: latency / results.length,
  };
  console.log(`\nrecall@1 ${pct(summary.recallAt1 * answerable.length, answerable.length)}  recall@5 ${pct(summary.recallAt5 * answerable.length, answerable.length)}  ` +
    `citation precision ${summary.citationPrecision === null ? '-' : pct(summary.citationPrecision * citations.length, citations.length)} (${citations.length} citations)  ` +
    `fabricated ${fabricated}/${citations.length}  decline accuracy ${pct(unanswerable.filter((r) => r.declined).length, unanswerable.length)} (${unanswerable.length} unanswerable)  ` +
    `false declines ${summary.falseDeclines}/${answerable.length}  mean retrieval ${summary.meanRetrievalMs.toFixed(1)} ms (sequential)`);
  if (args.includes('--latency')) await measureLatency(db, set.questions.map((q) => q.question), today);
  const standInDimensions = arg('--vector-stand-in');
  if (standInDimensions) await measureVectorCost(database, Number(standInDimensions), set.questions.map((q) => q.question), today);
  const out = arg('--json');
  if (out) fs.writeFileSync(out, JSON.stringify({ summary, results }, null, 2));
  await database.close();
  if (fabricated > 0) process.exitCode = 1;
}

await main();
