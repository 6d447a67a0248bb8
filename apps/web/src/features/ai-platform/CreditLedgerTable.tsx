import type { CreditEntry } from '@legal/api';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './ai-platform-i18n';

const COLOR = { GRANT: 'green', DEBIT: 'orange', REFUND: 'blue' } as const;

/** A page of the credit ledger, newest first. */
export function CreditLedgerTable({ entries }: { entries: CreditEntry[] }) {
  const { t, i18n } = useTranslation('aiPlatform');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ledger.createdAt')}</Table.Th>
            <Table.Th>{t('ledger.kind')}</Table.Th>
            <Table.Th ta="right">{t('ledger.credits')}</Table.Th>
            <Table.Th>{t('ledger.feature')}</Table.Th>
            <Table.Th>{t('ledger.memo')}</Table.Th>
            <Table.Th>{t('ledger.user')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.entryId}>
              <Table.Td>{new Date(entry.createdAt).toLocaleString(i18n.language)}</Table.Td>
              <Table.Td>
                <Badge color={COLOR[entry.kind]} variant="light">
                  {t(`kind.${entry.kind}`)}
                </Badge>
                {entry.isRefunded ? (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {t('ledger.refunded')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{`${entry.kind === 'DEBIT' ? '−' : '+'}${entry.credits.toLocaleString(i18n.language)}`}</Table.Td>
              <Table.Td>{entry.feature ? t(`feature.${entry.feature}`) : '—'}</Table.Td>
              <Table.Td>{entry.memo === 'starter' ? t('ledger.starter') : (entry.memo ?? entry.reference ?? '—')}</Table.Td>
              <Table.Td>{entry.user?.name ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
