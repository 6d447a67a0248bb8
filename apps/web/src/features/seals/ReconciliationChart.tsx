import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './seals-i18n';

export interface SealBars {
  sealId: number;
  name: string;
  applications: number;
  mismatches: number;
}

/**
 * Applications and mismatches of each seal side by side, drawn with Mantine parts like the app's
 * other charts; each seal is a list item named with its figures (screen readers, tests).
 */
export function ReconciliationChart({ label, rows }: { label: string; rows: SealBars[] }) {
  const { t } = useTranslation('seals');
  const max = Math.max(1, ...rows.flatMap((r) => [r.applications, r.mismatches]));
  const bar = (value: number, color: string, name: string) => (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" w={72} c="dimmed">
        {name}
      </Text>
      <Progress value={(value / max) * 100} color={color} size="md" style={{ flex: 1 }} aria-hidden="true" />
      <Text size="xs" w={32} ta="right" ff="monospace" aria-hidden="true">
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((row) => (
        <Stack
          key={row.sealId}
          component="li"
          gap={2}
          aria-label={`${row.name}: ${t('reconciliation.applications')} ${row.applications}, ${t('reconciliation.mismatches')} ${row.mismatches}`}
        >
          <Text size="sm" fw={500} truncate title={row.name}>
            {row.name}
          </Text>
          {bar(row.applications, 'blue', t('reconciliation.applications'))}
          {bar(row.mismatches, 'red', t('reconciliation.mismatches'))}
        </Stack>
      ))}
    </Stack>
  );
}
