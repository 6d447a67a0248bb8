// `npm test`: every test of the product, as four steps run two at a time (this machine has two
// cores), each next step starting as soon as a slot is free. The two longest, which mostly wait
// (the browser; the web screen tests, one worker), start first, side by side:
//   - end-to-end journeys in headless Chromium against the app as `npm start` runs it (on PGlite)
//   - unit tests (packages/api, apps/web in jsdom)
//   - the server suite on PostgreSQL (when TEST_DATABASE_URL is set)
//   - the server suite on embedded PGlite (with TEST_DATABASE_URL: its driver-specific files)
// Steps that run together share no state (their own databases, data directory and port); each
// one's output is printed whole when it ends, and a failure does not stop the others, so one run
// shows every failure. SKIP_E2E=1 skips the end-to-end step (quick local runs only; CI always
// runs it). Without TEST_DATABASE_URL the whole server suite runs on PGlite.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const SLOTS = 2;
const TAIL_LINES = 60;

/** Runs a step with its output collected; resolves with its exit status, output and time. */
function run({ args, env = {} }) {
  const started = Date.now();
  const child = spawn('npx', args, { env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => resolve({ status, output: Buffer.concat(output), seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

const e2e = process.env.SKIP_E2E !== '1';
if (e2e && !fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error('\nEnd-to-end tests need Chromium: apt-get install -y chromium fonts-noto-cjk (or set CHROMIUM_PATH, or SKIP_E2E=1).');
  process.exit(1);
}
const postgres = Boolean(process.env.TEST_DATABASE_URL);

// With PostgreSQL the whole server suite runs there; the PGlite pass then takes the files where the
// embedded driver behaves differently (its one connection taken in turns, pg-boss on it, start-up
// recovery, the background jobs of the modules), and the E2E journeys run on PGlite end to end.
// The whole suite on both drivers took CI past its 40-minute budget on two cores (docs/testing.md).
// The platform's HTTP layer (route fuzz, envelope, timeouts, gating), AI drivers and storage do not
// depend on the driver (PGlite is PostgreSQL's own engine: the same errors and codes) and run on
// PostgreSQL only; the route fuzz alone was 300 s of this pass's 1,000.
const PGLITE_FOCUS = [
  'src/platform/db/',
  'src/platform/jobs/',
  'src/platform/mail/',
  'src/lifecycle.test.ts',
  'src/modules/files/files.test.ts',
  'src/modules/contracts/bulk/',
  'src/modules/contracts/demo/',
  'src/modules/ai-review/ai-review.test.ts',
  'src/modules/ai-review/review/',
  // Seal applied on an envelope inside one transaction: on PGlite's single connection a query
  // outside it would wait for ever (it did, before the fix).
  'src/modules/seals/seals.electronic.test.ts',
];

const steps = [
  e2e && { label: 'end-to-end tests (Chromium)', args: ['playwright', 'test'] },
  { label: 'unit tests (packages/api, apps/web)', args: ['vitest', 'run', '--project', 'api', '--project', 'web', '--project', 'web-first-load'] },
  postgres && { label: 'server tests on PostgreSQL', args: ['vitest', 'run', '--project', 'server'] },
  {
    label: `server tests on PGlite${postgres ? ' (driver-specific files)' : ''}`,
    args: ['vitest', 'run', '--project', 'server', ...(postgres ? PGLITE_FOCUS : [])],
    env: { TEST_DATABASE_URL: '' },
  },
].filter(Boolean);
if (!e2e) console.log('\n(SKIP_E2E=1: end-to-end tests skipped)');
if (!postgres) console.log('\n(TEST_DATABASE_URL not set: server tests run on PGlite only)');
console.log(`\n=== ${steps.map((s) => s.label).join(' | ')}: ${SLOTS} at a time; each prints its output when it ends`);

const waiting = [...steps];
const failed = [];
const failureTails = [];
await Promise.all(
  Array.from({ length: SLOTS }, async () => {
    for (let step = waiting.shift(); step; step = waiting.shift()) {
      const { status, output, seconds } = await run(step);
      console.log(`\n=== ${step.label} (${seconds} s)`);
      process.stdout.write(output);
      if (status !== 0) {
        console.error(`\n${step.label}: failed`);
        failed.push(step.label);
        // CI keeps only the end of the log, and another step may print after this one: its end
        // (where vitest and Playwright summarise their failures) is printed again at the very end.
        failureTails.push({ label: step.label, tail: output.toString('utf8').split('\n').slice(-TAIL_LINES).join('\n') });
      }
    }
  }),
);
if (failed.length > 0) {
  for (const { label, tail } of failureTails) console.error(`\n=== ${label}: the last ${TAIL_LINES} lines again\n${tail}`);
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
