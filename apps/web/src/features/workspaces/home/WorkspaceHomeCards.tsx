import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDateTime } from '../../../lib/i18n';
import { ContractStatsChart } from '../../contracts/ContractStatsCard';
import { contractsPath } from '../../contracts/contracts-path';
import { NoticeTypeBadge } from '../../admin/notices/NoticeTypeBadge';
import { CardList, CardRow, HomeCard, HomeCardFrame } from './HomeCard';
import { useUnreadNotices } from './home-queries';

/**
 * My to-dos where the workspace has no contract management (or the member may not read
 * contracts): nothing can wait on them, and the card says what would appear. With contracts the
 * workflow hub's card (workflows/TodoHomeCard) lists what waits.
 */
export function TodoCard() {
  const { t } = useTranslation('workspaces');
  return (
    <HomeCardFrame title={t('home.todo.title')} testId="home-todo">
      <Text size="sm" fw={600}>
        {t('home.todo.emptyTitle')}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t('home.todo.emptyDescription')}
      </Text>
    </HomeCardFrame>
  );
}

/** Notices the member has not opened yet, each opening in the notices page. */
export function UnreadNoticesCard({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workspaces');
  const formatDateTime = useFormatDateTime();
  const query = useUnreadNotices();
  const noticesPath = `/${encodeURIComponent(workspaceName)}/notices`;
  return (
    <HomeCard
      testId="home-notices"
      title={t('home.unreadNotices.title')}
      more={{ to: `${noticesPath}?unread=1`, label: t('home.seeAll') }}
      query={query}
      isEmpty={(page) => page.content.length === 0}
      empty={t('home.unreadNotices.empty')}
    >
      {(page) => (
        <CardList label={t('home.unreadNotices.title')}>
          {page.content.map((n) => (
            <CardRow
              key={n.id}
              main={
                <Group gap={6} wrap="nowrap">
                  {n.isPinned ? (
                    <Badge size="xs" color="red" variant="light" style={{ flexShrink: 0 }}>
                      {t('home.unreadNotices.pinned')}
                    </Badge>
                  ) : null}
                  <Anchor component={Link} to={`${noticesPath}?notice=${n.id}`} size="sm" fw={600} lineClamp={1} title={n.title}>
                    {n.title}
                  </Anchor>
                </Group>
              }
              aside={<NoticeTypeBadge noticeType={n.noticeType} />}
              details={formatDateTime(n.createdAt)}
            />
          ))}
        </CardList>
      )}
    </HomeCard>
  );
}

/** The contract chart of the last twelve months (home/contract-stats), linking to the repository. */
export function ContractStatsHomeCard({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workspaces');
  return (
    <HomeCardFrame title={t('home.stats.title')} more={{ to: contractsPath(workspaceName), label: t('home.stats.toContracts') }} testId="home-stats">
      <ContractStatsChart range={{}} />
    </HomeCardFrame>
  );
}
