import { PROCESS_STATUSES, type ContractType, type ProcessStatus, downloadGroupRequestsV2, downloadMyRequestsV2 } from '@legal/api';
import { Anchor, Badge, Button, Container, Group, MultiSelect, Stack, Switch, Table, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { ListFilterBar } from '../../components/ListFilterBar';
import { ListFooter } from '../../components/ListFooter';
import { api } from '../../lib/api';
import { useFormatDateTime } from '../../lib/i18n';
import { saveBlob } from '../../lib/save-blob';
import { useVocabulary } from '../contracts/contract-vocabulary';
import { useContractTypeOptions } from '../contracts/contract-type-options';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { type MyRequestsFilters, myRequestsQuery, readMyRequestsFilters, writeMyRequestsFilters } from './my-requests-params';
import { statusColor, useWorkflowLabels } from './workflow-labels';
import { useMyRequests } from './workflow-queries';
import { contractPath } from './workflows-path';
import { IconDownload } from './workflows-icons';
import './workflows-i18n';

/** The workbook is built on the server from every page; a large one takes a while. */
const EXPORT_TIMEOUT_MS = 180_000;

function useExcelDownload() {
  return useMutation({
    mutationFn: async (filters: MyRequestsFilters) => {
      const query = myRequestsQuery(filters, { isPaged: false });
      const blob = await api.call(filters.isGroups ? downloadGroupRequestsV2 : downloadMyRequestsV2, { query, timeoutMs: EXPORT_TIMEOUT_MS });
      saveBlob(blob as Blob, `${filters.isGroups ? 'group-requests' : 'my-requests'}-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}.xlsx`);
    },
  });
}

function Filters({ filters, onChange }: { filters: MyRequestsFilters; onChange: (next: MyRequestsFilters) => void }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const contractTypes = useContractTypeOptions(filters.contractTypes);
  const change = (over: Partial<MyRequestsFilters>) => onChange({ ...filters, ...over, page: 0 });
  return (
    <ListFilterBar
      label={t('myRequests.filters')}
      keyword={{ value: filters.keyword, label: t('myRequests.keyword'), submitLabel: t('myRequests.search'), onSubmit: (keyword) => change({ keyword }) }}
      dateRange={{ from: filters.from, to: filters.to, fromLabel: t('myRequests.from'), toLabel: t('myRequests.to'), onChange: change }}
      below={<Switch label={t('myRequests.groups')} checked={filters.isGroups} onChange={(e) => change({ isGroups: e.currentTarget.checked })} />}
    >
      <MultiSelect
        label={t('myRequests.status')}
        data={PROCESS_STATUSES.map((s) => ({ value: s, label: labels.status(s) }))}
        value={filters.statuses}
        onChange={(v) => change({ statuses: v as ProcessStatus[] })}
        clearable
        comboboxProps={{ withinPortal: true }}
        miw={200}
      />
      <MultiSelect
        label={t('myRequests.contractType')}
        data={contractTypes}
        value={filters.contractTypes}
        onChange={(v) => change({ contractTypes: v as ContractType[] })}
        clearable
        comboboxProps={{ withinPortal: true }}
        miw={200}
      />
    </ListFilterBar>
  );
}

function MyRequestsScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const { label } = useVocabulary();
  const formatDateTime = useFormatDateTime();
  const [params, setParams] = useSearchParams();
  const filters = readMyRequestsFilters(params);
  const list = useMyRequests(myRequestsQuery(filters), filters.isGroups);
  const excel = useExcelDownload();
  useDocumentTitle(`${t('myRequests.title')} · ${workspaceName}`);
  const setFilters = (next: MyRequestsFilters) => setParams(writeMyRequestsFilters(next));

  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.content.length === 0) content = <EmptyState title={t('myRequests.emptyTitle')} description={t('myRequests.emptyDescription')} />;
  else
    content = (
      <>
        <Table striped aria-label={t('myRequests.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.contract')}</Table.Th>
              <Table.Th>{t('columns.contractType')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.step')}</Table.Th>
              <Table.Th>{t('columns.round')}</Table.Th>
              <Table.Th>{t('columns.requester')}</Table.Th>
              <Table.Th>{t('columns.requestedAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.content.map((row) => (
              <Table.Tr key={row.workflowId}>
                <Table.Td>
                  <Anchor component={Link} to={contractPath(workspaceName, row.contractId)}>
                    {row.contractTitle}
                  </Anchor>
                </Table.Td>
                <Table.Td>{label('contractType', row.contractType)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={statusColor(row.processStatus)}>
                    {labels.status(row.processStatus)}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.currentStepCode ? labels.step(row.currentStepCode) : '—'}</Table.Td>
                <Table.Td>{row.round}</Table.Td>
                <Table.Td>{row.requester.displayName ?? t('people.unknown', { id: row.requester.userId })}</Table.Td>
                <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <ListFooter total={t('list.total', { count: list.data.totalElements })} totalPages={list.data.totalPages} page={filters.page} onPage={(page) => setFilters({ ...filters, page })} pagesLabel={t('list.pages')} />
      </>
    );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{filters.isGroups ? t('myRequests.groupTitle') : t('myRequests.title')}</Title>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={excel.isPending} onClick={() => excel.mutate(filters)}>
            {t('myRequests.excel')}
          </Button>
        </Group>
        <Filters key={params.get('q') ?? ''} filters={filters} onChange={setFilters} />
        {content}
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/workflows/my-requests`: the caller's (or their groups') requests, filters in the address, 30 a page, Excel. */
export function MyRequestsPage() {
  return <WorkspaceGate product="CLM">{(entry) => <MyRequestsScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
