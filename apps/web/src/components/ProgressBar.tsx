import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ProgressBarProps {
  /** 0 to 100; leave out while the total is unknown. */
  value?: number;
  /** What is in progress, e.g. "Uploading contract.pdf". */
  label?: string;
}

/** Progress of a long operation (upload, bulk registration, AI review). */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const { t } = useTranslation();
  const isIndeterminate = value === undefined || !Number.isFinite(value);
  const percent = isIndeterminate ? 100 : Math.min(100, Math.max(0, Math.round(value)));
  const caption = label ?? t('states.progressWorking');

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {caption}
        </Text>
        {isIndeterminate ? null : (
          <Text size="sm" c="dimmed" ff="monospace">
            {t('states.progressValue', { value: percent })}
          </Text>
        )}
      </Group>
      <Progress.Root size="md" aria-label={caption}>
        <Progress.Section
          value={percent}
          striped={isIndeterminate}
          animated={isIndeterminate}
          aria-label={caption}
          aria-valuetext={isIndeterminate ? caption : t('states.progressValue', { value: percent })}
        />
      </Progress.Root>
    </Stack>
  );
}
