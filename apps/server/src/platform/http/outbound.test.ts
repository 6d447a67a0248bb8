import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressPolicy, createOutboundClient, type OutboundClient, OutboundError } from './outbound';

/** A stand-in server on 127.0.0.1 that counts what reaches it. */
let server: http.Server;
let port = 0;
let hits = 0;
const base = () => `http://127.0.0.1:${port}`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits += 1;
    const url = new URL(req.url ?? '/', 'http://x');
    const hop = Number(url.searchParams.get('hop') ?? 0);
    if (url.pathname === '/json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    if (url.pathname === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url.pathname === '/to-localhost') return res.writeHead(307, { location: `http://localhost:${port}/json` }).end();
    if (url.pathname === '/to-json') return res.writeHead(301, { location: '/json' }).end();
    if (url.pathname === '/loop') return res.writeHead(302, { location: `/loop?hop=${hop + 1}` }).end();
    if (url.pathname === '/huge') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 8; i++) res.write(Buffer.alloc(1024 * 1024, 0x61));
      return res.end();
    }
    if (url.pathname === '/declared-huge') return res.writeHead(200, { 'content-length': String(100 * 1024 * 1024) }).end();
    if (url.pathname === '/silent') return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundError) return err.reason;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('AddressPolicy', () => {
  const policy = new AddressPolicy();

  it('refuses loopback, private, CGNAT, link-local, unspecified, multicast, ULA and IPv4 inside IPv6', () => {
    const refused = [
      '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '100.127.255.254',
      '169.254.169.254', '169.254.0.1', '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '192.0.2.1', '198.18.0.1',
      '::1', '::', 'fd00::1', 'fc00::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', '::ffff:a00:1',
      '64:ff9b::a00:1', '2002:7f00:1::1', 'not-an-ip',
    ];
    for (const address of refused) expect(policy.isAddressAllowed(address), address).toBe(false);
  });

  it('allows public addresses, and what the operator allows by CIDR, address or host name', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(policy.isAddressAllowed(address), address).toBe(true);
    }
    const operator = new AddressPolicy(['10.20.0.0/16', '127.0.0.1', 'idp.corp.example', '*.models.example', 'fd12::/16']);
    expect(operator.isAddressAllowed('10.20.5.5')).toBe(true);
    expect(operator.isAddressAllowed('10.21.0.1')).toBe(false);
    expect(operator.isAddressAllowed('127.0.0.1')).toBe(true);
    expect(operator.isAddressAllowed('127.0.0.2')).toBe(false);
    expect(operator.isAddressAllowed('fd12::9')).toBe(true);
    expect(operator.isAddressAllowed('169.254.169.254')).toBe(false);
    expect(operator.isHostAllowed('IDP.corp.example.')).toBe(true);
    expect(operator.isHostAllowed('llm.models.example')).toBe(true);
    expect(operator.isHostAllowed('models.example')).toBe(false);
    expect(operator.isHostAllowed('evil-idp.corp.example')).toBe(false);
  });
});

describe('the guarded client', () => {
  let strict: OutboundClient;
  let allowing: OutboundClient;
  beforeAll(() => {
    strict = createOutboundClient();
    allowing = createOutboundClient({ allow: ['127.0.0.1'], maxResponseBytes: 5 * 1024 * 1024, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    await strict.close();
    await allowing.close();
  });

  it('refuses loopback in every spelling, a name resolving to it, 10.x and the metadata address, before connecting', async () => {
    const before = hits;
    const urls = [
      `${base()}/json`,
      `http://localhost:${port}/json`,
      `http://2130706433:${port}/json`,
      `http://0x7f000001:${port}/json`,
      `http://0177.0.0.1:${port}/json`,
      `http://127.1:${port}/json`,
      `http://[::1]:${port}/json`,
      `http://[::ffff:127.0.0.1]:${port}/json`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/',
      'http://0.0.0.0:80/',
    ];
    for (const url of urls) expect(await failure(strict.fetch(url)), url).toBe('REFUSED_ADDRESS');
    // Nothing reached the stand-in server: the refusal happens before any socket is opened.
    expect(hits).toBe(before);
  });

  it('calls an allowed host, and follows redirects re-checking every hop', async () => {
    const ok = await allowing.fetch(`${base()}/json`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    const redirected = await allowing.fetch(`${base()}/to-json`);
    expect(await redirected.json()).toEqual({ ok: true });
    // localhost resolves to 127.0.0.1, which this operator allowed.
    expect((await allowing.fetch(`${base()}/to-localhost`)).status).toBe(200);
    expect(await failure(allowing.fetch(`${base()}/to-metadata`))).toBe('REFUSED_ADDRESS');
    expect(await failure(allowing.fetch(`${base()}/loop`))).toBe('TOO_MANY_REDIRECTS');
    // A caller asking for manual redirects gets the 3xx itself.
    expect((await allowing.fetch(`${base()}/to-metadata`, { redirect: 'manual' })).status).toBe(302);
  });

  it('allows by host name too', async () => {
    const byName = createOutboundClient({ allow: ['localhost'] });
    try {
      expect((await byName.fetch(`http://localhost:${port}/json`)).status).toBe(200);
      expect(await failure(byName.fetch(`${base()}/json`))).toBe('REFUSED_ADDRESS');
    } finally {
      await byName.close();
    }
  });

  it('caps the answer size and the time, and refuses what is not http(s)', async () => {
    expect(await failure(allowing.fetch(`${base()}/declared-huge`))).toBe('TOO_LARGE');
    const huge = await allowing.fetch(`${base()}/huge`);
    expect(await failure(huge.arrayBuffer())).toBe('TOO_LARGE');
    expect(await failure(allowing.fetch(`${base()}/silent`))).toBe('TIMEOUT');
    expect(await failure(allowing.fetch('ftp://127.0.0.1/x'))).toBe('BAD_URL');
    expect(await failure(allowing.fetch(`http://user:pw@127.0.0.1:${port}/json`))).toBe('BAD_URL');
    expect(await failure(allowing.fetch('http://127.0.0.1:9/'))).toBe('UNREACHABLE');
  });
});
