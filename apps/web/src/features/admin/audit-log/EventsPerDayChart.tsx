import { type AuditDailyCounts } from '@legal/api';
import { Card, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './audit-log-i18n';

const BAR = 10;
const GAP = 4;
const HEIGHT = 80;

/**
 * Events per day as a bar chart: plain SVG (Mantine has no charts). Screen readers get a summary
 * as the image's name and the numbers as a table; each bar carries its own title for pointers.
 */
export function EventsPerDayChart({ data, isPending }: { data: AuditDailyCounts | undefined; isPending: boolean }) {
  const { t } = useTranslation('auditLog');
  const titleId = useId();
  if (!data) return isPending ? <Skeleton height={HEIGHT + 60} radius="md" /> : null;
  const { days } = data;
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const width = Math.max(1, days.length * (BAR + GAP) - GAP);
  const summary = t('chart.summary', { from: first, to: last, total, max: Math.max(0, ...days.map((d) => d.count)) });

  return (
    <Card withBorder radius="md" padding="md" component="figure" m={0} aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h6" id={titleId} component="figcaption">
            {t('chart.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {summary}
          </Text>
        </Group>
        <svg role="img" aria-label={summary} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" width="100%" height={HEIGHT}>
          {days.map((day, index) => {
            const height = day.count === 0 ? 0 : Math.max(2, (day.count / max) * HEIGHT);
            return (
              <rect key={day.date} x={index * (BAR + GAP)} y={HEIGHT - height} width={BAR} height={height} rx={1.5} fill="var(--mantine-primary-color-filled)" data-date={day.date}>
                <title>{t('chart.bar', { date: day.date, count: day.count })}</title>
              </rect>
            );
          })}
        </svg>
        <Group justify="space-between" aria-hidden="true">
          <Text size="xs" c="dimmed">
            {first}
          </Text>
          <Text size="xs" c="dimmed">
            {last}
          </Text>
        </Group>
        <VisuallyHidden>
          <Table>
            <Table.Caption>{t('chart.tableCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('chart.date')}</Table.Th>
                <Table.Th>{t('chart.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td>{day.date}</Table.Td>
                  <Table.Td>{day.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Card>
  );
}
