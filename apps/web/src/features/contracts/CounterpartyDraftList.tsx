import { counterpartyKey, type CounterpartyInput } from '@legal/api';
import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAddressBook, IconPencil, IconPlus, IconX } from './contract-icons';
import { useVocabulary } from './contract-vocabulary';
import { draftOf, emptyCounterparty, inputOf } from './counterparty-draft';
import { CounterpartyBookmarkPicker } from './CounterpartyBookmarkPicker';
import { CounterpartyFormModal } from './CounterpartyForm';
import './contracts-i18n';

export interface CounterpartyDraftListProps {
  value: CounterpartyInput[];
  onChange: (next: CounterpartyInput[]) => void;
  error?: string;
}

const blank = (c: CounterpartyInput) => ({
  ...c,
  businessRegistrationNumber: c.businessRegistrationNumber ?? null,
  representative: c.representative ?? null,
  address: c.address ?? null,
  contacts: (c.contacts ?? []).map((x) => ({ name: x.name ?? null, email: x.email ?? null, phone: x.phone ?? null, department: x.department ?? null })),
});

/** The counterparties of a contract being registered: typed in, or copied from the workspace's bookmarks. */
export function CounterpartyDraftList({ value, onChange, error }: CounterpartyDraftListProps) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [isPicking, setIsPicking] = useState(false);
  const current = typeof editing === 'number' ? value[editing] : undefined;
  // Each counterparty once (the create schema refuses a repeat too): the one being edited aside.
  const isDuplicate = (input: CounterpartyInput) => value.some((c, i) => i !== editing && counterpartyKey(c) === counterpartyKey(input));
  const addPicked = (picked: CounterpartyInput[]) => {
    const taken = new Set(value.map(counterpartyKey));
    const fresh = picked.filter((c) => !taken.has(counterpartyKey(c)) && taken.add(counterpartyKey(c)));
    const skipped = picked.filter((c) => !fresh.includes(c));
    if (fresh.length > 0) onChange([...value, ...fresh]);
    if (skipped.length > 0) {
      notifications.show({ color: 'orange', message: t('counterparties.alreadyAdded', { count: skipped.length, names: skipped.map((c) => c.name).join(', ') }) });
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('fields.counterparties')}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconAddressBook size={14} aria-hidden="true" />} onClick={() => setIsPicking(true)}>
            {t('counterparties.addFromBookmarks')}
          </Button>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => setEditing('new')}>
            {t('counterparties.add')}
          </Button>
        </Group>
      </Group>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('counterparties.none')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('fields.counterparties')}>
          {value.map((c, index) => (
            <Group component="li" key={index} gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {c.name}
              </Text>
              <Badge size="xs" variant="light" color="gray">
                {vocabulary.label('counterpartyType', c.counterpartyType)}
              </Badge>
              <ActionIcon variant="subtle" size="sm" aria-label={t('counterparties.edit', { name: c.name })} onClick={() => setEditing(index)}>
                <IconPencil size={14} aria-hidden="true" />
              </ActionIcon>
              <ActionIcon variant="subtle" size="sm" color="gray" aria-label={t('counterparties.remove', { name: c.name })} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                <IconX size={14} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <CounterpartyFormModal
        opened={editing !== null}
        title={current ? t('counterparties.editTitle') : t('counterparties.add')}
        initial={current ? draftOf(blank(current)) : emptyCounterparty()}
        onClose={() => setEditing(null)}
        isDuplicate={isDuplicate}
        onSubmit={async (input) => {
          onChange(typeof editing === 'number' ? value.map((c, i) => (i === editing ? input : c)) : [...value, input]);
        }}
      />
      <CounterpartyBookmarkPicker
        opened={isPicking}
        onClose={() => setIsPicking(false)}
        onPick={(picked) => addPicked(picked.map((b) => inputOf(draftOf(b))))}
      />
    </Stack>
  );
}
