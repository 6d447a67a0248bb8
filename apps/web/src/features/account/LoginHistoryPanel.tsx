import { userLoginTracks } from '@legal/api';
import { Badge, Card, Group, Pagination, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import { useFormatDateTime } from '../../lib/i18n';
import { describeUserAgent } from './describe-user-agent';
import './account-i18n';

const PAGE_SIZE = 10;
/** The page is part of the address (`?historyPage=2`, 1-based), so reload and back keep it. */
const PAGE_PARAM = 'historyPage';

const RESULT_COLORS: Record<string, string> = { SUCCESS: 'green', FAILED: 'red', LOCKED: 'red', OTP_REQUIRED: 'blue', OTP_FAILED: 'orange' };

/** The user's own sign-in history, newest first, ten per page. */
export function LoginHistoryPanel() {
  const { t } = useTranslation('account');
  const formatDateTime = useFormatDateTime();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get(PAGE_PARAM) ?? '1', 10) || 1);
  const query = useQuery({
    queryKey: ['auth', 'login-tracks', page],
    queryFn: () => api.call(userLoginTracks, { query: { page: page - 1, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

  const goTo = (next: number) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next <= 1) params.delete(PAGE_PARAM);
        else params.set(PAGE_PARAM, String(next));
        return params;
      },
      { preventScrollReset: true },
    );

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.content.length === 0) body = <EmptyState title={t('history.emptyTitle')} />;
  else {
    body = (
      <>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.at')}</Table.Th>
                <Table.Th>{t('history.method')}</Table.Th>
                <Table.Th>{t('history.result')}</Table.Th>
                <Table.Th>{t('history.ip')}</Table.Th>
                <Table.Th>{t('history.device')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.content.map((track) => (
                <Table.Tr key={track.id}>
                  <Table.Td>{formatDateTime(track.createdAt)}</Table.Td>
                  <Table.Td>{t(`history.methods.${track.method}`)}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={RESULT_COLORS[track.result] ?? 'gray'}>
                      {t(`history.results.${track.result}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{track.ip ?? '-'}</Table.Td>
                  <Table.Td>
                    <Text size="sm" title={track.userAgent ?? undefined}>
                      {describeUserAgent(track.userAgent) ?? '-'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {query.data.totalPages > 1 ? (
          <Group justify="center" mt="md">
            <Pagination
              total={query.data.totalPages}
              value={page}
              onChange={goTo}
              aria-label={t('history.pagination')}
            />
          </Group>
        ) : null}
      </>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="history-title">
      <Title order={2} size="h4" id="history-title" mb="sm">
        {t('history.title')}
      </Title>
      {body}
    </Card>
  );
}
