import { type ContractColumn, type ContractSummary, type ContractUserConfig, DEFAULT_CONTRACT_COLUMNS } from '@legal/api';
import { Button, Card, Container, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WorkspacePageHeader } from '../../components/WorkspacePageHeader';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { ALL_CONTRACTS_PERMISSIONS, CONTRACT_PERMISSIONS, CREATE_PERMISSIONS, REPOSITORY_PERMISSIONS } from './contract-permissions';
import { useBookmarkedContracts, useContractScroll } from './contract-queries';
import { type ContractFilters, countFilters, emptyFilters, filtersFromBody, readContractFilters, writeContractFilters } from './contract-search-params';
import { useContractUserConfig } from './contract-user-config';
import { ContractListToolbar } from './ContractListToolbar';
import { IconAddressBook, IconPlus } from './contract-icons';
import { ContractFilterBar } from './ContractFilterBar';
import { ContractResults } from './ContractResults';
import { ContractStatsCard } from './ContractStatsCard';
import { bulkContractsPath, newContractPath } from './contracts-path';
import { CounterpartyBookmarksDrawer } from './CounterpartyBookmarksDrawer';
import './contracts-i18n';

/** The rows of the current view, whichever list serves it. */
interface ListState {
  contracts: ContractSummary[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
}

function useContractList(filters: ContractFilters): ListState {
  const isBookmarkView = filters.view === 'bookmarks';
  const scroll = useContractScroll(filters, !isBookmarkView);
  const bookmarks = useBookmarkedContracts(isBookmarkView);
  const pick = <A, B>(a: A, b: B) => (isBookmarkView ? b : a);
  const query = pick(scroll, bookmarks);
  return {
    contracts: pick(scroll.data?.pages.flatMap((p) => p.content), bookmarks.data?.pages.flatMap((p) => p.content)),
    isPending: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

function ResultsBody({ workspaceName, list, filters, onChange, canCreate, columns, selected, onSelectedChange }: {
  workspaceName: string;
  list: ListState;
  filters: ContractFilters;
  onChange: (next: ContractFilters) => void;
  canCreate: boolean;
  columns: readonly ContractColumn[];
  selected: ContractSummary[];
  onSelectedChange: (rows: ContractSummary[]) => void;
}) {
  const { t } = useTranslation('contracts');
  const contracts = list.contracts;
  // A failed "load more" keeps the rows (the client already showed the failure).
  if (list.error && !contracts) return <ErrorState error={list.error} onRetry={list.refetch} />;
  if (list.isPending || !contracts) return <LoadingState />;
  if (contracts.length === 0) {
    return <NoContracts workspaceName={workspaceName} filters={filters} onChange={onChange} canCreate={canCreate} />;
  }
  const isBookmarkView = filters.view === 'bookmarks';
  return (
    <ContractResults
      workspaceName={workspaceName}
      contracts={contracts}
      columns={columns}
      hasMore={list.hasMore}
      isLoadingMore={list.isLoadingMore}
      onLoadMore={list.loadMore}
      sort={isBookmarkView ? undefined : filters.sort}
      onSortChange={isBookmarkView ? undefined : (sort) => onChange({ ...filters, sort })}
      selected={selected}
      onSelectedChange={onSelectedChange}
      caption={t(isBookmarkView ? 'list.bookmarkCaption' : 'list.caption')}
    />
  );
}

/**
 * Why the list is empty, truthfully: nothing bookmarked; nothing matching the search (with a way
 * to clear it); nothing in the workspace (for someone who sees every contract); or nothing this
 * user may see (for someone who sees only their own, watched, related or group contracts: there
 * may well be others). The action offered is one the user may take.
 */
function NoContracts({ workspaceName, filters, onChange, canCreate }: { workspaceName: string; filters: ContractFilters; onChange: (next: ContractFilters) => void; canCreate: boolean }) {
  const { t } = useTranslation('contracts');
  const seesAll = useHasAnyPermission(ALL_CONTRACTS_PERMISSIONS);
  if (filters.view === 'bookmarks') return <EmptyState title={t('empty.bookmarksTitle')} description={t('empty.bookmarksDescription')} />;
  if (filters.keyword || countFilters(filters) > 0) {
    return (
      <EmptyState
        title={t('empty.notFoundTitle')}
        description={t('empty.notFoundDescription')}
        action={
          <Button variant="light" onClick={() => onChange({ ...emptyFilters(), view: filters.view, sort: filters.sort })}>
            {t('empty.clearFilters')}
          </Button>
        }
      />
    );
  }
  const create = canCreate ? <Button component={Link} to={newContractPath(workspaceName)}>{t('list.create')}</Button> : undefined;
  if (seesAll) return <EmptyState title={t('empty.title')} description={t(canCreate ? 'empty.description' : 'empty.descriptionReadOnly')} action={create} />;
  return <EmptyState title={t('empty.noneVisibleTitle')} description={t(canCreate ? 'empty.noneVisibleDescription' : 'empty.noneVisibleDescriptionReadOnly')} action={create} />;
}

/** Opens the list with the user's default saved search when the address names none (once per visit). */
function useDefaultSearch(config: ContractUserConfig | undefined, isPlain: boolean, apply: (filters: ContractFilters) => void) {
  const isDone = useRef(false);
  useEffect(() => {
    if (isDone.current || !config) return;
    isDone.current = true;
    const saved = config.savedFilters.find((f) => f.name === config.defaultFilterName);
    if (saved && isPlain) apply(filtersFromBody(saved.filter, saved.sort));
  }, [config, isPlain, apply]);
}

function ContractList({ workspaceName, canCreate }: { workspaceName: string; canCreate: boolean }) {
  const { t } = useTranslation('contracts');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readContractFilters(searchParams);
  const isBookmarkView = filters.view === 'bookmarks';
  const list = useContractList(filters);
  const config = useContractUserConfig();
  // The rows picked for the zip belong to one search and view: another one starts with none.
  const address = searchParams.toString();
  const [selection, setSelection] = useState<{ address: string; rows: ContractSummary[] }>({ address, rows: [] });
  const selected = selection.address === address ? selection.rows : [];
  const setSelected = (rows: ContractSummary[]) => setSelection({ address, rows });
  const setFilters = (next: ContractFilters) => setSearchParams(writeContractFilters(next));
  const applyDefault = useCallback((next: ContractFilters) => setSearchParams(writeContractFilters(next), { replace: true }), [setSearchParams]);
  useDefaultSearch(config.data, searchParams.size === 0, applyDefault);

  let body: ReactNode = (
    <ResultsBody
      workspaceName={workspaceName}
      list={list}
      filters={filters}
      onChange={setFilters}
      canCreate={canCreate}
      columns={config.data?.columns ?? DEFAULT_CONTRACT_COLUMNS}
      selected={selected}
      onSelectedChange={setSelected}
    />
  );
  if (isBookmarkView) body = <Stack gap="sm"><Text size="sm" c="dimmed">{t('list.bookmarkHint')}</Text>{body}</Stack>;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('list.caption')}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <SegmentedControl
            aria-label={t('list.view')}
            data={[
              { value: 'all', label: t('list.viewAll') },
              { value: 'bookmarks', label: t('list.viewBookmarks') },
            ]}
            value={filters.view}
            onChange={(view) => setFilters({ ...filters, view: view === 'bookmarks' ? 'bookmarks' : 'all' })}
          />
          <ContractListToolbar filters={filters} onApply={setFilters} config={config.data} selectedIds={selected.map((c) => c.id)} />
        </Group>
        {isBookmarkView ? null : <ContractFilterBar filters={filters} onChange={setFilters} />}
        {body}
      </Stack>
    </Card>
  );
}

function ContractsScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('contracts');
  useDocumentTitle(`${t('documentTitle')} · ${workspaceName}`);
  const canRead = useHasAnyPermission(REPOSITORY_PERMISSIONS);
  const canCreate = useHasAnyPermission(CREATE_PERMISSIONS);
  const isContractAdmin = useHasAnyPermission([CONTRACT_PERMISSIONS.admin]);
  const [isAddressBookOpen, setIsAddressBookOpen] = useState(false);
  if (!canRead) return <ForbiddenState />;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <WorkspacePageHeader
          workspaceName={workspaceName}
          title={t('title')}
          description={t('description')}
          aside={
            <Group gap="xs">
              <Button variant="default" leftSection={<IconAddressBook size={16} aria-hidden="true" />} onClick={() => setIsAddressBookOpen(true)}>
                {t('bookmarks.open')}
              </Button>
              {isContractAdmin ? (
                <Button variant="default" component={Link} to={bulkContractsPath(workspaceName)}>
                  {t('bulk.open')}
                </Button>
              ) : null}
              {canCreate ? (
                <Button component={Link} to={newContractPath(workspaceName)} leftSection={<IconPlus size={16} aria-hidden="true" />}>
                  {t('list.create')}
                </Button>
              ) : null}
            </Group>
          }
        />
        <ContractStatsCard />
        <ContractList workspaceName={workspaceName} canCreate={canCreate} />
      </Stack>
      <CounterpartyBookmarksDrawer opened={isAddressBookOpen} onClose={() => setIsAddressBookOpen(false)} canCreate={canCreate} />
    </Container>
  );
}

/**
 * `/:workspaceName/contracts`: the contract repository. The address picks the workspace
 * (WorkspaceGate) and holds the search, the filters, the order and the view; the list scrolls
 * through scroll-search v2 (or the caller's bookmarks).
 */
export function ContractsPage() {
  return <WorkspaceGate product="CLM">{(entry) => <ContractsScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}

