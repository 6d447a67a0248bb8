import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../platform/audit/audit.table';
import { workspaces } from '../../auth';
import { createTestApp, type TestApp, waitFor } from '../../../test/harness';
import { fileBody } from '../../files/files.test-support';
import { workspaceDeletionRequests } from './deletion-requests.table';
import { tenantOwnedTables, tenantTableScope } from './tenant-tables';
import { purgeDueWorkspaces, purgeWorkspace, storagePrefixOf } from './workspace-purge';
import { type Caller, callerIn, scopeOf, superAdminCookie, type Workspace } from './workspace.test-support';

let t: TestApp;
beforeAll(async () => {
  // No grace period: an approval books a purge that is due at once, and the job runs it.
  t = await createTestApp({ env: { WORKSPACE_DELETION_GRACE_DAYS: '0' } });
});
afterAll(() => t.close());

const DAY_MS = 24 * 3600 * 1000;

async function upload(who: Caller, text: string, name: string, url = '/api/arxive/files/v1', method: 'POST' | 'PUT' = 'POST'): Promise<string> {
  const body = fileBody(Buffer.from(text), name);
  const res = await t.app.inject({ method, url, headers: { ...who.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  const fileKey = res.json().data.fileKey as string;
  // Extraction done: file_pages has its rows too, and no job is left touching them.
  await waitFor(async () => (await t.app.inject({ method: 'GET', url: `/api/arxive/files/${fileKey}/v1`, headers: who.headers })).json().data.extraction.status !== 'PENDING', 60_000, 200);
  return fileKey;
}

/** A workspace with people, roles, an API key, files (one with two revisions) and their bytes. */
async function populated(): Promise<{ admin: Caller; member: Caller; fileKey: string }> {
  const admin = await callerIn(t, null, ['SUPER_MANAGER']);
  const member = await callerIn(t, admin.ws, ['GENERAL_MEMBER']);
  const fileKey = await upload(member, '제1조 목적', '계약서.txt');
  await upload(member, '제1조 목적 (개정)', '계약서 v2.txt', `/api/arxive/files/${fileKey}/v2`, 'PUT');
  await upload(admin, '회의록', '회의록.txt');
  await t.app.inject({ method: 'POST', url: '/api/auth/api-keys/v1', headers: admin.headers, payload: { name: '연동' } });
  return { admin, member, fileKey };
}

/** Rows of the workspace in every tenant-owned table, by table name (zeros left out). */
async function rowCounts(ws: Workspace): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tenantOwnedTables(t.services.modules)) {
    const [row] = await t.services.db.select({ n: count() }).from(table.table).where(tenantTableScope(table, scopeOf(ws)));
    if (Number(row?.n) > 0) counts[table.name] = Number(row?.n);
  }
  return counts;
}

async function objectsOf(ws: Workspace): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.services.storage.list(storagePrefixOf(scopeOf(ws)))) keys.push(object.key);
  return keys;
}

/** An APPROVED request due at `purgeAfter`, written directly (no purge job booked). */
async function approvedRequest(ws: Workspace, purgeAfter: Date): Promise<number> {
  const [row] = await t.services.db
    .insert(workspaceDeletionRequests)
    .values({ ...scopeOf(ws), reason: '정리', status: 'APPROVED', decidedAt: new Date(), purgeAfter })
    .returning({ id: workspaceDeletionRequests.id });
  return row!.id;
}

const statusOf = async (requestId: number) => (await t.services.db.select().from(workspaceDeletionRequests).where(eq(workspaceDeletionRequests.id, requestId)))[0]!;
const deletedAtOf = async (ws: Workspace) => (await t.services.db.select({ deletedAt: workspaces.deletedAt }).from(workspaces).where(eq(workspaces.id, ws.workspaceId)))[0]!.deletedAt;

describe('walking the schema', () => {
  it('finds every tenant-owned table, children before the tables they reference', () => {
    const names = tenantOwnedTables(t.services.modules).map((table) => table.name);
    expect(names).toEqual(expect.arrayContaining(['memberships', 'roles', 'membership_roles', 'files', 'file_revisions', 'file_pages', 'workspace_storage', 'workspace_deletion_requests']));
    expect(names).not.toContain('audit_events');
    expect(names).not.toContain('workspaces');
    for (const [child, parent] of [['file_pages', 'file_revisions'], ['file_revisions', 'files'], ['membership_roles', 'memberships'], ['membership_roles', 'roles'], ['group_members', 'groups']]) {
      expect(names.indexOf(child!), `${child} before ${parent}`).toBeLessThan(names.indexOf(parent!));
    }
  });
});

describe('purging an approved workspace', () => {
  it('runs as a job once due: rows and bytes gone, the other workspace untouched, the audit kept, the workspace closed', async () => {
    const doomed = await populated();
    const kept = await populated();
    const keptRows = await rowCounts(kept.admin.ws);
    const keptObjects = await objectsOf(kept.admin.ws);
    expect(keptObjects).toHaveLength(3);
    expect(Object.keys(await rowCounts(doomed.admin.ws))).toEqual(expect.arrayContaining(['memberships', 'files', 'file_revisions', 'file_pages', 'api_keys', 'workspace_storage']));

    const asked = await t.app.inject({ method: 'POST', url: '/api/workspace/deletion-requests/v1', headers: doomed.admin.headers, payload: { reason: '폐업' } });
    const requestId = asked.json().data.id as number;
    const { cookie } = await superAdminCookie(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workspace/super-admin/deletion-requests/${requestId}/approve/v1`, headers: { cookie }, payload: {} })).statusCode).toBe(200);
    await waitFor(async () => (await statusOf(requestId)).status === 'PURGED', 30_000, 200);

    expect(await rowCounts(doomed.admin.ws)).toEqual({ workspace_deletion_requests: 1 });
    expect(await objectsOf(doomed.admin.ws)).toEqual([]);
    expect(await deletedAtOf(doomed.admin.ws)).toBeInstanceOf(Date);
    expect((await statusOf(requestId)).purgedAt).toBeInstanceOf(Date);
    const audit = await t.services.db.select({ type: auditEvents.type, data: auditEvents.data }).from(auditEvents).where(eq(auditEvents.workspaceId, doomed.admin.ws.workspaceId));
    expect(audit.map((a) => a.type)).toEqual(expect.arrayContaining(['file.uploaded', 'workspace.deletion_requested', 'workspace.deletion_approved', 'workspace.purged']));
    expect(audit.find((a) => a.type === 'workspace.purged')?.data).toMatchObject({ requestId, deletedObjects: 3, deletedRows: expect.objectContaining({ files: 2, file_revisions: 3, memberships: 2 }) });

    // Gone from the launcher; its routes answer 403 to its former members.
    for (const who of [doomed.admin, doomed.member]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/launcher/v1', headers: { cookie: who.cookie } })).json().data).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: who.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/arxive/files/${doomed.fileKey}/v1`, headers: who.headers })).statusCode).toBe(403);
    }

    // The other workspace has every row and byte, and its files still download.
    expect(await rowCounts(kept.admin.ws)).toEqual(keptRows);
    expect(await objectsOf(kept.admin.ws)).toEqual(keptObjects);
    const download = await t.app.inject({ method: 'GET', url: `/api/arxive/files/${kept.fileKey}/download/v1`, headers: kept.member.headers });
    expect(download.body).toBe('제1조 목적 (개정)');

    // Running it again does nothing.
    expect(await purgeWorkspace(t.services, requestId)).toBe(false);
    expect(await purgeDueWorkspaces(t.services)).toBe(0);
    expect(await rowCounts(kept.admin.ws)).toEqual(keptRows);
  });

  it('leaves a request alone until its grace period is over', async () => {
    const { admin } = await populated();
    const now = new Date();
    const requestId = await approvedRequest(admin.ws, new Date(now.getTime() + DAY_MS));
    const before = await rowCounts(admin.ws);
    expect(await purgeWorkspace(t.services, requestId, now)).toBe(false);
    await purgeDueWorkspaces(t.services, now);
    expect(await rowCounts(admin.ws)).toEqual(before);
    expect(await deletedAtOf(admin.ws)).toBeNull();

    await purgeDueWorkspaces(t.services, new Date(now.getTime() + 2 * DAY_MS));
    expect((await statusOf(requestId)).status).toBe('PURGED');
    expect(await rowCounts(admin.ws)).toEqual({ workspace_deletion_requests: 1 });
  });

  it('finishes after a crash half-way: the workspace is closed at once, and a re-run completes', async () => {
    const { admin, member } = await populated();
    const requestId = await approvedRequest(admin.ws, new Date(Date.now() - 1000));
    const realDelete = t.services.storage.delete.bind(t.services.storage);
    let deletes = 0;
    t.services.storage.delete = async (key: string) => {
      if (++deletes > 1) throw new Error('storage went away');
      await realDelete(key);
    };
    try {
      await expect(purgeWorkspace(t.services, requestId)).rejects.toThrow('storage went away');
    } finally {
      t.services.storage.delete = realDelete;
    }
    expect((await statusOf(requestId)).status).toBe('APPROVED');
    expect(await deletedAtOf(admin.ws)).toBeInstanceOf(Date);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/theme/v1', headers: member.headers })).statusCode).toBe(403);
    expect(await objectsOf(admin.ws)).toHaveLength(2);
    expect((await rowCounts(admin.ws)).files).toBe(2);

    await purgeDueWorkspaces(t.services);
    expect((await statusOf(requestId)).status).toBe('PURGED');
    expect(await rowCounts(admin.ws)).toEqual({ workspace_deletion_requests: 1 });
    expect(await objectsOf(admin.ws)).toEqual([]);
    expect(await purgeWorkspace(t.services, requestId)).toBe(false);
  });
});
