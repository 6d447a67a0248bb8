import { TERM_LIMITS, TERM_TYPES, type Term, type TermType } from '@legal/api';
import { ActionIcon, Badge, Button, Group, MultiSelect, NativeSelect, Stack, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IconSearch } from '../../../components/icons';
import { useFormatDateTime } from '../../../lib/i18n';
import { useFilterBar } from '../../../lib/use-filter-bar';
import { AdminDataTable, NEWEST_FIRST } from '../AdminDataTable';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { confirmAction } from '../confirm';
import { ConsentHistoryTab } from './ConsentHistoryTab';
import { TermFormModal } from './TermFormModal';
import { TermRevisionsDrawer } from './TermRevisionsDrawer';
import { IconPencil, IconPlus, IconTrash, IconVersions } from './terms-icons';
import { useTermList, useTermMutations } from './term-queries';
import { readConsentFilters, readTab, readTermFilters, type TermFilters, writeConsentFilters, writeTermFilters } from './terms-search-params';
import '../admin-i18n';
import './terms-i18n';

/** Which form is open: none, a new term, or an existing one. */
type Editing = { term: Term | null } | null;

function useColumns(actions: { onEdit: (term: Term) => void; onRevisions: (term: Term) => void; onDelete: (term: Term) => void }): DataTableColumn<Term>[] {
  const { t } = useTranslation('terms');
  const formatDateTime = useFormatDateTime();
  const stop = (run: () => void) => (event: { stopPropagation: () => void }) => {
    event.stopPropagation();
    run();
  };
  return [
    {
      accessor: 'title',
      title: t('admin.columns.title'),
      sortable: true,
      render: (term) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} lineClamp={1}>
            {term.title}
          </Text>
          {term.isPrivacyPolicy ? (
            <Badge size="xs" variant="outline" color="grape">
              {t('admin.privacyPolicy')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { accessor: 'termType', title: t('admin.columns.type'), render: (term) => t(`types.${term.termType}`) },
    {
      accessor: 'isActive',
      title: t('admin.columns.status'),
      render: (term) => (
        <Badge variant="light" color={term.isActive ? 'green' : 'gray'}>
          {term.isActive ? t('admin.active') : t('admin.inactive')}
        </Badge>
      ),
    },
    {
      accessor: 'latestRevision',
      title: t('admin.columns.latest'),
      render: (term) =>
        term.latestRevision ? (
          <Stack gap={0}>
            <Text size="sm">
              {t('versionEffective', { version: term.latestRevision.version, date: formatDateTime(term.latestRevision.effectiveAt) })}
            </Text>
            <Text size="xs" c="dimmed">
              {term.latestRevision.requiresConsent ? t('revisions.requiresConsent') : t('revisions.noConsent')} · {t('admin.revisionCount', { count: term.revisionCount })}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('admin.noRevision')}
          </Text>
        ),
    },
    { accessor: 'createdAt', title: t('admin.columns.createdAt'), sortable: true, render: (term) => formatDateTime(term.createdAt) },
    {
      accessor: 'actions',
      title: t('admin.columns.actions'),
      textAlign: 'right',
      render: (term) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('admin.revisionsLabel', { title: term.title })}>
            <ActionIcon variant="subtle" aria-label={t('admin.revisionsLabel', { title: term.title })} onClick={stop(() => actions.onRevisions(term))}>
              <IconVersions size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <ActionIcon variant="subtle" aria-label={t('admin.editLabel', { title: term.title })} onClick={stop(() => actions.onEdit(term))}>
            <IconPencil size={16} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('admin.deleteLabel', { title: term.title })} onClick={stop(() => actions.onDelete(term))}>
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ),
    },
  ];
}

function TermFilterBar({ filters, onChange }: { filters: TermFilters; onChange: (next: TermFilters) => void }) {
  const { t } = useTranslation('terms');
  const { draft, setDraft, change, submit } = useFilterBar(filters, onChange);
  return (
    <form onSubmit={submit} role="search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('admin.filters.keyword')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={TERM_LIMITS.keywordMaxLength}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          w={{ base: '100%', sm: 220 }}
        />
        <MultiSelect
          label={t('admin.filters.types')}
          placeholder={filters.termTypes.length ? undefined : t('admin.filters.typesPlaceholder')}
          data={TERM_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          value={filters.termTypes}
          onChange={(values) => change({ termTypes: values as TermType[] })}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
        <NativeSelect
          label={t('admin.filters.status')}
          value={filters.isActive === undefined ? '' : filters.isActive ? '1' : '0'}
          onChange={(event) => change({ isActive: event.currentTarget.value === '' ? undefined : event.currentTarget.value === '1' })}
          data={[
            { value: '', label: t('admin.filters.all') },
            { value: '1', label: t('admin.active') },
            { value: '0', label: t('admin.inactive') },
          ]}
        />
        <Button type="submit">{t('admin.filters.search')}</Button>
      </Group>
    </form>
  );
}

function TermsTab() {
  const { t } = useTranslation('terms');
  const { t: ta } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readTermFilters(searchParams);
  const query = useTermList({ page: filters.page - 1, sort: filters.sort, keyword: filters.keyword, termTypes: filters.termTypes, isActive: filters.isActive === undefined ? undefined : filters.isActive ? 'true' : 'false' });
  const { remove } = useTermMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [revisionsOf, setRevisionsOf] = useState<number | null>(null);
  // The drawer follows the list's copy, so a new revision shows in both.
  const revisionsTerm = query.data?.content.find((term) => term.id === revisionsOf) ?? null;

  const setFilters = (next: TermFilters) => setSearchParams(writeTermFilters(next));
  const columns = useColumns({
    onEdit: (term) => setEditing({ term }),
    onRevisions: (term) => setRevisionsOf(term.id),
    onDelete: (term) =>
      confirmAction({
        title: t('admin.deleteTitle'),
        message: t('admin.deleteMessage', { title: term.title }),
        confirmLabel: ta('actions.delete'),
        cancelLabel: ta('actions.cancel'),
        isDestructive: true,
        onConfirm: () => remove.mutate(term.id, { onSuccess: () => notifications.show({ color: 'green', message: ta('feedback.deleted') }) }),
      }),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TermFilterBar filters={filters} onChange={setFilters} />
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing({ term: null })}>
          {t('admin.create')}
        </Button>
      </Group>
      <AdminDataTable<Term>
        caption={t('admin.title')}
        query={query}
        columns={columns}
        idAccessor="id"
        list={filters}
        onListChange={(next) => setFilters({ ...filters, ...next })}
        defaultSort={NEWEST_FIRST}
        onRowClick={(term) => setRevisionsOf(term.id)}
        emptyTitle={t('admin.empty.title')}
        emptyDescription={t('admin.empty.description')}
      />
      <TermFormModal term={editing?.term ?? null} opened={editing !== null} onClose={() => setEditing(null)} />
      <TermRevisionsDrawer term={revisionsTerm} onClose={() => setRevisionsOf(null)} />
    </Stack>
  );
}

function ConsentsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The term filter offers the workspace's terms (the first hundred, newest first).
  const terms = useTermList({ page: 0, size: 100 });
  return (
    <ConsentHistoryTab filters={readConsentFilters(searchParams)} onChange={(next) => setSearchParams(writeConsentFilters(next))} terms={terms.data?.content ?? []} />
  );
}

/**
 * `/:workspaceName/admin/terms` (workspace.term.write): the workspace's terms with their
 * revisions, and the consent history. The tab and filters live in the address.
 */
export function TermsAdminPage() {
  const { t } = useTranslation('terms');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('admin.title')} · ${entry.workspaceName}`);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readTab(searchParams);
  return (
    <Stack gap="md">
      <AdminPageHeader title={t('admin.title')} description={t('admin.description')} />
      <Tabs value={tab} onChange={(value) => setSearchParams(value === 'consents' ? { tab: 'consents' } : {})} keepMounted={false}>
        <Tabs.List aria-label={t('admin.tabs.label')}>
          <Tabs.Tab value="terms">{t('admin.tabs.terms')}</Tabs.Tab>
          <Tabs.Tab value="consents">{t('admin.tabs.consents')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="terms" pt="md">
          <TermsTab />
        </Tabs.Panel>
        <Tabs.Panel value="consents" pt="md">
          <ConsentsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
