import { ENVELOPE_STATUSES, type EnvelopeStatus } from '@legal/api';
import { Anchor, Badge, Card, Container, MultiSelect, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { ListFilterBar } from '../../components/ListFilterBar';
import { ListFooter } from '../../components/ListFooter';
import { useFormatDateTime } from '../../lib/i18n';
import { useHasAnyPermission } from '../../lib/session';
import { WorkflowBarChart } from '../workflows/WorkflowBarChart';
import { contractPath } from '../workflows/workflows-path';
import { ENVELOPE_STATUS_COLOR } from './esign-labels';
import { envelopePath } from './esign-path';
import { ESIGN_PRODUCT, SEND_PERMISSIONS } from './esign-permissions';
import { useEnvelopeCounts, useEnvelopes } from './esign-queries';
import { type EnvelopeFilters, envelopesQuery, readEnvelopeFilters, writeEnvelopeFilters } from './envelopes-params';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import './esign-i18n';

/** Envelopes by status: one bar each (the list's totals per status); nothing before the first one is sent. */
function StatusChart() {
  const { t } = useTranslation('esign');
  const counts = useEnvelopeCounts(ENVELOPE_STATUSES);
  let body;
  if (counts.some((c) => c.isPending)) body = <LoadingState />;
  else if (counts.some((c) => c.isError)) body = <ErrorState error={counts.find((c) => c.isError)!.error} onRetry={() => counts.forEach((c) => void c.refetch())} />;
  else if (counts.every((c) => c.data!.totalElements === 0)) return null;
  else {
    body = (
      <WorkflowBarChart
        label={t('list.chart')}
        rows={ENVELOPE_STATUSES.map((status, index) => ({
          key: status,
          label: t(`vocab.status.${status}`),
          parts: [{ value: counts[index]!.data!.totalElements, color: ENVELOPE_STATUS_COLOR[status], label: t(`vocab.status.${status}`) }],
        }))}
      />
    );
  }
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('list.chart')} maw={640}>
      <Text fw={600} size="sm" mb="sm">{t('list.chart')}</Text>
      {body}
    </Card>
  );
}

function Filters({ filters, onChange }: { filters: EnvelopeFilters; onChange: (next: EnvelopeFilters) => void }) {
  const { t } = useTranslation('esign');
  const change = (over: Partial<EnvelopeFilters>) => onChange({ ...filters, ...over, page: 0 });
  return (
    <ListFilterBar
      label={t('list.title')}
      keyword={{ value: filters.keyword, label: t('list.keyword'), placeholder: t('list.keywordPlaceholder'), submitLabel: t('list.search'), onSubmit: (keyword) => change({ keyword }), maxLength: 200 }}
      reset={filters.keyword || filters.statuses.length ? { label: t('list.reset'), onReset: () => onChange({ keyword: '', statuses: [], page: 0 }) } : undefined}
    >
      <MultiSelect
        label={t('list.statuses')}
        data={ENVELOPE_STATUSES.map((s) => ({ value: s, label: t(`vocab.status.${s}`) }))}
        value={filters.statuses}
        onChange={(v) => change({ statuses: v as EnvelopeStatus[] })}
        clearable
        miw={220}
      />
    </ListFilterBar>
  );
}

function EnvelopesScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('esign');
  const formatDateTime = useFormatDateTime();
  const [params, setParams] = useSearchParams();
  const filters = readEnvelopeFilters(params);
  const list = useEnvelopes(envelopesQuery(filters));
  useDocumentTitle(`${t('list.title')} · ${workspaceName}`);
  const setFilters = (next: EnvelopeFilters) => setParams(writeEnvelopeFilters(next));
  const isFiltered = filters.keyword !== '' || filters.statuses.length > 0;

  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.content.length === 0) content = <EmptyState title={t(isFiltered ? 'list.emptyFiltered' : 'list.empty')} />;
  else
    content = (
      <>
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label={t('list.title')}>
            <Table.Thead>
              <Table.Tr>
                {(['title', 'status', 'progress', 'waitingOn', 'sender', 'createdAt', 'expiresAt'] as const).map((c) => <Table.Th key={c}>{t(`list.columns.${c}`)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.content.map((row) => (
                <Table.Tr key={row.envelopeId}>
                  <Table.Td>
                    {row.contractId !== null ? (
                      <Anchor component={Link} to={contractPath(workspaceName, row.contractId)}>{row.title}</Anchor>
                    ) : (
                      <Text size="sm"><Anchor component={Link} to={envelopePath(workspaceName, row.envelopeId)}>{row.title}</Anchor> <Badge size="xs" variant="outline">{t('vocab.source.API')}</Badge></Text>
                    )}
                  </Table.Td>
                  <Table.Td><Badge variant="light" color={ENVELOPE_STATUS_COLOR[row.status]}>{t(`vocab.status.${row.status}`)}</Badge></Table.Td>
                  <Table.Td miw={120}>
                    <Text size="xs">{t('panel.progress', { signed: row.signedCount, total: row.partyCount })}</Text>
                    <Progress size="sm" value={row.partyCount ? (row.signedCount / row.partyCount) * 100 : 0} aria-hidden="true" />
                  </Table.Td>
                  <Table.Td>{row.waitingOn.join(', ') || '—'}</Table.Td>
                  <Table.Td>{row.sender?.displayName ?? (row.source === 'API' ? t('vocab.source.API') : '—')}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.expiresAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListFooter total={t('list.total', { count: list.data.totalElements })} totalPages={list.data.totalPages} page={filters.page} onPage={(page) => setFilters({ ...filters, page })} />
      </>
    );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed" size="sm">{t('list.description')}</Text>
        </div>
        <StatusChart />
        <Filters key={params.get('q') ?? ''} filters={filters} onChange={setFilters} />
        {content}
      </Stack>
    </Container>
  );
}

function Gated({ workspaceName }: { workspaceName: string }) {
  const maySend = useHasAnyPermission(SEND_PERMISSIONS);
  return maySend ? <EnvelopesScreen workspaceName={workspaceName} /> : <ForbiddenState />;
}

/** `/:workspaceName/esign`: the workspace's envelopes with a status filter, a keyword, pages, and a chart by status. */
export function EnvelopesPage() {
  return <WorkspaceGate product={ESIGN_PRODUCT}>{(entry) => <Gated workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
