import { Group, Progress, Stack, Text } from '@mantine/core';

export interface BarRow {
  key: string;
  label: string;
  /** The stacked parts of the bar; their sum is the figure shown. */
  parts: Array<{ value: number; color: string; label: string }>;
  /** The figure beside the bar when it is not the sum (e.g. durations, "4시간 / 9시간"). */
  figure?: string;
  /** What a screen reader hears for the row when the parts' own figures would mislead. */
  description?: string;
}

/**
 * Horizontal bars, each a share of the largest total, with the figure beside it: the app's own
 * charts are drawn with Mantine parts (no chart library). Each bar is a list item named with its
 * figures, so the numbers are there for screen readers and tests too.
 */
/** `labelWidth`: room for the row names (px); long names (sentences, not statuses) want more; `figureWidth` for the figures. */
export function WorkflowBarChart({ label, rows, labelWidth = 120, figureWidth = 36 }: { label: string; rows: BarRow[]; labelWidth?: number; figureWidth?: number }) {
  const totals = rows.map((r) => r.parts.reduce((sum, p) => sum + p.value, 0));
  const max = Math.max(1, ...totals);
  return (
    <Stack gap={6} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((row, index) => (
        <Group
          key={row.key}
          component="li"
          gap="xs"
          wrap="nowrap"
          aria-label={row.description ?? `${row.label}: ${row.parts.length === 1 ? totals[index] : row.parts.map((p) => `${p.label} ${p.value}`).join(', ')}`}
        >
          <Text size="xs" w={labelWidth} truncate title={row.label}>
            {row.label}
          </Text>
          <Progress.Root style={{ flex: 1 }} size="lg" aria-hidden="true">
            {row.parts.map((part) => (
              <Progress.Section key={part.label} value={(part.value / max) * 100} color={part.color} title={`${part.label} ${part.value}`} />
            ))}
          </Progress.Root>
          <Text size="xs" w={figureWidth} ta="right" ff="monospace" aria-hidden="true">
            {row.figure ?? totals[index]}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
