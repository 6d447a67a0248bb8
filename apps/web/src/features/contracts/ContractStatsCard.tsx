import { type ContractStats, ContractStatsQuerySchema } from '@legal/api';
import { Box, Button, Card, Collapse, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { errorAt, schemaErrors, useErrorText } from './contract-form-errors';
import { type StatsRange, useContractStats } from './contract-stats-queries';
import { statusColor } from './ContractStatusBadge';
import './contracts-i18n';

/** One horizontal bar per entry, its share of the largest count. */
function Bars({ label, rows }: { label: string; rows: Array<{ key: string; label: string; count: number; color?: string }> }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Stack gap={6} component="section" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {rows.map((row) => (
        <Group key={row.key} gap="xs" wrap="nowrap">
          <Text size="xs" w={96} truncate title={row.label}>
            {row.label}
          </Text>
          <Progress value={(row.count / max) * 100} color={row.color} style={{ flex: 1 }} aria-label={`${row.label}: ${row.count}`} />
          <Text size="xs" w={36} ta="right" ff="monospace">
            {row.count}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Contracts created per month, as columns. */
function MonthColumns({ label, months }: { label: string; months: ContractStats['byMonth'] }) {
  const { t } = useTranslation('contracts');
  const max = Math.max(1, ...months.map((m) => m.count));
  return (
    <Stack gap={6} component="section" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap={4} align="flex-end" wrap="nowrap" h={120} role="list">
        {months.map((m) => (
          <Stack key={m.month} gap={2} align="center" justify="flex-end" style={{ flex: 1, height: '100%' }} role="listitem" aria-label={t('stats.monthCount', { month: m.month, count: m.count })}>
            <Text size="10px" c="dimmed">{m.count}</Text>
            <Box w="100%" bg="var(--mantine-primary-color-filled)" style={{ height: `${(m.count / max) * 80}%`, minHeight: 2, borderRadius: 2 }} />
            <Text size="10px" c="dimmed">{m.month.slice(5)}</Text>
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}

/** The charts of home/contract-stats for a range (the server's default: the last twelve months), with their loading and error states. */
export function ContractStatsChart({ range }: { range: StatsRange }) {
  const { t } = useTranslation('contracts');
  const stats = useContractStats(range, true);
  if (stats.isPending) return <LoadingState />;
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('stats.total', { count: data.total, start: data.dateStart, end: data.dateEnd })}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Bars label={t('stats.byStatus')} rows={data.byStatus.map((s) => ({ key: s.status, label: s.label, count: s.count, color: statusColor(s.status) }))} />
        <Bars label={t('stats.byType')} rows={data.byContractType.map((s) => ({ key: s.contractType, label: s.label, count: s.count }))} />
        <MonthColumns label={t('stats.byMonth')} months={data.byMonth} />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The repository at a glance (home/contract-stats): contracts created in a range by status, type
 * and month. Loaded only when opened, so the list does not wait for it.
 */
export function ContractStatsCard() {
  const { t } = useTranslation('contracts');
  const errorText = useErrorText();
  const [isOpen, setIsOpen] = useState(false);
  const [range, setRange] = useState<StatsRange>({});
  const errors = schemaErrors(ContractStatsQuerySchema.safeParse(range));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contract-stats">
      <Group justify="space-between">
        <Title order={2} size="h5" id="contract-stats">
          {t('stats.title')}
        </Title>
        <Button variant="subtle" size="xs" onClick={() => setIsOpen((o) => !o)} aria-expanded={isOpen} aria-controls="contract-stats-body">
          {isOpen ? t('stats.hide') : t('stats.show')}
        </Button>
      </Group>
      <Collapse expanded={isOpen} id="contract-stats-body">
        <Stack gap="md" pt="md">
          <Group gap="sm" align="flex-start">
            <DateInput label={t('stats.from')} value={range.dateStart ?? ''} onChange={(day) => setRange({ ...range, dateStart: day || undefined })} />
            <DateInput
              label={t('stats.to')}
              value={range.dateEnd ?? ''}
              onChange={(day) => setRange({ ...range, dateEnd: day || undefined })}
              error={errorText(errorAt(errors, 'dateEnd'))}
            />
          </Group>
          {isOpen ? <ContractStatsChart range={range} /> : null}
        </Stack>
      </Collapse>
    </Card>
  );
}
