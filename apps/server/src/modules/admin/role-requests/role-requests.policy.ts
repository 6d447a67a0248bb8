import { ROLE_REQUEST_APPROVER_PERMISSION, type RoleRequestConflictReason, type RoleRequestStatus } from '@legal/api';
import { conflict, type LocalizedText } from '../../../platform/http/errors';

export interface RoleRequestActor {
  userId: number;
  permissions: ReadonlySet<string>;
}

export function canDecideRoleRequests(actor: RoleRequestActor): boolean {
  return actor.permissions.has(ROLE_REQUEST_APPROVER_PERMISSION);
}

/** What the actor may do with a request (the UI shows buttons from these). */
export function roleRequestAbilities(actor: RoleRequestActor, request: { status: RoleRequestStatus; requesterUserId: number }) {
  const isPending = request.status === 'PENDING';
  return {
    canDecide: isPending && canDecideRoleRequests(actor),
    canCancel: isPending && request.requesterUserId === actor.userId,
  };
}

const CONFLICT_TEXT: Record<RoleRequestConflictReason, LocalizedText> = {
  ROLE_ALREADY_HELD: { ko: '이미 가지고 있는 역할입니다.', en: 'You hold this role already.' },
  REQUEST_PENDING: { ko: '이 역할에 대한 요청이 이미 대기 중입니다.', en: 'A request for this role is pending already.' },
  REQUEST_NOT_PENDING: { ko: '이미 처리된 요청입니다.', en: 'This request has been decided or canceled already.' },
  REQUESTER_NOT_MEMBER: { ko: '요청자가 더 이상 워크스페이스의 활성 구성원이 아닙니다.', en: 'The requester is no longer an active member of the workspace.' },
};

export function roleRequestConflict(reason: RoleRequestConflictReason, data: Record<string, unknown> = {}) {
  return conflict(CONFLICT_TEXT[reason], { reason, ...data });
}
