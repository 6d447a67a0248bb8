import type { Credits } from '@legal/api';
import { Card, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { CreditLedgerTable } from './CreditLedgerTable';
import './ai-platform-i18n';

/** Balance, totals and the ledger page of a workspace's credits. */
export function CreditsSummary({ credits, onPage }: { credits: Credits; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation('aiPlatform');
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(['balance', 'granted', 'spent'] as const).map((key) => (
          <Card key={key} withBorder radius="md" padding="md">
            <Text size="sm" c="dimmed" id={`credits-${key}`}>
              {t(`credits.${key}`)}
            </Text>
            <Text fw={700} size="xl" aria-labelledby={`credits-${key}`} data-testid={`credits-${key}`}>
              {n(credits[key])}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {credits.ledger.content.length === 0 ? (
        <EmptyState title={t('ledger.emptyTitle')} description={t('ledger.emptyDescription')} />
      ) : (
        <CreditLedgerTable entries={credits.ledger.content} />
      )}
      {credits.ledger.totalPages > 1 ? (
        <Group justify="center">
          <Pagination total={credits.ledger.totalPages} value={credits.ledger.page + 1} onChange={(p) => onPage(p - 1)} aria-label={t('ledger.pagination')} />
        </Group>
      ) : null}
    </Stack>
  );
}
