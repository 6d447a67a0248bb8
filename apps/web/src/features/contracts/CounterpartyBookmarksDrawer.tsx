import { type CounterpartyBookmark } from '@legal/api';
import { ActionIcon, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../admin/confirm';
import { IconPencil, IconPlus, IconTrash } from './contract-icons';
import { useCounterpartyBookmarkMutations } from './contract-mutations';
import { type CounterpartyDraft, draftOf, emptyCounterparty } from './counterparty-draft';
import { CounterpartyBookmarkBrowser } from './CounterpartyBookmarkBrowser';
import { CounterpartyFormModal } from './CounterpartyForm';
import './contracts-i18n';

type Editing = { bookmark: CounterpartyBookmark | null; draft: CounterpartyDraft } | null;

/**
 * The workspace's counterparty address book: add, edit and delete bookmarks (editing and
 * deleting as each bookmark's abilities allow). Counterparties copied from a bookmark stay.
 */
export function CounterpartyBookmarksDrawer({ opened, onClose, canCreate }: { opened: boolean; onClose: () => void; canCreate: boolean }) {
  const { t } = useTranslation('contracts');
  const { create, update, remove } = useCounterpartyBookmarkMutations();
  const [editing, setEditing] = useState<Editing>(null);

  const confirmDelete = (bookmark: CounterpartyBookmark) =>
    confirmAction({
      title: t('bookmarks.deleteTitle'),
      message: t('bookmarks.deleteMessage', { name: bookmark.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      isDestructive: true,
      onConfirm: () => remove.mutate(bookmark.id, { onSuccess: () => notifications.show({ color: 'green', message: t('bookmarks.deleted') }) }),
    });

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title={<Text fw={600}>{t('bookmarks.title')}</Text>} closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('bookmarks.description')}
        </Text>
        {canCreate ? (
          <Group>
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => setEditing({ bookmark: null, draft: emptyCounterparty() })}>
              {t('bookmarks.create')}
            </Button>
          </Group>
        ) : null}
        <CounterpartyBookmarkBrowser
          actions={(bookmark) => (
            <>
              {bookmark.abilities.canUpdate ? (
                <ActionIcon variant="subtle" aria-label={t('bookmarks.edit', { name: bookmark.name })} onClick={() => setEditing({ bookmark, draft: draftOf(bookmark) })}>
                  <IconPencil size={16} aria-hidden="true" />
                </ActionIcon>
              ) : null}
              {bookmark.abilities.canDelete ? (
                <ActionIcon variant="subtle" color="red" aria-label={t('bookmarks.delete', { name: bookmark.name })} onClick={() => confirmDelete(bookmark)}>
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              ) : null}
            </>
          )}
        />
      </Stack>
      <CounterpartyFormModal
        opened={editing !== null}
        title={editing?.bookmark ? t('bookmarks.editTitle') : t('bookmarks.create')}
        initial={editing?.draft ?? emptyCounterparty()}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          if (editing?.bookmark) await update.mutateAsync({ bookmarkId: editing.bookmark.id, body });
          else await create.mutateAsync(body);
          notifications.show({ color: 'green', message: t('bookmarks.saved') });
        }}
      />
    </Drawer>
  );
}
