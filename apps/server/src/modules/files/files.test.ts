import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ErrorEnvelopeSchema, FileMetadataSchema } from '@legal/api';
import { and, eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { cookiesOf, lastOtpCode, login, newUser, newWorkspace, signIn, workspaceHeaders } from '../auth/auth.test-support';
import { purgeDeletedFiles, sweepExpiredIntents } from './files.jobs';
import { uploadHooks } from './files.service';
import { files, fileRevisions, uploadIntents, workspaceStorage } from './files.table';
import { buildMsg } from './documents/test-fixtures';
import { CUAD_PDF, DOCX_TEMPLATE, eml, fileBody, hwpx, image, plainZip, pptx, tiff, xlsx, xxeDocx, zipBomb } from './files.test-support';

const MAX = 5 * 1024 * 1024;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-files-'));
let s3server: S3rver;
let s3Endpoint = '';

beforeAll(async () => {
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'legal-files', configs: [] }] });
  const address = (await s3server.run()) as AddressInfo;
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const envOf = (driver: 'local' | 's3'): Record<string, string> => ({
  UPLOAD_MAX_BYTES: String(MAX),
  ...(driver === 's3'
    ? { STORAGE_DRIVER: 's3', S3_BUCKET: 'legal-files', S3_REGION: 'ap-northeast-2', S3_ENDPOINT: s3Endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }
    : {}),
});

type Member = Awaited<ReturnType<typeof member>>;

async function member(t: TestApp, roles: Parameters<typeof newUser>[1] extends infer O ? (O extends { roles?: infer R } ? R : never) : never = ['GENERAL_MEMBER']) {
  const ws = await newWorkspace(t);
  const user = await newUser(t, { workspace: ws, roles });
  const cookie = await signIn(t, user.loginId);
  return { ws, userId: user.userId, cookie, headers: workspaceHeaders(ws, cookie) };
}

async function upload(t: TestApp, who: { headers: Record<string, string> }, bytes: Buffer, filename: string, fields: Record<string, string> = {}, url = '/api/arxive/files/v1', method: 'POST' | 'PUT' = 'POST') {
  const body = fileBody(bytes, filename, fields);
  return t.app.inject({ method, url, headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

async function objectsOf(t: TestApp, scope: { tenantId: number }) {
  const keys: string[] = [];
  for await (const info of t.services.storage.list(`t${scope.tenantId}/`)) keys.push(info.key);
  return keys;
}

async function extracted(t: TestApp, who: Member, fileKey: string) {
  return waitFor(async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/arxive/files/${fileKey}/v1`, headers: who.headers });
    const data = FileMetadataSchema.parse(res.json().data);
    return data.extraction.status !== 'PENDING' ? data : null;
  }, 90_000, 250);
}

describe.each(['local', 's3'] as const)('files over the %s driver', (driver) => {
  let t: TestApp;
  let a: Member;
  beforeAll(async () => {
    t = await createTestApp({ env: envOf(driver) });
    a = await member(t);
  });
  afterAll(() => t.close());

  it('uploads, describes and downloads with the sniffed type, checksum, Korean Content-Disposition and nosniff', async () => {
    const bytes = fs.readFileSync(CUAD_PDF);
    const res = await upload(t, a, bytes, 'whatever.exe', { displayName: '후원 계약서 "최종".pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const meta = FileMetadataSchema.parse(res.json().data);
    expect(meta).toMatchObject({ fileType: 'pdf', contentType: 'application/pdf', size: bytes.length, revision: 1, displayName: '후원 계약서 "최종".pdf' });
    expect(meta.fileKey).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(meta.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

    const down = await t.app.inject({ method: 'GET', url: `/api/arxive/files/${meta.fileKey}/download/v1`, headers: a.headers });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(bytes)).toBe(true);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-length']).toBe(String(bytes.length));
    expect(down.headers['x-content-type-options']).toBe('nosniff');
    expect(down.headers.etag).toBe(`"${meta.sha256}"`);
    const disposition = String(down.headers['content-disposition']);
    expect(disposition).toBe(`attachment; filename="__ ___ ____.pdf"; filename*=UTF-8''${encodeURIComponent('후원 계약서 "최종".pdf')}`);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('후원 계약서 "최종".pdf');
  });

  it('answers single byte ranges with 206 and Content-Range, 416 when unsatisfiable', async () => {
    const bytes = Buffer.from('0123456789abcdefghij제1조 계약의 목적', 'utf8');
    const meta = (await upload(t, a, bytes, 'range.txt')).json().data;
    const url = `/api/arxive/files/${meta.fileKey}/download/v1`;
    const part = await t.app.inject({ method: 'GET', url, headers: { ...a.headers, range: 'bytes=4-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('456789');
    expect(part.headers['content-range']).toBe(`bytes 4-9/${bytes.length}`);
    expect(part.headers['content-length']).toBe('6');
    const tail = await t.app.inject({ method: 'GET', url, headers: { ...a.headers, range: 'bytes=-3' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 3))).toBe(true);
    const open = await t.app.inject({ method: 'GET', url, headers: { ...a.headers, range: 'bytes=20-' } });
    expect(open.rawPayload.equals(bytes.subarray(20))).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url, headers: { ...a.headers, range: `bytes=${bytes.length}-` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('keeps revisions in order, fetchable by number, each with its own bytes', async () => {
    const first = (await upload(t, a, Buffer.from('첫 번째 판'), '계약.txt')).json().data;
    const url = `/api/arxive/files/${first.fileKey}/v2`;
    const second = await upload(t, a, Buffer.from('두 번째 판'), '계약 v2.txt', {}, url, 'PUT');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.revision).toBe(2);
    const third = await upload(t, a, Buffer.from('세 번째 판'), '계약 v3.txt', {}, url, 'PUT');
    expect(third.json().data).toMatchObject({ revision: 3, displayName: '계약 v3.txt', fileKey: first.fileKey });

    const list = await t.app.inject({ method: 'GET', url: `/api/arxive/files/${first.fileKey}/revisions/v1`, headers: a.headers });
    expect(list.json().data.map((r: { revision: number; displayName: string }) => [r.revision, r.displayName])).toEqual([[1, '계약.txt'], [2, '계약 v2.txt'], [3, '계약 v3.txt']]);
    const byPath = await t.app.inject({ method: 'GET', url: `/api/arxive/files/${first.fileKey}/2/v1`, headers: a.headers });
    expect(byPath.json().data).toMatchObject({ revision: 2, size: Buffer.byteLength('두 번째 판') });
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/arxive/files/${first.fileKey}/revision/v1?revision=1`, headers: a.headers });
    expect(byQuery.json().data).toMatchObject({ revision: 1, displayName: '계약.txt' });
    expect((await t.app.inject({ method: 'GET', url: `/api/arxive/files/${first.fileKey}/revision/v1?revision=9`, headers: a.headers })).statusCode).toBe(404);
    const old = await t.app.inject({ method: 'GET', url: `/api/arxive/files/${first.fileKey}/download/v1?revision=1`, headers: a.headers });
    expect(old.body).toBe('첫 번째 판');
    const current = await t.app.inject({ method: 'GET', url: `/api/arxive/files/${first.fileKey}/download/v1`, headers: a.headers });
    expect(current.body).toBe('세 번째 판');
  });

  it('refuses an oversize body with 413 and keeps no bytes, with and without Content-Length', async () => {
    const ws = await member(t);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX + 1024, 0x20)]);
    const declared = await upload(t, ws, big, 'big.pdf');
    expect(declared.statusCode).toBe(413);
    expect(declared.json().code).toBe('ERROR_FILE_TOO_LARGE');
    // Streamed without a Content-Length: the limit applies to the bytes as they arrive.
    const body = fileBody(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX - 100, 0x20)]), 'big.pdf');
    const padded = Buffer.concat([body.payload.subarray(0, body.payload.length - 60), Buffer.alloc(4096, 0x20), body.payload.subarray(body.payload.length - 60)]);
    const streamed = await t.app.inject({ method: 'POST', url: '/api/arxive/files/v1', headers: { ...ws.headers, ...body.headers }, payload: Readable.from([padded.subarray(0, 1 << 20), padded.subarray(1 << 20)]) });
    expect(streamed.statusCode, streamed.body).toBe(413);
    expect(await objectsOf(t, ws.ws)).toEqual([]);
    expect(await t.services.db.select().from(uploadIntents).where(eq(uploadIntents.tenantId, ws.ws.tenantId))).toEqual([]);
  });

  it('does not let another tenant see, download, change or delete a file (404, row unchanged)', async () => {
    const meta = (await upload(t, a, Buffer.from('기밀 계약'), 'secret.txt')).json().data;
    const b = await member(t);
    const before = await t.services.db.select().from(files).where(eq(files.fileKey, meta.fileKey));
    const base = `/api/arxive/files/${meta.fileKey}`;
    const attempts = [
      { method: 'GET' as const, url: `${base}/v1` },
      { method: 'GET' as const, url: `${base}/download/v1` },
      { method: 'GET' as const, url: `${base}/revisions/v1` },
      { method: 'GET' as const, url: `${base}/1/v1` },
      { method: 'GET' as const, url: `${base}/text/v1` },
      { method: 'DELETE' as const, url: `${base}/v1` },
      { method: 'POST' as const, url: `${base}/v1` },
      { method: 'PUT' as const, url: `${base}/v1`, payload: { displayName: 'stolen.txt' } },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: b.headers });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(ErrorEnvelopeSchema.parse(res.json()).code).toBe('ERROR_NOT_FOUND');
    }
    const revision = await upload(t, b, Buffer.from('덮어쓰기'), 'x.txt', {}, `${base}/v2`, 'PUT');
    expect(revision.statusCode).toBe(404);
    const bulk = await t.app.inject({ method: 'DELETE', url: '/api/arxive/files/v1', headers: b.headers, payload: { fileKeys: [meta.fileKey] } });
    expect(bulk.json().data).toEqual({ deletedCount: 0, notFound: [meta.fileKey] });
    // B's session with A's workspace headers is not a member there.
    expect((await t.app.inject({ method: 'GET', url: `${base}/v1`, headers: workspaceHeaders(a.ws, b.cookie) })).statusCode).toBe(403);
    expect(await t.services.db.select().from(files).where(eq(files.fileKey, meta.fileKey))).toEqual(before);
  });

  it('sweeps the bytes of an upload that crashed after storing them and before its row', async () => {
    const ws = await member(t);
    uploadHooks.afterBytesStored = async () => {
      throw new Error('simulated crash after the bytes were stored');
    };
    try {
      const res = await upload(t, ws, Buffer.from('잃어버린 업로드'), 'lost.txt');
      expect(res.statusCode).toBe(500);
    } finally {
      uploadHooks.afterBytesStored = undefined;
    }
    const intents = await t.services.db.select().from(uploadIntents).where(eq(uploadIntents.tenantId, ws.ws.tenantId));
    expect(intents).toHaveLength(1);
    expect(await objectsOf(t, ws.ws)).toEqual([intents[0]!.storageKey]);
    expect(await t.services.db.select().from(files).where(eq(files.tenantId, ws.ws.tenantId))).toEqual([]);

    if (driver === 'local') {
      // A crash in the middle of a local write leaves a temporary sibling: the sweep takes it too.
      fs.writeFileSync(path.join(t.dataDir, 'files', `${intents[0]!.storageKey}.part-0a1b2c`), 'half');
    }
    await sweepExpiredIntents(t.services, new Date()); // not expired yet: kept
    expect(await objectsOf(t, ws.ws)).toHaveLength(driver === 'local' ? 2 : 1);
    await sweepExpiredIntents(t.services, new Date(Date.now() + t.services.config.files.intentTtlMs + 1000));
    expect(await objectsOf(t, ws.ws)).toEqual([]);
    expect(await t.services.db.select().from(uploadIntents).where(eq(uploadIntents.tenantId, ws.ws.tenantId))).toEqual([]);
  });
});

describe('files (local driver, embedded database)', () => {
  let t: TestApp;
  let a: Member;
  beforeAll(async () => {
    t = await createTestApp({ env: envOf('local') });
    a = await member(t);
  });
  afterAll(() => t.close());
  afterEach(() => {
    uploadHooks.afterBytesStored = undefined;
  });

  it('answers 401 without a session', async () => {
    const body = fileBody(Buffer.from('x'), 'a.txt');
    expect((await t.app.inject({ method: 'POST', url: '/api/arxive/files/v1', headers: { ...workspaceHeaders(a.ws), ...body.headers }, payload: body.payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/arxive/files/v1', headers: workspaceHeaders(a.ws) })).json().code).toBe('ERROR_UNAUTHORIZED');
  });

  it('accepts every allowed type and extracts its text through the job', async () => {
    const cases: Array<{ name: string; bytes: Buffer; type: string; text: RegExp }> = [
      { name: 'nda.docx', bytes: fs.readFileSync(DOCX_TEMPLATE), type: 'docx', text: /Confidential/i },
      { name: 'cuad.pdf', bytes: fs.readFileSync(CUAD_PDF), type: 'pdf', text: /sponsor/i },
      { name: '메모.txt', bytes: Buffer.from('제1조(목적) 이 계약은 손해배상을 정한다.'), type: 'txt', text: /손해배상/ },
      { name: 'mail.eml', bytes: eml('계약 검토 요청', '첨부한 계약서를 검토해 주세요.'), type: 'eml', text: /검토/ },
      { name: '한글.hwpx', bytes: await hwpx('제2조(기간) 계약 기간은 1년으로 한다.'), type: 'hwpx', text: /계약 기간/ },
      { name: 'scan.png', bytes: image('CONTRACT 2026', 'png'), type: 'png', text: /CONTRACT/i },
      { name: 'scan.jpg', bytes: image('AGREEMENT 2026', 'jpeg'), type: 'jpeg', text: /AGREEMENT/i },
      { name: 'scan.tif', bytes: tiff('LICENSE 2026'), type: 'tiff', text: /LICENSE/i },
      { name: 'sheet.xlsx', bytes: await xlsx('매매대금'), type: 'xlsx', text: /매매대금/ },
      { name: 'deck.pptx', bytes: await pptx('발표 자료'), type: 'pptx', text: /발표 자료/ },
      { name: 'bundle.zip', bytes: await plainZip('readme'), type: 'zip', text: /readme/ },
      { name: '메일.msg', bytes: buildMsg({ subject: '계약 검토 요청', body: '검토 부탁드립니다.', senderName: '김변호사' }), type: 'msg', text: /검토 부탁/ },
    ];
    const uploaded = [];
    for (const c of cases) {
      const res = await upload(t, a, c.bytes, c.name);
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(200);
      expect(res.json().data.fileType, c.name).toBe(c.type);
      expect(res.json().data.extraction.status).toBe('PENDING');
      uploaded.push({ ...c, fileKey: res.json().data.fileKey as string });
    }
    for (const c of uploaded) {
      const meta = await extracted(t, a, c.fileKey);
      const text = (await t.app.inject({ method: 'GET', url: `/api/arxive/files/${c.fileKey}/text/v1`, headers: a.headers })).json().data;
      expect(meta.extraction.status, `${c.name}: ${meta.extraction.error}`).toBe('DONE');
      expect(text.pages.length).toBeGreaterThan(0);
      expect(text.pages.map((p: { text: string }) => p.text).join('\n'), c.name).toMatch(c.text);
      expect(text.structure).toHaveProperty('blocks');
    }
    // The extracted text is searchable through the generated bigram column.
    const [hit] = await t.services.db
      .select({ id: fileRevisions.id })
      .from(fileRevisions)
      .where(and(eq(fileRevisions.tenantId, a.ws.tenantId), eq(fileRevisions.workspaceId, a.ws.workspaceId), sqlGrams('손해배상')));
    expect(hit).toBeDefined();
  }, 180_000);

  it('refuses types outside the allow-list and unsafe archives with 415, keeping no bytes', async () => {
    const ws = await member(t);
    const refused: Array<[string, Buffer, string]> = [
      ['setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]), 'UNKNOWN_TYPE'],
      ['image.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'UNKNOWN_TYPE'],
      ['page.html', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'UNKNOWN_TYPE'],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'UNKNOWN_TYPE'],
      ['empty.txt', Buffer.alloc(0), 'UNKNOWN_TYPE'],
      ['bomb.zip', await zipBomb(), 'SUSPICIOUS_RATIO'],
      ['xxe.docx', await xxeDocx(), 'DTD_OR_ENTITY'],
    ];
    for (const [name, bytes, reason] of refused) {
      const res = await upload(t, ws, bytes, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(res.json()).toMatchObject({ code: 'ERROR_UNSUPPORTED_FILE_TYPE', data: { reason } });
    }
    expect(await objectsOf(t, ws.ws)).toEqual([]);
    expect(await t.services.db.select().from(uploadIntents).where(eq(uploadIntents.tenantId, ws.ws.tenantId))).toEqual([]);
  });

  it('stores path-traversal names as harmless display names only', async () => {
    const ws = await member(t);
    const names: Array<[string, string]> = [
      ['../../etc/passwd', 'passwd'],
      ['C:\\x', 'x'],
      ['..\\..\\windows\\win.ini', 'win.ini'],
      ['..', 'file'],
    ];
    for (const [raw, shown] of names) {
      const res = await upload(t, ws, Buffer.from('본문'), 'n.txt', { displayName: raw });
      expect(res.statusCode, raw).toBe(200);
      expect(res.json().data.displayName).toBe(shown);
    }
    const keys = await objectsOf(t, ws.ws);
    expect(keys).toHaveLength(names.length);
    for (const key of keys) expect(key).toMatch(new RegExp(`^t${ws.ws.tenantId}/w${ws.ws.workspaceId}/\\d{4}/\\d{2}/[0-9a-f-]{36}$`));
    expect(fs.existsSync(path.join(t.dataDir, 'etc'))).toBe(false);
  });

  it('refuses control characters and bidi overrides in the text fields and the file name (400 naming the field), keeping nothing', async () => {
    const ws = await member(t);
    const cases: Array<[Record<string, string>, string, string, string]> = [
      [{ displayName: 'a\u0007b.txt' }, 'n.txt', 'body.displayName', 'no control characters'],
      [{ displayName: '계약서\u202excod.exe' }, 'n.txt', 'body.displayName', 'no bidirectional override characters'],
      [{ ['memo\u0000']: 'v' }, 'n.txt', 'body.memo\\u0000', 'no control characters in a key'],
      [{}, 'evil\u0000.txt', 'body.file.filename', 'no control characters'],
      [{}, '계약서\u202etxt.exe', 'body.file.filename', 'no bidirectional override characters'],
    ];
    for (const [fields, filename, field, reason] of cases) {
      const res = await upload(t, ws, Buffer.from('본문'), filename, fields);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ERROR_VALIDATION', data: { fieldErrors: [{ field, reason }] } });
    }
    expect(await objectsOf(t, ws.ws)).toEqual([]);
    expect(await t.services.db.select().from(files).where(eq(files.workspaceId, ws.ws.workspaceId))).toEqual([]);
    expect(await t.services.db.select().from(uploadIntents).where(eq(uploadIntents.workspaceId, ws.ws.workspaceId))).toEqual([]);
    // (A lone surrogate cannot arrive here: multipart is UTF-8 bytes, and undecodable bytes read as U+FFFD.) TAB stays allowed.
    const ok = await upload(t, ws, Buffer.from('본문'), '계약\t서.txt', { displayName: '계약서 최종\t(1).txt' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses an upload past the workspace quota with ERROR_EXCEEDED_STORAGE_LIMIT, keeping no bytes; purging frees space', async () => {
    const ws = await member(t);
    const first = await upload(t, ws, Buffer.alloc(600, 0x41), 'a.txt');
    expect(first.statusCode).toBe(200);
    await t.services.db.update(workspaceStorage).set({ quotaBytes: 1000 }).where(and(eq(workspaceStorage.tenantId, ws.ws.tenantId), eq(workspaceStorage.workspaceId, ws.ws.workspaceId)));
    const over = await upload(t, ws, Buffer.alloc(600, 0x42), 'b.txt');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'ERROR_EXCEEDED_STORAGE_LIMIT', data: { usedBytes: 600, quotaBytes: 1000, requestedBytes: 600 } });
    expect(await objectsOf(t, ws.ws)).toHaveLength(1);

    // Concurrent uploads that each fit but not together: exactly one passes.
    const racers = await Promise.all([upload(t, ws, Buffer.alloc(300, 0x43), 'c.txt'), upload(t, ws, Buffer.alloc(300, 0x44), 'd.txt')]);
    expect(racers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [usage] = await t.services.db.select().from(workspaceStorage).where(eq(workspaceStorage.tenantId, ws.ws.tenantId));
    expect(usage!.usedBytes).toBe(900);

    // Delete (soft): space is held until the purge; after the retention the purge frees it.
    const key = first.json().data.fileKey;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/arxive/files/${key}/v1`, headers: ws.headers })).json().data.isDeleted).toBe(true);
    expect(await purgeDeletedFiles(t.services, new Date())).toBe(0);
    await purgeDeletedFiles(t.services, new Date(Date.now() + t.services.config.files.retentionMs + 1000));
    const [after] = await t.services.db.select().from(workspaceStorage).where(eq(workspaceStorage.tenantId, ws.ws.tenantId));
    expect(after!.usedBytes).toBe(300);
    expect(await objectsOf(t, ws.ws)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/arxive/files/${key}/v1`, headers: ws.headers })).statusCode).toBe(404);
    expect((await upload(t, ws, Buffer.alloc(600, 0x45), 'e.txt')).statusCode).toBe(200);
  });

  it('lets a super admin upload past the quota on files/unlimited/v1, and no one else', async () => {
    const ws = await member(t);
    await t.services.db.insert(workspaceStorage).values({ ...ws.ws, usedBytes: 0, quotaBytes: 10 });
    expect((await upload(t, ws, Buffer.alloc(100, 0x41), 'a.txt')).json().code).toBe('ERROR_EXCEEDED_STORAGE_LIMIT');
    expect((await upload(t, ws, Buffer.alloc(100, 0x41), 'a.txt', {}, '/api/arxive/files/unlimited/v1')).statusCode).toBe(403);
    const admin = await newUser(t, { isSuperAdmin: true });
    const started = await login(t, admin.loginId, admin.password, '/api/auth/login/super-admin/v3');
    const verified = await t.app.inject({
      method: 'POST', url: '/api/auth/login/super-admin/v3/otp/verify',
      headers: { 'x-two-factor-token': started.json().data.twoFactorAuth.token },
      payload: { otp: await lastOtpCode(t, admin.loginId) },
    });
    const superHeaders = workspaceHeaders(ws.ws, cookiesOf(verified));
    const res = await upload(t, { headers: superHeaders }, Buffer.alloc(100, 0x41), 'a.txt', {}, '/api/arxive/files/unlimited/v1');
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/arxive/files/${res.json().data.fileKey}/revisions/v1`, headers: ws.headers })).json().data[0].isQuotaExempt).toBe(true);
    const [usage] = await t.services.db.select().from(workspaceStorage).where(eq(workspaceStorage.tenantId, ws.ws.tenantId));
    expect(usage!.usedBytes).toBe(100);
    const nowhere = await upload(t, { headers: workspaceHeaders({ tenantId: ws.ws.tenantId, workspaceId: 999_999 }, cookiesOf(verified)) }, Buffer.from('x'), 'a.txt', {}, '/api/arxive/files/unlimited/v1');
    expect(nowhere.statusCode).toBe(404);
  });

  it('updates metadata, lists by condition, soft-deletes, restores and bulk-deletes', async () => {
    const ws = await member(t);
    const k1 = (await upload(t, ws, Buffer.from('가'), '임대차 계약서.txt')).json().data.fileKey;
    const k2 = (await upload(t, ws, fs.readFileSync(CUAD_PDF), 'sponsorship.pdf')).json().data.fileKey;
    const k3 = (await upload(t, ws, Buffer.from('다'), '용역 계약서.txt')).json().data.fileKey;

    const nul = await t.app.inject({ method: 'PUT', url: `/api/arxive/files/${k3}/v1`, headers: ws.headers, payload: { displayName: '  용역\u0000 계약서 (최종).txt ' } });
    expect(nul.json()).toMatchObject({ code: 'ERROR_VALIDATION', data: { fieldErrors: [{ field: 'body.displayName', reason: 'no control characters' }] } });
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/arxive/files/${k3}/v1`, headers: ws.headers, payload: { displayName: '  용역 계약서 (최종).txt ' } });
    expect(renamed.json().data).toMatchObject({ displayName: '용역 계약서 (최종).txt', revision: 1 });
    const invalid = await t.app.inject({ method: 'PUT', url: `/api/arxive/files/${k3}/v1`, headers: ws.headers, payload: {} });
    expect(invalid.statusCode).toBe(400);

    const list = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/arxive/files/v1?${q}`, headers: ws.headers })).json().data;
    expect((await list('keyword=계약서')).content.map((f: { fileKey: string }) => f.fileKey).sort()).toEqual([k1, k3].sort());
    expect((await list('fileTypes=pdf')).content.map((f: { fileKey: string }) => f.fileKey)).toEqual([k2]);
    expect((await list('referenceType=CONTRACT&referenceId=42')).totalElements).toBe(0);
    expect((await list(`uploaderIds=${ws.userId}&size=2&page=1`))).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2 });
    expect((await list('sort=displayName,asc')).content[0].displayName).toBe('sponsorship.pdf');
    expect((await list(`createdFrom=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).totalElements).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/arxive/files/v1?size=0&fileTypes=exe', headers: ws.headers })).json().data.fieldErrors.map((e: { field: string }) => e.field).sort()).toEqual(['query.fileTypes', 'query.size']);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/arxive/files/${k1}/v1`, headers: ws.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/arxive/files/${k1}/v1`, headers: ws.headers })).statusCode).toBe(404);
    expect((await list('isDeleted=true')).content.map((f: { fileKey: string }) => f.fileKey)).toEqual([k1]);
    const restored = await t.app.inject({ method: 'POST', url: `/api/arxive/files/${k1}/v1`, headers: ws.headers });
    expect(restored.json().data.isDeleted).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: `/api/arxive/files/${k1}/v1`, headers: ws.headers })).statusCode).toBe(409);

    const bulk = await t.app.inject({ method: 'DELETE', url: '/api/arxive/files/v1', headers: ws.headers, payload: { fileKeys: [k1, k2, 'AAAAAAAAAAAAAAAAAAAAAA'] } });
    expect(bulk.json().data).toEqual({ deletedCount: 2, notFound: ['AAAAAAAAAAAAAAAAAAAAAA'] });
    expect((await list('')).content.map((f: { fileKey: string }) => f.fileKey)).toEqual([k3]);
  });

  it('lets readers read but not upload, and only the uploader or a file admin delete', async () => {
    const ws = await member(t);
    const key = (await upload(t, ws, Buffer.from('원본'), 'a.txt')).json().data.fileKey;
    const reader = await newUser(t, { workspace: ws.ws, roles: ['READER'] });
    const readerHeaders = workspaceHeaders(ws.ws, await signIn(t, reader.loginId));
    expect((await t.app.inject({ method: 'GET', url: `/api/arxive/files/${key}/v1`, headers: readerHeaders })).json().data.abilities).toEqual({ canUpdate: false, canDelete: false });
    expect((await upload(t, { headers: readerHeaders }, Buffer.from('x'), 'x.txt')).statusCode).toBe(403);
    const peer = await newUser(t, { workspace: ws.ws, roles: ['GENERAL_MEMBER'] });
    const peerHeaders = workspaceHeaders(ws.ws, await signIn(t, peer.loginId));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/arxive/files/${key}/v1`, headers: peerHeaders })).statusCode).toBe(403);
    const manager = await newUser(t, { workspace: ws.ws, roles: ['LEGAL_MANAGER'] });
    const managerHeaders = workspaceHeaders(ws.ws, await signIn(t, manager.loginId));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/arxive/files/${key}/v1`, headers: managerHeaders })).statusCode).toBe(200);
  });

  it('runs extraction once per revision even when the job repeats', async () => {
    const ws = await member(t);
    const meta = (await upload(t, ws, Buffer.from('제3조 해지'), 'a.txt')).json().data;
    await extracted(t, ws, meta.fileKey);
    const [revision] = await t.services.db.select().from(fileRevisions).innerJoin(files, eq(files.id, fileRevisions.fileId)).where(eq(files.fileKey, meta.fileKey));
    const { extractRevisionText } = await import('./files.jobs');
    await extractRevisionText(t.services, { tenantId: ws.ws.tenantId, workspaceId: ws.ws.workspaceId, revisionId: revision!.file_revisions.id });
    const text = (await t.app.inject({ method: 'GET', url: `/api/arxive/files/${meta.fileKey}/text/v1`, headers: ws.headers })).json().data;
    expect(text).toMatchObject({ status: 'DONE', pages: [{ pageNumber: 1, status: 'done' }] });
    expect(text.pages).toHaveLength(1);
  });
});

function sqlGrams(word: string) {
  return sql`${fileRevisions.grams} @> ko_bigrams(${word})`;
}
