/** Helpers for the invitation tests (not a test file itself). */
import type { RoleCode } from '@legal/api';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { newUser, newWorkspace, signIn, unique, workspaceHeaders } from '../../auth/auth.test-support';
import { groups, jobPositions } from '../organization/organization.table';
import { invitations } from './invitations.table';

export type Workspace = Awaited<ReturnType<typeof newWorkspace>>;

/** A signed-in member of a workspace with the given roles, and the headers to act in it. */
export async function memberOf(t: TestApp, ws: Workspace, roles: RoleCode[] = ['GENERAL_MEMBER'], displayName?: string) {
  const user = await newUser(t, { workspace: ws, roles, displayName });
  const cookie = await signIn(t, user.loginId);
  return { ...user, cookie, headers: workspaceHeaders(ws, cookie) };
}

export type Member = Awaited<ReturnType<typeof memberOf>>;

/** A workspace with an admin (workspace.user.write, workspace.role.write), a group and two job positions. */
export async function adminWorkspace(t: TestApp) {
  const ws = await newWorkspace(t);
  const admin = await memberOf(t, ws, ['WORKSPACE_ADMIN'], '관리자');
  const [group] = await t.services.db.insert(groups).values({ ...scopeOf(ws), name: '계약검토팀' }).returning();
  const positions = await t.services.db
    .insert(jobPositions)
    .values([
      { ...scopeOf(ws), name: '책임', displayOrder: 2 },
      { ...scopeOf(ws), name: '선임', displayOrder: 1 },
    ])
    .returning();
  return { ws, admin, group: group!, positions };
}

export const scopeOf = (ws: Workspace) => ({ tenantId: ws.tenantId, workspaceId: ws.workspaceId });

export const newAddress = () => `${unique('invitee-')}@example.kr`;

/** The token of the newest invitation link mailed to an address, read from the dev mailbox as a person (or Playwright) would. */
export async function lastInvitationToken(t: TestApp, to: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/v1?to=${encodeURIComponent(to)}` });
  const mail = (res.json().data.content as Array<{ template: string; text: string; html: string }>).find((m) => m.template === 'admin.invitation');
  const link = mail?.text.match(/\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/)?.[1];
  if (!link || !mail?.html.includes(`token=${link}`)) throw new Error(`no invitation link mailed to ${to}`);
  return decodeURIComponent(link);
}

export async function invitationRow(t: TestApp, invitationId: number) {
  const [row] = await t.services.db.select().from(invitations).where(eq(invitations.id, invitationId));
  return row;
}

/** Moves an invitation's clock: expiry and last mail in the past. */
export async function ageInvitation(t: TestApp, invitationId: number, options: { expired?: boolean } = {}) {
  const past = new Date(Date.now() - 2 * 60_000);
  await t.services.db
    .update(invitations)
    .set({ lastSentAt: past, ...(options.expired ? { expiresAt: past } : {}) })
    .where(eq(invitations.id, invitationId));
}

/** Invites an address through the API and answers the invitation and its link's token. */
export async function invite(t: TestApp, admin: Member, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/workspace/invitations/v1', headers: admin.headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  const invitation = res.json().data as { id: number; loginId: string };
  return { invitation, token: await lastInvitationToken(t, invitation.loginId) };
}
