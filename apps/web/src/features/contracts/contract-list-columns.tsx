import { type ContractColumn, type ContractSummary } from '@legal/api';
import { Anchor } from '@mantine/core';
import { type DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { formatAmount, formatInstantDate, formatIsoDate } from '../../lib/i18n';
import { type VocabularyLabels } from './contract-vocabulary';
import { ContractStatusBadge } from './ContractStatusBadge';
import { contractPath } from './contracts-path';

export interface ColumnContext {
  workspaceName: string;
  vocabulary: VocabularyLabels;
  nameOf: (person: { userId: number; displayName: string | null }) => string;
  /** Column titles (`fields.*` of the catalogue). */
  title: (column: ListColumn) => string;
  isSortable: boolean;
}

type Column = DataTableColumn<ContractSummary>;

/** The saved columns (user-config) a list row has data for. */
export const LIST_COLUMN_CODES = [
  'id', 'title', 'contractType', 'status', 'counterparties', 'hashtags', 'owner', 'group', 'signedDate', 'startDate', 'endDate', 'amount', 'currency',
  'createdAt', 'updatedAt',
] as const satisfies readonly ContractColumn[];
export type ListColumn = (typeof LIST_COLUMN_CODES)[number];

/**
 * The saved columns (user-config) a list row can show; the others (memo, governing law, ...) are
 * only in the Excel export, which reads the same setting. Sortable ones match the search's sort fields.
 */
const LIST_COLUMNS: Record<ListColumn, (c: ColumnContext) => Column> = {
  id: (c) => ({ accessor: 'id', title: c.title('id'), width: 80 }),
  title: (c) => ({
    accessor: 'title',
    title: c.title('title'),
    sortable: c.isSortable,
    // The title is what a row is read by: it keeps room for a few words while the other columns stay on one line.
    cellsStyle: () => ({ minWidth: 220 }),
    render: (row) => (
      <Anchor component={Link} to={contractPath(c.workspaceName, row.id)} size="sm" fw={500}>
        {row.title}
      </Anchor>
    ),
  }),
  contractType: (c) => ({ accessor: 'contractType', title: c.title('contractType'), sortable: c.isSortable, render: (row) => c.vocabulary.label('contractType', row.contractType) }),
  status: (c) => ({ accessor: 'status', title: c.title('status'), sortable: c.isSortable, noWrap: true, render: (row) => <ContractStatusBadge status={row.status} /> }),
  counterparties: (c) => ({ accessor: 'counterpartyNames', title: c.title('counterparties'), render: (row) => row.counterpartyNames.join(', ') }),
  hashtags: (c) => ({ accessor: 'hashtags', title: c.title('hashtags'), render: (row) => row.hashtags.map((tag) => `#${tag}`).join(' ') }),
  owner: (c) => ({ accessor: 'owner', title: c.title('owner'), noWrap: true, render: (row) => c.nameOf(row.owner) }),
  group: (c) => ({ accessor: 'group', title: c.title('group'), render: (row) => row.group?.name ?? '' }),
  signedDate: (c) => ({ accessor: 'signedDate', title: c.title('signedDate'), sortable: c.isSortable, noWrap: true, render: (row) => formatIsoDate(row.signedDate, c.vocabulary.locale) }),
  startDate: (c) => ({ accessor: 'startDate', title: c.title('startDate'), sortable: c.isSortable, noWrap: true, render: (row) => formatIsoDate(row.startDate, c.vocabulary.locale) }),
  endDate: (c) => ({ accessor: 'endDate', title: c.title('endDate'), sortable: c.isSortable, noWrap: true, render: (row) => formatIsoDate(row.endDate, c.vocabulary.locale) }),
  amount: (c) => ({
    accessor: 'amount',
    title: c.title('amount'),
    sortable: c.isSortable,
    textAlign: 'right',
    noWrap: true,
    render: (row) => formatAmount(row.amount, row.currency, c.vocabulary.locale),
  }),
  currency: (c) => ({ accessor: 'currency', title: c.title('currency'), noWrap: true }),
  createdAt: (c) => ({ accessor: 'createdAt', title: c.title('createdAt'), sortable: c.isSortable, noWrap: true, render: (row) => formatInstantDate(row.createdAt, c.vocabulary.locale) }),
  updatedAt: (c) => ({ accessor: 'updatedAt', title: c.title('updatedAt'), sortable: c.isSortable, noWrap: true, render: (row) => formatInstantDate(row.updatedAt, c.vocabulary.locale) }),
};

export function isListColumn(column: ContractColumn): column is ListColumn {
  return (LIST_COLUMN_CODES as readonly string[]).includes(column);
}

/** The table columns of the saved setting, in its order; export-only columns are left out. */
export function listColumns(columns: readonly ContractColumn[], context: ColumnContext): Column[] {
  return columns.filter(isListColumn).map((column) => LIST_COLUMNS[column](context));
}
