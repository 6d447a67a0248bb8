import { type CounterpartyBookmark, type CounterpartyType } from '@legal/api';
import { Checkbox, Group, NativeSelect, Pagination, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { IconSearch } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { useCounterpartyBookmarks } from './contract-queries';
import { useVocabulary } from './contract-vocabulary';
import './contracts-i18n';

export interface CounterpartyBookmarkBrowserProps {
  /** Check boxes to pick bookmarks (the picker); left out, rows only show their actions. */
  selection?: { selected: ReadonlySet<number>; onToggle: (bookmark: CounterpartyBookmark) => void };
  /** Buttons at the end of each row (edit, delete). */
  actions?: (bookmark: CounterpartyBookmark) => ReactNode;
}

/** The workspace's counterparty bookmarks by name/registration number and type, 30 a page. */
export function CounterpartyBookmarkBrowser({ selection, actions }: CounterpartyBookmarkBrowserProps) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [counterpartyType, setCounterpartyType] = useState<CounterpartyType | undefined>();
  const [page, setPage] = useState(1);
  const query = useCounterpartyBookmarks({ keyword: keyword || undefined, counterpartyType, page });

  let body: ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.content.length === 0) body = <EmptyState title={t('bookmarks.emptyTitle')} description={t('bookmarks.emptyDescription')} />;
  else {
    body = (
      <Table verticalSpacing="xs" highlightOnHover aria-label={t('bookmarks.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            {selection ? <Table.Th w={40}><VisuallyHidden>{t('bookmarks.pick')}</VisuallyHidden></Table.Th> : null}
            <Table.Th>{t('counterparties.name')}</Table.Th>
            <Table.Th>{t('counterparties.type')}</Table.Th>
            <Table.Th>{t('counterparties.businessRegistrationNumber')}</Table.Th>
            <Table.Th>{t('counterparties.representative')}</Table.Th>
            {actions ? <Table.Th><VisuallyHidden>{t('bookmarks.actions')}</VisuallyHidden></Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.content.map((bookmark) => (
            <Table.Tr key={bookmark.id}>
              {selection ? (
                <Table.Td>
                  <Checkbox
                    aria-label={t('bookmarks.pickOne', { name: bookmark.name })}
                    checked={selection.selected.has(bookmark.id)}
                    onChange={() => selection.onToggle(bookmark)}
                  />
                </Table.Td>
              ) : null}
              <Table.Td>{bookmark.name}</Table.Td>
              <Table.Td>{vocabulary.label('counterpartyType', bookmark.counterpartyType)}</Table.Td>
              <Table.Td>{bookmark.businessRegistrationNumber ?? ''}</Table.Td>
              <Table.Td>{bookmark.representative ?? ''}</Table.Td>
              {actions ? <Table.Td><Group gap={4} justify="flex-end" wrap="nowrap">{actions(bookmark)}</Group></Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" role="search">
        <TextInput
          label={t('bookmarks.keyword')}
          placeholder={t('bookmarks.keywordPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          style={{ flex: 1 }}
        />
        <NativeSelect
          label={t('counterparties.type')}
          value={counterpartyType ?? ''}
          onChange={(e) => {
            setCounterpartyType((e.currentTarget.value || undefined) as CounterpartyType | undefined);
            setPage(1);
          }}
          data={[{ value: '', label: t('bookmarks.allTypes') }, ...vocabulary.options('counterpartyType')]}
        />
      </Group>
      {body}
      {query.data && query.data.totalPages > 1 ? (
        <Group justify="center">
          <Pagination total={query.data.totalPages} value={page} onChange={setPage} aria-label={t('bookmarks.pagination')} />
        </Group>
      ) : null}
    </Stack>
  );
}
