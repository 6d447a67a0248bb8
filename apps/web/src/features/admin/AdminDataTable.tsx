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

export interface AdminDataTableProps<T> {
  /** The query's page (undefined while the first load runs). */
  data: ServerPage<T> | undefined;
  isPending: boolean;
  /** A refetch after the first load (new page or sort): the table stays and dims. */
  isFetching?: boolean;
  error: unknown;
  onRetry?: () => void;
  columns: DataTableColumn<T>[];
  idAccessor: keyof T & string;
  /** 1-based, as the table shows it; the wire page is `page - 1`. */
  page: number;
  onPageChange: (page: number) => void;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
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
  const { data, error, isPending } = props;
  if (error && !data) return <ErrorState error={error} onRetry={props.onRetry} />;
  const records = data?.content ?? [];
  const { sort, onSortChange } = props;
  const sorting =
    sort && onSortChange
      ? {
          sortStatus: { columnAccessor: sort.field, direction: sort.direction } satisfies DataTableSortStatus<T>,
          onSortStatusChange: (status: DataTableSortStatus<T>) => onSortChange({ field: String(status.columnAccessor), direction: status.direction }),
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
        fetching={isPending || Boolean(props.isFetching)}
        loadingText={t('table.loading')}
        totalRecords={data?.totalElements ?? 0}
        recordsPerPage={data?.size ?? 1}
        page={props.page}
        onPageChange={props.onPageChange}
        paginationText={({ from, to, totalRecords }) => t('table.range', { from, to, total: totalRecords })}
        getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
        {...sorting}
        onRowClick={props.onRowClick ? ({ record }) => props.onRowClick?.(record) : undefined}
        emptyState={isPending ? <span /> : <EmptyState title={props.emptyTitle} description={props.emptyDescription} />}
      />
    </Stack>
  );
}

/** The wire `sort` query value of a table sort. */
export function sortParam(sort: TableSort | undefined): string | undefined {
  return sort ? `${sort.field},${sort.direction}` : undefined;
}
