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
  },
});
