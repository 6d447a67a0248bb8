import { DELETION_REQUEST_STATUSES, type DeletionRequestStatus, type SuperAdminDeletionRequest } from '@legal/api';
import { Button, Card, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable, NEWEST_FIRST } from '../AdminDataTable';
import { type Decision, DeletionDecisionModal } from './DeletionDecisionModal';
import { readDeletionListParams, writeDeletionListParams } from './deletion-search-params';
import { DeletionStatusBadge } from './DeletionStatusBadge';
import { useSuperAdminDeletionRequests } from './workspace-settings-queries';
import '../admin-i18n';
import './workspace-settings-i18n';

const ALL = 'ALL';

/**
 * `/super-admin/deletion-requests`: every workspace's deletion requests, filtered by status in the
 * address; pending ones are approved (purged after the grace period) or rejected with a comment.
 */
export function DeletionRequestsSuperAdminPage() {
  const { t } = useTranslation('workspaceSettings');
  useDocumentTitle(t('superAdmin.documentTitle'));
  const formatDateTime = useFormatDateTime();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readDeletionListParams(searchParams);
  const query = useSuperAdminDeletionRequests(params);
  const [decision, setDecision] = useState<Decision | null>(null);
  const date = (value: string | null) => (value ? formatDateTime(value) : '-');

  const columns: DataTableColumn<SuperAdminDeletionRequest>[] = [
    { accessor: 'workspaceName', title: t('superAdmin.columns.workspace'), render: (r) => <Text size="sm" fw={600}>{r.workspaceName}</Text> },
    {
      accessor: 'requestedByName',
      title: t('deletion.columns.requestedBy'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.requestedByName ?? '-'}</Text>
          {r.requestedByLoginId ? <Text size="xs" c="dimmed">{r.requestedByLoginId}</Text> : null}
        </Stack>
      ),
    },
    { accessor: 'reason', title: t('deletion.columns.reason'), ellipsis: true, width: 240 },
    { accessor: 'status', title: t('deletion.columns.status'), sortable: true, render: (r) => <DeletionStatusBadge status={r.status} /> },
    { accessor: 'createdAt', title: t('deletion.columns.createdAt'), sortable: true, render: (r) => date(r.createdAt) },
    { accessor: 'purgeAfter', title: t('deletion.columns.purgeAfter'), sortable: true, render: (r) => date(r.purgeAfter) },
    {
      accessor: 'actions',
      title: t('superAdmin.columns.actions'),
      render: (r) =>
        r.abilities.canDecide ? (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" color="red" variant="light" onClick={() => setDecision({ action: 'approve', request: r })} aria-label={t('superAdmin.approveFor', { name: r.workspaceName })}>
              {t('superAdmin.approve')}
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => setDecision({ action: 'reject', request: r })} aria-label={t('superAdmin.rejectFor', { name: r.workspaceName })}>
              {t('superAdmin.reject')}
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('superAdmin.title')}</Title>
          <Text c="dimmed">{t('superAdmin.description')}</Text>
        </Stack>
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t('superAdmin.title')}>
          <Stack gap="md">
            <Select
              label={t('superAdmin.statusFilter')}
              data={[{ value: ALL, label: t('superAdmin.allStatuses') }, ...DELETION_REQUEST_STATUSES.map((status) => ({ value: status, label: t(`deletion.status.${status}`) }))]}
              value={params.status ?? ALL}
              onChange={(value) => setSearchParams(writeDeletionListParams({ ...params, status: value && value !== ALL ? (value as DeletionRequestStatus) : undefined, page: 1 }))}
              allowDeselect={false}
              w={{ base: '100%', sm: 240 }}
            />
            <AdminDataTable<SuperAdminDeletionRequest>
              caption={t('superAdmin.caption')}
              query={query}
              columns={columns}
              idAccessor="id"
              list={params}
              onListChange={(next) => setSearchParams(writeDeletionListParams({ ...params, ...next }))}
              defaultSort={NEWEST_FIRST}
              emptyTitle={t('superAdmin.emptyTitle')}
              emptyDescription={t('superAdmin.emptyDescription')}
            />
          </Stack>
        </Card>
      </Stack>
      <DeletionDecisionModal decision={decision} onClose={() => setDecision(null)} />
    </Container>
  );
}
