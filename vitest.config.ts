import { configDefaults, defineConfig } from 'vitest/config';
import web from './apps/web/vitest.config';

/**
 * Web test files that assert what the app looks like on its first load (the catalogues bundled
 * before any feature registers its own, the overlays not mounted before their first use): they
 * need a module graph of their own. Every other web file shares one (see apps/web/vitest.config.ts).
 */
const WEB_FIRST_LOAD = ['src/lib/i18n/i18n.test.ts', 'src/app/lazy-mantine-overlays.test.tsx'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'api', include: ['packages/api/src/**/*.test.ts'], environment: 'node' } },
      'apps/server/vitest.config.ts',
      { ...web, root: './apps/web', test: { ...web.test, exclude: [...configDefaults.exclude, ...WEB_FIRST_LOAD] } },
      { ...web, root: './apps/web', test: { ...web.test, name: 'web-first-load', include: WEB_FIRST_LOAD, isolate: true } },
    ],
  },
});
