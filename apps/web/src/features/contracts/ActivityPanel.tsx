import { type ContractDetail } from '@legal/api';
import { Button, Card, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useFormatDateTime } from '../../lib/i18n';
import { activityDetails, activitySentence, runtimeKeys } from './activity-sentences';
import { useActivitiesFollowEdits, useContractActivities } from './activity-queries';
import { useVocabulary } from './contract-vocabulary';
import './contracts-i18n';

/**
 * The contract's history from the audit trail as a timeline of sentences, newest first, with
 * "more" for older entries. It reloads itself after edits made on the page.
 */
export function ActivityPanel({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('contracts');
  const tr = runtimeKeys(t);
  const { locale } = useVocabulary();
  const formatDateTime = useFormatDateTime();
  const feed = useContractActivities(contract.id);
  useActivitiesFollowEdits(contract.id);

  let body;
  if (feed.isPending) body = <LoadingState />;
  else if (feed.isError) body = <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />;
  else {
    const items = feed.data.pages.flatMap((p) => p.content);
    body =
      items.length === 0 ? (
        <Text size="sm" c="dimmed">{t('activity.none')}</Text>
      ) : (
        <Stack gap="sm">
          <Timeline bulletSize={12} lineWidth={2} active={items.length} aria-label={t('activity.title')}>
            {items.map((a) => (
              <Timeline.Item key={a.id} title={<Text size="sm" fw={500}>{activitySentence(a, tr, locale)}</Text>}>
                {activityDetails(a, tr, locale).map((line, i) => (
                  <Text key={i} size="xs" style={{ overflowWrap: 'anywhere' }}>{line}</Text>
                ))}
                <Text size="xs" c="dimmed" component="time" dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {feed.hasNextPage ? (
            <Button variant="subtle" size="xs" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
              {t('activity.loadMore')}
            </Button>
          ) : null}
        </Stack>
      );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contract-activity">
      <Title order={2} size="h5" id="contract-activity" mb="sm">
        {t('activity.title')}
      </Title>
      {body}
    </Card>
  );
}
