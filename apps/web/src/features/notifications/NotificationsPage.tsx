import { Card, Container, Stack, Switch } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WorkspacePageHeader } from '../../components/WorkspacePageHeader';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ListFooter } from '../../components/ListFooter';
import { LoadingState } from '../../components/LoadingState';
import { UnreadSummary } from '../../components/UnreadSummary';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { NotificationItem } from './NotificationItem';
import { type NotificationFilters, useMarkAllNotificationsRead, useMarkNotificationRead, useMyNotifications, useUnreadNotificationCount } from './notification-queries';
import './notifications-i18n';

const PAGE_PARAM = 'page';
const UNREAD_PARAM = 'unread';

function readFilters(params: URLSearchParams): NotificationFilters {
  const page = Number(params.get(PAGE_PARAM));
  return { page: Number.isSafeInteger(page) && page > 0 ? page : 1, isUnreadOnly: params.get(UNREAD_PARAM) === '1' };
}

function writeFilters(next: NotificationFilters, current: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(current);
  if (next.page > 1) params.set(PAGE_PARAM, String(next.page));
  else params.delete(PAGE_PARAM);
  if (next.isUnreadOnly) params.set(UNREAD_PARAM, '1');
  else params.delete(UNREAD_PARAM);
  return params;
}

function NotificationList({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('notifications');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const query = useMyNotifications(filters);
  const markRead = useMarkNotificationRead();
  const setFilters = (next: NotificationFilters) => setSearchParams((current) => writeFilters(next, current));

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} title={t('loadFailed')} onRetry={() => void query.refetch()} />;
  else if (query.data.content.length === 0) {
    body = filters.isUnreadOnly ? (
      <EmptyState title={t('empty.unreadTitle')} description={t('empty.unreadDescription')} />
    ) : (
      <EmptyState title={t('empty.title')} description={t('empty.description')} />
    );
  } else {
    body = (
      <Stack gap="xs">
        <Stack gap={0} component="ul" aria-label={t('list.caption')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.content.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} workspaceName={workspaceName} onOpen={(opened) => (opened.isRead ? undefined : markRead.mutate(opened.id))} />
            </li>
          ))}
        </Stack>
        <ListFooter
          total={t('total', { count: query.data.totalElements })}
          totalPages={query.data.totalPages}
          page={filters.page - 1}
          onPage={(page) => setFilters({ ...filters, page: page + 1 })}
          pagesLabel={t('list.pagination')}
        />
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('list.caption')}>
      <Stack gap="md">
        <Switch label={t('onlyUnread')} checked={filters.isUnreadOnly} onChange={(event) => setFilters({ page: 1, isUnreadOnly: event.currentTarget.checked })} />
        {body}
      </Stack>
    </Card>
  );
}

function NotificationsScreen({ workspaceName }: { workspaceName: string }) {
  const unread = useUnreadNotificationCount();
  const markAll = useMarkAllNotificationsRead();
  const { t } = useTranslation('notifications');
  useDocumentTitle(`${t('documentTitle')} · ${workspaceName}`);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <WorkspacePageHeader workspaceName={workspaceName} title={t('title')} description={t('description')} aside={<UnreadSummary namespace="notifications" unread={unread} markAll={markAll} />} />
        <NotificationList workspaceName={workspaceName} />
      </Stack>
    </Container>
  );
}

/**
 * `/:workspaceName/notifications`: the member's notifications in this workspace, newest first,
 * each a link to its record (following it marks it read); unread-only and the page live in the
 * address.
 */
export function NotificationsPage() {
  return <WorkspaceGate>{(entry) => <NotificationsScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
