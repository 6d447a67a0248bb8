// npx tsx bench/law-import.ts [postgres://… of an empty database] — the statute corpus import
// (modules/law/law.import.ts) on a freshly migrated database: embedded PGlite in a temporary data
// directory, or the PostgreSQL database given. Runs the import twice: the first stores every
// shipped version, the second must find them all stored and write nothing. Figures: docs/legal-research.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importCorpus, importStatus } from '../apps/server/src/modules/law/law.import';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { migrateDatabase } from '../apps/server/src/platform/db/migrate';

const url = process.argv[2];
const dataDir = url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'law-import-bench-'));
const database = await openDatabase(url ? { url } : { dataDir });
try {
  await migrateDatabase(database);
  for (const run of ['first', 'second']) {
    const started = Date.now();
    const result = await importCorpus(database.db);
    console.log(`${run} run (${database.driver}): ${Date.now() - started} ms, ${result.imported} imported, ${result.skipped} already stored, ${result.failed.length} failed`);
  }
  const status = await importStatus(database.db);
  console.log(`${status.statutes} statutes, ${status.versions} versions, ${status.articles} articles`);
} finally {
  await database.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
