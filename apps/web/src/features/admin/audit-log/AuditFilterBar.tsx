import { AUDIT_LOG_LIMITS } from '@legal/api';
import { Badge, Button, CloseButton, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/DateInput';
import { IconSearch } from '../../../components/icons';
import { KNOWN_AUDIT_TYPES } from './audit-event-types';
import { hasAuditFilters, type AuditFilters } from './audit-search-params';
import { useAuditTypeLabel } from './use-audit-type-label';
import './audit-log-i18n';

export interface AuditFilterBarProps {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
  /** Names of the actor and subject of the filters, when the page knows them. */
  names: { actor?: string; subject?: string };
}

interface Draft {
  keyword: string;
  from: string;
  to: string;
}

const draftOf = (filters: AuditFilters): Draft => ({ keyword: filters.keyword ?? '', from: filters.from ?? '', to: filters.to ?? '' });

/** A filter chosen elsewhere (a row's actor or subject), with a button that removes it. */
function FilterChip({ label, removeLabel, onRemove }: { label: string; removeLabel: string; onRemove: () => void }) {
  return (
    <Badge variant="light" size="lg" tt="none" pr={4} rightSection={<CloseButton size="xs" aria-label={removeLabel} onClick={onRemove} />}>
      {label}
    </Badge>
  );
}

/** Event types, period, a keyword in the data, and the actor/subject chosen from a row; any change goes back to the first page. */
export function AuditFilterBar({ filters, onChange, names }: AuditFilterBarProps) {
  const { t } = useTranslation('auditLog');
  const typeLabel = useAuditTypeLabel();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const filterKey = `${filters.keyword ?? ''}|${filters.from ?? ''}|${filters.to ?? ''}`;
  const [shownKey, setShownKey] = useState(filterKey);
  // The address changed from outside (back button, clear): show its values.
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setDraft(draftOf(filters));
  }
  const isBadRange = Boolean(draft.from && draft.to && draft.from > draft.to);
  const change = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBadRange) return;
    change({ keyword: draft.keyword.trim() || undefined, from: draft.from || undefined, to: draft.to || undefined });
  };
  const typeData = [...new Set([...KNOWN_AUDIT_TYPES, ...filters.types])].map((type) => ({ value: type, label: typeLabel(type) }));

  return (
    <form onSubmit={submit} role="search" aria-label={t('filters.label')}>
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <MultiSelect
            label={t('filters.types')}
            placeholder={filters.types.length ? undefined : t('filters.typesPlaceholder')}
            data={typeData}
            value={filters.types}
            onChange={(types) => change({ types: types.slice(0, AUDIT_LOG_LIMITS.maxTypes) })}
            searchable
            clearable
            w={{ base: '100%', sm: 280 }}
          />
          <DateInput label={t('filters.from')} value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
          <DateInput label={t('filters.to')} value={draft.to} onChange={(to) => setDraft({ ...draft, to })} error={isBadRange ? t('filters.badRange') : undefined} />
          <TextInput
            label={t('filters.keyword')}
            placeholder={t('filters.keywordPlaceholder')}
            value={draft.keyword}
            onChange={(event) => setDraft({ ...draft, keyword: event.currentTarget.value })}
            maxLength={AUDIT_LOG_LIMITS.keywordMaxLength}
            w={{ base: '100%', sm: 220 }}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
          />
          <Button type="submit" mt={25} disabled={isBadRange}>
            {t('filters.search')}
          </Button>
          {hasAuditFilters(filters) ? (
            <Button variant="subtle" mt={25} onClick={() => onChange({ types: [], sort: filters.sort, page: 1 })}>
              {t('filters.clear')}
            </Button>
          ) : null}
        </Group>
        {filters.actorUserId || filters.subjectUserId ? (
          <Group gap="xs">
            {filters.actorUserId ? (
              <FilterChip label={t('filters.actor', { name: names.actor ?? t('unknownUser', { id: filters.actorUserId }) })} removeLabel={t('filters.removeActor')} onRemove={() => change({ actorUserId: undefined })} />
            ) : null}
            {filters.subjectUserId ? (
              <FilterChip label={t('filters.subject', { name: names.subject ?? t('unknownUser', { id: filters.subjectUserId }) })} removeLabel={t('filters.removeSubject')} onRemove={() => change({ subjectUserId: undefined })} />
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
