import { Alert, Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateInput } from '../../components/DateInput';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { isApiError } from '../../lib/api';
import { useLocaleFormat } from '../../lib/i18n';
import { WorkflowBarChart } from '../workflows/WorkflowBarChart';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { ReconciliationChart } from './ReconciliationChart';
import { SealReference } from './SealReference';
import { useSealLabels } from './seal-labels';
import { useReconciliation, useReconciliationDownload } from './seal-queries';
import { IconDownload } from './seals-icons';
import { usageRequestPath } from './seals-path';
import './seals-i18n';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Korea, and the first day of its month: the default range. */
function defaultRange(): { from: string; to: string } {
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

function readRange(params: URLSearchParams): { from: string; to: string } {
  const fallback = defaultRange();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return { from: ISO_DATE.test(from) ? from : fallback.from, to: ISO_DATE.test(to) ? to : fallback.to };
}

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} aria-label={`${label} ${value}`}>
        {value}
      </Text>
    </Card>
  );
}

function ReconciliationScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('seals');
  const labels = useSealLabels();
  const format = useLocaleFormat();
  const [params, setParams] = useSearchParams();
  const range = readRange(params);
  const isRangeValid = range.from <= range.to;
  const report = useReconciliation(range);
  const excel = useReconciliationDownload();
  useDocumentTitle(`${t('reconciliation.title')} · ${workspaceName}`);
  const setRange = (next: { from: string; to: string }) => setParams(new URLSearchParams(next));

  let content;
  if (!isRangeValid)
    content = (
      <Alert color="orange" role="alert">
        {t('reconciliation.rangeInvalid')}
      </Alert>
    );
  else if (report.isPending) content = <LoadingState />;
  else if (report.isError)
    content =
      isApiError(report.error) && report.error.code === 'ERROR_FORBIDDEN' ? (
        <Alert color="gray" role="alert">
          {t('reconciliation.forbidden')}
        </Alert>
      ) : (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      );
  else {
    const data = report.data;
    const mismatchTotal = data.countsByKind.reduce((sum, k) => sum + k.count, 0);
    content = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label={t('reconciliation.sealedContracts')} value={data.sealedContracts} />
          <Figure label={t('reconciliation.matched')} value={data.matched} color="teal" />
          <Figure label={t('reconciliation.mismatchTotal')} value={mismatchTotal} color={mismatchTotal > 0 ? 'red' : undefined} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder padding="md" radius="md">
            <Title order={2} size="h5" mb="sm">
              {t('reconciliation.bySeal')}
            </Title>
            {data.bySeal.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('reconciliation.noSeals')}
              </Text>
            ) : (
              <ReconciliationChart label={t('reconciliation.bySeal')} rows={data.bySeal} />
            )}
          </Card>
          <Card withBorder padding="md" radius="md">
            <Title order={2} size="h5" mb="sm">
              {t('reconciliation.byKind')}
            </Title>
            <WorkflowBarChart
              label={t('reconciliation.byKind')}
              labelWidth={230}
              rows={data.countsByKind.map((k) => ({ key: k.kind, label: labels.mismatch(k.kind), parts: [{ value: k.count, color: 'red', label: labels.mismatch(k.kind) }] }))}
            />
          </Card>
        </SimpleGrid>
        {data.mismatches.length === 0 ? (
          <EmptyState title={t('reconciliation.noneTitle')} description={t('reconciliation.noneDescription')} />
        ) : (
          <Table.ScrollContainer minWidth={880}>
            <Table striped aria-label={t('reconciliation.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reconciliation.columns.kind')}</Table.Th>
                  <Table.Th>{t('reconciliation.columns.seal')}</Table.Th>
                  <Table.Th>{t('reconciliation.columns.date')}</Table.Th>
                  <Table.Th>{t('reconciliation.columns.reference')}</Table.Th>
                  <Table.Th>{t('reconciliation.columns.request')}</Table.Th>
                  <Table.Th>{t('reconciliation.columns.detail')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.mismatches.map((row, index) => (
                  <Table.Tr key={`${row.kind}-${row.historyId ?? ''}-${row.requestId ?? ''}-${index}`}>
                    <Table.Td>
                      <Badge color="red" variant="light">
                        {labels.mismatch(row.kind)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.seal.name}</Table.Td>
                    <Table.Td>{ISO_DATE.test(row.date) ? format.isoDate(row.date) : format.dateTime(row.date)}</Table.Td>
                    <Table.Td>
                      <SealReference workspaceName={workspaceName} type={row.referenceType} id={row.referenceId} title={row.referenceTitle} />
                    </Table.Td>
                    <Table.Td>
                      {row.requestId !== null ? (
                        <Anchor component={Link} to={usageRequestPath(workspaceName, row.requestId, 'processed')} size="sm">
                          #{row.requestId}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td maw={320}>
                      <Text size="sm">{row.detail}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    );
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('reconciliation.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('reconciliation.description')}
          </Text>
        </Stack>
        <Group justify="space-between" align="flex-end">
          <Group gap="sm" align="flex-end">
            <DateInput label={t('reconciliation.from')} value={range.from} onChange={(from) => from && setRange({ ...range, from })} />
            <DateInput label={t('reconciliation.to')} value={range.to} onChange={(to) => to && setRange({ ...range, to })} />
          </Group>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={excel.isPending} disabled={!isRangeValid} onClick={() => excel.mutate(range)}>
            {t('reconciliation.excel')}
          </Button>
        </Group>
        {content}
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/seals/reconciliation?from=&to=`: every seal application of the range matched to approved requests, charts, mismatches, Excel. */
export function ReconciliationPage() {
  return <WorkspaceGate product="SEAL">{(entry) => <ReconciliationScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
