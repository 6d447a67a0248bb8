import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs on embedded defaults with no environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, nodeEnv: 'development', publicUrl: 'http://localhost:3000', databaseUrl: undefined, seedDemo: true });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names every bad variable in one readable message', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'NODE_ENV']) expect(message).toContain(name);
    }
  });

  it('requires PUBLIC_URL in production and turns demo data off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://legal.example.com/' });
    expect(config.publicUrl).toBe('https://legal.example.com');
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://legal.example.com/', SEED_DEMO_CONTENT: 'true' }).seedDemoContent).toBe(false);
  });

  it('seeds the demo contracts with the demo accounts, except in tests unless asked', () => {
    expect(loadConfig({}).seedDemoContent).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemoContent).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoContent).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', SEED_DEMO_CONTENT: 'true' }).seedDemoContent).toBe(true);
  });

  it('accepts real PostgreSQL and SMTP URLs', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/legal', SMTP_URL: 'smtps://u:p@mail.example.com:465', PORT: '8080' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://u:p@db:5432/legal', smtpUrl: 'smtps://u:p@mail.example.com:465', port: 8080 });
  });
});

describe('the README configuration table', () => {
  it('lists every variable config.ts reads', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    for (const doc of CONFIG_DOCS) expect(readme, doc.name).toContain(`| \`${doc.name}\` |`);
    const source = fs.readFileSync(path.join(import.meta.dirname, 'config.ts'), 'utf8');
    const schemaKeys = [...source.matchAll(/^ {4}([A-Z][A-Z0-9_]*): /gm)].map((m) => m[1]);
    expect(schemaKeys.sort()).toEqual(CONFIG_DOCS.map((d) => d.name).sort());
  });
});
