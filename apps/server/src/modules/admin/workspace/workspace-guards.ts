import { conflict } from '../../../platform/http/errors';

/**
 * Lost-update guard: the client names the `updatedAt` it edited; someone else saving since
 * answers 409 instead of silently overwriting their change.
 */
export function assertUnchangedSince(current: Date, expectedUpdatedAt: string | undefined): void {
  if (expectedUpdatedAt === undefined || new Date(expectedUpdatedAt).getTime() === current.getTime()) return;
  throw conflict(
    { ko: '다른 관리자가 먼저 변경했습니다. 새로 불러온 뒤 다시 저장해 주세요.', en: 'Someone else saved a change first. Reload and save again.' },
    { reason: 'STALE', updatedAt: current.toISOString() },
  );
}
