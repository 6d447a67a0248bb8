import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../auth/auth.test-support';
import { checkZipSafety, inspectZip } from './documents';
import { files, fileRevisions, uploadIntents, workspaceStorage } from './files.table';
import { fileBody, lyingDocx } from './files.test-support';

/** Issue 13 item 5: a DOCX whose directory understates its sizes is refused by what it really inflates to. */
describe('uploads of archives that lie about their sizes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 415 with the zip-safety code, inflating no more than declared, and keeps nothing', async () => {
    const ws = await newWorkspace(t);
    const user = await newUser(t, { workspace: ws });
    const headers = workspaceHeaders(ws, await signIn(t, user.loginId));
    const docx = await lyingDocx();
    expect(docx.bytes.length).toBeLessThan(t.services.config.files.uploadMaxBytes);

    // The directory check passes it; the capped inflation stops at the declared 1 MiB (plus one
    // 64 KiB chunk) of the 64 MiB the entry really holds: that bounds the upload's memory.
    expect(checkZipSafety(docx.bytes)).toEqual({ ok: true });
    const inspection = await inspectZip(docx.bytes, { checkXml: true });
    expect(inspection.verdict).toEqual({ ok: false, reason: 'TOO_LARGE_UNCOMPRESSED' });
    expect(inspection.inflatedBytes).toBeLessThan(docx.declaredBytes + 2 * 1024 * 1024);
    expect(inspection.inflatedBytes).toBeLessThan(docx.realBytes / 8);

    const usedBefore = await usedBytes(t, ws);
    const body = fileBody(docx.bytes, '계약서.docx');
    const res = await t.app.inject({ method: 'POST', url: '/api/arxive/files/v1', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ code: 'ERROR_UNSUPPORTED_FILE_TYPE', data: { reason: 'TOO_LARGE_UNCOMPRESSED', detectedType: 'docx' } });
    expect(res.body).not.toMatch(/mismatch|stack/i);

    const scope = and(eq(files.tenantId, ws.tenantId), eq(files.workspaceId, ws.workspaceId));
    expect(await t.services.db.select().from(files).where(scope)).toEqual([]);
    expect(await t.services.db.select().from(fileRevisions).where(eq(fileRevisions.tenantId, ws.tenantId))).toEqual([]);
    expect(await t.services.db.select().from(uploadIntents).where(eq(uploadIntents.tenantId, ws.tenantId))).toEqual([]);
    const keys: string[] = [];
    for await (const info of t.services.storage.list(`t${ws.tenantId}/`)) keys.push(info.key);
    expect(keys).toEqual([]);
    expect(await usedBytes(t, ws)).toBe(usedBefore);
  }, 60_000);
});

async function usedBytes(t: TestApp, ws: { tenantId: number; workspaceId: number }): Promise<number> {
  const [row] = await t.services.db
    .select({ usedBytes: workspaceStorage.usedBytes })
    .from(workspaceStorage)
    .where(and(eq(workspaceStorage.tenantId, ws.tenantId), eq(workspaceStorage.workspaceId, ws.workspaceId)));
  return Number(row?.usedBytes ?? 0);
}
