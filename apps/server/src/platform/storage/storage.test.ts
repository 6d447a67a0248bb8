import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { assertObjectKey, objectKey, type ObjectStorage } from './storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function chunked(total: number, chunkSize = 64 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const size = Math.min(chunkSize, total - sent);
      const chunk = Buffer.alloc(size, sent % 251);
      sent += size;
      this.push(chunk);
    },
  });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-storage-'));
let s3server: S3rver;
let s3: S3Storage;

beforeAll(async () => {
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'legal-files', configs: [] }] });
  const address = (await s3server.run()) as AddressInfo;
  s3 = new S3Storage({
    bucket: 'legal-files',
    region: 'ap-northeast-2',
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
});
afterAll(async () => {
  s3.close();
  await s3server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const drivers: Array<[string, () => ObjectStorage]> = [
  ['local disk', () => new LocalStorage(path.join(tmp, 'local'))],
  ['S3 protocol (s3rver on loopback)', () => s3],
];

describe.each(drivers)('object storage: %s', (_name, make) => {
  const scope = { tenantId: 7, workspaceId: 9 };

  it('stores a stream and reports its size and SHA-256', async () => {
    const storage = make();
    const key = objectKey(scope);
    const content = Buffer.from('제1조 (목적) 이 계약은 ...\n'.repeat(1000));
    const stored = await storage.put(key, Readable.from([content]), { maxBytes: 10 * 1024 * 1024 });
    expect(stored).toEqual({ key, size: content.length, sha256: createHash('sha256').update(content).digest('hex') });
    expect((await readAll(await storage.get(key))).equals(content)).toBe(true);
    expect(await storage.head(key)).toMatchObject({ key, size: content.length });
  });

  it('serves byte ranges', async () => {
    const storage = make();
    const key = objectKey(scope);
    await storage.put(key, Readable.from([Buffer.from('0123456789abcdef')]), { maxBytes: 1024 });
    expect((await readAll(await storage.get(key, { start: 4, end: 9 }))).toString()).toBe('456789');
  });

  it('streams a large object without holding it (12 MB in 64 KB chunks, multipart on S3)', async () => {
    const storage = make();
    const key = objectKey(scope);
    const stored = await storage.put(key, chunked(12 * 1024 * 1024), { maxBytes: 20 * 1024 * 1024 });
    expect(stored.size).toBe(12 * 1024 * 1024);
    expect((await storage.head(key))?.size).toBe(12 * 1024 * 1024);
  });

  it('stops past the size limit with ERROR_FILE_TOO_LARGE and keeps nothing', async () => {
    const storage = make();
    const key = objectKey(scope);
    await expect(storage.put(key, chunked(3 * 1024 * 1024), { maxBytes: 1024 * 1024 })).rejects.toMatchObject({ code: 'ERROR_FILE_TOO_LARGE' });
    expect(await storage.head(key)).toBeNull();
    const leftovers = [];
    for await (const info of storage.list(key)) leftovers.push(info);
    expect(leftovers).toEqual([]);
  });

  it('deletes, answers null for a missing object, and lists by tenant prefix', async () => {
    const storage = make();
    const other = { tenantId: 8, workspaceId: 1 };
    const a = objectKey(scope);
    const b = objectKey(other);
    await storage.put(a, Readable.from([Buffer.from('a')]), { maxBytes: 10 });
    await storage.put(b, Readable.from([Buffer.from('b')]), { maxBytes: 10 });
    const listed: string[] = [];
    for await (const info of storage.list('t8/')) listed.push(info.key);
    expect(listed).toContain(b);
    expect(listed).not.toContain(a);
    await storage.delete(b);
    expect(await storage.head(b)).toBeNull();
    await expect(storage.delete(b)).resolves.toBeUndefined();
  });
});

describe('object keys', () => {
  it('are tenant-prefixed and never built from user names', () => {
    const key = objectKey({ tenantId: 3, workspaceId: 4 }, new Date('2026-11-21T00:00:00Z'));
    expect(key).toMatch(/^t3\/w4\/2026\/11\/[0-9a-f-]{36}$/);
  });

  it('refuses traversal and foreign shapes', () => {
    for (const bad of ['../etc/passwd', '/abs/path', 't1/../../x', 'T1/W2/A', 't1//x', '계약서.pdf', '']) {
      expect(() => assertObjectKey(bad), bad).toThrow();
    }
    const local = new LocalStorage(path.join(tmp, 'guard'));
    return expect(local.get('../../etc/passwd')).rejects.toThrow();
  });
});
