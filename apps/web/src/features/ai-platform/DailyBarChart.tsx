import { Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

const BAR = 10;
const GAP = 4;
const HEIGHT = 80;

/**
 * One series per day as bars: plain SVG, as the audit log's chart (Mantine has no charts). The
 * numbers are a hidden list for screen readers; each bar has its own title for pointers.
 */
export function DailyBarChart({ title, days, color = 'var(--mantine-primary-color-filled)', format = String }: {
  title: string;
  days: Array<{ date: string; value: number | null }>;
  color?: string;
  format?: (value: number) => string;
}) {
  const titleId = useId();
  const max = Math.max(1, ...days.map((d) => d.value ?? 0));
  const width = Math.max(1, days.length * (BAR + GAP) - GAP);
  return (
    <Card withBorder radius="md" padding="md" component="figure" m={0} aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={3} size="h6" id={titleId} component="figcaption">
          {title}
        </Title>
        <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" width="100%" height={HEIGHT}>
          {days.map((day, index) => {
            const height = !day.value ? 0 : Math.max(2, (day.value / max) * HEIGHT);
            return (
              <rect key={day.date} x={index * (BAR + GAP)} y={HEIGHT - height} width={BAR} height={height} rx={1.5} fill={color}>
                <title>{`${day.date}: ${day.value === null ? '—' : format(day.value)}`}</title>
              </rect>
            );
          })}
        </svg>
        <Group justify="space-between" aria-hidden="true">
          <Text size="xs" c="dimmed">
            {days[0]?.date}
          </Text>
          <Text size="xs" c="dimmed">
            {days.at(-1)?.date}
          </Text>
        </Group>
        <VisuallyHidden>
          <ul>
            {days.map((d) => (
              <li key={d.date}>{`${d.date}: ${d.value === null ? '—' : format(d.value)}`}</li>
            ))}
          </ul>
        </VisuallyHidden>
      </Stack>
    </Card>
  );
}
