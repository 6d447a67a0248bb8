import { createHash } from 'node:crypto';
import type { StatuteImportStatus } from '@legal/api';
import { count, countDistinct } from 'drizzle-orm';
import type { Database, Db } from '../../platform/db/client';
import { eachInTurn, NO_TURNS } from '../../platform/jobs/in-turns';
import { type LawIndexEntry, mergeEntries, readManifest, shippedCatalogue } from './law.data';
import { ensureStatute } from './law.service';
import { lawArticles, lawStatutes } from './law.table';

// The corpus import: the shipped statutes (current and history) and the operator's LAW_DATA_DIR,
// each 법령MST stored once. Idempotent by 법령MST: a second run reads which versions are stored and
// writes nothing. Progress is kept per process and database (the job runs in one process; every
// process answers the counts from the database).

interface ImportRun {
  state: 'RUNNING' | 'DONE' | 'FAILED';
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

const runs = new WeakMap<Db, ImportRun>();

/** The files to import: the shipped catalogue, then the operator's folder (its new 법령MSTs). */
export function corpusEntries(lawDataDir?: string): LawIndexEntry[] {
  return mergeEntries(shippedCatalogue(), lawDataDir ? readManifest(lawDataDir) : []);
}

/** A key of the data set (its 법령MSTs): the start-up job runs once per data set. */
export function corpusVersion(lawDataDir?: string): string {
  return createHash('sha256').update(corpusEntries(lawDataDir).map((e) => e.lawSerialNumber).join(',')).digest('hex').slice(0, 16);
}

async function storedSerialNumbers(db: Db): Promise<Set<string>> {
  const rows = await db.select({ mst: lawStatutes.lawSerialNumber }).from(lawStatutes);
  return new Set(rows.map((r) => r.mst));
}

export interface CorpusImportResult {
  imported: number;
  skipped: number;
  failed: Array<{ file: string; error: string }>;
}

/**
 * Imports every version not yet stored. A file that fails (unreadable, 법령MST differing from its
 * manifest row) is reported and the others still go in; the run is FAILED when any did.
 */
export async function importCorpus(
  db: Db,
  options: {
    lawDataDir?: string;
    signal?: AbortSignal;
    entries?: readonly LawIndexEntry[];
    /** The job's database: each file is one unit taken in turn with requests (on PGlite a run is minutes of WASM otherwise). */
    inTurnsWith?: Pick<Database, 'yieldToRequests'>;
  } = {},
): Promise<CorpusImportResult> {
  const run: ImportRun = { state: 'RUNNING', startedAt: new Date().toISOString(), finishedAt: null, error: null };
  runs.set(db, run);
  const result: CorpusImportResult = { imported: 0, skipped: 0, failed: [] };
  try {
    const entries = options.entries ?? corpusEntries(options.lawDataDir);
    const stored = await storedSerialNumbers(db);
    const missing = entries.filter((entry) => !stored.has(entry.lawSerialNumber));
    result.skipped = entries.length - missing.length;
    await eachInTurn(options.inTurnsWith ?? NO_TURNS, missing, async (entry) => {
      if (options.signal?.aborted) return;
      try {
        await ensureStatute(db, entry);
        result.imported++;
      } catch (error) {
        result.failed.push({ file: `${entry.folder}/${entry.file}`, error: error instanceof Error ? error.message : String(error) });
      }
    });
    run.state = result.failed.length ? 'FAILED' : 'DONE';
    if (result.failed.length) run.error = `${result.failed.length} file(s) not imported, first: ${result.failed[0]!.file}: ${result.failed[0]!.error}`;
    return result;
  } catch (error) {
    run.state = 'FAILED';
    run.error = error instanceof Error ? error.message : String(error);
    throw error;
  } finally {
    run.finishedAt = new Date().toISOString();
  }
}

/** Progress of the import in this process, with the stored counts from the database. */
export async function importStatus(db: Db, lawDataDir?: string): Promise<StatuteImportStatus> {
  let entries: LawIndexEntry[];
  let manifestError: string | null = null;
  try {
    entries = corpusEntries(lawDataDir);
  } catch (error) {
    // An unreadable operator manifest must not hide the shipped corpus's progress.
    entries = [...shippedCatalogue()];
    manifestError = error instanceof Error ? error.message : String(error);
  }
  const stored = await storedSerialNumbers(db);
  const [statutes] = await db.select({ statutes: countDistinct(lawStatutes.lawId), versions: count() }).from(lawStatutes);
  const [articles] = await db.select({ n: count() }).from(lawArticles);
  const run = runs.get(db);
  return {
    state: run?.state ?? 'IDLE',
    totalFiles: entries.length,
    importedFiles: entries.filter((e) => stored.has(e.lawSerialNumber)).length,
    statutes: statutes?.statutes ?? 0,
    versions: statutes?.versions ?? 0,
    articles: articles?.n ?? 0,
    startedAt: run?.startedAt ?? null,
    finishedAt: run?.finishedAt ?? null,
    error: run?.error ?? manifestError,
  };
}
