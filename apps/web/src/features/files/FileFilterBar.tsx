import { FILE_KINDS } from '@legal/api';
import { Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../components/icons';
import { useFilterBar } from '../../lib/use-filter-bar';
import { FILE_SORTS, type FileFilters, type FileSort } from './files-search-params';
import './files-i18n';

export interface FileFilterBarProps {
  filters: FileFilters;
  onChange: (next: FileFilters) => void;
}

/** Keyword, type, order and the deleted-files switch; any change goes back to the first page. */
export function FileFilterBar({ filters, onChange }: FileFilterBarProps) {
  const { t } = useTranslation('files');
  const { draft, setDraft, change, submit } = useFilterBar(filters, onChange);

  const isFiltered = Boolean(filters.keyword || filters.fileType || filters.isDeleted || filters.sort !== 'createdAt,desc');

  return (
    <form onSubmit={submit} role="search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('filters.keyword')}
          placeholder={t('filters.keywordPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={200}
          w={{ base: '100%', sm: 260 }}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
        />
        <NativeSelect
          label={t('filters.type')}
          value={filters.fileType ?? ''}
          onChange={(event) => change({ fileType: (event.currentTarget.value || undefined) as FileFilters['fileType'] })}
          data={[{ value: '', label: t('filters.allTypes') }, ...FILE_KINDS.map((kind) => ({ value: kind, label: kind.toUpperCase() }))]}
        />
        <NativeSelect
          label={t('filters.sort')}
          value={filters.sort}
          onChange={(event) => change({ sort: event.currentTarget.value as FileSort })}
          data={FILE_SORTS.map((sort) => ({ value: sort, label: t(sort === 'createdAt,desc' ? 'filters.newest' : 'filters.oldest') }))}
        />
        <Button type="submit">{t('filters.search')}</Button>
        {isFiltered ? (
          <Button variant="subtle" onClick={() => onChange({ sort: 'createdAt,desc', page: 1, isDeleted: false })}>
            {t('filters.clear')}
          </Button>
        ) : null}
        <Checkbox
          label={t('filters.showDeleted')}
          checked={filters.isDeleted}
          onChange={(event) => change({ isDeleted: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
    </form>
  );
}
