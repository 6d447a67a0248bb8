import { NOTICE_LIMITS, NOTICE_TYPES, type NoticeCreator, type NoticeType } from '@legal/api';
import { Button, Group, MultiSelect, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../components/icons';
import { useFilterBar } from '../../../lib/use-filter-bar';
import { hasNoticeFilters, type NoticeFilters } from './notices-search-params';
import './notices-i18n';

export interface NoticeFilterBarProps {
  filters: NoticeFilters;
  onChange: (next: NoticeFilters) => void;
  /** Admins filter by author. */
  creators?: NoticeCreator[];
  /** Members can show only what they have not read. */
  withUnreadSwitch?: boolean;
}

/** Keyword, types (and authors or the unread switch); any change goes back to the first page. */
export function NoticeFilterBar({ filters, onChange, creators, withUnreadSwitch = false }: NoticeFilterBarProps) {
  const { t } = useTranslation('notices');
  const { draft, setDraft, change, submit } = useFilterBar(filters, onChange);

  return (
    <form onSubmit={submit} role="search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('filters.keyword')}
          placeholder={t('filters.keywordPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={NOTICE_LIMITS.keywordMaxLength}
          w={{ base: '100%', sm: 240 }}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
        />
        <MultiSelect
          label={t('filters.types')}
          placeholder={filters.noticeTypes.length ? undefined : t('filters.typesPlaceholder')}
          data={NOTICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          value={filters.noticeTypes}
          onChange={(values) => change({ noticeTypes: values as NoticeType[] })}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        {creators ? (
          <MultiSelect
            label={t('filters.creators')}
            placeholder={filters.creatorIds.length ? undefined : t('filters.creatorsPlaceholder')}
            data={creators.map((c) => ({ value: String(c.userId), label: c.displayName ?? t('unknownCreator') }))}
            value={filters.creatorIds.map(String)}
            onChange={(values) => change({ creatorIds: values.map(Number) })}
            searchable
            clearable
            w={{ base: '100%', sm: 220 }}
          />
        ) : null}
        <Button type="submit">{t('filters.search')}</Button>
        {hasNoticeFilters(filters) ? (
          <Button variant="subtle" onClick={() => onChange({ noticeTypes: [], creatorIds: [], isUnreadOnly: false, sort: filters.sort, page: 1 })}>
            {t('filters.clear')}
          </Button>
        ) : null}
        {withUnreadSwitch ? (
          <Switch label={t('onlyUnread')} checked={filters.isUnreadOnly} onChange={(event) => change({ isUnreadOnly: event.currentTarget.checked })} mb={8} />
        ) : null}
      </Group>
    </form>
  );
}
