import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@legal/api';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort, waitFor } from '../../test/harness';
import { serverSpawner } from '../../test/spawned-server';
import { makePdf, signaturePng } from './esign.test-support';
import { verifySignedPdf } from './pdf';

/**
 * THE KILL -9 TEST: the real server (src/main.ts) is killed with SIGKILL while the finalize job is
 * inside the PDF assembly (ESIGN_TEST_PAUSE_FINALIZE_MS), restarted on the same data, and the
 * envelope completes with exactly one signed PDF, filed once as the contract's executed copy.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field
type Answer = { code: string; data: any };


describe('a kill -9 during the final PDF assembly', () => {
  const servers = serverSpawner();
  afterAll(() => servers.killAll());

  it('restarts and completes the envelope with one signed PDF', { timeout: 1_200_000 }, async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-esign-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, SEED_DEMO: 'true', SEED_DEMO_CONTENT: 'false', JOBS_MAINTENANCE_INTERVAL_SECONDS: '1', ...(database.url ? { DATABASE_URL: database.url } : {}) };
    try {
      const first = servers.start({ ...env, ESIGN_TEST_PAUSE_FINALIZE_MS: '600000' });
      await first.saw('"msg":"ready"');

      // Signed in as the demo member of hanbit, in its workspace.
      let cookie = '';
      const api = async (method: string, url: string, body?: unknown, extra: Record<string, string> = {}) => {
        const isForm = body instanceof FormData;
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { cookie, accept: 'application/json', ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...extra },
          body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        });
        return { status: res.status, json: (await res.json()) as Answer };
      };
      const login = await fetch(`${base}/api/auth/login/v1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ loginId: 'member@hanbit.example', password: DEMO_PASSWORD }) });
      expect(login.status).toBe(200);
      cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const launcher = await api('GET', '/api/auth/launcher/v1');
      const hanbit = launcher.json.data.find((w: { workspaceName: string }) => w.workspaceName === 'hanbit');
      const ws = { 'x-tenant': String(hanbit.tenantId), 'x-workspace': String(hanbit.workspaceId), origin: base };
      const call = (method: string, url: string, body?: unknown) => api(method, url, body, ws);

      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await makePdf(1))], { type: 'application/pdf' }), 'crash.pdf');
      const upload = await call('POST', '/api/arxive/files/v2', form);
      expect(upload.status, JSON.stringify(upload.json)).toBe(200);
      const contract = await call('POST', '/api/alex/contracts/v7', { title: '강제 종료 시험 계약', contractType: 'SUPPLY', files: [{ fileKey: upload.json.data.fileKey, role: 'MAIN' }] });
      expect(contract.status, JSON.stringify(contract.json)).toBe(200);
      const contractId = contract.json.data.id as number;
      expect((await call('POST', `/api/conhub/contracts/${contractId}/workflows/v2`, { presetType: 'SIGNING' })).status).toBe(200);
      const email = `crash-${contractId}@example.com`;
      const created = await call('POST', '/api/esign/envelopes/v1', {
        contractId, signingOrder: 'PARALLEL', expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        parties: [{ name: '홍길동', email, order: 1 }],
        fields: [{ key: 'sig', partyOrder: 1, type: 'SIGNATURE', page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.1 }],
      });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      const envelopeId = created.json.data.envelopeId as number;

      // The signer: the link and the code from the development mailbox.
      const mailbox = async (template: string) => (await api('GET', `/api/dev/mailbox/v1?to=${encodeURIComponent(email)}&size=50`)).json.data.content.find((m: { template: string }) => m.template === template);
      const link = ((await mailbox('esign.sign-request')).text as string).match(/\/sign\/([A-Za-z0-9_-]{43})/)![1]!;
      expect((await api('POST', '/api/esign/signers/email/send/v2', undefined, { 'x-signer-url-token': link })).status).toBe(200);
      const code = ((await mailbox('esign.code')).subject as string).match(/(\d{6})/)![1]!;
      const verified = await api('POST', '/api/esign/signers/email/verify/v2', { code }, { 'x-signer-url-token': link });
      expect(verified.status).toBe(200);
      const signed = await api('PUT', '/api/esign/signers/sign/v1', { signature: { kind: 'DRAWN', pngBase64: (await signaturePng()).toString('base64') }, values: [], agreed: true }, { 'x-signer-token': verified.json.data.signerToken });
      expect(signed.status, JSON.stringify(signed.json)).toBe(200);

      // Killed inside the assembly: nothing completed.
      await first.saw('esign finalize paused');
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));

      const second = servers.start(env);
      await second.saw('"msg":"ready"');
      const login2 = await fetch(`${base}/api/auth/login/v1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ loginId: 'member@hanbit.example', password: DEMO_PASSWORD }) });
      cookie = login2.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const done = await waitFor(async () => {
        const res = await call('GET', `/api/esign/envelopes/${envelopeId}/v1`);
        return res.json.data?.status === 'COMPLETED' ? res.json.data : null;
      }, 400_000, 1000);
      expect(done.signedFileKey).toBeTruthy();

      // One signed PDF: one object under the envelope's folder, one executed revision on the contract.
      const folder = fs.readdirSync(path.join(dataDir, 'files', `t${hanbit.tenantId}`, `w${hanbit.workspaceId}`, 'esign', `e${envelopeId}`));
      expect(folder).toEqual(['signed-r1.pdf']);
      const revisions = await call('GET', `/api/arxive/files/${done.signedFileKey}/revisions/v1`);
      if (revisions.status === 200) expect(revisions.json.data.length).toBe(2);
      const executed = await fetch(`${base}/api/conhub/contracts/${contractId}/documents/executed/download/v1`, { headers: { cookie, ...ws } });
      expect(executed.status).toBe(200);
      const bytes = Buffer.from(await executed.arrayBuffer());
      expect(await verifySignedPdf(bytes)).toMatchObject({ valid: true, coversWholeFile: true });
      const verification = await call('GET', `/api/esign/envelopes/${envelopeId}/verification/v1`);
      expect(verification.json.data).toMatchObject({ chainValid: true, pdfSignatureValid: true, signedSha256Matches: true });
      const events = await call('GET', `/api/esign/envelopes/${envelopeId}/events/v1`);
      expect(events.json.data.filter((e: { type: string }) => e.type === 'COMPLETED')).toHaveLength(1);
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
