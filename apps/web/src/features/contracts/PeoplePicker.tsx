import { type UserRoleKind } from '@legal/api';
import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeopleSearch } from './contract-queries';
import './contracts-i18n';

/** A person as the pickers show them. */
export interface Person {
  userId: number;
  displayName: string | null;
}

interface Common {
  label: string;
  error?: string;
  /** Extra people to offer by name (the current owner, the contract's watchers). */
  known?: readonly Person[];
  /** Who may be picked (users/by-role kind); contract readers unless told. */
  kind?: UserRoleKind;
}

/** A person's name; someone no longer a member shows as "user #id". */
export function usePersonName(): (person: Person) => string {
  const { t } = useTranslation('contracts');
  return (person) => person.displayName ?? t('people.unknown', { id: person.userId });
}

/** Search results (by name or login id, on the server) plus the people already known, as options. */
function usePeopleOptions(search: string, known: readonly Person[], kind?: UserRoleKind) {
  const { t } = useTranslation('contracts');
  const nameOf = usePersonName();
  const [keyword] = useDebouncedValue(search, 250);
  const results = usePeopleSearch(keyword, kind);
  const options = new Map<string, string>();
  for (const person of known) options.set(String(person.userId), nameOf(person));
  for (const user of results.data?.content ?? []) options.set(String(user.userId), `${user.displayName} (${user.loginId})`);
  return {
    data: [...options].map(([value, label]) => ({ value, label })),
    labelOf: (id: string) => options.get(id),
    nothingFound: results.isFetching ? t('people.searching') : results.isError ? t('people.searchFailed') : t('people.noneFound'),
  };
}

/** Several members of the workspace (watchers, related users, owner filter). */
export function PeopleMultiPicker({ label, error, known = [], kind, value, onChange }: Common & { value: readonly Person[]; onChange: (next: Person[]) => void }) {
  const [search, setSearch] = useState('');
  const options = usePeopleOptions(search, [...known, ...value], kind);
  return (
    <MultiSelect
      label={label}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.data}
      value={value.map((p) => String(p.userId))}
      onChange={(ids) => onChange(ids.map((id) => ({ userId: Number(id), displayName: options.labelOf(id) ?? null })))}
      // The server already matched the keyword: show its answer as it is.
      filter={({ options: shown }) => shown}
      nothingFoundMessage={options.nothingFound}
      error={error}
    />
  );
}

/** One member of the workspace (the owner). */
export function PersonPicker({ label, error, known = [], kind, value, onChange }: Common & { value: Person | null; onChange: (next: Person | null) => void }) {
  const [search, setSearch] = useState('');
  const options = usePeopleOptions(search, value ? [...known, value] : known, kind);
  return (
    <Select
      label={label}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.data}
      value={value ? String(value.userId) : null}
      onChange={(id) => onChange(id ? { userId: Number(id), displayName: options.labelOf(id) ?? null } : null)}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={options.nothingFound}
      error={error}
      allowDeselect={false}
    />
  );
}
