import { type ContractLanguage, type ContractType, type FormActiveStatus } from '@legal/api';
import { Button, Chip, Group, MultiSelect, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFilterBar } from '../../lib/use-filter-bar';
import { useVocabulary } from '../contracts/contract-vocabulary';
import { countLibraryFilters, emptyLibraryFilters, KEYWORD_TYPES, type KeywordType, type LibraryFilters } from './library-search-params';
import { useFormMeta } from './standard-form-queries';
import './standard-forms-i18n';

/**
 * The library's filters, all kept in the address: the keyword (in title, content or both) applies
 * on submit, the rest at once. The status filter shows only to form writers (readers see ACTIVE forms).
 */
export function LibraryFilterBar({ filters, onChange, canWrite }: { filters: LibraryFilters; onChange: (next: LibraryFilters) => void; canWrite: boolean }) {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const meta = useFormMeta();
  const { draft, setDraft, change, submit } = useFilterBar(filters, onChange);
  const typeOptions = meta.data
    ? meta.data.contractTypes.map((type) => ({ value: type.code, label: type.name[vocabulary.locale] }))
    : vocabulary.options('contractType');
  const languages = meta.data?.languages ?? ['ko', 'en'];
  return (
    <Stack gap="sm" component="form" onSubmit={submit} role="search" aria-label={t('library.filters')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('library.keywordType')}
          w={140}
          data={KEYWORD_TYPES.map((value) => ({ value, label: t(`library.keywordTypes.${value}`) }))}
          value={filters.keywordType}
          allowDeselect={false}
          onChange={(value) => change({ keywordType: (value ?? 'ALL') as KeywordType })}
        />
        <TextInput label={t('library.keyword')} placeholder={t('library.keywordPlaceholder')} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} style={{ flex: 1 }} miw={200} />
        <Button type="submit">{t('library.search')}</Button>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label={t('library.contractTypes')}
          data={typeOptions}
          value={filters.contractTypes}
          onChange={(value) => change({ contractTypes: value as ContractType[] })}
          clearable
          searchable
          miw={220}
        />
        <MultiSelect
          label={t('library.categories')}
          data={meta.data?.categoryTypes ?? []}
          value={filters.categoryTypes}
          onChange={(value) => change({ categoryTypes: value })}
          clearable
          miw={180}
        />
        <Switch
          label={t('library.bookmarkedOnly')}
          checked={filters.isBookmarkedOnly}
          onChange={(e) => change({ isBookmarkedOnly: e.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <Group gap="lg" wrap="wrap">
        <Group gap="xs" role="group" aria-label={t('library.languages')}>
          <Text size="sm" fw={500}>{t('library.languages')}</Text>
          <Chip.Group multiple value={filters.languages} onChange={(value) => change({ languages: value as ContractLanguage[] })}>
            {languages.map((language) => (
              <Chip key={language} value={language} size="xs">
                {vocabulary.label('language', language)}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
        {canWrite ? (
          <Group gap="xs" role="group" aria-label={t('library.statuses')}>
            <Text size="sm" fw={500}>{t('library.statuses')}</Text>
            <Chip.Group multiple value={filters.activeStatuses} onChange={(value) => change({ activeStatuses: value as FormActiveStatus[] })}>
              {(['ACTIVE', 'INACTIVE'] as const).map((status) => (
                <Chip key={status} value={status} size="xs">
                  {t(`status.${status}`)}
                </Chip>
              ))}
            </Chip.Group>
          </Group>
        ) : null}
        {filters.keyword || countLibraryFilters(filters) > 0 ? (
          <Button variant="subtle" size="xs" onClick={() => onChange(emptyLibraryFilters())}>
            {t('library.clearFilters')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
