import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { leanApiContract } from './vite.config';

export default defineConfig({
  plugins: [leanApiContract(), react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // The files share one module graph: importing React, Mantine and the pages is paid once, not
    // once per file (the suite's CPU time halved: a third of it went to setting up each file).
    // src/test/setup.ts puts back after each test what a test may change globally (language,
    // session, storage, stubbed globals); the two files about the first load keep a graph of their
    // own (WEB_FIRST_LOAD in the root vitest.config.ts).
    isolate: false,
    // Screen tests render lazily loaded pages; on a 2-core machine running the server suite beside
    // them, 5 s timed out now and then. One ceiling for all, not one per test.
    testTimeout: 20_000,
  },
});
