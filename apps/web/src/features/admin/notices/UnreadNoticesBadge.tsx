import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadNoticeCount } from './notice-queries';
import './notices-i18n';

/**
 * The member's unread notice count as a small badge (nothing when all are read), to put beside a
 * link to `/:workspaceName/notices`. Opening a notice or "mark all as read" refreshes it.
 */
export function UnreadNoticesBadge() {
  const { t } = useTranslation('notices');
  const unread = useUnreadNoticeCount();
  const count = unread.data?.unreadCount ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="xs" color="red" variant="filled" circle={count < 10} aria-label={t('unreadCount', { count })}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
