import { CONTRACT_EXPORT_LIMITS, type ContractUserConfig } from '@legal/api';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ColumnPicker } from './ColumnPicker';
import { useExcelExport, useZipDownload } from './contract-downloads';
import { IconFileSpreadsheet, IconFileZip } from './contract-icons';
import { type ContractFilters } from './contract-search-params';
import { SavedFilters } from './SavedFilters';
import './contracts-i18n';

export interface ContractListToolbarProps {
  filters: ContractFilters;
  onApply: (filters: ContractFilters) => void;
  /** The caller's list settings; the settings buttons wait for them. */
  config: ContractUserConfig | undefined;
  selectedIds: number[];
}

/** What a user does with the list: export it to Excel, download the selected contracts' files, keep columns and searches. */
export function ContractListToolbar({ filters, onApply, config, selectedIds }: ContractListToolbarProps) {
  const { t } = useTranslation('contracts');
  const excel = useExcelExport();
  const zip = useZipDownload();
  const isSearch = filters.view === 'all';
  const max = CONTRACT_EXPORT_LIMITS.zipMaxContracts;

  const downloadZip = () => {
    if (selectedIds.length > max) {
      notifications.show({ color: 'orange', message: t('exports.zipTooMany', { max }) });
      return;
    }
    zip.mutate(selectedIds);
  };

  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      {isSearch ? (
        <Button variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />} loading={excel.isPending} onClick={() => excel.mutate(filters)}>
          {t('exports.excel')}
        </Button>
      ) : null}
      <Button
        variant="default"
        leftSection={<IconFileZip size={16} aria-hidden="true" />}
        disabled={selectedIds.length === 0}
        loading={zip.isPending}
        onClick={downloadZip}
      >
        {t('exports.zip', { count: selectedIds.length })}
      </Button>
      {config ? <ColumnPicker config={config} /> : null}
      {config && isSearch ? <SavedFilters config={config} filters={filters} onApply={onApply} /> : null}
    </Group>
  );
}
