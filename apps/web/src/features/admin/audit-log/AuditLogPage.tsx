import { type AuditEventItem, type AuditUserRef } from '@legal/api';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable, NEWEST_FIRST } from '../AdminDataTable';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { AuditEventDrawer } from './AuditEventDrawer';
import { AuditExportButton } from './AuditExportButton';
import { AuditFilterBar } from './AuditFilterBar';
import { EventsPerDayChart } from './EventsPerDayChart';
import { personName } from './audit-people';
import { useAuditDailyCounts, useAuditEvents } from './audit-queries';
import { hasAuditFilters, readAuditFilters, writeAuditFilters, type AuditFilters } from './audit-search-params';
import { useAuditSummary, useAuditTypeLabel } from './use-audit-type-label';
import '../admin-i18n';
import './audit-log-i18n';

function useColumns(): DataTableColumn<AuditEventItem>[] {
  const { t } = useTranslation('auditLog');
  const formatDateTime = useFormatDateTime();
  const typeLabel = useAuditTypeLabel();
  const summary = useAuditSummary();
  const unknown = (id: number) => t('unknownUser', { id });
  const person = (ref: AuditUserRef | null) => (ref ? personName(ref, unknown) : t('nobody'));
  return [
    { accessor: 'createdAt', title: t('columns.createdAt'), sortable: true, noWrap: true, render: (event) => formatDateTime(event.createdAt) },
    {
      accessor: 'type',
      title: t('columns.type'),
      render: (event) => {
        const sentence = summary(event.type, event.data);
        return (
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{typeLabel(event.type)}</Text>
              {event.isAccountEvent ? (
                <Badge size="xs" variant="light" color="grape">
                  {t('accountEvent')}
                </Badge>
              ) : null}
            </Group>
            {sentence ? (
              <Text size="xs" c="dimmed">
                {sentence}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    { accessor: 'actor', title: t('columns.actor'), render: (event) => person(event.actor) },
    { accessor: 'subject', title: t('columns.subject'), render: (event) => person(event.subject) },
    { accessor: 'ip', title: t('columns.ip'), render: (event) => event.ip ?? t('nobody') },
    { accessor: 'changes', title: t('columns.changes'), render: (event) => (event.changes.length ? t('changeCount', { count: event.changes.length }) : t('nobody')) },
  ];
}

/** The names the current page knows for the actor and subject of the filters. */
function namesOf(events: AuditEventItem[] | undefined, filters: AuditFilters, unknown: (id: number) => string) {
  const find = (userId: number | undefined) => {
    if (!userId) return undefined;
    const ref = events?.flatMap((e) => [e.actor, e.subject]).find((p) => p?.userId === userId);
    return ref ? personName(ref, unknown) : undefined;
  };
  return { actor: find(filters.actorUserId), subject: find(filters.subjectUserId) };
}

/**
 * `/:workspaceName/admin/audit` (workspace.audit.read): the workspace's audit events and its
 * members' account security events with filters in the address, events per day, a row's
 * before/after in a drawer, and an Excel export of the filtered log.
 */
export function AuditLogPage() {
  const { t } = useTranslation('auditLog');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('documentTitle')} · ${entry.workspaceName}`);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAuditFilters(searchParams);
  const events = useAuditEvents(filters);
  const daily = useAuditDailyCounts(filters);
  const columns = useColumns();
  const [openEvent, setOpenEvent] = useState<AuditEventItem | null>(null);
  const setFilters = (next: AuditFilters) => setSearchParams(writeAuditFilters(next));
  const isFiltered = hasAuditFilters(filters);
  const only = (patch: Partial<AuditFilters>) => {
    setOpenEvent(null);
    setFilters({ ...filters, ...patch, page: 1 });
  };

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={<AuditExportButton filters={filters} />}
      />
      <AuditFilterBar filters={filters} onChange={setFilters} names={namesOf(events.data?.content, filters, (id) => t('unknownUser', { id }))} />
      <EventsPerDayChart data={daily.data} isPending={daily.isPending} />
      <AdminDataTable<AuditEventItem>
        caption={t('list.caption')}
        query={events}
        columns={columns}
        idAccessor="id"
        list={filters}
        // Newest first is the default and leaves the address plain; only the oldest-first order is written.
        onListChange={(next) => setFilters({ ...filters, ...next, sort: next.sort === 'createdAt,asc' ? next.sort : undefined })}
        defaultSort={NEWEST_FIRST}
        onRowClick={setOpenEvent}
        emptyTitle={isFiltered ? t('empty.filteredTitle') : t('empty.title')}
        emptyDescription={isFiltered ? t('empty.filteredDescription') : t('empty.description')}
      />
      <AuditEventDrawer
        event={openEvent}
        onClose={() => setOpenEvent(null)}
        onOnlyActor={(actorUserId) => only({ actorUserId })}
        onOnlySubject={(subjectUserId) => only({ subjectUserId })}
      />
    </Stack>
  );
}
