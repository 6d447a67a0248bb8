import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupOptions } from '../contracts/contract-queries';
import './seals-i18n';

export interface PickedGroup {
  groupId: number;
  name: string;
}

/** Several groups of the workspace, searched by name on the server (the contract group picker's query). */
export function GroupsPicker({ label, description, value, onChange, error }: {
  label: string;
  description?: string;
  value: readonly PickedGroup[];
  onChange: (next: PickedGroup[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('seals');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 250);
  const groups = useGroupOptions(keyword);
  const options = new Map<string, string>(value.map((g) => [String(g.groupId), g.name]));
  for (const group of groups.data?.content ?? []) options.set(String(group.id), group.name);
  return (
    <MultiSelect
      label={label}
      description={description}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={[...options].map(([v, name]) => ({ value: v, label: name }))}
      value={value.map((g) => String(g.groupId))}
      onChange={(ids) => onChange(ids.map((id) => ({ groupId: Number(id), name: options.get(id) ?? id })))}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={groups.isFetching ? t('sealForm.groupsSearching') : t('sealForm.groupsNone')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
