/** Helpers for the contract tests (not a test file itself). */
import { type ContractDetail, ContractDetailSchema, type CreateContractBody, type RoleCode } from '@legal/api';
import { and, asc, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { groupMembers, groups } from '../admin';
import { memberships } from '../auth';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../auth/auth.test-support';
import { fileBody } from '../files/files.test-support';
import { contractBookmarks, contractFiles, contractHashtags, contractReferences, contracts, contractUsers, contractWatchers } from './contracts.table';
import { counterparties } from './counterparties.table';

export type Workspace = Awaited<ReturnType<typeof newWorkspace>>;
export type Person = { userId: number; loginId: string; cookie: string; headers: Record<string, string>; ws: Workspace };
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function person(t: TestApp, ws: Workspace, roles: RoleCode[], displayName?: string): Promise<Person> {
  const user = await newUser(t, { workspace: ws, roles, displayName });
  const cookie = await signIn(t, user.loginId);
  return { userId: user.userId, loginId: user.loginId, cookie, headers: workspaceHeaders(ws, cookie), ws };
}

/** `who` null: the workspace headers without a session. */
export function caller(t: TestApp, fallbackWs: () => Workspace) {
  return (who: Person | null, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? who.headers : workspaceHeaders(fallbackWs()), ...(payload === undefined ? {} : { payload: payload as object }) });
}

export const fieldsOf = (res: { json: () => { data?: { fieldErrors?: Array<{ field: string }> } } }) => res.json().data?.fieldErrors?.map((f) => f.field) ?? [];

export async function createContract(t: TestApp, who: Person, body: Partial<CreateContractBody> & { files?: Array<{ fileKey: string; role?: string }> } = {}): Promise<ContractDetail> {
  const url = body.files ? '/api/alex/contracts/v7' : '/api/alex/contracts/v6';
  const res = await t.app.inject({ method: 'POST', url, headers: who.headers, payload: { title: '물품 공급 계약', contractType: 'SUPPLY', ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return ContractDetailSchema.parse(res.json().data);
}

/** The detail with the files' extraction status blanked: the extraction job finishes whenever it does. */
export function settled(detail: ContractDetail) {
  return { ...detail, files: detail.files.map((f) => ({ ...f, extractionStatus: 'ANY' })) };
}

/** A group of the workspace with these members (as the admin console would make it). */
export async function groupWith(t: TestApp, ws: Workspace, name: string, userIds: number[]): Promise<number> {
  const [group] = await t.services.db.insert(groups).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, name }).returning({ id: groups.id });
  for (const userId of userIds) {
    const [m] = await t.services.db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.workspaceId, ws.workspaceId), eq(memberships.userId, userId)));
    await t.services.db.insert(groupMembers).values({ tenantId: ws.tenantId, workspaceId: ws.workspaceId, groupId: group!.id, membershipId: m!.id });
  }
  return group!.id;
}

export async function uploadFile(t: TestApp, who: Person, bytes: Buffer, name: string): Promise<string> {
  const body = fileBody(bytes, name);
  const res = await t.app.inject({ method: 'POST', url: '/api/arxive/files/v2', headers: { ...who.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fileKey as string;
}

/** Everything stored about one contract, to prove a refused call changed nothing. */
export async function snapshotOf(t: TestApp, contractId: number) {
  const db = t.services.db;
  return {
    contract: await db.select().from(contracts).where(eq(contracts.id, contractId)),
    counterparties: await db.select().from(counterparties).where(eq(counterparties.contractId, contractId)).orderBy(asc(counterparties.id)),
    hashtags: await db.select().from(contractHashtags).where(eq(contractHashtags.contractId, contractId)),
    watchers: await db.select().from(contractWatchers).where(eq(contractWatchers.contractId, contractId)),
    users: await db.select().from(contractUsers).where(eq(contractUsers.contractId, contractId)),
    files: await db.select().from(contractFiles).where(eq(contractFiles.contractId, contractId)),
    references: await db.select().from(contractReferences).where(eq(contractReferences.contractId, contractId)),
    bookmarks: await db.select().from(contractBookmarks).where(eq(contractBookmarks.contractId, contractId)),
  };
}

/**
 * The people of the contract route tests, on a fresh app: in workspace A an owner, a watcher
 * (reader), a stranger, a legal manager and a member without roles; in workspace B an outsider
 * who manages everything there. `call` sends as one of them with workspace A's headers by default.
 */
export async function contractCast() {
  const t = await createTestApp();
  const wsA = await newWorkspace(t);
  const wsB = await newWorkspace(t);
  return {
    t,
    wsA,
    wsB,
    owner: await person(t, wsA, ['GENERAL_MEMBER'], '김민준'),
    watcher: await person(t, wsA, ['READER'], '강하은'),
    stranger: await person(t, wsA, ['GENERAL_MEMBER'], '정도윤'),
    manager: await person(t, wsA, ['LEGAL_MANAGER'], '한지민'),
    outsider: await person(t, wsB, ['SUPER_MANAGER'], '송예린'),
    noRole: await person(t, wsA, [], '무권한'),
    call: caller(t, () => wsA),
  };
}

/** How many contracts (deleted ones too) a workspace holds: proves a refused create wrote none. */
export async function contractCount(t: TestApp, ws: { workspaceId: number }): Promise<number> {
  const [row] = await t.services.db.select({ n: count() }).from(contracts).where(eq(contracts.workspaceId, ws.workspaceId));
  return row?.n ?? 0;
}
