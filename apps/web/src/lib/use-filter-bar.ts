import { type FormEvent, useState } from 'react';

/** What a filter bar edits: filters kept in the address, with a free-text keyword and a 1-based page. */
export interface KeywordFilters {
  keyword?: string;
  page: number;
}

/**
 * The state of a list's filter bar. The keyword is typed into a draft and applied on submit; a
 * keyword that changes from outside (back button, reset) replaces the draft. Any change goes
 * back to the first page.
 */
export function useFilterBar<F extends KeywordFilters>(filters: F, onChange: (next: F) => void) {
  const [draft, setDraft] = useState(filters.keyword ?? '');
  const [shownKeyword, setShownKeyword] = useState(filters.keyword);
  if (shownKeyword !== filters.keyword) {
    setShownKeyword(filters.keyword);
    setDraft(filters.keyword ?? '');
  }
  const change = (patch: Partial<F>) => onChange({ ...filters, ...patch, page: 1 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({ keyword: draft.trim() || undefined } as Partial<F>);
  };
  return { draft, setDraft, change, submit };
}
