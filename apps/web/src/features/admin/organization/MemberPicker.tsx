import { Button, Group, MultiSelect, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconUserPlus } from './organization-icons';
import { useMemberSearch } from './organization-queries';
import './organization-i18n';

export interface MemberPickerProps {
  /** Users already in the set: not offered. */
  excludeIds: ReadonlySet<number>;
  onAdd: (userIds: number[]) => void;
  isSaving: boolean;
}

/**
 * Picks active members of the workspace by name or login id (searched on the server) and adds
 * the picked ones together.
 */
export function MemberPicker({ excludeIds, onAdd, isSaving }: MemberPickerProps) {
  const { t } = useTranslation('organization');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 250);
  // Labels of the picked users, kept while the search moves on to other results.
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const results = useMemberSearch(keyword);

  const found = (results.data?.content ?? [])
    .filter((u) => !excludeIds.has(u.userId))
    .map((u) => ({ value: String(u.userId), label: `${u.displayName} (${u.loginId})` }));
  const data = [...[...picked].map(([value, label]) => ({ value, label })), ...found.filter((o) => !picked.has(o.value))];
  const labelOf = new Map(data.map((o) => [o.value, o.label]));

  const add = () => {
    onAdd([...picked.keys()].map(Number));
    setPicked(new Map());
    setSearch('');
  };

  return (
    <Group align="flex-end" gap="xs">
      <MultiSelect
        style={{ flex: 1 }}
        miw={220}
        label={t('members.pickerLabel')}
        placeholder={picked.size === 0 ? t('members.pickerPlaceholder') : undefined}
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        data={data}
        value={[...picked.keys()]}
        onChange={(values) => setPicked(new Map(values.map((v) => [v, labelOf.get(v) ?? v])))}
        // The server already matched the keyword (name or login id): show its answer as it is.
        filter={({ options }) => options}
        nothingFoundMessage={results.isFetching ? t('members.searching') : t('members.noneFound')}
        error={results.isError ? t('members.searchFailed') : undefined}
      />
      <Button leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={add} disabled={picked.size === 0} loading={isSaving}>
        {t('members.add')}
      </Button>
    </Group>
  );
}

/** A member's organization line: division, title and positions, as the launcher shows them. */
export function MemberOrgLine({ member }: { member: { divisionName: string | null; jobTitleName: string | null; jobPositionName: string | null } }) {
  const parts = [member.divisionName, member.jobTitleName, member.jobPositionName].filter(Boolean);
  return parts.length > 0 ? (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  ) : null;
}
