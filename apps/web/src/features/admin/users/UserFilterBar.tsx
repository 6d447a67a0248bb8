import { USER_LIMITS, USER_STATUSES, type UserOptions, type UserStatus } from '@legal/api';
import { Button, Group, MultiSelect, NativeSelect, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../components/icons';
import { useFilterBar } from '../../../lib/use-filter-bar';
import { hasUserFilters, type UserFilters } from './users-search-params';
import './users-i18n';

export interface UserFilterBarProps {
  filters: UserFilters;
  onChange: (next: UserFilters) => void;
  options: UserOptions | undefined;
}

const toData = (items: Array<{ id: number; name: string }> | undefined) => (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/** Keyword, status, roles, groups, division and job titles; any change goes back to the first page. */
export function UserFilterBar({ filters, onChange, options }: UserFilterBarProps) {
  const { t } = useTranslation('users');
  const { draft, setDraft, change, submit } = useFilterBar(filters, onChange);

  return (
    <form onSubmit={submit} role="search" aria-label={t('filters.search')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('filters.keyword')}
          placeholder={t('filters.keywordPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={USER_LIMITS.keywordMaxLength}
          w={{ base: '100%', sm: 240 }}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
        />
        <NativeSelect
          label={t('filters.status')}
          value={filters.status ?? ''}
          onChange={(event) => change({ status: (event.currentTarget.value || undefined) as UserStatus | undefined })}
          data={[{ value: '', label: t('filters.allStatuses') }, ...USER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))]}
        />
        <MultiSelect
          label={t('filters.roles')}
          placeholder={filters.roleIds.length ? undefined : t('filters.rolesPlaceholder')}
          data={toData(options?.roles)}
          value={filters.roleIds.map(String)}
          onChange={(values) => change({ roleIds: values.map(Number) })}
          searchable
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <MultiSelect
          label={t('filters.groups')}
          placeholder={filters.groupIds.length ? undefined : t('filters.groupsPlaceholder')}
          data={toData(options?.groups)}
          value={filters.groupIds.map(String)}
          onChange={(values) => change({ groupIds: values.map(Number) })}
          searchable
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label={t('filters.division')}
          placeholder={t('filters.divisionPlaceholder')}
          data={toData(options?.divisions)}
          value={filters.divisionId ? String(filters.divisionId) : null}
          onChange={(value) => change({ divisionId: value ? Number(value) : undefined })}
          searchable
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <MultiSelect
          label={t('filters.jobTitles')}
          placeholder={filters.jobTitleIds.length ? undefined : t('filters.jobTitlesPlaceholder')}
          data={toData(options?.jobTitles)}
          value={filters.jobTitleIds.map(String)}
          onChange={(values) => change({ jobTitleIds: values.map(Number) })}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <Button type="submit">{t('filters.search')}</Button>
        {hasUserFilters(filters) ? (
          <Button variant="subtle" onClick={() => onChange({ roleIds: [], groupIds: [], jobTitleIds: [], sort: filters.sort, page: 1 })}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
