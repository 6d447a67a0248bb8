import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatuteSearch } from './research-queries';
import './research-i18n';

export interface PickedStatute {
  statuteId: string;
  title: string;
}

/** The statute filter of a question: statutes found by title (searchStatutes), at most 20. */
export function StatuteFilter({ value, onChange, disabled }: { value: PickedStatute[]; onChange: (next: PickedStatute[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('research');
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 250);
  const found = useStatuteSearch(debounced);
  // The picked statutes stay selectable (and labelled) whatever the current search shows.
  const options = new Map(value.map((s) => [s.statuteId, s.title]));
  for (const statute of found.data ?? []) if (!options.has(statute.lawId)) options.set(statute.lawId, `${statute.title} (${statute.kind})`);
  return (
    <MultiSelect
      label={t('composer.filter')}
      placeholder={value.length === 0 ? t('composer.filterPlaceholder') : undefined}
      data={[...options].map(([id, title]) => ({ value: id, label: title }))}
      value={value.map((s) => s.statuteId)}
      onChange={(ids) => onChange(ids.map((id) => ({ statuteId: id, title: options.get(id) ?? id })))}
      searchable
      searchValue={keyword}
      onSearchChange={setKeyword}
      filter={({ options: all }) => all}
      maxValues={20}
      clearable
      disabled={disabled}
      nothingFoundMessage={debounced.trim() ? (found.isFetching ? t('composer.filterSearching') : t('composer.filterNone')) : t('composer.filterHint')}
    />
  );
}
