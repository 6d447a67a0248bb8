import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * pdf.js needs its CMaps (Korean, Japanese, Chinese encodings of non-embedded fonts) and the
 * standard 14 fonts to draw many real-world PDFs. They are served as static files under
 * `/pdfjs/` (PDF_ASSETS_BASE in features/files/PdfPreview.tsx): copied into the build, and
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

const API_ORIGIN = 'http://localhost:3000';

/**
 * Long-lived vendor chunks, so an app deploy does not invalidate them. Icons are left out on
 * purpose: they are imported one by one and travel with the page that draws them. The Mantine
 * chunk holds only what the first screen needs (`$initial`); components that only lazy pages
 * draw (tables, menus, pagination...) travel with those pages, keeping the sign-in route small.
 */
const vendorGroups = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'vendor-mantine', test: /[\\/]node_modules[\\/](@mantine|@floating-ui|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|clsx|get-nonce|tslib)[\\/]/, priority: 20, tags: ['$initial' as const] },
  { name: 'vendor-data', test: /[\\/]node_modules[\\/](@tanstack|zod|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react(), pdfjsAssets()],
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
