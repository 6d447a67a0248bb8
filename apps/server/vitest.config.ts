import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Test files share a worker's module graph: importing the application is paid once per worker,
    // not once per file (7 s each; the suite took 18 min instead of 11). Server tests keep no
    // module-level state of their own (no vi.mock, no fake timers; each builds its own app).
    isolate: false,
    maxWorkers: 2,
    // Its own group, after the api and web projects: each server test file boots a database,
    // so it gets the machine's two cores to itself.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
