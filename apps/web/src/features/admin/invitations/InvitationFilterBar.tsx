import { INVITATION_STATUSES } from '@legal/api';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../components/icons';
import { useFilterBar } from '../../../lib/use-filter-bar';
import { type InvitationFilters } from './invitations-search-params';
import '../admin-i18n';
import './invitations-i18n';

export interface InvitationFilterBarProps {
  filters: InvitationFilters;
  onChange: (next: InvitationFilters) => void;
}

/** Keyword, status and the expired flag; any change goes back to the first page. */
export function InvitationFilterBar({ filters, onChange }: InvitationFilterBarProps) {
  const { t } = useTranslation('invitations');
  const { t: ta } = useTranslation('admin');
  const { draft, setDraft, change, submit } = useFilterBar(filters, onChange);
  const isFiltered = Boolean(filters.keyword || filters.status || filters.expired);

  return (
    <form onSubmit={submit} role="search" aria-label={t('filters.label')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('filters.keyword')}
          placeholder={t('filters.keywordPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={200}
          w={{ base: '100%', sm: 240 }}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
        />
        <NativeSelect
          label={t('filters.status')}
          value={filters.status ?? ''}
          onChange={(event) => change({ status: (event.currentTarget.value || undefined) as InvitationFilters['status'] })}
          data={[{ value: '', label: t('filters.allStatuses') }, ...INVITATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
        <NativeSelect
          label={t('filters.expired')}
          value={filters.expired ?? ''}
          onChange={(event) => change({ expired: (event.currentTarget.value || undefined) as InvitationFilters['expired'] })}
          data={[
            { value: '', label: t('filters.expiredAny') },
            { value: 'true', label: t('filters.expiredOnly') },
            { value: 'false', label: t('filters.notExpired') },
          ]}
        />
        <Button type="submit" variant="light">
          {ta('actions.search')}
        </Button>
        {isFiltered ? (
          <Button variant="subtle" onClick={() => onChange({ page: 1, sort: filters.sort })}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
