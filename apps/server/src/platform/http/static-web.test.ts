import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html lang="ko"><div id="root"></div></html>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir, RATE_LIMIT_PER_MINUTE: '3' }, serveWeb: true, startJobs: false });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the web app', () => {
  it('answers browser navigations with index.html, uncached', async () => {
    for (const url of ['/', '/hanbit/contracts/12', '/sign-in?next=%2F']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers / and client routes with index.html whatever the Accept header (curl, probes, health checks)', async () => {
    for (const [url, headers] of [
      ['/', { accept: '*/*' }],
      ['/', {}],
      ['/hanbit/contracts', { accept: '*/*' }],
      ['/hanbit/contracts', {}],
      ['/hanbit/contracts/12', { accept: 'application/json' }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { accept: '*/*' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('serves hashed assets with long-lived caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps API misses, missing assets and non-GET requests in the JSON envelope', async () => {
    for (const [method, url, headers] of [
      ['GET', '/api/unknown/v1', html],
      ['GET', '/api/x', { accept: '*/*' }],
      ['GET', '/api/x', {}],
      ['GET', '/api', {}],
      ['GET', '/assets/missing.js', { accept: '*/*' }],
      ['GET', '/assets/missing-999.js', {}],
      ['GET', '/assets/missing', html],
      ['GET', '/favicon-missing.png', html],
      ['GET', '/dev/unknown', {}],
      ['POST', '/some/page', html],
      ['DELETE', '/', {}],
    ] as const) {
      const res = await t.app.inject({ method, url, headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json');
      expect(res.json().code).toBe('ERROR_NOT_FOUND');
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('rate-limits the API but never the web app\'s own files', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/hanbit/contracts', headers: html })).statusCode).toBe(200);
    }
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/api/aireview/hello' })).statusCode);
    expect(statuses).toContain(429);
  });
});
