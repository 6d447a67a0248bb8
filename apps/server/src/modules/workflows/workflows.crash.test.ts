import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@legal/api';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/client';
import { mailOutbox } from '../../platform/mail/mail.table';
import { createTestDatabase, freePort } from '../../test/harness';
import { serverSpawner } from '../../test/spawned-server';
import { contracts } from '../contracts';
import { workflowEvents, workflows } from './workflows.table';

/**
 * THE KILL -9 TEST of the workflow hub: the real server (src/main.ts) is killed with SIGKILL while
 * an approver's APPROVE is inside its transaction, everything written (workflow, steps, approval,
 * signing row, event, contract status, audit, mails) and nothing committed
 * (WORKFLOW_TEST_PAUSE_ACTION_MS). Restarted on the same database and data directory, the workflow
 * is as it was before the action, and the same action then succeeds exactly once.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field
type Answer = { code: string; data: any };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('a kill -9 during a workflow transition', () => {
  const servers = serverSpawner();
  afterAll(() => servers.killAll());

  it('loses nothing and duplicates nothing: the workflow is as before the action, which then succeeds once', { timeout: 1_200_000 }, async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-workflow-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, SEED_DEMO: 'true', SEED_DEMO_CONTENT: 'false', JOBS_MAINTENANCE_INTERVAL_SECONDS: '1', ...(database.url ? { DATABASE_URL: database.url } : {}) };
    try {
      const first = servers.start({ ...env, WORKFLOW_TEST_PAUSE_ACTION_MS: '600000' });
      await first.saw('"msg":"ready"');

      // Demo members of hanbit, each signed in: the requester and the approver.
      const signIn = async (loginId: string) => {
        const res = await fetch(`${base}/api/auth/login/v1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ loginId, password: DEMO_PASSWORD }) });
        expect(res.status, loginId).toBe(200);
        return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      };
      let ws: Record<string, string> = {};
      const as = (cookie: string) => async (method: string, url: string, body?: unknown) => {
        const isForm = body instanceof FormData;
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { cookie, accept: 'application/json', ...ws, ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
          body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        });
        return { status: res.status, json: (await res.json()) as Answer };
      };
      let member = as(await signIn('member@hanbit.example'));
      const launcher = await member('GET', '/api/auth/launcher/v1');
      const hanbit = launcher.json.data.find((w: { workspaceName: string }) => w.workspaceName === 'hanbit');
      ws = { 'x-tenant': String(hanbit.tenantId), 'x-workspace': String(hanbit.workspaceId), origin: base };
      let approver = as(await signIn('approver@hanbit.example'));

      const approvers = await member('GET', '/api/conhub/users/with-divisions/v1?permission=approval.approval.approve&size=100');
      const approverId = approvers.json.data.find((u: { email: string | null }) => u.email === 'approver@hanbit.example')?.userId as number;
      expect(approverId, JSON.stringify(approvers.json)).toBeTruthy();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'crash.pdf');
      const upload = await member('POST', '/api/arxive/files/v2', form);
      expect(upload.status, JSON.stringify(upload.json)).toBe(200);
      const contract = await member('POST', '/api/alex/contracts/v7', { title: '강제 종료 시험 계약 (결재)', contractType: 'SUPPLY', files: [{ fileKey: upload.json.data.fileKey, role: 'MAIN' }] });
      expect(contract.status, JSON.stringify(contract.json)).toBe(200);
      const contractId = contract.json.data.id as number;
      const wfBase = `/api/conhub/contracts/${contractId}`;
      const started = await member('POST', `${wfBase}/workflows/v2`, { presetType: 'APPROVAL', approvalLines: [{ userIds: [approverId] }] });
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      expect(started.json.data).toMatchObject({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL' });
      const workflowId = started.json.data.workflowId as number;
      const before = (await approver('GET', `${wfBase}/workflows/current/v1`)).json.data;
      const noticesToMember = async () =>
        ((await member('GET', `/api/dev/mailbox/v1?to=${encodeURIComponent('member@hanbit.example')}&size=500`)).json.data.content as Array<{ id: number; template: string; subject: string }>)
          .filter((m) => m.template === 'workflows.notice')
          .map(({ id, subject }) => ({ id, subject }));
      const mailsBefore = await noticesToMember();
      const approve = { stepCode: 'APPROVAL', actionId: 'APPROVE', revision: before.revision, comment: '승인합니다' };

      // The approver approves; the server is killed while the transaction holds every write.
      const inFlight = approver('POST', `${wfBase}/workflows/current/actions/v2`, approve).then(
        (res) => ({ answered: res.status }),
        () => ({ answered: null }),
      );
      await first.saw('workflow action paused');
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      expect(await inFlight).toEqual({ answered: null });

      const second = servers.start(env);
      await second.saw('"msg":"ready"');
      member = as(await signIn('member@hanbit.example'));
      approver = as(await signIn('approver@hanbit.example'));

      // Nothing of the action survived: the workflow, its approval, its signing, the contract, the events, the mails.
      const after = (await approver('GET', `${wfBase}/workflows/current/v1`)).json.data;
      expect(after).toMatchObject({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', revision: before.revision, round: before.round });
      expect(after.steps).toEqual(before.steps);
      expect(after.approval.approvers.map((a: { decision: string }) => a.decision)).toEqual(['PENDING']);
      expect((await member('GET', `${wfBase}/signings/current/v1`)).status).toBe(404);
      expect((await member('GET', `/api/alex/contracts/${contractId}/v6`)).json.data.status).toBe('IN_APPROVAL');
      const eventsAfterRestart = (await member('GET', `/api/conhub/workflows/events/raw/v2?workflowId=${workflowId}&afterEventId=0&size=100`)).json.data as Array<{ type: string; actionId: string | null }>;
      expect(eventsAfterRestart.some((e) => e.actionId === 'APPROVE')).toBe(false);
      expect(await noticesToMember()).toEqual(mailsBefore);

      // The same action again (the same revision): it succeeds, once.
      const redone = await approver('POST', `${wfBase}/workflows/current/actions/v2`, approve);
      expect(redone.status, JSON.stringify(redone.json)).toBe(200);
      expect(redone.json.data).toMatchObject({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', revision: before.revision + 1 });
      expect((await approver('POST', `${wfBase}/workflows/current/actions/v2`, approve)).status).toBe(409);
      expect((await member('GET', `/api/alex/contracts/${contractId}/v6`)).json.data.status).toBe('IN_SIGNING');
      const events = (await member('GET', `/api/conhub/workflows/events/raw/v2?workflowId=${workflowId}&afterEventId=0&size=100`)).json.data as Array<{ type: string; actionId: string | null }>;
      expect(events.filter((e) => e.actionId === 'APPROVE')).toHaveLength(1);
      expect(events).toHaveLength(eventsAfterRestart.length + 1);
      // APPROVE mails the requester the approval and that signing is ready: one mail each.
      const newMails = (await noticesToMember()).filter((m) => !mailsBefore.some((b) => b.id === m.id));
      expect(newMails).toHaveLength(2);
      expect(new Set(newMails.map((m) => m.subject)).size).toBe(2);
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));

      // On the stored rows: a gap-free event log whose last seq the workflow holds, one outbox row per mail, the contract moved once.
      const db = await openDatabase({ url: database.url, dataDir: path.join(dataDir, 'db') });
      try {
        const seqs = (await db.db.select({ seq: workflowEvents.seq }).from(workflowEvents).where(eq(workflowEvents.workflowId, workflowId)).orderBy(asc(workflowEvents.seq))).map((r) => r.seq);
        expect(seqs).toEqual(seqs.map((_, i) => i + 1));
        const [row] = await db.db.select({ lastEventSeq: workflows.lastEventSeq, processStatus: workflows.processStatus }).from(workflows).where(eq(workflows.id, workflowId));
        expect(row).toEqual({ lastEventSeq: seqs.length, processStatus: 'IN_SIGNING' });
        const outbox = await db.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(and(eq(mailOutbox.to, 'member@hanbit.example'), eq(mailOutbox.template, 'workflows.notice')));
        expect(outbox).toHaveLength(mailsBefore.length + 2);
        expect((await db.db.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, contractId)))[0]?.status).toBe('IN_SIGNING');
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
