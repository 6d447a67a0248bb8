import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserPermissionFilter, useUsersWithDivisions } from './workflow-queries';
import './workflows-i18n';

export interface PickedUser {
  userId: number;
  displayName: string | null;
}

/**
 * Members of the workspace picked by name (users/with-divisions), limited to those holding a
 * permission (reviewers, approvers) or any member (mentions). `describe` adds a figure to a name
 * (the assigner's open reviews per reviewer).
 */
export function UserPicker({ label, permission, value, onChange, error, describe, maxValues, description }: {
  label: string;
  permission?: UserPermissionFilter;
  value: readonly PickedUser[];
  onChange: (next: PickedUser[]) => void;
  error?: string;
  describe?: (userId: number) => string | undefined;
  maxValues?: number;
  description?: string;
}) {
  const { t } = useTranslation('workflows');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 250);
  const users = useUsersWithDivisions(keyword, permission);
  const names = new Map<string, string>();
  for (const user of value) names.set(String(user.userId), user.displayName ?? t('people.unknown', { id: user.userId }));
  for (const user of users.data ?? []) {
    const name = user.displayName ?? t('people.unknown', { id: user.userId });
    const extra = [user.divisionName, user.jobTitle].filter(Boolean).join(' · ');
    const figure = describe?.(user.userId);
    names.set(String(user.userId), [name, extra ? `(${extra})` : '', figure ? `- ${figure}` : ''].filter(Boolean).join(' '));
  }
  return (
    <MultiSelect
      label={label}
      description={description}
      searchable
      clearable
      maxValues={maxValues}
      searchValue={search}
      onSearchChange={setSearch}
      data={[...names].map(([v, l]) => ({ value: v, label: l }))}
      value={value.map((u) => String(u.userId))}
      onChange={(ids) =>
        onChange(ids.map((id) => ({ userId: Number(id), displayName: users.data?.find((u) => String(u.userId) === id)?.displayName ?? value.find((u) => String(u.userId) === id)?.displayName ?? null })))
      }
      filter={({ options }) => options}
      nothingFoundMessage={users.isFetching ? t('people.searching') : users.isError ? t('people.searchFailed') : t('people.noneFound')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
