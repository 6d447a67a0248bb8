// `npm test`: every test of the product.
//   1. unit and integration tests (packages/api, apps/web, apps/server on embedded PGlite)
//   2. the server suite again on PostgreSQL when TEST_DATABASE_URL is set
//   3. end-to-end journeys in headless Chromium against the app as `npm start` runs it
// SKIP_E2E=1 skips step 3 (for quick local runs only; CI always runs it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label}: failed`);
    process.exit(result.status ?? 1);
  }
}

run('unit and integration tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });

if (process.env.TEST_DATABASE_URL) {
  run('server tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server']);
} else {
  console.log('\n(TEST_DATABASE_URL not set: server tests ran on PGlite only)');
}

if (process.env.SKIP_E2E === '1') {
  console.log('\n(SKIP_E2E=1: end-to-end tests skipped)');
} else {
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.error('\nEnd-to-end tests need Chromium: apt-get install -y chromium fonts-noto-cjk (or set CHROMIUM_PATH, or SKIP_E2E=1).');
    process.exit(1);
  }
  run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test']);
}
