import { type AuditChange } from '@legal/api';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './audit-log-i18n';

function shown(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Before and after of each changed field: the old value struck through, the new one beside it. */
export function AuditChangesView({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation('auditLog');
  const empty = t('detail.empty');
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm">
      <Table.Caption>{t('detail.changes')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('detail.field')}</Table.Th>
          <Table.Th>{t('detail.before')}</Table.Th>
          <Table.Th>{t('detail.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Td ff="monospace">{change.field}</Table.Td>
            <Table.Td bg="var(--mantine-color-red-light)">
              <Text size="sm" td="line-through" style={{ wordBreak: 'break-word' }}>
                {shown(change.before, empty)}
              </Text>
            </Table.Td>
            <Table.Td bg="var(--mantine-color-green-light)">
              <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                {shown(change.after, empty)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
