import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from './organization-icons';
import '../admin-i18n';

/** A keyword search that applies on submit (Enter or the button), so the table does not reload per keystroke. */
export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (keyword: string) => void }) {
  const { t: ta } = useTranslation('admin');
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit}>
      <Group gap="xs" align="flex-end">
        <TextInput label={label} value={text} onChange={(e) => setText(e.currentTarget.value)} leftSection={<IconSearch size={16} aria-hidden="true" />} w={280} />
        <Button type="submit" variant="light">
          {ta('actions.search')}
        </Button>
      </Group>
    </form>
  );
}
