import { type ContractHubItem, type ContractType, MY_RELATIONS, type MyRelation, PROCESS_STATUSES, type ProcessStatus, WORKFLOW_PRESET_TYPES } from '@legal/api';
import { Anchor, Badge, Button, Container, Group, MultiSelect, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { ListFilterBar } from '../../components/ListFilterBar';
import { ListFooter } from '../../components/ListFooter';
import { useFormatDateTime } from '../../lib/i18n';
import { useContractTypeOptions } from '../contracts/contract-type-options';
import { useVocabulary } from '../contracts/contract-vocabulary';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { HUB_SEARCH_VIEWS, HUB_SORTS, type HubSearchFilters, type HubSearchView, hubSearchQuery, readHubSearchFilters, writeHubSearchFilters } from './hub-search-params';
import { statusColor, useWorkflowLabels } from './workflow-labels';
import { useHubSearch } from './workflow-queries';
import { contractPath } from './workflows-path';
import './workflows-i18n';

const PRESETS = WORKFLOW_PRESET_TYPES.filter((p) => p !== 'NONE');
const SORT_LABELS = {
  'updatedAt,desc': 'search.sorts.updatedAt_desc',
  'createdAt,desc': 'search.sorts.createdAt_desc',
  'title,asc': 'search.sorts.title_asc',
  'waitingSince,asc': 'search.sorts.waitingSince_asc',
  'workflowUpdatedAt,desc': 'search.sorts.workflowUpdatedAt_desc',
} as const satisfies Record<(typeof HUB_SORTS)[number], string>;

function Filters({ filters, onChange }: { filters: HubSearchFilters; onChange: (next: HubSearchFilters) => void }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const contractTypes = useContractTypeOptions(filters.contractTypes);
  const change = (over: Partial<HubSearchFilters>) => onChange({ ...filters, ...over, page: 0 });
  const select = { clearable: true, comboboxProps: { withinPortal: true }, miw: 180 } as const;
  return (
    <ListFilterBar
      label={t('search.filters')}
      isKeywordOwnRow
      keyword={{ value: filters.keyword, label: t('search.keyword'), description: t('search.keywordHint'), submitLabel: t('search.submit'), onSubmit: (keyword) => change({ keyword }), miw: 260 }}
      dateRange={{ from: filters.from, to: filters.to, fromLabel: t('search.from'), toLabel: t('search.to'), onChange: change }}
      trailing={
        <Select
          label={t('search.sort')}
          data={[{ value: '', label: t(`search.defaultSort.${filters.view}`) }, ...HUB_SORTS.map((s) => ({ value: s, label: t(SORT_LABELS[s]) }))]}
          value={filters.sort}
          onChange={(v) => change({ sort: (v ?? '') as HubSearchFilters['sort'] })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      }
    >
      <MultiSelect {...select} label={t('search.status')} data={PROCESS_STATUSES.map((s) => ({ value: s, label: labels.status(s) }))} value={filters.statuses} onChange={(v) => change({ statuses: v as ProcessStatus[] })} />
      <MultiSelect {...select} label={t('search.contractType')} data={contractTypes} value={filters.contractTypes} onChange={(v) => change({ contractTypes: v as ContractType[] })} />
      <MultiSelect {...select} label={t('search.preset')} data={PRESETS.map((p) => ({ value: p, label: labels.preset(p) }))} value={filters.presetTypes} onChange={(v) => change({ presetTypes: v as HubSearchFilters['presetTypes'] })} />
      {filters.view === 'related' ? (
        <MultiSelect {...select} label={t('search.relation')} data={MY_RELATIONS.map((r) => ({ value: r, label: t(`search.relations.${r}`) }))} value={filters.relations} onChange={(v) => change({ relations: v as MyRelation[] })} />
      ) : null}
    </ListFilterBar>
  );
}

/** Where the contract's workflow stands and whose move it is. */
function WorkflowCells({ item }: { item: ContractHubItem }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const w = item.workflow;
  if (!w) {
    return (
      <>
        <Table.Td>
          <Text size="sm" c="dimmed">
            {t('search.noWorkflow')}
          </Text>
        </Table.Td>
        <Table.Td>—</Table.Td>
        <Table.Td>—</Table.Td>
      </>
    );
  }
  const names = w.waitingOn.map((u) => u.displayName ?? t('people.unknown', { id: u.userId })).join(', ');
  return (
    <>
      <Table.Td>
        <Stack gap={2}>
          <Badge variant="light" color={statusColor(w.processStatus)}>
            {labels.status(w.processStatus)}
          </Badge>
          <Text size="xs" c="dimmed">
            {labels.preset(w.presetType)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{w.currentStepCode ? labels.step(w.currentStepCode) : '—'}</Table.Td>
      <Table.Td>{w.waitingRole ? `${labels.role(w.waitingRole)}${names ? `: ${names}` : ''}` : '—'}</Table.Td>
    </>
  );
}

function ContractSearchScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workflows');
  const { label } = useVocabulary();
  const formatDateTime = useFormatDateTime();
  const [params, setParams] = useSearchParams();
  const filters = readHubSearchFilters(params);
  const list = useHubSearch(filters.view, hubSearchQuery(filters));
  useDocumentTitle(`${t(`search.views.${filters.view}`)} · ${t('search.title')} · ${workspaceName}`);
  const setFilters = (next: HubSearchFilters) => setParams(writeHubSearchFilters(next));
  const isFiltered = Boolean(filters.keyword || filters.statuses.length || filters.contractTypes.length || filters.presetTypes.length || filters.relations.length || filters.from || filters.to);

  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.content.length === 0)
    content = isFiltered ? (
      <EmptyState
        title={t('search.emptyFilteredTitle')}
        description={t('search.emptyFilteredDescription')}
        action={
          <Button variant="light" onClick={() => setFilters(readHubSearchFilters(new URLSearchParams(filters.view === 'all' ? '' : `view=${filters.view}`)))}>
            {t('search.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState title={t(`search.empty.${filters.view}.title`)} description={t(`search.empty.${filters.view}.description`)} />
    );
  else
    content = (
      <>
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label={t(`search.views.${filters.view}`)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.contract')}</Table.Th>
                <Table.Th>{t('columns.contractType')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.step')}</Table.Th>
                <Table.Th>{t('search.waitingOn')}</Table.Th>
                {filters.view === 'related' ? <Table.Th>{t('search.relation')}</Table.Th> : null}
                <Table.Th>{t('search.updatedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.content.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Stack gap={0}>
                      <Anchor component={Link} to={contractPath(workspaceName, row.id)}>
                        {row.title}
                      </Anchor>
                      {row.counterpartyNames.length > 0 ? (
                        <Text size="xs" c="dimmed">
                          {row.counterpartyNames.join(', ')}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{label('contractType', row.contractType)}</Table.Td>
                  <WorkflowCells item={row} />
                  {filters.view === 'related' ? (
                    <Table.Td>
                      <Group gap={4}>
                        {(row.relations ?? []).map((r) => (
                          <Badge key={r} variant="outline" color="gray" tt="none">
                            {t(`search.relations.${r}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  ) : null}
                  <Table.Td>{formatDateTime(row.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListFooter total={t('list.total', { count: list.data.totalElements })} totalPages={list.data.totalPages} page={filters.page} onPage={(page) => setFilters({ ...filters, page })} pagesLabel={t('list.pages')} />
      </>
    );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('search.title')}</Title>
        <Tabs value={filters.view} onChange={(v) => setFilters({ ...filters, view: (v ?? 'all') as HubSearchView, page: 0, sort: '' })}>
          <Tabs.List>
            {HUB_SEARCH_VIEWS.map((view) => (
              <Tabs.Tab key={view} value={view}>
                {t(`search.views.${view}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Filters key={`${filters.view}:${params.get('q') ?? ''}`} filters={filters} onChange={setFilters} />
        {content}
      </Stack>
    </Container>
  );
}

/**
 * `/:workspaceName/workflows/search`: the contract hub's search over every contract the caller may
 * read with its workflow's state, the contracts waiting to be executed, and those related to me;
 * tab, filters, sort and page in the address.
 */
export function ContractSearchPage() {
  return <WorkspaceGate product="CLM">{(entry) => <ContractSearchScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
