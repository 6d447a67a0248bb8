import { type Term, type TermConsent } from '@legal/api';
import { Badge, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type DataTableColumn } from 'mantine-datatable';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable, NEWEST_FIRST } from '../AdminDataTable';
import { useConsentHistory } from './term-queries';
import { type ConsentFilters } from './terms-search-params';
import './terms-i18n';

function useColumns(): DataTableColumn<TermConsent>[] {
  const { t } = useTranslation('terms');
  const formatDateTime = useFormatDateTime();
  return [
    { accessor: 'userName', title: t('consents.columns.user'), render: (c) => c.userName ?? t('consents.unknownUser', { id: c.userId }) },
    { accessor: 'termTitle', title: t('consents.columns.term') },
    { accessor: 'version', title: t('consents.columns.version'), render: (c) => t('version', { version: c.version }) },
    {
      accessor: 'isAgreed',
      title: t('consents.columns.answer'),
      render: (c) => (
        <Badge variant="light" color={c.isAgreed ? 'green' : 'red'}>
          {c.isAgreed ? t('consents.agreed') : t('consents.refused')}
        </Badge>
      ),
    },
    { accessor: 'createdAt', title: t('consents.columns.createdAt'), sortable: true, render: (c) => formatDateTime(c.createdAt) },
    { accessor: 'ip', title: t('consents.columns.ip'), render: (c) => c.ip ?? '' },
  ];
}

export interface ConsentHistoryTabProps {
  filters: ConsentFilters;
  onChange: (next: ConsentFilters) => void;
  /** The terms to filter by. */
  terms: Term[];
}

/** Every agreement and refusal of the workspace's members, newest first, filtered by term, member and answer. */
export function ConsentHistoryTab({ filters, onChange, terms }: ConsentHistoryTabProps) {
  const { t } = useTranslation('terms');
  const query = useConsentHistory({
    page: filters.page - 1,
    sort: filters.sort,
    termId: filters.termId,
    userIds: filters.userId,
    isAgreed: filters.isAgreed === undefined ? undefined : filters.isAgreed ? 'true' : 'false',
  });
  const [userDraft, setUserDraft] = useState(filters.userId ? String(filters.userId) : '');
  const change = (patch: Partial<ConsentFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(userDraft.trim());
    change({ userId: Number.isSafeInteger(id) && id > 0 ? id : undefined });
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit} role="search">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('consents.filters.term')}
            value={filters.termId ? String(filters.termId) : ''}
            onChange={(event) => change({ termId: Number(event.currentTarget.value) || undefined })}
            data={[{ value: '', label: t('consents.filters.allTerms') }, ...terms.map((term) => ({ value: String(term.id), label: term.title }))]}
          />
          <NativeSelect
            label={t('consents.filters.answer')}
            value={filters.isAgreed === undefined ? '' : filters.isAgreed ? 'agreed' : 'refused'}
            onChange={(event) => change({ isAgreed: event.currentTarget.value === '' ? undefined : event.currentTarget.value === 'agreed' })}
            data={[
              { value: '', label: t('consents.filters.all') },
              { value: 'agreed', label: t('consents.agreed') },
              { value: 'refused', label: t('consents.refused') },
            ]}
          />
          <TextInput label={t('consents.filters.userId')} value={userDraft} onChange={(event) => setUserDraft(event.currentTarget.value)} inputMode="numeric" w={140} />
          <Button type="submit">{t('consents.filters.search')}</Button>
        </Group>
      </form>
      <AdminDataTable<TermConsent>
        caption={t('consents.caption')}
        query={query}
        columns={useColumns()}
        idAccessor="id"
        list={filters}
        onListChange={(next) => onChange({ ...filters, ...next })}
        defaultSort={NEWEST_FIRST}
        emptyTitle={t('consents.empty.title')}
        emptyDescription={t('consents.empty.description')}
      />
    </Stack>
  );
}
