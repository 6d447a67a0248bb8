import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconSpeakerphone } from './notice-icons';
import { useUnreadNoticeCount } from './notice-queries';
import './notices-i18n';

/**
 * The header's notices entry inside a workspace (a megaphone; the bell is the member's own
 * notifications): the notices page, with the member's unread count as a dot and in the accessible name.
 */
export function NoticesBell({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('notices');
  const unread = useUnreadNoticeCount();
  const count = unread.data?.unreadCount ?? 0;
  const label = count > 0 ? t('nav.bellUnread', { count }) : t('nav.bell');
  return (
    <Tooltip label={label} withArrow>
      <Indicator disabled={count === 0} label={count > 99 ? '99+' : count} size={16} color="red" offset={4} inline>
        <ActionIcon
          component={Link}
          to={`/${encodeURIComponent(workspaceName)}/notices`}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          data-testid="notices-bell"
        >
          <IconSpeakerphone size={20} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
