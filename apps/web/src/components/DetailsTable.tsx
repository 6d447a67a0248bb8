import { Table } from '@mantine/core';
import { type ReactNode } from 'react';

export type DetailRow = readonly [label: string, value: ReactNode];

/** Label/value pairs in a borderless vertical table: profile fields, file metadata, membership. */
export function DetailsTable({ rows, labelWidth = 120, spacing = 4 }: { rows: readonly DetailRow[]; labelWidth?: number; spacing?: number }) {
  return (
    <Table variant="vertical" withRowBorders={false} verticalSpacing={spacing}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={labelWidth} fw={500} c="dimmed">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
