// npm run eval:cuad — clause-label detection of the built-in engine (the contract analyzer's
// segmenter and labeler, modules/contracts/analysis) on the 40 CUAD v1 contracts of
// ../shared/data/contracts/cuad-dev, against CUAD's expert labels.
//
// Our labels are coarser than CUAD's 41 categories and cover other ground: CLAUSE_TO_CUAD below
// maps each of our labels to the CUAD categories whose passages a clause so labelled should hold.
// A predicted clause is a hit when it overlaps a CUAD answer passage of a mapped category
// (precision); a CUAD passage is found when a clause with the mapped label overlaps it (recall).
// Where the engine gives confidences, precision at 80 % recall and AUPR come from ranking the
// predicted clauses by confidence. Nothing here tunes the labeler: it runs as shipped.
//
// Usage: npx tsx bench/eval-cuad.ts [--data <cuad-dev folder>] [--json <out.json>]
import fs from 'node:fs';
import path from 'node:path';
import type { AnalyzedClause, ClauseLabel } from '@legal/api';
import { splitClauses } from '../apps/server/src/modules/contracts/analysis/contract-analysis.clauses';

/** Our label -> the CUAD categories it corresponds to (documented in docs/ai-evaluation.md). */
export const CLAUSE_TO_CUAD: Readonly<Partial<Record<ClauseLabel, string[]>>> = {
  GOVERNING_LAW: ['Governing Law'],
  TERMINATION: ['Termination For Convenience'],
  TERM: ['Expiration Date', 'Renewal Term', 'Notice Period To Terminate Renewal'],
  LIABILITY: ['Cap On Liability', 'Uncapped Liability', 'Liquidated Damages', 'Warranty Duration'],
  IP: ['Ip Ownership Assignment', 'Joint Ip Ownership', 'License Grant'],
  ASSIGNMENT: ['Anti-Assignment', 'Change Of Control'],
  PAYMENT: ['Revenue/Profit Sharing', 'Minimum Commitment', 'Price Restrictions'],
};

/** Our labels with no CUAD counterpart (CUAD has no category for them). */
export const UNMAPPED_LABELS: readonly ClauseLabel[] = ['PURPOSE', 'DEFINITIONS', 'CONFIDENTIALITY', 'INDEMNIFICATION', 'DISPUTE_RESOLUTION', 'FORCE_MAJEURE', 'NOTICE', 'OTHER'];

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
/** The cuad-dev folder: --data, else `shared/data/contracts/cuad-dev` beside the repository or one of its parents. */
function dataFolder(): string {
  const given = arg('--data');
  if (given) return path.resolve(given);
  let dir = path.resolve(import.meta.dirname, '..');
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(path.dirname(dir), 'shared', 'data', 'contracts', 'cuad-dev');
    if (fs.existsSync(path.join(candidate, 'labels.csv'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('cuad-dev not found: pass --data <folder>');
}
const DATA = dataFolder();

/** CSV records (quoted fields with commas, doubled quotes and newlines). */
function parseCsv(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows;
}

/** A Python list literal of strings (`['a', "b's"]`) as written in CUAD's master_clauses.csv. */
export function parsePythonList(literal: string): string[] {
  const out: string[] = [];
  let i = literal.indexOf('[') + 1;
  while (i > 0 && i < literal.length) {
    const quote = literal[i];
    if (quote === "'" || quote === '"') {
      let value = '';
      i++;
      while (i < literal.length && literal[i] !== quote) {
        if (literal[i] === '\\' && i + 1 < literal.length) {
          const next = literal[i + 1]!;
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          i += 2;
        } else value += literal[i++];
      }
      out.push(value);
    }
    i++;
  }
  return out;
}

/** Whitespace runs collapsed, with the map from each normalised index back to the original. */
function normalise(text: string): { text: string; map: number[] } {
  let out = '';
  const map: number[] = [];
  let space = false;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) {
      if (!space && out.length > 0) { out += ' '; map.push(i); }
      space = true;
    } else {
      out += text[i]!.toLowerCase();
      map.push(i);
      space = false;
    }
  }
  return { text: out, map };
}

interface Span { category: string; start: number; end: number }

/** Where each passage sits in the contract text (whitespace- and case-insensitive); null when not found. */
function locate(normalised: { text: string; map: number[] }, passage: string): { start: number; end: number } | null {
  const needle = normalise(passage).text.trim();
  if (needle.length < 3) return null;
  let at = normalised.text.indexOf(needle);
  // Long passages in CUAD sometimes differ from the TXT by a character or two: try their head.
  if (at < 0 && needle.length > 80) at = normalised.text.indexOf(needle.slice(0, 80));
  if (at < 0) return null;
  const endIndex = Math.min(at + needle.length, normalised.map.length) - 1;
  return { start: normalised.map[at]!, end: normalised.map[endIndex]! + 1 };
}

const overlaps = (a: { startOffset: number; endOffset: number }, b: Span) => a.startOffset < b.end && b.start < a.endOffset;

interface Scored { confidence: number; hit: boolean; spansHit: Set<string> }

/** Precision at the first confidence threshold whose recall reaches `target`, and AUPR (step-wise). */
function rankMetrics(scored: Scored[], totalSpans: number, target = 0.8): { precisionAtRecall: number | null; aupr: number | null; maxRecall: number } {
  if (totalSpans === 0) return { precisionAtRecall: null, aupr: null, maxRecall: 0 };
  const sorted = [...scored].sort((a, b) => b.confidence - a.confidence);
  const found = new Set<string>();
  let hits = 0;
  let best: number | null = null;
  let aupr = 0;
  let lastRecall = 0;
  for (let i = 0; i < sorted.length; ) {
    // One threshold per distinct confidence: clauses of equal confidence enter together.
    const confidence = sorted[i]!.confidence;
    while (i < sorted.length && sorted[i]!.confidence === confidence) {
      if (sorted[i]!.hit) hits++;
      for (const s of sorted[i]!.spansHit) found.add(s);
      i++;
    }
    const precision = hits / i;
    const recall = found.size / totalSpans;
    aupr += (recall - lastRecall) * precision;
    lastRecall = recall;
    if (recall >= target) best = Math.max(best ?? 0, precision);
  }
  return { precisionAtRecall: best, aupr, maxRecall: lastRecall };
}

const pct = (n: number | null) => (n === null ? 'n/a' : `${(n * 100).toFixed(1)}%`);

function main() {
  const rows = parseCsv(fs.readFileSync(path.join(DATA, 'labels.csv'), 'utf8')).filter((r) => r.length > 1);
  const [header, ...records] = rows;
  const manifest = parseCsv(fs.readFileSync(path.join(DATA, 'manifest.csv'), 'utf8')).filter((r) => r.length > 1);
  const txtOf = new Map(manifest.slice(1).map((r) => [r[0]!, r[1]!]));
  // Category names as CUAD's README writes them (the CSV's capitalisation differs slightly): compare lower-cased.
  const categoryColumns = header!.map((name, i) => ({ name, i })).filter((c) => c.i > 0 && !c.name.endsWith('-Answer'));
  const categoryKey = (name: string) => name.toLowerCase();
  const known = new Set(categoryColumns.map((c) => categoryKey(c.name)));
  for (const category of Object.values(CLAUSE_TO_CUAD).flat()) if (!known.has(categoryKey(category))) throw new Error(`labels.csv has no category ${category}`);
  const mappedCategories = new Set(Object.values(CLAUSE_TO_CUAD).flat().map(categoryKey));
  let mappedSpans = 0;
  let coveredSpans = 0;

  const labels = Object.keys(CLAUSE_TO_CUAD) as ClauseLabel[];
  const stats = new Map<ClauseLabel, { predicted: number; hits: number; spans: number; spansFound: number; contractsWith: number; contractsFound: number; scored: Scored[] }>();
  for (const label of labels) stats.set(label, { predicted: 0, hits: 0, spans: 0, spansFound: 0, contractsWith: 0, contractsFound: 0, scored: [] });
  let passages = 0;
  let located = 0;
  let clauses = 0;
  let contractsWithoutClauses = 0;
  const labelCounts = new Map<ClauseLabel, number>();
  const started = Date.now();

  for (const record of records) {
    const txt = txtOf.get(record[0]!);
    if (!txt) throw new Error(`manifest.csv lacks ${record[0]}`);
    const text = fs.readFileSync(path.join(DATA, txt), 'utf8');
    const normalised = normalise(text);
    const spans: Span[] = [];
    for (const { name, i } of categoryColumns) {
      for (const passage of parsePythonList(record[i] ?? '')) {
        passages++;
        const where = locate(normalised, passage);
        if (where) { located++; spans.push({ category: categoryKey(name), ...where }); }
      }
    }
    const predicted: AnalyzedClause[] = splitClauses(text);
    clauses += predicted.length;
    if (predicted.length === 0) contractsWithoutClauses++;
    for (const c of predicted) labelCounts.set(c.label, (labelCounts.get(c.label) ?? 0) + 1);
    // Segmentation's share: mapped passages that fall in some clause, whatever its label.
    for (const span of spans.filter((sp) => mappedCategories.has(sp.category))) {
      mappedSpans++;
      if (predicted.some((c) => overlaps(c, span))) coveredSpans++;
    }

    for (const label of labels) {
      const s = stats.get(label)!;
      const categories = new Set(CLAUSE_TO_CUAD[label]!.map(categoryKey));
      const gold = spans.filter((sp) => categories.has(sp.category));
      const mine = predicted.filter((c) => c.label === label);
      s.spans += gold.length;
      s.predicted += mine.length;
      if (gold.length > 0) s.contractsWith++;
      const foundHere = new Set<number>();
      for (const c of mine) {
        const hitSpans = gold.map((g, k) => (overlaps(c, g) ? k : -1)).filter((k) => k >= 0);
        if (hitSpans.length > 0) s.hits++;
        for (const k of hitSpans) foundHere.add(k);
        s.scored.push({ confidence: c.confidence, hit: hitSpans.length > 0, spansHit: new Set(hitSpans.map((k) => `${record[0]}#${k}`)) });
      }
      s.spansFound += foundHere.size;
      if (gold.length > 0 && foundHere.size > 0) s.contractsFound++;
    }
  }

  const results = labels.map((label) => {
    const s = stats.get(label)!;
    const ranked = rankMetrics(s.scored, s.spans);
    return {
      label, cuad: CLAUSE_TO_CUAD[label]!, predicted: s.predicted, hits: s.hits, spans: s.spans, spansFound: s.spansFound,
      precision: s.predicted ? s.hits / s.predicted : null, recall: s.spans ? s.spansFound / s.spans : null,
      contractRecall: s.contractsWith ? s.contractsFound / s.contractsWith : null, contractsWith: s.contractsWith,
      precisionAt80Recall: ranked.precisionAtRecall, aupr: ranked.aupr, maxRecall: ranked.maxRecall,
    };
  });
  const micro = results.reduce((a, r) => ({ predicted: a.predicted + r.predicted, hits: a.hits + r.hits, spans: a.spans + r.spans, found: a.found + r.spansFound }), { predicted: 0, hits: 0, spans: 0, found: 0 });

  console.log(`CUAD dev: ${records.length} contracts, ${passages} labelled passages (${located} located in the TXT), ${clauses} clauses segmented (${contractsWithoutClauses} contracts with none), ${Date.now() - started} ms`);
  console.log('label               CUAD categories                                   pred  prec    spans  recall  contracts  P@80R   AUPR   max recall');
  for (const r of results) {
    console.log(
      `${r.label.padEnd(19)} ${r.cuad.join(', ').slice(0, 48).padEnd(49)} ${String(r.predicted).padStart(4)}  ${pct(r.precision).padStart(6)}  ${String(r.spans).padStart(5)}  ${pct(r.recall).padStart(6)}  ${pct(r.contractRecall).padStart(9)}  ${pct(r.precisionAt80Recall).padStart(6)}  ${pct(r.aupr).padStart(6)}  ${pct(r.maxRecall).padStart(6)}`,
    );
  }
  console.log(`micro (mapped labels): precision ${pct(micro.predicted ? micro.hits / micro.predicted : null)}, recall ${pct(micro.spans ? micro.found / micro.spans : null)}`);
  console.log(`segmentation: ${pct(mappedSpans ? coveredSpans / mappedSpans : null)} of the ${mappedSpans} passages of mapped categories fall inside a segmented clause (the recall ceiling for any labeler on these clauses)`);
  console.log(`labels assigned: ${[...labelCounts].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`).join(', ')}`);
  const out = arg('--json');
  if (out) fs.writeFileSync(out, JSON.stringify({ contracts: records.length, passages, located, clauses, contractsWithoutClauses, results, micro, segmentationCoverage: mappedSpans ? coveredSpans / mappedSpans : null, labelCounts: Object.fromEntries(labelCounts) }, null, 2));
}

main();
