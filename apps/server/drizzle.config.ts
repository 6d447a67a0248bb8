import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables: a module owns its *.table.ts files (and lists them in its manifest).
  schema: './src/**/*.table.ts',
  out: './drizzle',
});
