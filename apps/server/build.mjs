// Bundles the server into dist/ with esbuild. npm packages stay external (PGlite and others load
// files relative to themselves); the workspace package @legal/api is bundled in, being TypeScript.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@legal/'));

await build({
  // The e-sign assembly's worker thread is its own entry (src/modules/esign/pdf/assemble-off-thread.ts).
  entryPoints: { main: 'src/main.ts', 'migrate-cli': 'src/platform/db/migrate-cli.ts', 'esign-assemble-worker': 'src/modules/esign/pdf/assemble-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
