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
    // Screen tests render lazily loaded pages; on a 2-core machine running the server suite beside
    // them, 5 s timed out now and then. One ceiling for all, not one per test.
    testTimeout: 20_000,
  },
});
