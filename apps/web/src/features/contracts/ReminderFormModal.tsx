import { CreateReminderBodySchema, type Reminder, REMINDER_LIMITS, type ReminderKind, UpdateReminderBodySchema } from '@legal/api';
import { Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter';
import { fromLocalInput, toLocalInput } from './contract-format';
import { errorAt, schemaErrors, useCheckedSave, useErrorText } from './contract-form-errors';
import { useVocabulary } from './contract-vocabulary';
import { type Person, PeopleMultiPicker } from './PeoplePicker';
import './contracts-i18n';

/** What the form starts from: a reminder being edited, a suggestion, or a blank one. */
export interface ReminderDraft {
  title: string;
  memo: string;
  /** `datetime-local` value. */
  remindAt: string;
  kind: ReminderKind;
  recipients: Person[];
}

export function draftOfReminder(r: Pick<Reminder, 'title' | 'memo' | 'remindAt' | 'kind' | 'recipients'>): ReminderDraft {
  return { title: r.title, memo: r.memo ?? '', remindAt: toLocalInput(r.remindAt), kind: r.kind, recipients: r.recipients };
}

export interface ReminderFormModalProps {
  opened: boolean;
  /** The reminder being edited (its status is kept), or null for a new one. */
  reminder: Reminder | null;
  initial: ReminderDraft;
  /** People to offer as recipients first (owner, watchers, related users). */
  known: readonly Person[];
  onSubmit: (body: ReturnType<typeof bodyOf>) => Promise<unknown>;
  onClose: () => void;
}

function bodyOf(draft: ReminderDraft) {
  return {
    title: draft.title.trim(),
    memo: draft.memo.trim() || null,
    remindAt: fromLocalInput(draft.remindAt),
    kind: draft.kind,
    recipients: draft.recipients.map((p) => p.userId),
  };
}

/** Schedules or changes a reminder: when it is mailed, to whom, and what it says. */
export function ReminderFormModal(props: ReminderFormModalProps) {
  const { t } = useTranslation('contracts');
  return (
    <Modal opened={props.opened} onClose={props.onClose} size="lg" title={props.reminder ? t('reminders.editTitle') : t('reminders.create')} closeButtonProps={{ 'aria-label': t('actions.close') }}>
      {props.opened ? <ReminderForm {...props} /> : null}
    </Modal>
  );
}

function ReminderForm({ reminder, initial, known, onSubmit, onClose }: ReminderFormModalProps) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const errorText = useErrorText();
  const [draft, setDraft] = useState(initial);
  const { errors, failure, isSaving, submit: save } = useCheckedSave();
  const change = (patch: Partial<ReminderDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const L = REMINDER_LIMITS;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft);
    const schema = reminder ? UpdateReminderBodySchema : CreateReminderBodySchema;
    const found = schemaErrors(schema.safeParse(reminder ? { ...body, status: reminder.status === 'CANCELED' ? 'CANCELED' : 'SCHEDULED' } : body));
    if (!draft.remindAt) found.remindAt = { key: 'required' };
    if (await save(found, () => onSubmit(body))) onClose();
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('reminders.reminderTitle')}
          value={draft.title}
          onChange={(e) => change({ title: e.currentTarget.value })}
          maxLength={L.titleMaxLength}
          error={errorText(errors.title, L.titleMaxLength)}
          withAsterisk
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label={t('reminders.remindAt')}
            value={draft.remindAt}
            onChange={(e) => change({ remindAt: e.currentTarget.value })}
            error={errorText(errors.remindAt)}
            withAsterisk
          />
          <Select
            label={t('reminders.kind')}
            data={vocabulary.options('reminderKind')}
            value={draft.kind}
            onChange={(kind) => kind && change({ kind: kind as ReminderKind })}
            allowDeselect={false}
          />
        </SimpleGrid>
        <PeopleMultiPicker
          label={t('reminders.recipients')}
          value={draft.recipients}
          known={known}
          onChange={(recipients) => change({ recipients })}
          error={errorText(errorAt(errors, 'recipients'))}
        />
        <Textarea
          label={t('reminders.memo')}
          value={draft.memo}
          onChange={(e) => change({ memo: e.currentTarget.value })}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={L.memoMaxLength}
          error={errorText(errors.memo, L.memoMaxLength)}
        />
        <FormFooter failure={failure} onCancel={onClose} cancelLabel={t('actions.cancel')} submitLabel={t('actions.save')} isPending={isSaving} />
      </Stack>
    </form>
  );
}
