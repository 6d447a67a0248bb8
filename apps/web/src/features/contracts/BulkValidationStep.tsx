import { BULK_COLUMNS, type BulkColumn, type BulkRequestDetail, type BulkRow, type BulkRowValues } from '@legal/api';
import { Badge, Button, Checkbox, Group, List, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkAssignActions, BulkAssignPanel } from './BulkAssignPanel';
import './contracts-i18n';

const STATUS_COLOR = { PENDING: 'blue', INVALID: 'red', REGISTERED: 'green', FAILED: 'orange' } as const;

interface Props {
  detail: BulkRequestDetail;
  /** Saves a row's new values; the server checks the row again. */
  onFix: (rowNumber: number, values: BulkRowValues) => Promise<unknown>;
  isSaving: boolean;
  /** When given, rows can be selected and given an owner or a group. */
  assign?: BulkAssignActions;
}

/** A row that can still change (fixed, assigned): everything not yet registered. */
const isChangeable = (row: BulkRow) => row.status !== 'REGISTERED';

/** Step 3: the sheet's rows with their errors by column; a row with errors can be fixed in place. */
export function BulkValidationStep({ detail, onFix, isSaving, assign }: Props) {
  const { t } = useTranslation('contracts');
  const [editing, setEditing] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const rows = detail.rows.content;
  if (rows.length === 0) return <Text c="dimmed">{t('bulk.validation.empty')}</Text>;
  const changeable = rows.filter(isChangeable).map((r) => r.rowNumber);
  const chosen = changeable.filter((n) => selected.has(n));
  const toggle = (rowNumber: number, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(rowNumber);
      else next.delete(rowNumber);
      return next;
    });
  const columnCount = assign ? 6 : 5;
  return (
    <Stack gap="sm">
      <Text>
        {t('bulk.validation.summary', { total: detail.counts.totalRows, pending: detail.counts.pendingRows, invalid: detail.counts.invalidRows })}
      </Text>
      {assign && <BulkAssignPanel {...assign} rowNumbers={chosen} onAssigned={() => setSelected(new Set())} />}
      <Table striped withTableBorder aria-label={t('bulk.validation.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            {assign && (
              <Table.Th>
                <Checkbox
                  aria-label={t('bulk.validation.selectAll')}
                  checked={changeable.length > 0 && chosen.length === changeable.length}
                  indeterminate={chosen.length > 0 && chosen.length < changeable.length}
                  onChange={(e) => setSelected(new Set(e.currentTarget.checked ? changeable : []))}
                />
              </Table.Th>
            )}
            <Table.Th>{t('bulk.validation.row')}</Table.Th>
            <Table.Th>{t('bulk.columns.title')}</Table.Th>
            <Table.Th>{t('bulk.validation.status')}</Table.Th>
            <Table.Th>{t('bulk.validation.errors')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) =>
            editing === row.rowNumber ? (
              <RowEditor key={row.rowNumber} row={row} columnCount={columnCount} isSaving={isSaving} onCancel={() => setEditing(null)} onSave={(values) => onFix(row.rowNumber, values).then(() => setEditing(null))} />
            ) : (
              <Table.Tr key={row.rowNumber}>
                {assign && (
                  <Table.Td>
                    {isChangeable(row) && (
                      <Checkbox
                        aria-label={t('bulk.validation.selectRow', { row: row.rowNumber })}
                        checked={selected.has(row.rowNumber)}
                        onChange={(e) => toggle(row.rowNumber, e.currentTarget.checked)}
                      />
                    )}
                  </Table.Td>
                )}
                <Table.Td>{row.rowNumber}</Table.Td>
                <Table.Td>{row.values.title ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[row.status]}>{t(`bulk.rowStatus.${row.status}`)}</Badge>
                </Table.Td>
                <Table.Td>
                  {row.errors.length > 0 && (
                    <List size="sm" aria-label={t('bulk.validation.rowErrors', { row: row.rowNumber })}>
                      {row.errors.map((e) => (
                        <List.Item key={e.field}>{e.message}</List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
                <Table.Td>
                  {(row.status === 'INVALID' || row.status === 'FAILED') && (
                    <Button size="xs" variant="light" onClick={() => setEditing(row.rowNumber)} aria-label={t('bulk.validation.fixRow', { row: row.rowNumber })}>
                      {t('bulk.validation.fix')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The row's cells as inputs: the columns with errors first, each showing its error. */
function RowEditor({
  row, columnCount, onSave, onCancel, isSaving,
}: { row: BulkRow; columnCount: number; onSave: (v: BulkRowValues) => Promise<unknown>; onCancel: () => void; isSaving: boolean }) {
  const { t } = useTranslation('contracts');
  const [values, setValues] = useState<BulkRowValues>(row.values);
  const errorOf = (c: BulkColumn) => row.errors.find((e) => e.field === c)?.message;
  const columns = [...BULK_COLUMNS].sort((a, b) => Number(Boolean(errorOf(b))) - Number(Boolean(errorOf(a))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(values);
  };
  return (
    <Table.Tr>
      <Table.Td colSpan={columnCount}>
        <form onSubmit={submit} aria-label={t('bulk.validation.fixRow', { row: row.rowNumber })}>
          <Group align="flex-end" gap="xs">
            {columns.map((c) => (
              <TextInput
                key={c}
                size="xs"
                label={t(`bulk.columns.${c}`)}
                value={values[c] ?? ''}
                error={errorOf(c)}
                onChange={(e) => {
                  const value = e.currentTarget.value || null;
                  setValues((v) => ({ ...v, [c]: value }));
                }}
              />
            ))}
            <Button type="submit" size="xs" loading={isSaving}>
              {t('bulk.validation.saveRow')}
            </Button>
            <Button size="xs" variant="default" onClick={onCancel}>
              {t('bulk.validation.cancel')}
            </Button>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
