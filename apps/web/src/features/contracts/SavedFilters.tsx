import { CONTRACT_EXPORT_LIMITS, type ContractUserConfig, SavedContractFilterSchema } from '@legal/api';
import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors, useErrorText, type FormErrors } from './contract-form-errors';
import { IconDeviceFloppy, IconStar, IconStarFilled, IconTrash } from './contract-icons';
import { type ContractFilters, filtersFromBody, searchFilterBody } from './contract-search-params';
import { useSaveUserConfig } from './contract-user-config';
import './contracts-i18n';

export interface SavedFiltersProps {
  config: ContractUserConfig;
  filters: ContractFilters;
  onApply: (filters: ContractFilters) => void;
}

/** Named searches a user keeps (user-config): apply one, keep the current one, pick the one the list opens with. */
export function SavedFilters({ config, filters, onApply }: SavedFiltersProps) {
  const { t } = useTranslation('contracts');
  const errorText = useErrorText();
  const save = useSaveUserConfig();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const saved = config.savedFilters;

  const keepCurrent = (event: FormEvent) => {
    event.preventDefault();
    const entry = { name: name.trim(), filter: searchFilterBody(filters), sort: `${filters.sort.field},${filters.sort.direction}` };
    const found = schemaErrors(SavedContractFilterSchema.safeParse(entry));
    if (saved.some((f) => f.name === entry.name)) found.name = { key: 'duplicate' };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ current: config, change: { savedFilters: [...saved, entry] } }, { onSuccess: () => setName('') });
  };
  const removeOne = (target: string) =>
    save.mutate({
      current: config,
      change: { savedFilters: saved.filter((f) => f.name !== target), defaultFilterName: config.defaultFilterName === target ? null : config.defaultFilterName },
    });
  const toggleDefault = (target: string) =>
    save.mutate({ current: config, change: { defaultFilterName: config.defaultFilterName === target ? null : target } });

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />} onClick={() => setOpened((o) => !o)} aria-expanded={opened}>
          {t('settings.savedFilters')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          {saved.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('settings.noSavedFilters')}
            </Text>
          ) : (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('settings.savedFilters')}>
              {saved.map((entry) => {
                const isDefault = config.defaultFilterName === entry.name;
                return (
                  <Group component="li" key={entry.name} gap={4} wrap="nowrap" justify="space-between">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => {
                        onApply({ ...filtersFromBody(entry.filter, entry.sort), view: 'all' });
                        setOpened(false);
                      }}
                    >
                      {entry.name}
                    </Button>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color={isDefault ? 'yellow' : 'gray'}
                        aria-pressed={isDefault}
                        aria-label={t('settings.makeDefault', { name: entry.name })}
                        onClick={() => toggleDefault(entry.name)}
                      >
                        {isDefault ? <IconStarFilled size={16} aria-hidden="true" /> : <IconStar size={16} aria-hidden="true" />}
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('settings.deleteFilter', { name: entry.name })} onClick={() => removeOne(entry.name)}>
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          )}
          {saved.length < CONTRACT_EXPORT_LIMITS.savedFiltersMax ? (
            <form onSubmit={keepCurrent} noValidate>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  size="xs"
                  aria-label={t('settings.filterName')}
                  placeholder={t('settings.filterName')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  maxLength={CONTRACT_EXPORT_LIMITS.savedFilterNameMaxLength}
                  error={errorText(errors.name, CONTRACT_EXPORT_LIMITS.savedFilterNameMaxLength)}
                />
                <Button size="xs" type="submit" loading={save.isPending}>
                  {t('settings.keepCurrent')}
                </Button>
              </Group>
            </form>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
