import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { DateInput } from './DateInput';

/** The free-text search of a list: typed into a draft, applied on submit. */
export interface ListFilterKeyword {
  value: string;
  label: string;
  submitLabel: string;
  onSubmit: (keyword: string) => void;
  placeholder?: string;
  description?: string;
  miw?: number;
  maxLength?: number;
}

/** A from-to pair of calendar days (`YYYY-MM-DD`, `''` for open). */
export interface ListFilterDateRange {
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
  onChange: (range: { from: string; to: string }) => void;
}

export interface ListFilterBarProps {
  /** The search landmark's name. */
  label: string;
  keyword?: ListFilterKeyword;
  /** The list's own fields (selects...), after the keyword in the first row, before the dates. */
  children?: ReactNode;
  dateRange?: ListFilterDateRange;
  /** Fields after the dates (a sort order). */
  trailing?: ReactNode;
  /** Shown when something is filtered: clears it all. */
  reset?: { label: string; onReset: () => void };
  /** Rows under the bar (a switch). */
  below?: ReactNode;
  /** The keyword and its button on a row of their own, the fields on the next (many fields). */
  isKeywordOwnRow?: boolean;
}

/**
 * The filter bar of a paged list (seals, requests, contract search, envelopes): a search form with
 * the keyword and its button, the list's own fields, an optional date range in the shared
 * DateInput and a reset. The filters themselves live in the address; the page passes them in and
 * applies every change (going back to the first page is the page's rule).
 */
export function ListFilterBar({ label, keyword, children, dateRange, trailing, reset, below, isKeywordOwnRow = false }: ListFilterBarProps) {
  const [draft, setDraft] = useState(keyword?.value ?? '');
  const [shownKeyword, setShownKeyword] = useState(keyword?.value);
  if (shownKeyword !== keyword?.value) {
    // Changed from outside (back button, reset): the field shows it.
    setShownKeyword(keyword?.value);
    setDraft(keyword?.value ?? '');
  }
  const search = keyword ? (
    <>
      <TextInput
        label={keyword.label}
        description={keyword.description}
        placeholder={keyword.placeholder}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        miw={keyword.miw}
        maxLength={keyword.maxLength}
      />
      <Button type="submit" variant="light">
        {keyword.submitLabel}
      </Button>
    </>
  ) : null;
  const fields = (
    <>
      {children}
      {dateRange ? (
        <>
          <DateInput label={dateRange.fromLabel} value={dateRange.from} onChange={(from) => dateRange.onChange({ from, to: dateRange.to })} />
          <DateInput label={dateRange.toLabel} value={dateRange.to} onChange={(to) => dateRange.onChange({ from: dateRange.from, to })} />
        </>
      ) : null}
      {trailing}
      {reset ? (
        <Button variant="subtle" onClick={() => { setDraft(''); reset.onReset(); }}>
          {reset.label}
        </Button>
      ) : null}
    </>
  );
  return (
    <Stack
      gap="sm"
      component="form"
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        keyword?.onSubmit(draft.trim());
      }}
    >
      {isKeywordOwnRow ? (
        <>
          <Group align="flex-end" gap="sm">{search}</Group>
          <Group align="flex-end" gap="sm">{fields}</Group>
        </>
      ) : (
        <Group align="flex-end" gap="sm">
          {search}
          {fields}
        </Group>
      )}
      {below}
    </Stack>
  );
}
