import { type Review, type ReviewStatus } from '@legal/api';
import { Anchor, Badge, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { aiReviewDetailPath } from './ai-review-path';
import { useReviews } from './ai-review-queries';
import './ai-review-i18n';

export const STATUS_COLORS: Record<ReviewStatus, string> = { QUEUED: 'gray', RUNNING: 'blue', DONE: 'teal', FAILED: 'red' };

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation('aiReview');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none">
      {t(`status.${status}`)}
    </Badge>
  );
}

type ListItem = Omit<Review, 'findings' | 'clauses' | 'text'>;

/** The reviews the caller can see, newest first; with `isPaged` a pager under them. */
export function ReviewList({ workspaceName, page, onPage, size = 10 }: { workspaceName: string; page: number; onPage?: (page: number) => void; size?: number }) {
  const { t } = useTranslation('aiReview');
  const format = useLocaleFormat();
  const reviews = useReviews(page, size);
  if (reviews.isPending) return <LoadingState />;
  if (reviews.isError) return <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />;
  const { content, totalPages } = reviews.data;
  if (content.length === 0) return <EmptyState title={t('list.emptyTitle')} description={t('list.emptyDescription')} />;
  const counts = (r: ListItem) => (r.summary ? t('list.counts', { notMet: r.summary.counts.notMet, high: r.summary.counts.highRiskNotMet }) : '');
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-label={t('list.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('list.document')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('list.type')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('list.status')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('list.findings')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('list.createdAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {content.map((r) => (
              <Table.Tr key={r.reviewId}>
                <Table.Td>
                  <Anchor component={Link} to={aiReviewDetailPath(workspaceName, r.reviewId)} size="sm">
                    {r.source.fileName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {t(`contractType.${r.contractType}`)} · {t(`position.${r.position}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ReviewStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{counts(r)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format.dateTime(r.createdAt)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {onPage && totalPages > 1 ? (
        <Group justify="center">
          <Pagination total={totalPages} value={page + 1} onChange={(next) => onPage(next - 1)} />
        </Group>
      ) : null}
    </Stack>
  );
}
