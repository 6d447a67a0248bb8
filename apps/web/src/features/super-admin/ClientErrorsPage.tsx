import { listClientErrors } from '@legal/api';
import { Button, Card, Checkbox, Container, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { IconSearch } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import { ClientErrorsTable } from './ClientErrorsTable';
import './super-admin-i18n';

const PAGE_SIZE = 20;

/**
 * `/super-admin`: client error reports, newest first, 20 a page, searchable by error id, with the
 * user and workspace by name. Connection failures (mostly requests cut off by leaving a page) show
 * only when asked. The search, the page and that choice live in the address
 * (`?errorId=...&page=2&connection=all`).
 */
export function ClientErrorsPage() {
  const { t } = useTranslation('superAdmin');
  useDocumentTitle(t('documentTitle'));
  const [searchParams, setSearchParams] = useSearchParams();
  const errorId = searchParams.get('errorId')?.trim() || undefined;
  const includeConnectionFailures = searchParams.get('connection') === 'all';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(errorId ?? '');

  const query = useQuery({
    queryKey: ['super-admin', 'client-errors', { page, errorId, includeConnectionFailures }],
    queryFn: ({ signal }) =>
      api.call(listClientErrors, {
        signal,
        query: { page: page - 1, size: PAGE_SIZE, errorId, ...(includeConnectionFailures ? { includeConnectionFailures: 'true' } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

  const update = (next: { errorId?: string; page?: number; includeConnectionFailures?: boolean }) =>
    setSearchParams(() => {
      const params = new URLSearchParams();
      if (next.errorId) params.set('errorId', next.errorId);
      if (next.includeConnectionFailures) params.set('connection', 'all');
      if (next.page && next.page > 1) params.set('page', String(next.page));
      return params;
    });

  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ errorId: draft.trim() || undefined, includeConnectionFailures });
  };

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.content.length === 0) {
    body = errorId ? (
      <EmptyState title={t('errors.notFoundTitle')} description={t('errors.notFoundDescription')} />
    ) : (
      <EmptyState title={t('errors.emptyTitle')} description={t('errors.emptyDescription')} />
    );
  } else {
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('errors.total', { count: query.data.totalElements })}
        </Text>
        <ClientErrorsTable reports={query.data.content} />
        {query.data.totalPages > 1 ? (
          <Group justify="center">
            <Pagination total={query.data.totalPages} value={page} onChange={(next) => update({ errorId, includeConnectionFailures, page: next })} aria-label={t('errors.pagination')} />
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </Stack>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="client-errors-title">
          <Title order={2} size="h4" id="client-errors-title" mb="md">
            {t('errors.title')}
          </Title>
          <form onSubmit={search} role="search">
            <Group align="flex-end" mb="md" gap="sm">
              <TextInput
                label={t('errors.search')}
                placeholder={t('errors.searchPlaceholder')}
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                maxLength={64}
                w={{ base: '100%', sm: 320 }}
                leftSection={<IconSearch size={16} aria-hidden="true" />}
              />
              <Button type="submit">{t('errors.searchSubmit')}</Button>
              {errorId ? (
                <Button
                  variant="subtle"
                  onClick={() => {
                    setDraft('');
                    update({ includeConnectionFailures });
                  }}
                >
                  {t('errors.clear')}
                </Button>
              ) : null}
            </Group>
          </form>
          <Checkbox
            mb="md"
            label={t('errors.includeConnectionFailures')}
            description={t('errors.includeConnectionFailuresHint')}
            checked={includeConnectionFailures}
            onChange={(event) => update({ errorId, includeConnectionFailures: event.currentTarget.checked })}
          />
          {body}
        </Card>
      </Stack>
    </Container>
  );
}
