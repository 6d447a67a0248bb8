import { type RouteData, type listClientErrors } from '@legal/api';
import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../lib/i18n';
import './super-admin-i18n';

export type ClientErrorReport = RouteData<typeof listClientErrors>['content'][number];

/** One page of client error reports. */
export function ClientErrorsTable({ reports }: { reports: readonly ClientErrorReport[] }) {
  const { t } = useTranslation('superAdmin');
  const formatDateTime = useFormatDateTime();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('errors.createdAt')}</Table.Th>
            <Table.Th>{t('errors.errorId')}</Table.Th>
            <Table.Th>{t('errors.message')}</Table.Th>
            <Table.Th>{t('errors.route')}</Table.Th>
            <Table.Th>{t('errors.status')}</Table.Th>
            <Table.Th>{t('errors.user')}</Table.Th>
            <Table.Th>{t('errors.workspace')}</Table.Th>
            <Table.Th>{t('errors.ip')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((report) => (
            <Table.Tr key={report.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(report.createdAt)}</Table.Td>
              <Table.Td>
                <Code>{report.errorId}</Code>
              </Table.Td>
              <Table.Td maw={360}>
                <Text size="sm" lineClamp={2} title={report.message}>
                  {report.message}
                </Text>
                {report.apiPath ? (
                  <Text size="xs" c="dimmed" ff="monospace" truncate>
                    {report.apiPath}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {report.route || '-'}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {[report.httpStatus, report.code].filter((part) => part !== undefined && part !== '').join(' ') || '-'}
              </Table.Td>
              <Table.Td>
                {report.user ? (
                  <>
                    <Text size="sm">{report.user.name}</Text>
                    <Text size="xs" c="dimmed">
                      {report.user.loginId}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('errors.signedOut')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{report.workspaceName ?? '-'}</Table.Td>
              <Table.Td>{report.ip ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
