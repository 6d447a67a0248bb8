import { INVITATION_LIMITS, type InvitationConflictReason, type InvitationStatus } from '@legal/api';
import { AppError, conflict, type LocalizedText } from '../../../platform/http/errors';

const DAY_MS = 24 * 3600 * 1000;

interface InvitationState {
  status: InvitationStatus;
  expiresAt: Date;
}

/** PENDING and past its expiry: the link no longer works until a resend renews it. */
export function isInvitationExpired(invitation: InvitationState, now: Date): boolean {
  return invitation.status === 'PENDING' && invitation.expiresAt.getTime() <= now.getTime();
}

export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_LIMITS.expiresInDays * DAY_MS);
}

/** Why the link of an invitation cannot be used now (null: it can). */
export function acceptBlocker(invitation: InvitationState, now: Date): InvitationConflictReason | null {
  if (invitation.status === 'ACCEPTED') return 'INVITATION_USED';
  if (invitation.status === 'CANCELED') return 'INVITATION_CANCELED';
  return isInvitationExpired(invitation, now) ? 'INVITATION_EXPIRED' : null;
}

/** Why an admin cannot resend or cancel an invitation (null: it is pending, expired or not). */
export function finishedBlocker(invitation: InvitationState): InvitationConflictReason | null {
  if (invitation.status === 'ACCEPTED') return 'INVITATION_USED';
  if (invitation.status === 'CANCELED') return 'INVITATION_CANCELED';
  return null;
}

/** Seconds until another mail may go out (0: now). */
export function resendWaitSeconds(lastSentAt: Date, now: Date): number {
  const elapsed = (now.getTime() - lastSentAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(INVITATION_LIMITS.resendIntervalSeconds - elapsed));
}

export function invitationAbilities(invitation: InvitationState, canWrite: boolean) {
  const isPending = invitation.status === 'PENDING';
  return { canResend: canWrite && isPending, canCancel: canWrite && isPending };
}

const CONFLICT_TEXT: Record<InvitationConflictReason, LocalizedText> = {
  INVITATION_EXPIRED: { ko: '초대 링크가 만료되었습니다. 관리자에게 다시 보내 달라고 요청해 주세요.', en: 'The invitation link has expired. Ask an administrator to send it again.' },
  INVITATION_USED: { ko: '이미 수락된 초대입니다.', en: 'This invitation has already been accepted.' },
  INVITATION_CANCELED: { ko: '취소된 초대입니다.', en: 'This invitation has been canceled.' },
  ALREADY_MEMBER: { ko: '이미 워크스페이스 구성원입니다.', en: 'This person is already a member of the workspace.' },
  ALREADY_INVITED: { ko: '대기 중인 초대가 있습니다. 초대 메일을 다시 보내 주세요.', en: 'There is a pending invitation already; resend it instead.' },
  ACCOUNT_EXISTS: { ko: '이 주소의 계정이 이미 있습니다. 로그인한 뒤 수락해 주세요.', en: 'An account with this address exists; sign in to accept.' },
};

/** The 409 of a reason, with its localized message and any extra data. */
export function invitationConflict(reason: InvitationConflictReason, data: Record<string, unknown> = {}): AppError {
  return conflict(CONFLICT_TEXT[reason], { reason, ...data });
}

export function resendTooSoon(retryAfterSeconds: number): AppError {
  return new AppError('ERROR_RATE_LIMITED', {
    message: { ko: '초대 메일은 1분에 한 번만 다시 보낼 수 있습니다.', en: 'An invitation can be resent once a minute.' },
    data: { retryAfterSeconds },
  });
}
