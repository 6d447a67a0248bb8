import { InvitationSchema, invitationRoutes, roleRequestRoutes } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../platform/mail/mail.table';
import { createTestApp, type TestApp } from '../../../test/harness';
import { auditEvents } from '../../../platform/audit/audit.table';
import { memberships, provisionMembership } from '../../auth';
import { newUser, workspaceHeaders } from '../../auth/auth.test-support';
import {
  adminWorkspace, ageInvitation, invitationRow, invite, lastInvitationToken, type Member, memberOf, newAddress, scopeOf,
} from './invitations.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof adminWorkspace>>;
let other: Awaited<ReturnType<typeof adminWorkspace>>;
let member: Member;

beforeAll(async () => {
  t = await createTestApp();
  home = await adminWorkspace(t);
  other = await adminWorkspace(t);
  member = await memberOf(t, home.ws);
});
afterAll(() => t.close());

const URL = '/api/workspace/invitations/v1';
const post = (url: string, headers: Record<string, string>, payload?: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const fields = (res: { json: () => { data?: { fieldErrors?: Array<{ field: string }> } } }) => res.json().data?.fieldErrors?.map((f) => f.field);

describe('POST /api/workspace/invitations/v1', () => {
  it('401 without a session', async () => {
    const res = await post(URL, workspaceHeaders(home.ws), { loginId: newAddress() });
    expect(res.statusCode).toBe(401);
  });

  it('403 for a general member', async () => {
    const res = await post(URL, member.headers, { loginId: newAddress() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ERROR_FORBIDDEN');
  });

  it('400 naming the bad fields: an address that is no e-mail, ids of another workspace', async () => {
    const bad = await post(URL, home.admin.headers, { loginId: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['body.loginId']);
    const foreign = await post(URL, home.admin.headers, {
      loginId: newAddress(),
      groupId: other.group.id,
      jobPositionIds: [home.positions[0]!.id, other.positions[0]!.id],
      roleIds: [other.ws.roleIds.GENERAL_MEMBER],
    });
    expect(foreign.statusCode).toBe(400);
    expect(fields(foreign)).toEqual(['body.groupId', 'body.jobPositionIds', 'body.roleIds']);
  });

  it('invites with the general member role by default, mails the link (ko/en by X-Locale) and audits', async () => {
    const loginId = newAddress();
    const res = await post(URL, { ...home.admin.headers, 'x-locale': 'en' }, {
      loginId: `  ${loginId.toUpperCase()} `,
      displayName: '새 구성원',
      groupId: home.group.id,
      jobPositionIds: home.positions.map((p) => p.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const invitation = InvitationSchema.parse(res.json().data);
    expect(invitation).toMatchObject({
      loginId,
      displayName: '새 구성원',
      status: 'PENDING',
      expired: false,
      sendCount: 1,
      group: { id: home.group.id, name: '계약검토팀' },
      roles: [{ id: home.ws.roleIds.GENERAL_MEMBER }],
      invitedBy: { userId: home.admin.userId, displayName: '관리자' },
      abilities: { canResend: true, canCancel: true },
    });
    // Positions in display order.
    expect(invitation.jobPositions.map((p) => p.name)).toEqual(['선임', '책임']);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const [mail] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, loginId));
    expect(mail).toMatchObject({ template: 'admin.invitation', locale: 'en', tenantId: home.ws.tenantId });
    expect(mail!.subject).toMatch(/You are invited to ws-/);
    const token = await lastInvitationToken(t, loginId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await invitationRow(t, invitation.id);
    expect(row!.tokenHash).not.toContain(token);

    const [audit] = await t.services.db.select().from(auditEvents).where(and(eq(auditEvents.type, 'invitation.created'), eq(auditEvents.workspaceId, home.ws.workspaceId)));
    expect(audit).toMatchObject({ actorUserId: home.admin.userId, tenantId: home.ws.tenantId });
  });

  it('409 for an active member and for a pending invitation (with its id to resend)', async () => {
    const already = await post(URL, home.admin.headers, { loginId: member.loginId });
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({ code: 'ERROR_CONFLICT', data: { reason: 'ALREADY_MEMBER' } });

    const loginId = newAddress();
    const { invitation } = await invite(t, home.admin, { loginId });
    const again = await post(URL, home.admin.headers, { loginId });
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toMatchObject({ reason: 'ALREADY_INVITED', invitationId: invitation.id });
    // Another workspace may invite the same address.
    expect((await post(URL, other.admin.headers, { loginId })).statusCode).toBe(200);
  });
});

describe('POST /api/workspace/invitations/bulk/v1', () => {
  const BULK = '/api/workspace/invitations/bulk/v1';

  it('401, 403 and 400 naming the bad address', async () => {
    expect((await post(BULK, workspaceHeaders(home.ws), { loginIds: [newAddress()] })).statusCode).toBe(401);
    expect((await post(BULK, member.headers, { loginIds: [newAddress()] })).statusCode).toBe(403);
    const bad = await post(BULK, home.admin.headers, { loginIds: [newAddress(), 'nope'] });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['body.loginIds.1']);
  });

  it('invites several addresses with one setup and lists the members and pending ones it skipped', async () => {
    const pending = newAddress();
    const { invitation } = await invite(t, home.admin, { loginId: pending });
    const fresh = [newAddress(), newAddress()];
    const res = await post(BULK, home.admin.headers, { loginIds: [...fresh, fresh[0], member.loginId, pending], roleIds: [home.ws.roleIds.READER] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.invited.map((i: { loginId: string }) => i.loginId)).toEqual(fresh);
    expect(data.invited[0].roles).toEqual([{ id: home.ws.roleIds.READER, name: expect.any(String) }]);
    expect(data.skipped).toEqual([
      { loginId: member.loginId, reason: 'ALREADY_MEMBER', invitationId: null },
      { loginId: pending, reason: 'ALREADY_INVITED', invitationId: invitation.id },
    ]);
    for (const to of fresh) expect(await lastInvitationToken(t, to)).toBeTruthy();
  });
});

describe('GET /api/workspace/invitations/v1', () => {
  it('401, 403 and 400 for an unknown sort field or status', async () => {
    expect((await get(URL, workspaceHeaders(home.ws))).statusCode).toBe(401);
    expect((await get(URL, member.headers)).statusCode).toBe(403);
    const bad = await get(`${URL}?sort=tokenHash,asc&statuses=DONE`, home.admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)?.sort()).toEqual(['query.sort', 'query.statuses']);
  });

  it('pages 30 by default, filters by status, keyword and the expired flag, and shows only the own workspace', async () => {
    const ws = await adminWorkspace(t);
    const made = [];
    for (const name of ['가', '나', '다']) made.push((await invite(t, ws.admin, { loginId: newAddress(), displayName: `홍${name}` })).invitation);
    await ageInvitation(t, made[0]!.id, { expired: true });
    await post(`${URL.replace('/v1', '')}/${made[1]!.id}/cancel/v1`, ws.admin.headers);

    const all = await get(URL, ws.admin.headers);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ page: 0, size: 30, totalElements: 3, totalPages: 1 });
    expect(all.json().data.content.map((i: { id: number }) => i.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);

    const expired = await get(`${URL}?expired=true`, ws.admin.headers);
    expect(expired.json().data.content).toMatchObject([{ id: made[0]!.id, status: 'PENDING', expired: true }]);
    const live = await get(`${URL}?expired=false&statuses=PENDING`, ws.admin.headers);
    expect(live.json().data.content.map((i: { id: number }) => i.id)).toEqual([made[2]!.id]);
    const canceled = await get(`${URL}?statuses=CANCELED&statuses=ACCEPTED`, ws.admin.headers);
    expect(canceled.json().data.content).toMatchObject([{ id: made[1]!.id, status: 'CANCELED', abilities: { canResend: false, canCancel: false } }]);
    const keyword = await get(`${URL}?keyword=${encodeURIComponent('홍다')}&sort=loginId,asc`, ws.admin.headers);
    expect(keyword.json().data.content.map((i: { id: number }) => i.id)).toEqual([made[2]!.id]);

    const foreign = await get(URL, other.admin.headers);
    expect(foreign.json().data.content.map((i: { id: number }) => i.id)).not.toContain(made[2]!.id);
  });
});

describe('GET /api/workspace/invitations/form-options/v1', () => {
  const OPTIONS = '/api/workspace/invitations/form-options/v1';
  it('401, 403, and the groups, positions and roles of the workspace only', async () => {
    expect((await get(OPTIONS, workspaceHeaders(home.ws))).statusCode).toBe(401);
    expect((await get(OPTIONS, member.headers)).statusCode).toBe(403);
    const res = await get(OPTIONS, home.admin.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.groups).toEqual([{ id: home.group.id, name: '계약검토팀' }]);
    expect(data.jobPositions.map((p: { name: string }) => p.name)).toEqual(['선임', '책임']);
    expect(data.roles.map((r: { id: number }) => r.id)).toContain(home.ws.roleIds.SUPER_MANAGER);
    expect(data.roles.map((r: { id: number }) => r.id)).not.toContain(other.ws.roleIds.SUPER_MANAGER);
    expect(data.defaultRoleIds).toEqual([home.ws.roleIds.GENERAL_MEMBER]);
  });
});

describe('POST /api/workspace/invitations/{id}/resend/v1', () => {
  const resend = (id: number | string) => `/api/workspace/invitations/${id}/resend/v1`;

  it('401, 400 naming the id, 403, and 404 for another workspace with the row unchanged', async () => {
    const { invitation } = await invite(t, home.admin, { loginId: newAddress() });
    await ageInvitation(t, invitation.id);
    expect((await post(resend(invitation.id), workspaceHeaders(home.ws))).statusCode).toBe(401);
    const bad = await post(resend('abc'), home.admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['params.invitationId']);
    expect((await post(resend(invitation.id), member.headers)).statusCode).toBe(403);
    const before = await invitationRow(t, invitation.id);
    const foreign = await post(resend(invitation.id), other.admin.headers);
    expect(foreign.statusCode).toBe(404);
    expect(await invitationRow(t, invitation.id)).toEqual(before);
  });

  it('renews an expired link with a new token (the old one dies), counts the mail and audits', async () => {
    const { invitation, token } = await invite(t, home.admin, { loginId: newAddress() });
    await ageInvitation(t, invitation.id, { expired: true });
    const res = await post(resend(invitation.id), home.admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'PENDING', expired: false, sendCount: 2 });
    const fresh = await lastInvitationToken(t, invitation.loginId);
    expect(fresh).not.toBe(token);
    const preview = (tk: string) => post('/api/workspace/invitations/accept/preview/v1', {}, { token: tk });
    expect((await preview(token)).statusCode).toBe(404);
    expect((await preview(fresh)).json().data).toMatchObject({ loginId: invitation.loginId, expired: false });
    const audits = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'invitation.resent'));
    expect(audits.some((a) => a.data.invitationId === invitation.id)).toBe(true);
  });

  it('429 within a minute of the last mail', async () => {
    const { invitation } = await invite(t, home.admin, { loginId: newAddress() });
    const res = await post(resend(invitation.id), home.admin.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'ERROR_RATE_LIMITED', data: { retryAfterSeconds: expect.any(Number) } });
  });

  it('409 for an accepted or canceled invitation', async () => {
    const loginId = newAddress();
    const { invitation, token } = await invite(t, home.admin, { loginId });
    const accepted = await post('/api/workspace/invitations/accept/v1', {}, { token, name: '수락자', password: 'Brand-new-pass-7' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await ageInvitation(t, invitation.id);
    const res = await post(resend(invitation.id), home.admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toMatchObject({ reason: 'INVITATION_USED', status: 'ACCEPTED' });

    const second = await invite(t, home.admin, { loginId: newAddress() });
    await post(`/api/workspace/invitations/${second.invitation.id}/cancel/v1`, home.admin.headers);
    await ageInvitation(t, second.invitation.id);
    expect((await post(resend(second.invitation.id), home.admin.headers)).json().data.reason).toBe('INVITATION_CANCELED');
  });
});

describe('POST /api/workspace/invitations/{id}/cancel/v1', () => {
  const cancel = (id: number | string) => `/api/workspace/invitations/${id}/cancel/v1`;

  it('401, 400, 403, and 404 for another workspace with the row unchanged', async () => {
    const { invitation } = await invite(t, home.admin, { loginId: newAddress() });
    expect((await post(cancel(invitation.id), workspaceHeaders(home.ws))).statusCode).toBe(401);
    expect(fields(await post(cancel(0), home.admin.headers))).toEqual(['params.invitationId']);
    expect((await post(cancel(invitation.id), member.headers)).statusCode).toBe(403);
    const before = await invitationRow(t, invitation.id);
    expect((await post(cancel(invitation.id), other.admin.headers)).statusCode).toBe(404);
    expect(await invitationRow(t, invitation.id)).toEqual(before);
  });

  it('cancels a pending invitation (its link stops working), audits, and answers 409 the second time', async () => {
    const { invitation, token } = await invite(t, home.admin, { loginId: newAddress() });
    const res = await post(cancel(invitation.id), home.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELED', canceledAt: expect.any(String) });
    const accept = await post('/api/workspace/invitations/accept/v1', {}, { token, name: '늦은 사람', password: 'Brand-new-pass-7' });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().data.reason).toBe('INVITATION_CANCELED');
    const again = await post(cancel(invitation.id), home.admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().data.reason).toBe('INVITATION_CANCELED');
    const [audit] = await t.services.db.select().from(auditEvents).where(eq(auditEvents.type, 'invitation.canceled'));
    expect(audit).toBeTruthy();
    // A new invitation to the same address is possible once the old one is canceled.
    expect((await post(URL, home.admin.headers, { loginId: invitation.loginId })).statusCode).toBe(200);
  });

  it('answers 409 ALREADY_MEMBER for a deactivated member too', async () => {
    const user = await newUser(t);
    await provisionMembership(t.services.db, home.ws, user.userId, { displayName: '휴면', roles: [] });
    await t.services.db.update(memberships).set({ status: 'DEACTIVATED' }).where(and(eq(memberships.userId, user.userId), eq(memberships.workspaceId, scopeOf(home.ws).workspaceId)));
    const res = await post(URL, home.admin.headers, { loginId: user.loginId });
    expect(res.json().data?.reason).toBe('ALREADY_MEMBER');
  });
});

describe('OpenAPI', () => {
  it('documents every invitation and role request route at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    for (const r of [...invitationRoutes, ...roleRequestRoutes]) {
      const operation = doc.paths[r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(operation?.summary, `${r.method} ${r.path}`).toBe(r.summary);
    }
  });
});
