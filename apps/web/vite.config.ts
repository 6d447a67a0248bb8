import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * pdf.js needs its CMaps (Korean, Japanese, Chinese encodings of non-embedded fonts) and the
 * standard 14 fonts to draw many real-world PDFs. They are served as static files under
 * `/pdfjs/` (PDF_ASSETS_BASE in lib/pdf-document.ts): copied into the build, and
 * served straight from node_modules by the dev server.
 */
function pdfjsAssets(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dirs = ['cmaps', 'standard_fonts'];
  let outDir = '';
  return {
    name: 'pdfjs-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/pdfjs', (req, res, next) => {
        const [dir, file] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
        if (!dir || !file || !dirs.includes(dir) || file.includes('..')) return next();
        const full = path.join(root, dir, file);
        if (!fs.existsSync(full)) return next();
        res.setHeader('content-type', 'application/octet-stream');
        fs.createReadStream(full).pipe(res);
      });
    },
    closeBundle() {
      for (const dir of dirs) fs.cpSync(path.join(root, dir), path.join(outDir, 'pdfjs', dir), { recursive: true });
    },
  };
}

/**
 * The shared contract (packages/api), lean for the browser. The web client calls a route
 * descriptor by its method, path and `raw` flag only; its zod schemas give the call its types.
 * So in packages/api modules this plugin (1) drops the `schemas` of every `defineRoute({...})`
 * and (2) marks every call made while a top-level constant is built as pure (building a zod
 * schema, a descriptor, a constant table has no side effects), so that an unused schema is
 * removed even when built by chaining on another (`Base.nullable()`), which `manualPureFunctions`
 * cannot see. zod and the schemas then ship only with the pages that validate a form with a
 * schema they import by name, never with the first screen. Tests load the same plugin
 * (vitest.config.ts), so a component reading `route.schemas` fails there.
 */
export function leanApiContract(): Plugin {
  const apiSources = `${path.sep}packages${path.sep}api${path.sep}src${path.sep}`;
  return {
    name: 'lean-api-contract',
    enforce: 'pre',
    transform(code, id) {
      if (!path.normalize(id).includes(apiSources) || !id.endsWith('.ts') || id.endsWith('.test.ts')) return null;
      const program = parseAst(code, { lang: 'ts' });
      const edits: Array<{ start: number; end: number; text: string }> = [];
      const pureAt = new Set<number>();
      type Node = { type?: string; start: number; end: number; [key: string]: unknown };
      const walk = (node: unknown, inInitializer: boolean): void => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach((child) => walk(child, inInitializer));
        const n = node as Node;
        // A function's body runs when called, not when the module loads.
        if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration') inInitializer = false;
        if (inInitializer && (n.type === 'CallExpression' || n.type === 'NewExpression')) pureAt.add(n.start);
        const callee = n.callee as Node | undefined;
        const [arg] = (n.arguments as Node[] | undefined) ?? [];
        if (n.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineRoute' && arg?.type === 'ObjectExpression') {
          const schemas = (arg.properties as Node[]).find((p) => p.type === 'Property' && (p.key as { name?: string }).name === 'schemas');
          const value = schemas?.value as Node | undefined;
          if (value) edits.push({ start: value.start, end: value.end, text: '{}' });
        }
        for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') walk(value, inInitializer);
      };
      for (const statement of program.body as unknown as Node[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        walk(declaration, declaration?.type === 'VariableDeclaration');
      }
      // Calls inside a dropped `schemas` value need no annotation.
      for (const start of pureAt) if (!edits.some((e) => start > e.start && start < e.end)) edits.push({ start, end: start, text: '/* @__PURE__ */ ' });
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
      return { code: out, map: null };
    },
  };
}

const API_ORIGIN = 'http://localhost:3000';

/**
 * Long-lived vendor chunks, so an app deploy does not invalidate them. Icons are left out on
 * purpose: they are imported one by one and travel with the page that draws them. The Mantine
 * chunk holds only what the first screen needs (`$initial`); components that only lazy pages
 * draw (tables, menus, pagination...) travel with those pages, keeping the sign-in route small.
 * zod is in no group: it travels with the modules that build a schema the app uses by name.
 */
const vendorGroups = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'vendor-mantine', test: /[\\/]node_modules[\\/](@mantine|@floating-ui|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|clsx|get-nonce|tslib)[\\/]/, priority: 20, tags: ['$initial' as const] },
  { name: 'vendor-data', test: /[\\/]node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [leanApiContract(), react(), pdfjsAssets()],
  server: {
    proxy: {
      '^/api(/|$)': { target: API_ORIGIN, changeOrigin: false },
      '^/dev(/|$)': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '^/api(/|$)': { target: API_ORIGIN, changeOrigin: false },
      '^/dev(/|$)': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // The entry carries a map of every lazy page's preload list (150+ file names with the admin and
    // contract pages); only the style sheets must stay in it (the loader brings a lazy chunk's CSS
    // through it). The JavaScript a page imports is fetched by the browser's module loader.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    emptyOutDir: true,
    rolldownOptions: {
      // Building a zod schema or a route descriptor has no side effects: the shared contract
      // (packages/api) then contributes only the schemas and descriptors the app really uses.
      treeshake: { manualPureFunctions: ['z', 'defineRoute'] },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
