/** Notifications as the API answers them, for the web tests (not a test file itself). */
import type { InAppNotification } from '@legal/api';

export function notificationOf(over: Partial<InAppNotification> = {}): InAppNotification {
  return {
    id: 1,
    kind: 'workflow.APPROVAL_TURN',
    record: { type: 'CONTRACT', id: 42 },
    title: '물품 공급 계약',
    data: { comment: '검토 완료, 결재 부탁드립니다' },
    actor: { userId: 7, displayName: '이서연' },
    isRead: false,
    readAt: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    ...over,
  };
}

export const pageOf = (content: InAppNotification[], over: { page?: number; size?: number; totalElements?: number; totalPages?: number } = {}) => ({
  content, page: 0, size: 20, totalElements: content.length, totalPages: content.length > 0 ? 1 : 0, ...over,
});
