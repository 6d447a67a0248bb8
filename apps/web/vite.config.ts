import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  plugins: [react()],
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
