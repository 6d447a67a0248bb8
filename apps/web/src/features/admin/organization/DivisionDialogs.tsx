import { type DivisionNode, RenameDivisionBodySchema } from '@legal/api';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrorText, schemaErrors } from '../../../lib/forms/form-errors';
import { flattenTree, moveTargets } from './division-tree';
import { type OrganizationFormErrors, saveErrors } from './form-errors';
import { useDivisionMutations } from './organization-queries';
import '../admin-i18n';
import './organization-i18n';

/** Which dialog is open on the division tree. */
export type DivisionDialog =
  | { kind: 'create'; parent: DivisionNode | null }
  | { kind: 'rename'; division: DivisionNode }
  | { kind: 'move'; division: DivisionNode }
  | { kind: 'delete'; division: DivisionNode }
  | null;

const ROOT = 'root';

/** The tree's dialogs: name (create, rename), move to another parent, delete with a destination for the members. */
export function DivisionDialogs({ dialog, tree, onClose }: { dialog: DivisionDialog; tree: DivisionNode[]; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const title = !dialog
    ? ''
    : dialog.kind === 'create'
      ? dialog.parent
        ? t('divisions.createChildTitle', { parent: dialog.parent.name })
        : t('divisions.createRootTitle')
      : t(`divisions.${dialog.kind}Title`, { name: dialog.division.name });
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={title} centered>
      {dialog?.kind === 'create' || dialog?.kind === 'rename' ? <NameForm key={title} dialog={dialog} onClose={onClose} /> : null}
      {dialog?.kind === 'move' ? <MoveForm division={dialog.division} tree={tree} onClose={onClose} /> : null}
      {dialog?.kind === 'delete' ? <DeleteForm division={dialog.division} tree={tree} onClose={onClose} /> : null}
    </Modal>
  );
}

function FormButtons({ submitLabel, isPending, onClose, color }: { submitLabel: string; isPending: boolean; onClose: () => void; color?: string }) {
  const { t: ta } = useTranslation('admin');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {ta('actions.cancel')}
      </Button>
      <Button type="submit" loading={isPending} color={color}>
        {submitLabel}
      </Button>
    </Group>
  );
}

function NameForm({ dialog, onClose }: { dialog: Extract<DivisionDialog, { kind: 'create' | 'rename' }>; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const { create, rename } = useDivisionMutations();
  const [name, setName] = useState(dialog.kind === 'rename' ? dialog.division.name : '');
  const [errors, setErrors] = useState<OrganizationFormErrors>({});
  const mutation = dialog.kind === 'create' ? create : rename;
  const error = errors.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Creating and renaming check the name alike.
    const parsed = RenameDivisionBodySchema.safeParse({ name });
    setErrors(schemaErrors(parsed));
    if (!parsed.success) return;
    const onError = (e: unknown) => setErrors(saveErrors(e) ?? {});
    if (dialog.kind === 'create') {
      const parentId = dialog.parent?.id ?? null;
      create.mutate({ name: parsed.data.name, parentId }, { onSuccess: () => { notifications.show({ color: 'green', message: t('divisions.created') }); onClose(); }, onError });
    } else {
      rename.mutate({ divisionId: dialog.division.id, name: parsed.data.name }, { onSuccess: () => { notifications.show({ color: 'green', message: ta('feedback.saved') }); onClose(); }, onError });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('divisions.name')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={formErrorText(error, (key) => t(`form.errors.${key}`))}
          data-autofocus
        />
        {dialog.kind === 'rename' && dialog.division.memberCount > 0 ? (
          <Text size="xs" c="dimmed">
            {t('divisions.renameNote', { count: dialog.division.memberCount })}
          </Text>
        ) : null}
        {mutation.isError && !saveErrors(mutation.error) ? (
          <Text size="sm" c="red" role="alert">
            {mutation.error.message}
          </Text>
        ) : null}
        <FormButtons submitLabel={dialog.kind === 'create' ? ta('actions.create') : ta('actions.save')} isPending={mutation.isPending} onClose={onClose} />
      </Stack>
    </form>
  );
}

/** Select options for divisions, indented by depth and labelled with their path. */
function divisionOptions(list: ReturnType<typeof flattenTree>) {
  return list.map((d) => ({ value: String(d.id), label: d.path.join(' / ') }));
}

function MoveForm({ division, tree, onClose }: { division: DivisionNode; tree: DivisionNode[]; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const { move } = useDivisionMutations();
  const [target, setTarget] = useState<string | null>(null);
  const options = [...(division.parentId !== null ? [{ value: ROOT, label: t('divisions.topLevel') }] : []), ...divisionOptions(moveTargets(tree, division.id))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    move.mutate(
      { divisionId: division.id, parentId: target === ROOT ? null : Number(target) },
      { onSuccess: () => { notifications.show({ color: 'green', message: t('divisions.moved') }); onClose(); } },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select label={t('divisions.moveTarget')} description={t('divisions.moveDescription')} data={options} value={target} onChange={setTarget} searchable required nothingFoundMessage={t('divisions.noTarget')} />
        <FormButtons submitLabel={t('divisions.move')} isPending={move.isPending} onClose={onClose} />
      </Stack>
    </form>
  );
}

function DeleteForm({ division, tree, onClose }: { division: DivisionNode; tree: DivisionNode[]; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const { remove } = useDivisionMutations();
  const [target, setTarget] = useState<string | null>(null);
  const hasMembers = division.memberCount > 0;
  const options = divisionOptions(flattenTree(tree).filter((d) => d.id !== division.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasMembers && !target) return;
    remove.mutate(
      { divisionId: division.id, moveMembersTo: target ? Number(target) : undefined },
      { onSuccess: () => { notifications.show({ color: 'green', message: ta('feedback.deleted') }); onClose(); } },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('divisions.deleteMessage', { name: division.name })}</Text>
        {hasMembers ? (
          <Select
            label={t('divisions.moveMembersTo', { count: division.memberCount })}
            data={options}
            value={target}
            onChange={setTarget}
            searchable
            required
            nothingFoundMessage={t('divisions.noTarget')}
          />
        ) : null}
        <FormButtons submitLabel={ta('actions.delete')} isPending={remove.isPending} onClose={onClose} color="red" />
      </Stack>
    </form>
  );
}
