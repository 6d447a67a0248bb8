import { FINDING_VERDICTS, type Finding, REVIEW_RISKS, type Review } from '@legal/api';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VERDICT_COLORS } from './FindingCard';
import './ai-review-i18n';

const ROW = 22;
const LABEL = 70;
const WIDTH = 400;

/** Findings by risk, each row a stacked bar of verdicts (plain SVG, like the audit chart; numbers as a hidden table). */
function VerdictsByRiskChart({ findings }: { findings: readonly Finding[] }) {
  const { t } = useTranslation('aiReview');
  const rows = REVIEW_RISKS.map((risk) => ({ risk, counts: FINDING_VERDICTS.map((v) => findings.filter((f) => f.risk === risk && f.verdict === v).length) }));
  const max = Math.max(1, ...rows.map((r) => r.counts.reduce((a, b) => a + b, 0)));
  const scale = (WIDTH - LABEL) / max;
  return (
    <Stack gap="xs" component="figure" m={0}>
      <Title order={3} size="h6" component="figcaption">
        {t('summary.chartTitle')}
      </Title>
      <svg role="img" aria-label={t('summary.chartTitle')} viewBox={`0 0 ${WIDTH} ${rows.length * (ROW + 6)}`} width="100%" height={rows.length * (ROW + 6)}>
        {rows.map((row, i) => {
          let x = LABEL;
          return (
            <g key={row.risk} transform={`translate(0 ${i * (ROW + 6)})`}>
              <text x={0} y={ROW * 0.7} fontSize={12} fill="currentColor">
                {t(`risk.${row.risk}`)}
              </text>
              {row.counts.map((count, j) => {
                const verdict = FINDING_VERDICTS[j]!;
                const rect = count === 0 ? null : (
                  <rect key={verdict} x={x} y={0} width={count * scale} height={ROW} fill={`var(--mantine-color-${VERDICT_COLORS[verdict]}-filled)`}>
                    <title>{`${t(`risk.${row.risk}`)} · ${t(`verdict.${verdict}`)}: ${count}`}</title>
                  </rect>
                );
                x += count * scale;
                return rect;
              })}
            </g>
          );
        })}
      </svg>
      <Group gap="md" aria-hidden="true">
        {FINDING_VERDICTS.map((v) => (
          <Group key={v} gap={4}>
            <svg width={10} height={10}>
              <rect width={10} height={10} fill={`var(--mantine-color-${VERDICT_COLORS[v]}-filled)`} />
            </svg>
            <Text size="xs">{t(`verdict.${v}`)}</Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden>
        <Table>
          <Table.Caption>{t('summary.chartTitle')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('filters.risk')}</Table.Th>
              {FINDING_VERDICTS.map((v) => (
                <Table.Th key={v}>{t(`verdict.${v}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.risk}>
                <Table.Td>{t(`risk.${row.risk}`)}</Table.Td>
                {row.counts.map((c, j) => (
                  <Table.Td key={j}>{c}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}

/** Key points (sentences of the contract itself) and the counts. */
export function ReviewSummaryTab({ review, onJump }: { review: Review; onJump: (offset: number) => void }) {
  const { t } = useTranslation('aiReview');
  const summary = review.summary;
  if (!summary) return null;
  const c = summary.counts;
  const tiles = [
    { key: 'notMet', value: c.notMet, color: 'red' },
    { key: 'highRiskNotMet', value: c.highRiskNotMet, color: 'red' },
    { key: 'unclear', value: c.unclear, color: 'yellow' },
    { key: 'met', value: c.met, color: 'teal' },
    { key: 'notApplicable', value: c.notApplicable, color: 'gray' },
  ] as const;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, lg: 3 }}>
        {tiles.map((tile) => (
          <Paper key={tile.key} withBorder p="xs" radius="md">
            <Text size="xs" c="dimmed">
              {t(`summary.${tile.key}`)}
            </Text>
            <Text fw={700} size="xl" c={tile.color}>
              {tile.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <VerdictsByRiskChart findings={review.findings} />
      <Title order={3} size="h6">
        {t('summary.keyPoints')}
      </Title>
      {summary.keyPoints.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('summary.noKeyPoints')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {summary.keyPoints.map((point) => (
            <li key={point.startOffset} style={{ borderLeft: '3px solid var(--mantine-color-default-border)', paddingLeft: 'var(--mantine-spacing-xs)' }}>
              <Anchor component="button" type="button" size="sm" onClick={() => onJump(point.startOffset)} ta="left">
                {point.text}
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
