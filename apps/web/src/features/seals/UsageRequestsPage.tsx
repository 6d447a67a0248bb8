import { type UsageRequest } from '@legal/api';
import { Anchor, Badge, Button, Container, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { ListFilterBar } from '../../components/ListFilterBar';
import { ListFooter } from '../../components/ListFooter';
import { useLocaleFormat } from '../../lib/i18n';
import { type LauncherEntry } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { NewUsageRequestModal } from './NewUsageRequestModal';
import { UsageRequestDrawer } from './UsageRequestDrawer';
import { REQUEST_STATUS_COLOR, usePersonLabel, useSealLabels } from './seal-labels';
import { LIST_PAGE_SIZE, type UsageTab, useProcessedDownload, useSealAccess, useUsageRequests } from './seal-queries';
import { IconDownload, IconPlus } from './seals-icons';
import { sealsPath } from './seals-path';
import './seals-i18n';

const TABS: readonly UsageTab[] = ['mine', 'approve', 'processed'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Filters {
  tab: UsageTab;
  from: string;
  to: string;
  page: number;
  requestId: number | null;
}

/** `?tab=approve&from=2026-11-01&to=2026-11-30&page=1&request=12`: the tab, filters and the open request live in the address. */
function readFilters(params: URLSearchParams): Filters {
  const tab = params.get('tab');
  const page = Number(params.get('page') ?? '0');
  const requestId = Number(params.get('request') ?? '');
  const date = (key: string) => (ISO_DATE.test(params.get(key) ?? '') ? (params.get(key) ?? '') : '');
  return {
    tab: TABS.includes(tab as UsageTab) ? (tab as UsageTab) : 'mine',
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 0 ? page : 0,
    requestId: Number.isInteger(requestId) && requestId > 0 ? requestId : null,
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams({ tab: filters.tab });
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 0) params.set('page', String(filters.page));
  if (filters.requestId !== null) params.set('request', String(filters.requestId));
  return params;
}

function RequestsTable({ tab, rows, onOpen, custodianOf }: { tab: UsageTab; rows: UsageRequest[]; onOpen: (id: number) => void; custodianOf: readonly number[] }) {
  const { t } = useTranslation('seals');
  const labels = useSealLabels();
  const nameOf = usePersonLabel();
  const format = useLocaleFormat();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover aria-label={t('requests.listLabel', { tab: t(`requests.tabs.${tab}`) })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('requests.columns.seal')}</Table.Th>
            <Table.Th>{t('requests.columns.purpose')}</Table.Th>
            <Table.Th>{t('requests.columns.useDate')}</Table.Th>
            <Table.Th ta="right">{t('requests.columns.count')}</Table.Th>
            <Table.Th>{t('requests.columns.status')}</Table.Th>
            {tab === 'approve' ? <Table.Th>{t('requests.columns.waiting')}</Table.Th> : null}
            <Table.Th>{t('requests.columns.requester')}</Table.Th>
            <Table.Th>{t('requests.columns.requestedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.requestId}>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" onClick={() => onOpen(row.requestId)} aria-label={t('requests.open', { id: row.requestId, seal: row.seal.name })}>
                  {row.seal.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {labels.type(row.seal.type)} · #{row.requestId}
                </Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" lineClamp={2}>
                  {row.purpose}
                </Text>
              </Table.Td>
              <Table.Td>{format.isoDate(row.useDate)}</Table.Td>
              <Table.Td ta="right">{row.count}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={REQUEST_STATUS_COLOR[row.status]}>
                  {labels.requestStatus(row.status)}
                </Badge>
              </Table.Td>
              {tab === 'approve' ? (
                <Table.Td>{row.status === 'APPROVED' && custodianOf.includes(row.seal.sealId) ? t('requests.waitingApply') : t('requests.waitingApprove')}</Table.Td>
              ) : null}
              <Table.Td>{nameOf(row.requester)}</Table.Td>
              <Table.Td>{format.dateTime(row.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DateFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation('seals');
  return (
    <ListFilterBar
      label={t('requests.filters')}
      dateRange={{ from: filters.from, to: filters.to, fromLabel: t('requests.from'), toLabel: t('requests.to'), onChange: (range) => onChange({ ...filters, ...range, page: 0 }) }}
    />
  );
}

function UsageRequestsScreen({ entry }: { entry: LauncherEntry }) {
  const { t } = useTranslation('seals');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const setFilters = (next: Filters) => setParams(writeFilters(next));
  const access = useSealAccess();
  const query = { page: filters.page, size: LIST_PAGE_SIZE, ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) };
  const list = useUsageRequests(filters.tab, query);
  const excel = useProcessedDownload();
  const [isCreating, setCreating] = useState(false);
  useDocumentTitle(`${t('requests.title')} · ${entry.workspaceName}`);
  const custodianOf = access.data?.custodianOf ?? [];

  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.content.length === 0)
    content = <EmptyState title={t(`requests.emptyTitle.${filters.tab}`)} description={t(`requests.emptyDescription.${filters.tab}`)} />;
  else
    content = (
      <>
        <RequestsTable tab={filters.tab} rows={list.data.content} custodianOf={custodianOf} onOpen={(requestId) => setFilters({ ...filters, requestId })} />
        <ListFooter total={t('requests.total', { count: list.data.totalElements })} totalPages={list.data.totalPages} page={filters.page} onPage={(page) => setFilters({ ...filters, page })} pagesLabel={t('requests.pages')} />
      </>
    );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{t('requests.title')}</Title>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)} disabled={access.data ? !access.data.canRequestSeal : false}>
            {t('requests.new')}
          </Button>
        </Group>
        <Tabs value={filters.tab} onChange={(tab) => tab && setFilters({ tab: tab as UsageTab, from: filters.from, to: filters.to, page: 0, requestId: null })}>
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`requests.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Group justify="space-between" align="flex-end">
          <DateFilters filters={filters} onChange={setFilters} />
          {filters.tab === 'processed' ? (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              loading={excel.isPending}
              onClick={() => excel.mutate({ ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) })}
            >
              {t('requests.excel')}
            </Button>
          ) : null}
        </Group>
        {content}
      </Stack>
      {isCreating ? (
        <NewUsageRequestModal
          canPickContract={entry.products.some((p) => p.type === 'CLM')}
          onClose={() => setCreating(false)}
          onCreated={(request) => {
            setCreating(false);
            setFilters({ tab: 'mine', from: '', to: '', page: 0, requestId: request.requestId });
          }}
        />
      ) : null}
      <UsageRequestDrawer requestId={filters.requestId} workspaceName={entry.workspaceName} onClose={() => setFilters({ ...filters, requestId: null })} />
    </Container>
  );
}

/** `/:workspaceName/seals/requests`: my requests, those waiting on me (approve or apply) and those I processed (Excel); a request opens in a drawer. */
export function UsageRequestsPage() {
  return <WorkspaceGate product="SEAL">{(entry) => <UsageRequestsScreen entry={entry} />}</WorkspaceGate>;
}

/** `/:workspaceName/seals/usage-requests/:requestId`: the link of the seal mails; opens the request's drawer on the requests page. */
export function UsageRequestLinkPage() {
  const { workspaceName = '', requestId = '' } = useParams();
  const id = Number(requestId);
  return <Navigate replace to={Number.isInteger(id) && id > 0 ? sealsPath(workspaceName, 'requests', new URLSearchParams({ tab: 'mine', request: String(id) })) : sealsPath(workspaceName, 'requests')} />;
}
