import { CONTRACT_LIMITS } from '@legal/api';
import { TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHashtagOptions } from './contract-queries';
import './contracts-i18n';

export interface HashtagInputProps {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  description?: string;
}

/** Hashtags by name: the workspace's are suggested as you type; a new name is added to the workspace on save. */
export function HashtagInput({ label, value, onChange, error, description }: HashtagInputProps) {
  const { t } = useTranslation('contracts');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 250);
  const options = useHashtagOptions(keyword);
  const suggestions = (options.data?.content ?? []).map((tag) => tag.name).filter((name) => !value.includes(name));
  return (
    <TagsInput
      label={label}
      description={description ?? t('hashtags.hint')}
      data={suggestions}
      value={value}
      // `#갱신` and `갱신` are one hashtag: drop the leading # as the server does.
      onChange={(next) => onChange([...new Set(next.map((tag) => tag.trim().replace(/^#+/, '')).filter(Boolean))])}
      searchValue={search}
      onSearchChange={setSearch}
      maxTags={CONTRACT_LIMITS.hashtagsMax}
      splitChars={[',', ' ']}
      clearable
      error={error}
    />
  );
}
