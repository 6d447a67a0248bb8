import { type JobItem, JobItemBodySchema } from '@legal/api';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { formErrorText, schemaErrors } from '../../../lib/forms/form-errors';
import { confirmAction } from '../confirm';
import { type OrganizationFormError, saveErrors } from './form-errors';
import { shiftId } from './ordering';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from './organization-icons';
import { type JobListKind, useJobItemMutations, useJobItems } from './organization-queries';
import '../admin-i18n';
import './organization-i18n';

/** A name field checked with the shared schema, showing the server's answer too. */
function useNameField(initial: string) {
  const { t } = useTranslation('organization');
  const [name, setName] = useState(initial);
  const [error, setError] = useState<OrganizationFormError | undefined>();
  return {
    name,
    setName: (value: string) => {
      setName(value);
      setError(undefined);
    },
    error: formErrorText(error, (key) => t(`form.errors.${key}`)),
    /** The checked name, or null after showing why not. */
    check: (): string | null => {
      const parsed = JobItemBodySchema.safeParse({ name });
      setError(schemaErrors(parsed).name);
      return parsed.success ? parsed.data.name : null;
    },
    fail: (e: unknown) => setError(saveErrors(e)?.name ?? { text: e instanceof Error ? e.message : '' }),
    reset: () => setName(''),
  };
}

function AddForm({ kind }: { kind: JobListKind }) {
  const { t } = useTranslation('organization');
  const { create } = useJobItemMutations(kind);
  const field = useNameField('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = field.check();
    if (name) create.mutate(name, { onSuccess: field.reset, onError: field.fail });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput style={{ flex: 1 }} aria-label={t(`jobs.${kind}.newLabel`)} placeholder={t(`jobs.${kind}.newPlaceholder`)} value={field.name} onChange={(e) => field.setName(e.currentTarget.value)} error={field.error} />
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden="true" />} loading={create.isPending}>
          {t('jobs.add')}
        </Button>
      </Group>
    </form>
  );
}

function RenameForm({ kind, item, onDone }: { kind: JobListKind; item: JobItem; onDone: () => void }) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const { rename } = useJobItemMutations(kind);
  const field = useNameField(item.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = field.check();
    if (name) rename.mutate({ id: item.id, name }, { onSuccess: () => { notifications.show({ color: 'green', message: ta('feedback.saved') }); onDone(); }, onError: field.fail });
  };
  return (
    <form onSubmit={submit} noValidate style={{ flex: 1 }}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput style={{ flex: 1 }} size="xs" aria-label={t('jobs.renameLabel', { name: item.name })} value={field.name} onChange={(e) => field.setName(e.currentTarget.value)} error={field.error} data-autofocus autoFocus />
        <Button type="submit" size="xs" loading={rename.isPending}>
          {ta('actions.save')}
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          {ta('actions.cancel')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * One ordered list (job titles or job positions): add, rename in place, move up and down, delete
 * (asked first; an item members have is taken from them, which the question says).
 */
export function JobItemList({ kind, canEdit }: { kind: JobListKind; canEdit: boolean }) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const query = useJobItems(kind);
  const { reorder, remove } = useJobItemMutations(kind);
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const items = query.data?.content ?? [];
  const ids = items.map((i) => i.id);

  const askDelete = (item: JobItem) =>
    confirmAction({
      title: t(`jobs.${kind}.deleteTitle`),
      message: item.memberCount > 0 ? t('jobs.deleteInUseMessage', { name: item.name, count: item.memberCount }) : t('jobs.deleteMessage', { name: item.name }),
      confirmLabel: ta('actions.delete'),
      cancelLabel: ta('actions.cancel'),
      isDestructive: true,
      onConfirm: () => remove.mutate({ id: item.id, clearFromMembers: item.memberCount > 0 }, { onSuccess: () => notifications.show({ color: 'green', message: ta('feedback.deleted') }) }),
    });
  const shift = (item: JobItem, delta: -1 | 1) => {
    const next = shiftId(ids, item.id, delta);
    if (next) reorder.mutate(next);
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`jobs-${kind}-title`}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} size="h4" id={`jobs-${kind}-title`}>
            {t(`jobs.${kind}.title`)}
          </Title>
          <Text size="xs" c="dimmed">
            {t(`jobs.${kind}.description`)}
          </Text>
        </Stack>
        {canEdit ? <AddForm kind={kind} /> : null}
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t(`jobs.${kind}.emptyTitle`)} description={t('jobs.emptyDescription')} />
        ) : (
          <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t(`jobs.${kind}.title`)}>
            {items.map((item, index) => (
              <Group component="li" key={item.id} gap="xs" wrap="nowrap" py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <Text size="xs" c="dimmed" w={20} ta="right" aria-hidden="true">
                  {index + 1}
                </Text>
                {renamingId === item.id ? (
                  <RenameForm kind={kind} item={item} onDone={() => setRenamingId(null)} />
                ) : (
                  <>
                    <Text size="sm" style={{ flex: 1 }}>
                      {item.name}
                    </Text>
                    <Badge size="xs" variant="light" color="gray">
                      {t('jobs.memberCount', { count: item.memberCount })}
                    </Badge>
                    {canEdit ? (
                      <Group gap={0} wrap="nowrap">
                        <ActionIcon variant="subtle" size="sm" aria-label={t('order.up', { name: item.name })} disabled={index === 0 || reorder.isPending} onClick={() => shift(item, -1)}>
                          <IconArrowUp size={15} aria-hidden="true" />
                        </ActionIcon>
                        <ActionIcon variant="subtle" size="sm" aria-label={t('order.down', { name: item.name })} disabled={index === items.length - 1 || reorder.isPending} onClick={() => shift(item, 1)}>
                          <IconArrowDown size={15} aria-hidden="true" />
                        </ActionIcon>
                        <ActionIcon variant="subtle" size="sm" aria-label={t('jobs.renameLabel', { name: item.name })} onClick={() => setRenamingId(item.id)}>
                          <IconPencil size={15} aria-hidden="true" />
                        </ActionIcon>
                        <ActionIcon variant="subtle" size="sm" color="red" aria-label={t('jobs.deleteLabel', { name: item.name })} onClick={() => askDelete(item)} disabled={remove.isPending}>
                          <IconTrash size={15} aria-hidden="true" />
                        </ActionIcon>
                      </Group>
                    ) : null}
                  </>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
