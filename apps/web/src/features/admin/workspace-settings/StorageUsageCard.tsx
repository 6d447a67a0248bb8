import { Badge, Group, Progress, RingProgress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { SectionCard } from '../../../components/SectionCard';
import { FileSize } from '../../files/FileSize';
import { useWorkspaceStorage } from './workspace-settings-queries';
import './workspace-settings-i18n';

/** Used share of the quota in percent (0..100, one decimal); a zero quota is full as soon as anything is stored. */
export function usagePercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return usedBytes > 0 ? 100 : 0;
  return Math.min(100, Math.round((usedBytes / quotaBytes) * 1000) / 10);
}

const colorOf = (percent: number) => (percent >= 90 ? 'red' : percent >= 75 ? 'orange' : 'primary');

/** The workspace's storage: a ring and a bar of the used share, with the bytes and the quota. */
export function StorageUsageCard() {
  const { t } = useTranslation('workspaceSettings');
  const query = useWorkspaceStorage();

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const { usedBytes, quotaBytes, isDefaultQuota } = query.data;
    const percent = usagePercent(usedBytes, quotaBytes);
    const color = colorOf(percent);
    const label = t('storage.percent', { value: percent });
    body = (
      <Group gap="lg" wrap="nowrap" align="center">
        <RingProgress
          size={120}
          thickness={12}
          roundCaps
          sections={[{ value: percent, color }]}
          label={
            <Text ta="center" fw={700} size="lg">
              {label}
            </Text>
          }
          aria-hidden="true"
        />
        <Stack gap="xs" style={{ flex: 1 }}>
          <Text size="sm">
            <FileSize bytes={usedBytes} /> / <FileSize bytes={quotaBytes} />
          </Text>
          {/* The value text belongs to the progressbar (the section), not to its container. */}
          <Progress.Root size="lg" radius="xl">
            <Progress.Section value={percent} color={color} aria-label={t('storage.usageLabel')} aria-valuetext={label} />
          </Progress.Root>
          <Group gap="xs">
            <Badge variant="light" color={isDefaultQuota ? 'gray' : 'primary'}>
              {isDefaultQuota ? t('storage.defaultQuota') : t('storage.customQuota')}
            </Badge>
            {percent >= 90 ? (
              <Text size="sm" c="red">
                {t('storage.nearlyFull')}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Group>
    );
  }

  return (
    <SectionCard title={t('storage.title')} order={2}>
      {body}
    </SectionCard>
  );
}
