import { CONTRACT_COLUMN_CATALOGUE, type ContractColumn, type ContractUserConfig } from '@legal/api';
import { Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isListColumn } from './contract-list-columns';
import { IconColumns } from './contract-icons';
import { useSaveUserConfig } from './contract-user-config';
import { useVocabulary } from './contract-vocabulary';
import './contracts-i18n';

/**
 * The columns a user keeps (user-config): shown in the list where a row has them, and always in
 * the Excel export, in catalogue order.
 */
export function ColumnPicker({ config }: { config: ContractUserConfig }) {
  const { t } = useTranslation('contracts');
  const { locale } = useVocabulary();
  const save = useSaveUserConfig();
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<ContractColumn>>(new Set(config.columns));
  const open = () => {
    setPicked(new Set(config.columns));
    setOpened(true);
  };
  const toggle = (column: ContractColumn) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(column)) next.delete(column);
      else next.add(column);
      return next;
    });
  const columns = CONTRACT_COLUMN_CATALOGUE.map((c) => c.code).filter((code) => picked.has(code));

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={300} trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden="true" />} onClick={() => (opened ? setOpened(false) : open())} aria-expanded={opened}>
          {t('settings.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('settings.columnsHint')}
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Stack gap={6} role="group" aria-label={t('settings.columns')}>
              {CONTRACT_COLUMN_CATALOGUE.map((column) => (
                <Checkbox
                  key={column.code}
                  label={isListColumn(column.code) ? column.name[locale] : t('settings.excelOnly', { name: column.name[locale] })}
                  checked={picked.has(column.code)}
                  onChange={() => toggle(column.code)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              size="xs"
              disabled={columns.length === 0}
              loading={save.isPending}
              onClick={() => save.mutate({ current: config, change: { columns } }, { onSuccess: () => setOpened(false) })}
            >
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
