/**
 * npm run eval:review — the built-in review engine against the labelled set in this folder.
 *   --playbook <module>  evaluate another playbook module (exports STARTER_PLAYBOOK or a default
 *                        array of checkpoints) instead of the starter playbook; nothing is exported
 *   --provider           evaluate the model engine with the provider the AI_* variables name
 *                        (AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_CHAT_MODEL; OUTBOUND_ALLOW_HOSTS
 *                        for a private address); exits 2 when no model is configured
 * Prints the table, writes results/latest.json and, for the starter playbook, the server's
 * apps/server/src/modules/ai-review/engine/measured-accuracy.json (the built-in engine's figures);
 * with --provider, results/latest-provider.json only.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  confusion, evaluateSet, formatReport, type LabelledContract, measuredAccuracy, score, scoreByCheckpoint,
} from '../../apps/server/src/modules/ai-review/engine/evaluation';
import { evaluateWithProvider } from '../../apps/server/src/modules/ai-review/engine/provider-evaluation';
import { analyzeText } from '../../apps/server/src/modules/contracts/analysis/contract-analysis.engine';
import type { PlaybookCheckpoint } from '../../apps/server/src/modules/ai-review/playbook/playbook.types';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const STARTER = join(root, 'apps/server/src/modules/ai-review/playbook/starter/index.ts');
const MEASURED = join(root, 'apps/server/src/modules/ai-review/engine/measured-accuracy.json');

function argValue(name: string): string | null {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
}

async function loadPlaybook(path: string): Promise<PlaybookCheckpoint[]> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (err) {
    console.error(`eval:review: cannot load the playbook module ${path}\n  (${(err as Error).message.split('\n')[0]})\n` +
      '  The starter playbook (apps/server/src/modules/ai-review/playbook/starter/index.ts, export STARTER_PLAYBOOK) is required; ' +
      'or pass --playbook <module>.');
    process.exit(1);
  }
  const value = (mod.STARTER_PLAYBOOK ?? mod.default) as unknown;
  const list = Array.isArray(value) ? value : (value as { checkpoints?: unknown } | undefined)?.checkpoints;
  if (!Array.isArray(list)) {
    console.error(`eval:review: ${path} exports no STARTER_PLAYBOOK (an array of checkpoints, or { checkpoints })`);
    process.exit(1);
  }
  return list as PlaybookCheckpoint[];
}

async function main() {
  const custom = argValue('--playbook');
  const playbook = await loadPlaybook(custom ? resolve(custom) : STARTER);
  const labels = JSON.parse(readFileSync(join(here, 'labels.json'), 'utf8')) as { description: string; contracts: LabelledContract[] };
  const contracts = labels.contracts.map((c) => ({ ...c, text: readFileSync(join(here, 'contracts', c.file), 'utf8') }));
  if (process.argv.includes('--provider')) return evaluateProvider(contracts, playbook, custom);

  const t0 = performance.now();
  const pairs = evaluateSet(contracts, playbook, (text) => analyzeText(text).clauses);
  const ms = Math.round(performance.now() - t0);
  console.log(formatReport(pairs));
  console.log(`\n${contracts.length} reviews, ${pairs.length} labelled verdicts, ${ms} ms`);

  const misses = pairs.filter((p) => p.actual !== p.expected);
  const result = {
    generatedAt: new Date().toISOString(),
    playbook: custom ?? 'starter',
    overall: score(pairs),
    perCheckpoint: scoreByCheckpoint(pairs),
    confusion: confusion(pairs),
    disagreements: misses.map((p) => ({ ...p, reason: contracts.find((c) => c.id === p.contractId)?.verdicts[p.code]?.reason ?? null })),
  };
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results/latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (!custom) {
    const set = { description: labels.description, contracts: contracts.length, verdicts: pairs.length };
    writeFileSync(MEASURED, `${JSON.stringify(measuredAccuracy(pairs, set), null, 2)}\n`);
    console.log(`wrote results/latest.json and ${MEASURED.slice(root.length + 1)}`);
  } else {
    console.log('wrote results/latest.json (a custom playbook: measured-accuracy.json left unchanged)');
  }
}

/** The model engine over the same set; its figures go to results/latest-provider.json only. */
async function evaluateProvider(contracts: Array<LabelledContract & { text: string }>, playbook: PlaybookCheckpoint[], custom: string | null) {
  const t0 = performance.now();
  let result;
  try {
    result = await evaluateWithProvider(process.env, contracts, playbook, (text) => analyzeText(text).clauses, {
      onContract: (id, i) => console.error(`[${i + 1}/${contracts.length}] ${id}`),
    });
  } catch (err) {
    const failure = (err as { failure?: string }).failure;
    console.error(`eval:review --provider: the model engine failed${failure ? ` (${failure})` : ''}: ${(err as Error).message}`);
    process.exit(1);
  }
  if (!result.ok) {
    console.error(`eval:review --provider: ${result.message}`);
    process.exit(2);
  }
  const ms = Math.round(performance.now() - t0);
  console.log(formatReport(result.pairs));
  console.log(`\n${contracts.length} reviews by ${result.driver} ${result.model ?? ''}, ${result.pairs.length} labelled verdicts, ${ms} ms, ` +
    `${result.usage.inputTokens} input and ${result.usage.outputTokens} output tokens, ${result.fallbacks.length} checkpoints decided by their rule after a failed call`);
  const out = {
    generatedAt: new Date().toISOString(),
    engine: { driver: result.driver, model: result.model, prompt: 'review.checkpoint v1 (shipped)' },
    playbook: custom ?? 'starter',
    overall: score(result.pairs),
    perCheckpoint: scoreByCheckpoint(result.pairs),
    confusion: confusion(result.pairs),
    usage: result.usage,
    fallbacks: result.fallbacks,
    disagreements: result.pairs.filter((p) => p.actual !== p.expected),
  };
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results/latest-provider.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('wrote results/latest-provider.json (measured-accuracy.json keeps the built-in engine\'s figures)');
}

await main();
