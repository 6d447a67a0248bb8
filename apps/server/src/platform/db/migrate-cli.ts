import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  poolMax: 2,
});
try {
  await migrateDatabase(database);
  console.log(`migrations applied (${database.driver})`);
} finally {
  await database.close();
}
