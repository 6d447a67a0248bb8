// `npm start`: builds what is missing (web app, server bundle), then runs the server.
// Embedded defaults: PGlite in ./data, local files, outbox mail with /dev/mailbox, demo data.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);

/** Newest modification time under a folder (skipping build output and dependencies). */
function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

function stale(output, ...sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((dir) => newest(dir) > built);
}

function run(label, args) {
  console.log(`> ${label}`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale('apps/web/dist/index.html', 'apps/web/src', 'packages/api/src')) run('building the web app', ['run', 'build', '-w', '@legal/web']);
if (stale('apps/server/dist/main.js', 'apps/server/src', 'apps/server/drizzle', 'packages/api/src')) run('building the server', ['run', 'build', '-w', '@legal/server']);

// Hand the process over to the server so that signals reach it directly.
const { default: child } = await import('node:child_process');
const server = child.spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
