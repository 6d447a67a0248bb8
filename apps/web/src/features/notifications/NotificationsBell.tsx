import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { IconBell } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { NotificationItem } from './NotificationItem';
import { notificationsPath } from './notification-links';
import { useLatestNotifications, useMarkAllNotificationsRead, useMarkNotificationRead, useUnreadNotificationCount } from './notification-queries';
import './notifications-i18n';

/** The popover's content: the newest notifications, mark all read, and the way to the full page. */
function LatestNotifications({ workspaceName, unreadCount, onClose }: { workspaceName: string; unreadCount: number; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const latest = useLatestNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  let body;
  if (latest.isPending) body = <LoadingState />;
  else if (latest.isError) body = <ErrorState error={latest.error} title={t('loadFailed')} onRetry={() => void latest.refetch()} />;
  else if (latest.data.content.length === 0) body = <EmptyState title={t('empty.title')} description={t('empty.description')} />;
  else {
    body = (
      <ScrollArea.Autosize mah={420} type="auto" scrollbars="y">
        <Stack gap={0} component="ul" aria-label={t('latest')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {latest.data.content.map((n) => (
            <li key={n.id}>
              <NotificationItem
                notification={n}
                workspaceName={workspaceName}
                onOpen={(opened) => {
                  if (!opened.isRead) markRead.mutate(opened.id);
                  onClose();
                }}
              />
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{t('title')}</Text>
        {unreadCount > 0 ? (
          <Button size="compact-xs" variant="subtle" loading={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('markAllRead')}
          </Button>
        ) : null}
      </Group>
      <Divider />
      {body}
      <Divider />
      <Anchor component={Link} to={notificationsPath(workspaceName)} onClick={onClose} size="sm" ta="center">
        {t('viewAll')}
      </Anchor>
    </Stack>
  );
}

/**
 * The header's notifications inside a workspace: a bell with the unread count (polled every
 * minute and on focus) that opens the newest notifications, each a link to its record.
 */
export function NotificationsBell({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('notifications');
  const [isOpen, popover] = useDisclosure(false);
  const unread = useUnreadNotificationCount();
  const count = unread.data?.unreadCount ?? 0;
  const label = count > 0 ? t('bellUnread', { count }) : t('bell');
  return (
    <Tooltip label={label} withArrow disabled={isOpen}>
      <Indicator disabled={count === 0} label={count > 99 ? '99+' : count} size={16} color="red" offset={4} inline>
        <Popover opened={isOpen} onChange={(opened) => (opened ? popover.open() : popover.close())} width={380} position="bottom-end" shadow="md" withArrow trapFocus>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={popover.toggle} data-testid="notifications-bell">
              <IconBell size={20} aria-hidden="true" />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown aria-label={t('latest')}>
            {isOpen ? <LatestNotifications workspaceName={workspaceName} unreadCount={count} onClose={popover.close} /> : null}
          </Popover.Dropdown>
        </Popover>
      </Indicator>
    </Tooltip>
  );
}
