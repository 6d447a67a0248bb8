import { type ContractColumn, type ContractSummary } from '@legal/api';
import { Button, Group, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.layer.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BookmarkToggle } from './BookmarkToggle';
import { listColumns } from './contract-list-columns';
import { type ContractSort } from './contract-search-params';
import { useVocabulary } from './contract-vocabulary';
import { usePersonName } from './PeoplePicker';
import { useLoadMoreOnView } from './use-load-more-on-view';
import './contracts-i18n';

export interface ContractResultsProps {
  workspaceName: string;
  contracts: ContractSummary[];
  /** The caller's saved columns (user-config), in order. */
  columns: readonly ContractColumn[];
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  /** Sortable headers; left out where the server keeps its own order (bookmarks). */
  sort?: ContractSort;
  onSortChange?: (sort: ContractSort) => void;
  /** Rows picked for the zip download. */
  selected: ContractSummary[];
  onSelectedChange: (rows: ContractSummary[]) => void;
  caption: string;
}

/**
 * The contracts found so far. More rows load when the end of the list scrolls into view; the
 * "load more" button does the same for keyboards, screen readers and browsers without observers.
 */
export function ContractResults(props: ContractResultsProps) {
  const { workspaceName, contracts, hasMore, isLoadingMore, onLoadMore, sort, onSortChange } = props;
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const nameOf = usePersonName();
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadMoreOnView(sentinel, hasMore && !isLoadingMore, onLoadMore);

  const columns: DataTableColumn<ContractSummary>[] = [
    {
      accessor: 'isBookmarked',
      title: t('list.bookmark'),
      render: (c) => <BookmarkToggle contractId={c.id} title={c.title} isBookmarked={c.isBookmarked} />,
    },
    ...listColumns(props.columns, { workspaceName, vocabulary, nameOf, title: (column) => t(`fields.${column}`), isSortable: Boolean(sort && onSortChange) }),
  ];

  const sorting =
    sort && onSortChange
      ? {
          sortStatus: { columnAccessor: sort.field, direction: sort.direction } satisfies DataTableSortStatus<ContractSummary>,
          onSortStatusChange: (status: DataTableSortStatus<ContractSummary>) =>
            onSortChange({ field: String(status.columnAccessor) as ContractSort['field'], direction: status.direction }),
        }
      : {};

  return (
    <Stack gap="sm">
      <DataTable<ContractSummary>
        aria-label={props.caption}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        idAccessor="id"
        records={contracts}
        columns={columns}
        selectedRecords={props.selected}
        onSelectedRecordsChange={props.onSelectedChange}
        getRecordSelectionCheckboxProps={(c) => ({ 'aria-label': t('list.select', { title: c.title }) })}
        allRecordsSelectionCheckboxProps={{ 'aria-label': t('list.selectAll') }}
        {...sorting}
        // The page says when nothing is found; the table's own (hidden) "No records" stays out of the page.
        emptyState={<span />}
      />
      <div ref={sentinel} aria-hidden="true" />
      <Group justify="center">
        {hasMore ? (
          <Button variant="light" onClick={onLoadMore} loading={isLoadingMore}>
            {t('list.loadMore')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('list.end', { count: contracts.length })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
