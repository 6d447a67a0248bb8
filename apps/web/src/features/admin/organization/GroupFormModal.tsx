import { CreateGroupBodySchema, type GroupDetail } from '@legal/api';
import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/FormFooter';
import { formErrorText, schemaErrors } from '../../../lib/forms/form-errors';
import { type OrganizationFormErrors, saveErrors } from './form-errors';
import { useGroupMutations } from './organization-queries';
import '../admin-i18n';
import './organization-i18n';

export interface GroupFormModalProps {
  /** The group to edit, or null to create one. */
  group: GroupDetail | null;
  opened: boolean;
  onClose: () => void;
  onCreated?: (groupId: number) => void;
}

/** Creates a group or changes its name and description. */
export function GroupFormModal({ group, opened, onClose, onCreated }: GroupFormModalProps) {
  const { t } = useTranslation('organization');
  return (
    <Modal opened={opened} onClose={onClose} title={group ? t('groupForm.editTitle') : t('groupForm.createTitle')} centered>
      {opened ? <GroupForm key={group?.id ?? 'new'} group={group} onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function GroupForm({ group, onClose, onCreated }: Omit<GroupFormModalProps, 'opened'>) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const { create, update } = useGroupMutations();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [errors, setErrors] = useState<OrganizationFormErrors>({});
  const mutation = group ? update : create;

  const problem = (field: string) => formErrorText(errors[field], (key) => t(`form.errors.${key}`));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, description: description.trim() || null };
    // Both forms send the same fields; the create schema checks them (the update one only adds "something changed").
    const found = schemaErrors(CreateGroupBodySchema.safeParse(body));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const onError = (error: unknown) => setErrors(saveErrors(error) ?? {});
    const done = (message: string) => {
      notifications.show({ color: 'green', message });
      onClose();
    };
    if (group) update.mutate({ groupId: group.id, body }, { onSuccess: () => done(ta('feedback.saved')), onError });
    else create.mutate(body, { onSuccess: (created) => { onCreated?.(created.id); done(t('groupForm.created')); }, onError });
  };

  const generalError = mutation.isError && !saveErrors(mutation.error) ? mutation.error : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('groupForm.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={problem('name')} data-autofocus />
        <Textarea label={t('groupForm.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={problem('description')} autosize minRows={2} maxRows={5} />
        <FormFooter
          failure={generalError instanceof Error ? generalError.message : null}
          onCancel={onClose}
          cancelLabel={ta('actions.cancel')}
          submitLabel={group ? ta('actions.save') : ta('actions.create')}
          isPending={mutation.isPending}
        />
      </Stack>
    </form>
  );
}
