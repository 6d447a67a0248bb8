import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { formatKst } from './esign-labels';
import { useEnvelopeEvents } from './esign-queries';
import './esign-i18n';

/** The envelope's event log: each event with its KST time, IP, verification method and hash prefix. */
export function EnvelopeEvents({ envelopeId }: { envelopeId: number }) {
  const { t } = useTranslation('esign');
  const events = useEnvelopeEvents(envelopeId);
  if (events.isPending) return <LoadingState />;
  if (events.isError) return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;
  if (events.data.length === 0) return <Text size="sm" c="dimmed">{t('events.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing={4} fz="xs" aria-label={t('events.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('events.seq')}</Table.Th>
            <Table.Th>{t('events.type')}</Table.Th>
            <Table.Th>{t('events.actor')}</Table.Th>
            <Table.Th>{t('events.at')}</Table.Th>
            <Table.Th>{t('events.ip')}</Table.Th>
            <Table.Th>{t('events.method')}</Table.Th>
            <Table.Th>{t('events.hash')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.data.map((event) => (
            <Table.Tr key={event.seq}>
              <Table.Td>{event.seq}</Table.Td>
              <Table.Td>
                {t(`vocab.event.${event.type}`)}
                {event.detail ? <Text span size="xs" c="dimmed">{` · ${event.detail}`}</Text> : null}
              </Table.Td>
              <Table.Td>{event.actorName ?? '-'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatKst(event.at)}</Table.Td>
              <Table.Td>{event.ip ?? '-'}</Table.Td>
              <Table.Td>{event.verificationMethod ? t(`vocab.method.${event.verificationMethod}`) : '-'}</Table.Td>
              <Table.Td><Code title={event.hash}>{event.hash.slice(0, 12)}</Code></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
