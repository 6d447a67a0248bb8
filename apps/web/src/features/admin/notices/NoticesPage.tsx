import { type MemberNotice } from '@legal/api';
import { Badge, Card, Container, Group, Modal, Pagination, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WorkspacePageHeader } from '../../../components/WorkspacePageHeader';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { UnreadSummary } from '../../../components/UnreadSummary';
import { useFormatDateTime } from '../../../lib/i18n';
import { WorkspaceGate } from '../../workspaces/WorkspaceGate';
import { NoticeContent } from './NoticeContent';
import { NoticeFilterBar } from './NoticeFilterBar';
import { IconPin } from './notice-icons';
import { useMarkAllNoticesRead, useMyNotice, useMyNotices, useUnreadNoticeCount } from './notice-queries';
import { hasNoticeFilters, readNoticeFilters, writeNoticeFilters, type NoticeFilters } from './notices-search-params';
import { NoticeTypeBadge } from './NoticeTypeBadge';
import './notices-i18n';

const NOTICE_PARAM = 'notice';

function Byline({ notice }: { notice: Pick<MemberNotice, 'creatorName' | 'createdAt'> }) {
  const { t } = useTranslation('notices');
  const formatDateTime = useFormatDateTime();
  return (
    <Text size="xs" c="dimmed">
      {t('byline', { name: notice.creatorName ?? t('unknownCreator'), date: formatDateTime(notice.createdAt) })}
    </Text>
  );
}

function NoticeRow({ notice, onOpen }: { notice: MemberNotice; onOpen: () => void }) {
  const { t } = useTranslation('notices');
  return (
    <UnstyledButton onClick={onOpen} aria-label={t('open', { title: notice.title })} p="sm" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          {notice.isPinned ? <IconPin size={16} aria-label={t('pinned')} color="var(--mantine-color-orange-6)" /> : null}
          <NoticeTypeBadge noticeType={notice.noticeType} />
          <Text fw={notice.isRead ? 400 : 700} truncate>
            {notice.title}
          </Text>
          {notice.isRead ? null : (
            <Badge size="xs" color="red" variant="filled" style={{ flexShrink: 0 }}>
              {t('unread')}
            </Badge>
          )}
        </Group>
        <Byline notice={notice} />
      </Stack>
    </UnstyledButton>
  );
}

/** The open notice: loading it marks it read. */
function NoticeDetail({ noticeId, onClose }: { noticeId: number | null; onClose: () => void }) {
  const { t } = useTranslation('notices');
  const query = useMyNotice(noticeId);
  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    body = (
      <Stack gap="md">
        <Group gap="xs">
          {query.data.isPinned ? <Badge color="orange" variant="light" leftSection={<IconPin size={12} aria-hidden="true" />}>{t('pinned')}</Badge> : null}
          <NoticeTypeBadge noticeType={query.data.noticeType} />
          <Byline notice={query.data} />
        </Group>
        <NoticeContent body={query.data.body} attachments={query.data.attachments} />
      </Stack>
    );
  }
  return (
    <Modal opened={noticeId !== null} onClose={onClose} size="lg" title={query.data?.title ?? t('title')} closeButtonProps={{ 'aria-label': t('close') }}>
      {body}
    </Modal>
  );
}

function NoticeList() {
  const { t } = useTranslation('notices');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readNoticeFilters(searchParams);
  const openParam = Number(searchParams.get(NOTICE_PARAM));
  const openId = Number.isSafeInteger(openParam) && openParam > 0 ? openParam : null;
  const query = useMyNotices(filters);

  const setFilters = (next: NoticeFilters) => setSearchParams((current) => writeNoticeFilters(next, current));
  const setOpen = (noticeId: number | null) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (noticeId === null) params.delete(NOTICE_PARAM);
      else params.set(NOTICE_PARAM, String(noticeId));
      return params;
    });

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.content.length === 0) {
    body = hasNoticeFilters(filters) ? (
      <EmptyState title={t('empty.filteredTitle')} description={t('empty.filteredDescription')} />
    ) : (
      <EmptyState title={t('empty.title')} description={t('empty.description')} />
    );
  } else {
    body = (
      <Stack gap="xs">
        <Stack gap={0} component="ul" aria-label={t('list.caption')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.content.map((notice) => (
            <li key={notice.id}>
              <NoticeRow notice={notice} onOpen={() => setOpen(notice.id)} />
            </li>
          ))}
        </Stack>
        {query.data.totalPages > 1 ? (
          <Group justify="center">
            <Pagination total={query.data.totalPages} value={filters.page} onChange={(page) => setFilters({ ...filters, page })} aria-label={t('list.pagination')} />
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('list.caption')}>
      <Stack gap="md">
        <NoticeFilterBar filters={filters} onChange={setFilters} withUnreadSwitch />
        {body}
      </Stack>
      <NoticeDetail noticeId={openId} onClose={() => setOpen(null)} />
    </Card>
  );
}

function NoticesScreen({ workspaceName }: { workspaceName: string }) {
  const unread = useUnreadNoticeCount();
  const markAll = useMarkAllNoticesRead();
  const { t } = useTranslation('notices');
  useDocumentTitle(`${t('documentTitle')} · ${workspaceName}`);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <WorkspacePageHeader workspaceName={workspaceName} title={t('title')} description={t('description')} aside={<UnreadSummary namespace="notices" unread={unread} markAll={markAll} />} />
        <NoticeList />
      </Stack>
    </Container>
  );
}

/**
 * `/:workspaceName/notices`: the notices of a workspace for every member, pinned first, with the
 * member's unread ones marked. `?notice=<id>` opens one (which marks it read); filters and page
 * live in the address.
 */
export function NoticesPage() {
  return <WorkspaceGate>{(entry) => <NoticesScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
