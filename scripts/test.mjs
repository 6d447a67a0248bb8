// `npm test`: every test of the product.
//   1. unit and integration tests (packages/api, apps/web, apps/server on embedded PGlite)
//   2. the server suite again on PostgreSQL when TEST_DATABASE_URL is set
//   3. end-to-end journeys in headless Chromium against the app as `npm start` runs it
// 2 and 3 share no state (their own databases, their own data directory and port), so they run
// side by side; each one's output is printed whole when it ends.
// SKIP_E2E=1 skips step 3 (for quick local runs only; CI always runs it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label}: failed`);
    process.exit(result.status ?? 1);
  }
}

/** Starts a step with its output collected; resolves with its label, exit status, output and time. */
function start(label, command, args, env = {}) {
  const started = Date.now();
  const child = spawn(command, args, { env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => resolve({ label, status, output: Buffer.concat(output), seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

run('unit and integration tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });

const steps = [];
if (process.env.TEST_DATABASE_URL) {
  steps.push(start('server tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server']));
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
  steps.push(start('end-to-end tests (Chromium)', 'npx', ['playwright', 'test']));
}

if (steps.length > 1) console.log(`\n=== ${steps.length} steps side by side; each prints its output when it ends`);
let failed = false;
await Promise.all(
  steps.map(async (step) => {
    const { label, status, output, seconds } = await step;
    console.log(`\n=== ${label} (${seconds} s)`);
    process.stdout.write(output);
    if (status !== 0) {
      console.error(`\n${label}: failed`);
      failed = true;
    }
  }),
);
if (failed) process.exit(1);
