import { getLlmDashboard, type LlmDashboard } from '@legal/api';
import { Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateInput } from '../../components/DateInput';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import { DailyBarChart } from './DailyBarChart';
import './ai-platform-i18n';

const kstDate = (ms: number) => new Date(ms + 9 * 3600 * 1000).toISOString().slice(0, 10);

/** `/super-admin/llm-dashboard?dateStart=&dateEnd=`: AI calls, tokens, latency and failures (last 30 days by default). */
export function LlmDashboardPage() {
  const { t, i18n } = useTranslation('aiPlatform');
  useDocumentTitle(t('dashboard.title'));
  const [params, setParams] = useSearchParams();
  // The default range (the last 30 days) is fixed when the page opens.
  const [defaults] = useState(() => ({ dateStart: kstDate(Date.now() - 29 * 24 * 3600 * 1000), dateEnd: kstDate(Date.now()) }));
  const dateEnd = params.get('dateEnd') ?? defaults.dateEnd;
  const dateStart = params.get('dateStart') ?? defaults.dateStart;
  const query = useQuery({
    queryKey: ['super-admin', 'llm-dashboard', dateStart, dateEnd],
    queryFn: ({ signal }) => api.call(getLlmDashboard, { signal, query: { dateStart, dateEnd } }),
    placeholderData: keepPreviousData,
  });
  const setRange = (next: { dateStart?: string; dateEnd?: string }) =>
    setParams(() => new URLSearchParams({ dateStart: next.dateStart ?? dateStart, dateEnd: next.dateEnd ?? dateEnd }));
  const n = (v: number) => v.toLocaleString(i18n.language);

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.totals.calls === 0) body = <EmptyState title={t('dashboard.emptyTitle')} description={t('dashboard.emptyDescription')} />;
  else body = <Dashboard data={query.data} n={n} />;

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('dashboard.title')}</Title>
        <Group>
          <DateInput label={t('dashboard.dateStart')} value={dateStart} onChange={(day) => day && setRange({ dateStart: day })} />
          <DateInput label={t('dashboard.dateEnd')} value={dateEnd} onChange={(day) => day && setRange({ dateEnd: day })} />
        </Group>
        {body}
      </Stack>
    </Container>
  );
}

function Dashboard({ data, n }: { data: LlmDashboard; n: (v: number) => string }) {
  const { t } = useTranslation('aiPlatform');
  const ms = (v: number | null) => (v === null ? '—' : `${n(v)} ms`);
  const totals: Array<['calls' | 'failures' | 'tokens' | 'credits' | 'p50' | 'p95', string]> = [
    ['calls', n(data.totals.calls)],
    ['failures', n(data.totals.failures)],
    ['tokens', n(data.totals.inputTokens + data.totals.outputTokens)],
    ['credits', n(data.totals.credits)],
    ['p50', ms(data.totals.latencyP50Ms)],
    ['p95', ms(data.totals.latencyP95Ms)],
  ];
  const series = (pick: (d: LlmDashboard['byDay'][number]) => number | null) => data.byDay.map((d) => ({ date: d.date, value: pick(d) }));
  const statsHead = (first: string) => (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{first}</Table.Th>
        <Table.Th ta="right">{t('dashboard.calls')}</Table.Th>
        <Table.Th ta="right">{t('dashboard.failures')}</Table.Th>
        <Table.Th ta="right">{t('dashboard.tokens')}</Table.Th>
        <Table.Th ta="right">{t('dashboard.p50')}</Table.Th>
        <Table.Th ta="right">{t('dashboard.p95')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
  const statsCells = (s: LlmDashboard['totals']) => (
    <>
      <Table.Td ta="right">{n(s.calls)}</Table.Td>
      <Table.Td ta="right">{n(s.failures)}</Table.Td>
      <Table.Td ta="right">{n(s.inputTokens + s.outputTokens)}</Table.Td>
      <Table.Td ta="right">{ms(s.latencyP50Ms)}</Table.Td>
      <Table.Td ta="right">{ms(s.latencyP95Ms)}</Table.Td>
    </>
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {totals.map(([key, value]) => (
          <Card key={key} withBorder radius="md" padding="sm">
            <Text size="xs" c="dimmed">
              {t(`dashboard.${key}`)}
            </Text>
            <Text fw={700}>{value}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DailyBarChart title={t('dashboard.callsPerDay')} days={series((d) => d.calls)} format={n} />
        <DailyBarChart title={t('dashboard.tokensPerDay')} days={series((d) => d.inputTokens + d.outputTokens)} format={n} color="var(--mantine-color-teal-6)" />
        <DailyBarChart title={t('dashboard.latencyPerDay')} days={series((d) => d.latencyP95Ms)} format={(v) => `${n(v)} ms`} color="var(--mantine-color-grape-6)" />
        <DailyBarChart title={t('dashboard.failuresPerDay')} days={series((d) => d.failures)} format={n} color="var(--mantine-color-red-6)" />
      </SimpleGrid>
      <Title order={2} size="h4">
        {t('dashboard.byWorkspace')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          {statsHead(t('dashboard.workspace'))}
          <Table.Tbody>
            {data.byWorkspace.map((w) => (
              <Table.Tr key={`${w.tenantId}:${w.workspaceId}`}>
                <Table.Td>{w.workspaceName ?? `#${w.workspaceId}`}</Table.Td>
                {statsCells(w)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={2} size="h4">
        {t('dashboard.byModel')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          {statsHead(t('dashboard.model'))}
          <Table.Tbody>
            {data.byModel.map((m) => (
              <Table.Tr key={`${m.driver}:${m.model ?? ''}`}>
                <Table.Td>{`${t(`driver.${m.driver}`)} · ${m.model ?? '—'}`}</Table.Td>
                {statsCells(m)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
