import type { AcceptedInvitation, AcceptInvitationBody, InvitationPreview } from '@legal/api';
import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError, notFound, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { findUserForLogin, hashPassword, hashToken, type IssuedSession, issueSession, passwordProblems } from '../../auth';
import { acceptBlocker, invitationConflict, isInvitationExpired } from './invitations.policy';
import * as repo from './invitations.repo';
import { invitations } from './invitations.table';
import { insertAccount, insertMembership } from './membership-join';

type Services = Pick<AppServices, 'db'>;

async function invitationOfToken(services: Services, token: string): Promise<repo.InvitationWithWorkspace> {
  const found = await repo.unscopedFindInvitationByTokenHash(services.db, hashToken(token));
  if (!found) throw notFound();
  return found;
}

const scopeOf = (invitation: repo.InvitationRow): TenantScope => ({ tenantId: invitation.tenantId, workspaceId: invitation.workspaceId });

function signedInAs(ctx: RequestContext, inviteeUserId: number | undefined): InvitationPreview['signedInAs'] {
  if (ctx.principal?.kind !== 'user') return 'NONE';
  return ctx.principal.userId === inviteeUserId ? 'INVITEE' : 'OTHER';
}

/** What the accept page shows for a link's token. */
export async function previewInvitation(services: Services, ctx: RequestContext, token: string): Promise<InvitationPreview> {
  const { invitation, workspace } = await invitationOfToken(services, token);
  const [user, inviters] = await Promise.all([
    findUserForLogin(services.db, invitation.loginId),
    repo.memberNames(services.db, scopeOf(invitation), invitation.invitedByUserId ? [invitation.invitedByUserId] : []),
  ]);
  return {
    workspaceName: workspace.name,
    tenantName: workspace.tenantName,
    loginId: invitation.loginId,
    displayName: invitation.displayName,
    invitedByName: invitation.invitedByUserId ? (inviters.get(invitation.invitedByUserId) ?? null) : null,
    status: invitation.status,
    expired: isInvitationExpired(invitation, new Date()),
    expiresAt: invitation.expiresAt.toISOString(),
    hasAccount: user !== null,
    signedInAs: signedInAs(ctx, user?.id),
    requiresSignIn: workspace.isTwoFactorRequired,
  };
}

/** Who accepts: the signed-in owner of the address, or a new account (name and password checked and hashed up front). */
type Acceptor = { kind: 'existing'; userId: number; name: string } | { kind: 'new'; name: string; passwordHash: string };

async function acceptorOf(ctx: RequestContext, { loginId, displayName }: Pick<repo.InvitationRow, 'loginId' | 'displayName'>, body: AcceptInvitationBody, services: Services): Promise<Acceptor> {
  const principal = ctx.principal?.kind === 'user' ? ctx.principal : null;
  if (principal?.impersonatorUserId !== undefined) throw new AppError('ERROR_FORBIDDEN', { data: { reason: 'IMPERSONATED' } });
  const user = await findUserForLogin(services.db, loginId);
  if (user) {
    if (!principal) {
      throw new AppError('ERROR_UNAUTHORIZED', {
        message: { ko: '초대받은 계정으로 로그인한 뒤 수락해 주세요.', en: 'Sign in as the invited account to accept.' },
        data: { reason: 'SIGN_IN_REQUIRED' },
      });
    }
    if (principal.userId !== user.id) {
      throw new AppError('ERROR_FORBIDDEN', {
        message: { ko: '초대받은 계정이 아닌 다른 계정으로 로그인되어 있습니다.', en: 'You are signed in as another account than the invited one.' },
        data: { reason: 'WRONG_ACCOUNT' },
      });
    }
    return { kind: 'existing', userId: user.id, name: user.name };
  }
  const problems: Array<{ field: string; reason: string }> = [];
  if (!body.name) problems.push({ field: 'body.name', reason: 'required to create the account' });
  if (!body.password) problems.push({ field: 'body.password', reason: 'required to create the account' });
  else for (const reason of await passwordProblems(body.password, { loginId, names: [body.name, displayName] })) problems.push({ field: 'body.password', reason });
  if (problems.length > 0 || !body.name || !body.password) throw validationError(problems);
  return { kind: 'new', name: body.name, passwordHash: await hashPassword(body.password) };
}

/**
 * Takes the invitation for this acceptance: PENDING, unexpired and still carrying this token.
 * The row lock makes a second acceptance of the same link wait and then find it ACCEPTED.
 */
async function claim(tx: Tx, invitation: repo.InvitationRow, tokenHash: string, now: Date): Promise<void> {
  const scope = scopeOf(invitation);
  const [claimed] = await tx
    .update(invitations)
    .set({ status: 'ACCEPTED', acceptedAt: now, updatedAt: now })
    .where(and(inScope(invitations, scope), eq(invitations.id, invitation.id), eq(invitations.tokenHash, tokenHash), eq(invitations.status, 'PENDING'), gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  if (claimed) return;
  const current = await repo.findInvitation(tx, scope, invitation.id);
  if (!current || current.tokenHash !== tokenHash) throw notFound(); // resent meanwhile: this link is dead
  throw invitationConflict(acceptBlocker(current, now) ?? 'INVITATION_USED');
}

/**
 * Joins the workspace with a link's token: one transaction claims the invitation, creates the
 * account (sign-up) when there is none, the ACTIVE membership with the invited roles, group and
 * positions, and (for a new account, unless the workspace requires two-factor sign-in) a session.
 */
export async function acceptInvitation(
  services: Services,
  ctx: RequestContext,
  body: AcceptInvitationBody,
): Promise<{ data: AcceptedInvitation; session: IssuedSession | null }> {
  const tokenHash = hashToken(body.token);
  const { invitation, workspace } = await invitationOfToken(services, body.token);
  const blocker = acceptBlocker(invitation, new Date());
  if (blocker) throw invitationConflict(blocker);
  const acceptor = await acceptorOf(ctx, invitation, body, services);
  const scope = scopeOf(invitation);
  return services.db.transaction(async (tx) => {
    const now = new Date();
    await claim(tx, invitation, tokenHash, now);
    const userId =
      acceptor.kind === 'existing'
        ? acceptor.userId
        : await insertAccount(tx, { loginId: invitation.loginId, name: acceptor.name, passwordHash: acceptor.passwordHash, locale: ctx.locale, passwordMaxAgeDays: workspace.passwordMaxAgeDays }, now);
    if (userId === null) throw invitationConflict('ACCOUNT_EXISTS');
    const setup = { displayName: invitation.displayName ?? acceptor.name, groupId: invitation.groupId, jobPositionIds: invitation.jobPositionIds, roleIds: invitation.roleIds };
    const membershipId = await insertMembership(tx, scope, userId, setup, now);
    if (membershipId === null) throw invitationConflict('ALREADY_MEMBER');
    await tx.update(invitations).set({ acceptedUserId: userId }).where(and(inScope(invitations, scope), eq(invitations.id, invitation.id)));
    const isNewAccount = acceptor.kind === 'new';
    await recordAudit(
      tx,
      { type: 'invitation.accepted', data: { invitationId: invitation.id, loginId: invitation.loginId, membershipId, isNewAccount } },
      { ...auditMetaOf(ctx, userId), ...scope },
    );
    const session = isNewAccount && !workspace.isTwoFactorRequired ? await signInNewAccount(tx, ctx, userId, workspace.sessionIdleMinutes, now) : null;
    return {
      data: { ...scope, workspaceName: workspace.name, userId, isNewAccount, isSignedIn: !isNewAccount || session !== null },
      session,
    };
  });
}

/** The link proved the mailbox and the password was just chosen: the new member starts signed in. */
async function signInNewAccount(tx: Tx, ctx: RequestContext, userId: number, idleMinutes: number, now: Date): Promise<IssuedSession> {
  const session = await issueSession(tx, { userId, kind: 'USER', method: 'PASSWORD', idleTimeoutSeconds: idleMinutes * 60 }, ctx, now);
  await recordAudit(tx, { type: 'session.signed_in', data: { sessionId: session.sessionId, method: 'PASSWORD', isSuperAdmin: false } }, auditMetaOf(ctx, userId));
  return session;
}
