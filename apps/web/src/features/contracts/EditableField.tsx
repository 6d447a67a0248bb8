import { ActionIcon, Box, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLock } from '../../components/icons';
import { IconPencil } from './contract-icons';
import './contracts-i18n';

export interface EditableFieldProps<D> {
  label: string;
  /** The value as shown; empty values show a dash. */
  display: ReactNode;
  /** The caller may edit and the status does not freeze the field. */
  canEdit: boolean;
  /** Why the field cannot change now (a running approval or signing); shown beside the value. */
  lockedReason?: string;
  /** The editor's starting value, taken from the contract each time editing starts. */
  initialDraft: () => D;
  renderEditor: (draft: D, setDraft: (next: D) => void, labelId: string) => ReactNode;
  /** Saves; calls `done` once the editor may close (saved, or reloaded after a conflict). */
  onSave: (draft: D, done: () => void) => void;
  onCancel?: () => void;
  isSaving: boolean;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * One field of the contract detail, edited where it is shown: the value with a pencil for
 * whoever may change it, then its editor with save and cancel (Escape cancels). Read-only when
 * the caller's abilities or the contract's frozen fields say so.
 */
export function EditableField<D>({ label, display, canEdit, lockedReason, initialDraft, renderEditor, onSave, onCancel, isSaving }: EditableFieldProps<D>) {
  const { t } = useTranslation('contracts');
  const [draft, setDraft] = useState<D | null>(null);
  const labelId = useId();
  const isEditing = draft !== null;

  const cancel = () => {
    setDraft(null);
    onCancel?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft !== null) onSave(draft, () => setDraft(null));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      cancel();
    }
  };

  return (
    <Box py={6} data-field={label}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={500} c="dimmed" id={labelId} w={150} style={{ flexShrink: 0 }}>
          {label}
        </Text>
        {isEditing ? (
          <form onSubmit={submit} onKeyDown={onKeyDown} style={{ flex: 1, minWidth: 0 }} aria-labelledby={labelId} noValidate>
            <Stack gap="xs">
              {renderEditor(draft, setDraft, labelId)}
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={cancel} disabled={isSaving}>
                  {t('actions.cancel')}
                </Button>
                <Button size="xs" type="submit" loading={isSaving}>
                  {t('actions.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }} justify="space-between" align="flex-start">
            <Box style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} fz="sm">
              {isEmpty(display) ? <Text size="sm" c="dimmed">{t('detail.empty')}</Text> : display}
            </Box>
            {canEdit ? (
              <ActionIcon variant="subtle" size="sm" aria-label={t('detail.edit', { field: label })} onClick={() => setDraft(initialDraft())}>
                <IconPencil size={16} aria-hidden="true" />
              </ActionIcon>
            ) : lockedReason ? (
              <Box component="span" title={lockedReason} aria-label={lockedReason} role="img" c="dimmed">
                <IconLock size={16} aria-hidden="true" />
              </Box>
            ) : null}
          </Group>
        )}
      </Group>
    </Box>
  );
}
