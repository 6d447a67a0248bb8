import { type ContractDetail, type Counterparty } from '@legal/api';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { useHasAnyPermission } from '../../lib/session';
import { confirmAction } from '../admin/confirm';
import { useActionFailure, useDialogFailure, useEditFailure } from './contract-edit-errors';
import { type FieldAccessOf } from './contract-field-access';
import { IconAddressBook, IconBookmarkPlus, IconPencil, IconPlus, IconTrash } from './contract-icons';
import { useCounterpartyBookmarkMutations, useCounterpartyMutations } from './contract-mutations';
import { CREATE_PERMISSIONS } from './contract-permissions';
import { useVocabulary } from './contract-vocabulary';
import { type CounterpartyDraft, draftOf, emptyCounterparty, inputOf } from './counterparty-draft';
import { CounterpartyBookmarkPicker } from './CounterpartyBookmarkPicker';
import { CounterpartyFormModal } from './CounterpartyForm';
import './contracts-i18n';

type Editing = { counterparty: Counterparty | null; draft: CounterpartyDraft } | null;

/** The contract's counterparties: add, edit, remove, add from bookmarks, save one as a bookmark. */
export function CounterpartiesPanel({ contract, access }: { contract: ContractDetail; access: FieldAccessOf }) {
  const { t } = useTranslation('contracts');
  const { add, update, remove, fromBookmarks } = useCounterpartyMutations(contract.id);
  const bookmarks = useCounterpartyBookmarkMutations();
  const onDialogFailure = useDialogFailure(contract.id);
  const onFailure = useEditFailure(contract.id);
  const onActionFailure = useActionFailure(contract.id);
  const canBookmark = useHasAnyPermission(CREATE_PERMISSIONS);
  const { canEdit } = access('counterparties');
  const [editing, setEditing] = useState<Editing>(null);
  const [isPicking, setIsPicking] = useState(false);

  const confirmRemove = (c: Counterparty) =>
    confirmAction({
      title: t('counterparties.removeTitle'),
      message: t('counterparties.removeMessage', { name: c.name }),
      confirmLabel: t('actions.remove'),
      cancelLabel: t('actions.cancel'),
      isDestructive: true,
      onConfirm: () => remove.mutate(c.id, { onError: onActionFailure }),
    });

  const saveAsBookmark = (c: Counterparty) =>
    bookmarks.create.mutate(inputOf(draftOf(c)), {
      onSuccess: () => notifications.show({ color: 'green', message: t('counterparties.bookmarked', { name: c.name }) }),
      onError: (error) => notifications.show({ color: 'orange', message: isApiError(error) && error.status === 409 ? t('counterparties.alreadyBookmarked') : isApiError(error) ? error.message : t('errors.saveFailed') }),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contract-counterparties">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5" id="contract-counterparties">
          {t('counterparties.title')}
        </Title>
        {canEdit ? (
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconAddressBook size={14} aria-hidden="true" />} onClick={() => setIsPicking(true)}>
              {t('counterparties.addFromBookmarks')}
            </Button>
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => setEditing({ counterparty: null, draft: emptyCounterparty() })}>
              {t('counterparties.add')}
            </Button>
          </Group>
        ) : null}
      </Group>
      {contract.counterparties.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('counterparties.none')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('counterparties.title')}>
          {contract.counterparties.map((c) => (
            <li key={c.id}>
              <CounterpartyCard
                counterparty={c}
                onEdit={canEdit ? () => setEditing({ counterparty: c, draft: draftOf(c) }) : undefined}
                onRemove={canEdit ? () => confirmRemove(c) : undefined}
                onBookmark={canBookmark ? () => saveAsBookmark(c) : undefined}
              />
            </li>
          ))}
        </Stack>
      )}
      <CounterpartyFormModal
        opened={editing !== null}
        title={editing?.counterparty ? t('counterparties.editTitle') : t('counterparties.add')}
        initial={editing?.draft ?? emptyCounterparty()}
        onClose={() => setEditing(null)}
        onSubmit={(body) =>
          (editing?.counterparty ? update.mutateAsync({ counterpartyId: editing.counterparty.id, body }) : add.mutateAsync(body)).catch(onDialogFailure)
        }
      />
      <CounterpartyBookmarkPicker
        opened={isPicking}
        onClose={() => setIsPicking(false)}
        isSaving={fromBookmarks.isPending}
        onPick={(picked) =>
          fromBookmarks.mutateAsync(picked.map((b) => b.id)).catch((error: unknown) => {
            // A bookmark deleted meanwhile answers 400 on bookmarkIds.N: the picker closes and says so.
            if (onFailure(error) === null) notifications.show({ color: 'orange', message: t('bookmarks.gone') });
          })
        }
      />
    </Card>
  );
}

function CounterpartyCard({ counterparty: c, onEdit, onRemove, onBookmark }: { counterparty: Counterparty; onEdit?: () => void; onRemove?: () => void; onBookmark?: () => void }) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const details = [c.businessRegistrationNumber, c.representative && t('counterparties.representativeIs', { name: c.representative }), c.address].filter(Boolean);
  return (
    <Card withBorder radius="sm" padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{c.name}</Text>
            <Badge size="xs" variant="light" color="gray">
              {vocabulary.label('counterpartyType', c.counterpartyType)}
            </Badge>
          </Group>
          {details.length > 0 ? (
            <Text size="sm" c="dimmed">
              {details.join(' · ')}
            </Text>
          ) : null}
          {c.contacts.map((contact, index) => (
            <Text key={index} size="xs" c="dimmed">
              {[contact.name, contact.department, contact.email, contact.phone].filter(Boolean).join(' · ')}
            </Text>
          ))}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {onBookmark ? (
            <ActionIcon variant="subtle" aria-label={t('counterparties.saveAsBookmark', { name: c.name })} onClick={onBookmark}>
              <IconBookmarkPlus size={16} aria-hidden="true" />
            </ActionIcon>
          ) : null}
          {onEdit ? (
            <ActionIcon variant="subtle" aria-label={t('counterparties.edit', { name: c.name })} onClick={onEdit}>
              <IconPencil size={16} aria-hidden="true" />
            </ActionIcon>
          ) : null}
          {onRemove ? (
            <ActionIcon variant="subtle" color="red" aria-label={t('counterparties.remove', { name: c.name })} onClick={onRemove}>
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}
