import { searchWorkspacesSimple, type SuperAdminWorkspaceRef, workspaceKey } from '@legal/api';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import './ai-platform-i18n';

export interface WorkspaceTarget {
  tenantId: number;
  workspaceId: number;
}

/** The workspace a super-admin page acts on, kept in the address (`?tenantId=1&workspaceId=10`). */
export function useWorkspaceTarget(): WorkspaceTarget | null {
  const [params] = useSearchParams();
  const tenantId = Number(params.get('tenantId'));
  const workspaceId = Number(params.get('workspaceId'));
  return tenantId > 0 && workspaceId > 0 ? { tenantId, workspaceId } : null;
}

function optionLabel(w: SuperAdminWorkspaceRef, deleted: string, english: boolean): string {
  const organization = english && w.organizationNameEn ? w.organizationNameEn : w.organizationName;
  return `${w.workspaceName} · ${organization} (${workspaceKey(w.tenantId, w.workspaceId)})${w.isDeleted ? ` · ${deleted}` : ''}`;
}

/**
 * Chooses the workspace by name, memo or organisation (searched on the server, 100 at a time) and
 * writes its ids to the address, so a page can be linked and reloaded on the same workspace.
 */
export function WorkspaceTargetPicker() {
  const { t, i18n } = useTranslation('aiPlatform');
  const target = useWorkspaceTarget();
  const [, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  // What the user typed: the select also writes the chosen option's label into the box, which is
  // no keyword (searching for it found nothing and left the box showing the bare ids).
  const [typed, setTyped] = useState('');
  const [keyword] = useDebouncedValue(typed.trim(), 250);
  const results = useQuery({
    queryKey: ['super-admin', 'workspace-search', keyword],
    queryFn: ({ signal }) => api.call(searchWorkspacesSimple, { query: { keyword: keyword || undefined }, signal, suppressErrorToast: true }),
    placeholderData: keepPreviousData,
  });
  // Keeps the chosen workspace's label while the search shows others (or before it has loaded).
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const selected = target ? workspaceKey(target.tenantId, target.workspaceId) : null;
  const found = (results.data ?? []).map((w) => ({ value: workspaceKey(w.tenantId, w.workspaceId), label: optionLabel(w, t('target.deleted'), i18n.language === 'en') }));
  const current = selected && !found.some((o) => o.value === selected) ? [{ value: selected, label: chosen?.value === selected ? chosen.label : selected }] : [];
  const options = [...current, ...found];

  const choose = (value: string | null) => {
    if (!value) return;
    const option = options.find((o) => o.value === value);
    if (option) setChosen(option);
    const [tenantId, workspaceId] = value.split('-');
    setParams(() => new URLSearchParams({ tenantId: tenantId!, workspaceId: workspaceId! }));
  };

  return (
    <Select
      label={t('target.label')}
      placeholder={t('target.placeholder')}
      maw={560}
      searchable
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        setTyped(options.some((o) => o.label === text) ? '' : text);
      }}
      data={options}
      value={selected}
      onChange={choose}
      // The server already matched the keyword (name, memo or organisation): show its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? t('target.searching') : t('target.noneFound')}
      error={results.isError ? t('target.searchFailed') : undefined}
    />
  );
}
