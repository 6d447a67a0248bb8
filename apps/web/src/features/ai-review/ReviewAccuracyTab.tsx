import { type ReviewContractType } from '@legal/api';
import { Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useCheckpointStats } from './ai-review-queries';
import './ai-review-i18n';

function Rate({ value, color, label }: { value: number | null; color: string; label: string }) {
  const { t } = useTranslation('aiReview');
  if (value === null) return <Text size="xs" c="dimmed">{t('accuracy.none')}</Text>;
  const percent = Math.round(value * 100);
  return (
    <Group gap={6} wrap="nowrap">
      <Progress value={percent} color={color} w={80} aria-label={`${label} ${percent}%`} />
      <Text size="xs" ff="monospace">
        {percent}%
      </Text>
    </Group>
  );
}

/** Per checkpoint: how often users accepted its findings, and the engine's measured precision and recall. */
export function ReviewAccuracyTab({ contractType }: { contractType: ReviewContractType }) {
  const { t } = useTranslation('aiReview');
  const stats = useCheckpointStats(contractType, true);
  if (stats.isPending) return <LoadingState />;
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />;
  if (stats.data.length === 0) return <EmptyState title={t('accuracy.emptyTitle')} />;
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t('accuracy.explain')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} aria-label={t('tabs.accuracy')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('accuracy.checkpoint')}</Table.Th>
              <Table.Th>{t('accuracy.acceptance')}</Table.Th>
              <Table.Th>{t('accuracy.precision')}</Table.Th>
              <Table.Th>{t('accuracy.recall')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.data.map((s) => (
              <Table.Tr key={s.checkpointId}>
                <Table.Td>
                  <Text size="sm">{s.question}</Text>
                  <Text size="xs" c="dimmed">
                    {t('accuracy.decisions', { accepted: s.accepted, dismissed: s.dismissed, open: s.open })}
                    {s.measured ? ` · ${t('accuracy.support', { count: s.measured.support })}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Rate value={s.acceptanceRate} color="teal" label={t('accuracy.acceptance')} />
                </Table.Td>
                <Table.Td>
                  <Rate value={s.measured?.precision ?? null} color="blue" label={t('accuracy.precision')} />
                </Table.Td>
                <Table.Td>
                  <Rate value={s.measured?.recall ?? null} color="grape" label={t('accuracy.recall')} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
