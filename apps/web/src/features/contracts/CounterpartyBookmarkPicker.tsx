import { type CounterpartyBookmark } from '@legal/api';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CounterpartyBookmarkBrowser } from './CounterpartyBookmarkBrowser';
import './contracts-i18n';

export interface CounterpartyBookmarkPickerProps {
  opened: boolean;
  onClose: () => void;
  /** The picked bookmarks, in the order they were picked. */
  onPick: (bookmarks: CounterpartyBookmark[]) => Promise<unknown> | void;
  isSaving?: boolean;
}

/** Picks counterparties from the workspace's bookmarks (several at once, across pages). */
export function CounterpartyBookmarkPicker({ opened, onClose, onPick, isSaving }: CounterpartyBookmarkPickerProps) {
  const { t } = useTranslation('contracts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('bookmarks.pickTitle')} size="xl" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      {opened ? <PickerBody onClose={onClose} onPick={onPick} isSaving={isSaving} /> : null}
    </Modal>
  );
}

function PickerBody({ onClose, onPick, isSaving }: Omit<CounterpartyBookmarkPickerProps, 'opened'>) {
  const { t } = useTranslation('contracts');
  const [picked, setPicked] = useState<ReadonlyMap<number, CounterpartyBookmark>>(new Map());
  const toggle = (bookmark: CounterpartyBookmark) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(bookmark.id)) next.delete(bookmark.id);
      else next.set(bookmark.id, bookmark);
      return next;
    });
  return (
    <Stack gap="md">
      <CounterpartyBookmarkBrowser selection={{ selected: new Set(picked.keys()), onToggle: toggle }} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('bookmarks.pickedCount', { count: picked.size })}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button disabled={picked.size === 0} loading={isSaving} onClick={() => void Promise.resolve(onPick([...picked.values()])).then(onClose, () => undefined)}>
            {t('bookmarks.addPicked')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
