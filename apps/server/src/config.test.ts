import fs from 'node:fs';
import os from 'node:os';
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

  it('honours the kill -9 tests\' pauses only with NODE_ENV=test', () => {
    const pauses = { ESIGN_TEST_PAUSE_FINALIZE_MS: '600000', WORKFLOW_TEST_PAUSE_ACTION_MS: '600000' };
    const test = loadConfig({ NODE_ENV: 'test', ...pauses });
    expect([test.esign.testPauseFinalizeMs, test.workflows.testPauseActionMs]).toEqual([600_000, 600_000]);
    for (const env of [{}, { NODE_ENV: 'production', PUBLIC_URL: 'https://legal.example.com' }]) {
      const config = loadConfig({ ...env, ...pauses });
      expect([config.esign.testPauseFinalizeMs, config.workflows.testPauseActionMs]).toEqual([0, 0]);
    }
  });

  it('accepts real PostgreSQL and SMTP URLs', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/legal', SMTP_URL: 'smtps://u:p@mail.example.com:465', PORT: '8080' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://u:p@db:5432/legal', smtpUrl: 'smtps://u:p@mail.example.com:465', port: 8080 });
  });
});

describe('the AI provider variables', () => {
  it('default to the built-in engine with a 60 s timeout and two retries', () => {
    expect(loadConfig({}).ai).toMatchObject({ driver: 'BUILT_IN', baseUrl: null, apiKey: null, chatModel: null, embeddingModel: null, timeoutMs: 60_000, maxRetries: 2 });
  });

  it('read an OpenAI-compatible endpoint, trimming the trailing slash of the base URL', () => {
    const config = loadConfig({
      AI_PROVIDER: 'OPENAI_COMPATIBLE', AI_BASE_URL: 'http://localhost:11434/v1/', AI_CHAT_MODEL: 'qwen2.5', AI_EMBEDDING_MODEL: 'bge-m3',
      AI_TIMEOUT_MS: '30000', AI_MAX_RETRIES: '0',
    });
    expect(config.ai).toMatchObject({
      driver: 'OPENAI_COMPATIBLE', baseUrl: 'http://localhost:11434/v1', apiKey: null, chatModel: 'qwen2.5', embeddingModel: 'bge-m3', timeoutMs: 30_000, maxRetries: 0,
    });
  });

  it('name each bad AI variable', () => {
    const bad = { AI_PROVIDER: 'GEMINI', AI_BASE_URL: 'ftp://models', AI_TIMEOUT_MS: '10', AI_MAX_RETRIES: '-1' };
    try {
      loadConfig(bad);
      expect.unreachable();
    } catch (err) {
      for (const name of Object.keys(bad)) expect((err as Error).message).toContain(name);
    }
  });

  it('refuse a remote driver without what it needs, never echoing the key', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'ANTHROPIC', AI_CHAT_MODEL: 'claude-sonnet-4-5' })).toThrow(/AI_PROVIDER: ANTHROPIC needs AI_API_KEY/);
    expect(() => loadConfig({ AI_PROVIDER: 'OPENAI_COMPATIBLE', AI_API_KEY: 'sk-secret-123' })).toThrow(/OPENAI_COMPATIBLE needs AI_CHAT_MODEL/);
    try {
      loadConfig({ AI_PROVIDER: 'OPENAI_COMPATIBLE', AI_API_KEY: 'sk-secret-123' });
    } catch (err) {
      expect((err as Error).message).not.toContain('sk-secret-123');
    }
    expect(loadConfig({ AI_PROVIDER: 'ANTHROPIC', AI_API_KEY: 'k', AI_CHAT_MODEL: 'claude-sonnet-4-5' }).ai.driver).toBe('ANTHROPIC');
  });
});

describe('LAW_DATA_DIR', () => {
  it('takes a folder holding MANIFEST.csv, resolved; refuses one without', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'law-data-config-'));
    try {
      expect(() => loadConfig({ LAW_DATA_DIR: dir })).toThrow(/LAW_DATA_DIR: must be a folder holding MANIFEST.csv/);
      fs.writeFileSync(path.join(dir, 'MANIFEST.csv'), '법령명,file\n');
      expect(loadConfig({ LAW_DATA_DIR: path.relative(process.cwd(), dir) }).lawDataDir).toBe(dir);
      expect(loadConfig({}).lawDataDir).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
