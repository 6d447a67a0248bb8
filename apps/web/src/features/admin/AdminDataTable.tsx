import { Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.layer.css';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';

/** One page of a server-side list (the wire `pageOf` answer). */
export interface ServerPage<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

/** `sort=field,direction` of the wire conventions, as the table shows it. */
export interface TableSort {
  field: string;
  direction: 'asc' | 'desc';
}

/** The default order of most lists. */
export const NEWEST_FIRST: TableSort = { field: 'createdAt', direction: 'desc' };

/** What the table reads of the list's query (a TanStack `useQuery` result fits). */
export interface ListQuery<T> {
  /** The query's page (undefined while the first load runs). */
  data: ServerPage<T> | undefined;
  isPending: boolean;
  /** A refetch after the first load (new page or sort): the table stays and dims. */
  isFetching?: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The paging and sorting state of a list as the address keeps it: a 1-based page, `field,direction`. */
export interface ListPaging {
  page: number;
  sort?: string;
}

export interface AdminDataTableProps<T> {
  query: ListQuery<T>;
  columns: DataTableColumn<T>[];
  idAccessor: keyof T & string;
  /** The list's page and sort (usually its filters from the address). */
  list: ListPaging;
  /** A new page keeps the sort; a new sort starts again at page 1. */
  onListChange: (next: { page: number; sort: string | undefined }) => void;
  /** The order the server applies without a `sort`, shown on its column. Without one (and no `sort`) the columns do not sort. */
  defaultSort?: TableSort;
  onRowClick?: (record: T) => void;
  emptyTitle?: string;
  emptyDescription?: string;
  /** Accessible name of the table. */
  caption: string;
}

/**
 * The admin console's list: mantine-datatable with server-side paging and sorting, and the app's
 * loading, empty and error states. Sorting maps to the `sort=field,asc|desc` query of the wire.
 */
export function AdminDataTable<T>(props: AdminDataTableProps<T>) {
  const { t } = useTranslation('admin');
  const { query, list, onListChange } = props;
  const { data, error, isPending } = query;
  if (error && !data) return <ErrorState error={error} onRetry={() => void query.refetch()} />;
  const records = data?.content ?? [];
  const sort = tableSortOf(list.sort, props.defaultSort);
  const sorting = sort
    ? {
          sortStatus: { columnAccessor: sort.field, direction: sort.direction } satisfies DataTableSortStatus<T>,
          onSortStatusChange: (status: DataTableSortStatus<T>) =>
            onListChange({ page: 1, sort: sortParam({ field: String(status.columnAccessor), direction: status.direction }) }),
        }
      : {};
  return (
    <Stack gap="xs">
      {data ? (
        <Text size="sm" c="dimmed">
          {t('table.total', { count: data.totalElements })}
        </Text>
      ) : null}
      <DataTable<T>
        aria-label={props.caption}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        minHeight={records.length === 0 ? 220 : undefined}
        idAccessor={props.idAccessor}
        records={records}
        columns={props.columns}
        fetching={isPending || Boolean(query.isFetching)}
        loadingText={t('table.loading')}
        totalRecords={data?.totalElements ?? 0}
        recordsPerPage={data?.size ?? 1}
        page={list.page}
        onPageChange={(page) => onListChange({ page, sort: list.sort })}
        paginationText={({ from, to, totalRecords }) => t('table.range', { from, to, total: totalRecords })}
        getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
        {...sorting}
        onRowClick={props.onRowClick ? ({ record }) => props.onRowClick?.(record) : undefined}
        // The table keeps its empty-state box in the page; it holds the text only while the list is empty (no hidden "No records" under rows).
        emptyState={!isPending && records.length === 0 ? <EmptyState title={props.emptyTitle} description={props.emptyDescription} /> : <span />}
      />
    </Stack>
  );
}

/** The wire `sort` query value of a table sort. */
export function sortParam(sort: TableSort | undefined): string | undefined {
  return sort ? `${sort.field},${sort.direction}` : undefined;
}

/** The table sort of a `field,asc|desc` value; the list's default order without one. */
export function tableSortOf(sort: string | undefined, fallback?: TableSort): TableSort | undefined {
  const [field, direction] = (sort ?? '').split(',');
  return field && (direction === 'asc' || direction === 'desc') ? { field, direction } : fallback;
}
