import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractSearch } from './seal-queries';
import './seals-i18n';

export interface PickedContract {
  contractId: number;
  title: string;
}

/** One readable contract, found by title on the server (the repository's page search). */
export function ContractPicker({ label, value, onChange, error }: { label: string; value: PickedContract | null; onChange: (next: PickedContract | null) => void; error?: string }) {
  const { t } = useTranslation('seals');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 250);
  const [isOpen, setOpen] = useState(false);
  const contracts = useContractSearch(keyword, isOpen || keyword !== '');
  const options = new Map<string, string>(value ? [[String(value.contractId), value.title]] : []);
  for (const contract of contracts.data?.content ?? []) options.set(String(contract.id), contract.title);
  return (
    <Select
      label={label}
      placeholder={t('newRequest.contractPlaceholder')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      data={[...options].map(([v, title]) => ({ value: v, label: title }))}
      value={value ? String(value.contractId) : null}
      onChange={(id) => onChange(id ? { contractId: Number(id), title: options.get(id) ?? id } : null)}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={contracts.isFetching ? t('newRequest.contractsSearching') : t('newRequest.contractsNone')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
