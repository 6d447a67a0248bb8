import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client';

const MIGRATION_LOCK = 727_001;

/** The checked-in migrations folder, found from this file both in src/ and in the bundled dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('migrations folder (apps/server/drizzle) not found');
}

/** Applies every pending migration; concurrent starters on PostgreSQL wait for each other. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder(), migrationsSchema: 'drizzle' };
  await database.withLock(MIGRATION_LOCK, async () => {
    if (database.driver === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase, config);
    } else {
      await migratePg(database.db as unknown as NodePgDatabase, config);
    }
  });
}
