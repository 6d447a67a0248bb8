import { type ContractDetail, type Reminder, type ReminderStatus } from '@legal/api';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useFormatDateTime } from '../../lib/i18n';
import { confirmAction } from '../admin/confirm';
import { useActionFailure, useDialogFailure } from './contract-edit-errors';
import { IconPencil, IconPlus, IconTrash } from './contract-icons';
import { useVocabulary } from './contract-vocabulary';
import { type Person, usePersonName } from './PeoplePicker';
import { draftOfReminder, type ReminderDraft, ReminderFormModal } from './ReminderFormModal';
import { useContractReminders, useReminderMutations, useReminderSuggestions } from './reminder-queries';
import './contracts-i18n';

const STATUS_COLORS: Record<ReminderStatus, string> = { SCHEDULED: 'blue', SENT: 'teal', CANCELED: 'gray' };

type Editing = { reminder: Reminder | null; draft: ReminderDraft } | null;

/**
 * The contract's reminders: mailed to their recipients at the set time (and shown in-app).
 * Writers schedule, change, pause and delete them; a sent reminder is the record of its mail and
 * stays as it is. Renewal, notice and end-date reminders are offered from the end date.
 */
export function RemindersPanel({ contract, canManage }: { contract: ContractDetail; canManage: boolean }) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const formatDateTime = useFormatDateTime();
  const nameOf = usePersonName();
  const list = useContractReminders(contract.id);
  const suggestions = useReminderSuggestions(contract.id, canManage && contract.endDate !== null);
  const { create, update, remove } = useReminderMutations(contract.id);
  // A reminder sent meanwhile answers 409: the dialog closes on the reloaded list.
  const onDialogFailure = useDialogFailure(contract.id);
  const onActionFailure = useActionFailure(contract.id);
  const [editing, setEditing] = useState<Editing>(null);
  const known: Person[] = [contract.owner, ...contract.watchers, ...contract.users];


  const setPaused = (r: Reminder, isPaused: boolean) =>
    update.mutate(
      { reminderId: r.id, body: { title: r.title, memo: r.memo, remindAt: r.remindAt, kind: r.kind, recipients: r.recipients.map((p) => p.userId), status: isPaused ? 'CANCELED' : 'SCHEDULED' } },
      { onError: onActionFailure },
    );
  const confirmDelete = (r: Reminder) =>
    confirmAction({
      title: t('reminders.deleteTitle'),
      message: t('reminders.deleteMessage', { title: r.title }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      isDestructive: true,
      onConfirm: () => remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: t('reminders.deleted') }), onError: onActionFailure }),
    });

  const offered = (suggestions.data?.suggestions ?? []).filter((s) => !s.isAlreadyScheduled);
  const blank = (): ReminderDraft => ({ title: '', memo: '', remindAt: '', kind: 'CUSTOM', recipients: [contract.owner] });

  let body;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.content.length === 0) body = <Text size="sm" c="dimmed">{t('reminders.none')}</Text>;
  else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('reminders.title')}>
        {list.data.content.map((r) => (
          <Card component="li" key={r.id} withBorder radius="sm" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm">{r.title}</Text>
                  <Badge size="xs" variant="light" color={STATUS_COLORS[r.status]}>{t(`reminders.status.${r.status}`)}</Badge>
                  <Badge size="xs" variant="outline" color="gray">{vocabulary.label('reminderKind', r.kind)}</Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t(r.status === 'SENT' && r.sentAt ? 'reminders.sentAt' : 'reminders.at', { at: formatDateTime(r.sentAt ?? r.remindAt) })} · {r.recipients.map(nameOf).join(', ')}
                </Text>
                {r.memo ? <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>{r.memo}</Text> : null}
              </Stack>
              {canManage && r.status !== 'SENT' ? (
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => setPaused(r, r.status === 'SCHEDULED')}>
                    {r.status === 'SCHEDULED' ? t('reminders.pause') : t('reminders.resume')}
                  </Button>
                  <ActionIcon variant="subtle" aria-label={t('reminders.edit', { title: r.title })} onClick={() => setEditing({ reminder: r, draft: draftOfReminder(r) })}>
                    <IconPencil size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t('reminders.delete', { title: r.title })} onClick={() => confirmDelete(r)}>
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ) : null}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contract-reminders">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5" id="contract-reminders">
          {t('reminders.title')}
        </Title>
        {canManage ? (
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => setEditing({ reminder: null, draft: blank() })}>
            {t('reminders.create')}
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm">
        {body}
        {offered.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('reminders.suggested')}</Text>
            {offered.map((s) => (
              <Group key={`${s.kind}-${s.remindAt}`} gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {s.title} · {formatDateTime(s.remindAt)}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={t('reminders.useSuggestion', { title: s.title })}
                  onClick={() =>
                    setEditing({
                      reminder: null,
                      draft: draftOfReminder({ ...s, memo: null, recipients: s.recipients.map((userId) => known.find((p) => p.userId === userId) ?? { userId, displayName: null }) }),
                    })
                  }
                >
                  {t('reminders.add')}
                </Button>
              </Group>
            ))}
          </Stack>
        ) : null}
      </Stack>
      <ReminderFormModal
        opened={editing !== null}
        reminder={editing?.reminder ?? null}
        initial={editing?.draft ?? blank()}
        known={known}
        onClose={() => setEditing(null)}
        onSubmit={(body) => {
          const target = editing?.reminder;
          const request = target
            ? update.mutateAsync({ reminderId: target.id, body: { ...body, status: target.status === 'CANCELED' ? 'CANCELED' : 'SCHEDULED' } })
            : create.mutateAsync(body);
          return request.catch(onDialogFailure);
        }}
      />
    </Card>
  );
}
