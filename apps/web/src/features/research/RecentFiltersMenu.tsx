import type { RecentFilterV2 } from '@legal/api';
import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconHistory } from './research-icons';
import { useRecentFilters } from './user-queries';
import './research-i18n';

export function recentFilterLabel(filter: RecentFilterV2, asOfLabel: (date: string) => string): string {
  return [...filter.statutes.map((s) => s.title), ...filter.categories.map((c) => c.name), ...(filter.asOf ? [asOfLabel(filter.asOf)] : [])].join(' · ');
}

/** The caller's recent question filters (statutes, collections, date): choosing one sets the composer's filter. */
export function RecentFiltersMenu({ onApply, disabled }: { onApply: (filter: RecentFilterV2) => void; disabled?: boolean }) {
  const { t } = useTranslation('research');
  const [isOpen, setIsOpen] = useState(false);
  const filters = useRecentFilters(isOpen);
  const list = filters.data ?? [];
  return (
    <Menu opened={isOpen} onChange={setIsOpen} position="top-start" width={360} withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconHistory size={14} />} disabled={disabled}>
          {t('recentFilters.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('recentFilters.menu')}</Menu.Label>
        {filters.isLoading ? <Menu.Item disabled>{t('recentFilters.loading')}</Menu.Item> : null}
        {filters.isError ? <Menu.Item disabled color="red">{t('recentFilters.loadFailed')}</Menu.Item> : null}
        {filters.isSuccess && list.length === 0 ? <Menu.Item disabled>{t('recentFilters.empty')}</Menu.Item> : null}
        {list.map((f) => (
          <Menu.Item key={`${f.lastUsedAt}:${recentFilterLabel(f, (d) => d)}`} onClick={() => onApply(f)}>
            {recentFilterLabel(f, (date) => t('recentFilters.asOf', { date }))}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
