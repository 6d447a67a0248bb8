// Bundles the server into dist/ with esbuild. npm packages stay external (PGlite and others load
// files relative to themselves); the workspace package @legal/api is bundled in, being TypeScript.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@legal/'));

await build({
  // Worker threads are entries of their own: the e-sign assembly (src/modules/esign/pdf/assemble-off-thread.ts)
  // and the built-in review engine (src/modules/ai-review/engine/engine-off-thread.ts).
  entryPoints: {
    main: 'src/main.ts',
    'migrate-cli': 'src/platform/db/migrate-cli.ts',
    'esign-assemble-worker': 'src/modules/esign/pdf/assemble-worker.ts',
    'ai-review-engine-worker': 'src/modules/ai-review/engine/engine-worker.ts',
  },
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
