import { CreateRoleBodySchema, type RoleDetail, UpdateRoleBodySchema } from '@legal/api';
import { Alert, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/FormFooter';
import { LoadingState } from '../../../components/LoadingState';
import { formErrorText, schemaErrors } from '../../../lib/forms/form-errors';
import { type OrganizationFormErrors, saveErrors } from './form-errors';
import { usePermissionCatalogue, useRoleMutations } from './organization-queries';
import { PermissionChecklist } from './PermissionChecklist';
import { roleLabel } from './role-names';
import { useUiLocale } from './use-ui-locale';
import '../admin-i18n';
import './organization-i18n';

export interface RoleFormModalProps {
  /** The role to edit, or null to create one. */
  role: RoleDetail | null;
  opened: boolean;
  onClose: () => void;
  onCreated?: (roleId: number) => void;
}

/** Creates a custom role or edits a role: name (custom roles only), description, permissions (not SUPER_MANAGER's). */
export function RoleFormModal({ role, opened, onClose, onCreated }: RoleFormModalProps) {
  const { t } = useTranslation('organization');
  return (
    <Modal opened={opened} onClose={onClose} title={role ? t('roleForm.editTitle') : t('roleForm.createTitle')} size="xl" centered>
      {opened ? <RoleForm key={role?.id ?? 'new'} role={role} onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function RoleForm({ role, onClose, onCreated }: Omit<RoleFormModalProps, 'opened'>) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const locale = useUiLocale();
  const catalogue = usePermissionCatalogue();
  const { create, update } = useRoleMutations();
  const [name, setName] = useState(role ? roleLabel(role, locale) : '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const [errors, setErrors] = useState<OrganizationFormErrors>({});
  const mutation = role ? update : create;
  const canRename = role ? role.abilities.canRename : true;
  const canEditPermissions = role ? role.abilities.canEditPermissions : true;

  const problem = (field: string) => formErrorText(errors[field], (key) => t(`form.errors.${key}`));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { description: description.trim() || null, permissions };
    const onError = (error: unknown) => setErrors(saveErrors(error) ?? {});
    if (!role) {
      const parsed = CreateRoleBodySchema.safeParse({ ...fields, name });
      setErrors(schemaErrors(parsed));
      if (!parsed.success) return;
      create.mutate(parsed.data, {
        onSuccess: (created) => {
          notifications.show({ color: 'green', message: t('roleForm.created') });
          onCreated?.(created.id);
          onClose();
        },
        onError,
      });
      return;
    }
    const parsed = UpdateRoleBodySchema.safeParse({ ...(canRename ? { name } : {}), description: fields.description, ...(canEditPermissions ? { permissions } : {}) });
    setErrors(schemaErrors(parsed));
    if (!parsed.success) return;
    update.mutate(
      { roleId: role.id, body: parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: ta('feedback.saved') });
          onClose();
        },
        onError,
      },
    );
  };

  const generalError = mutation.isError && !saveErrors(mutation.error) ? mutation.error : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('roleForm.name')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problem('name')}
          disabled={!canRename}
          description={canRename ? undefined : t('roleForm.builtInName')}
          data-autofocus
        />
        <Textarea label={t('roleForm.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={problem('description')} autosize minRows={2} maxRows={5} />
        {role?.isLocked ? (
          <Alert color="gray" variant="light">
            {t('roleForm.lockedPermissions')}
          </Alert>
        ) : catalogue.data ? (
          <PermissionChecklist catalogue={catalogue.data} value={permissions} onChange={setPermissions} disabled={!canEditPermissions} error={problem('permissions')} />
        ) : (
          <LoadingState />
        )}
        <FormFooter
          failure={generalError instanceof Error ? generalError.message : null}
          onCancel={onClose}
          cancelLabel={ta('actions.cancel')}
          submitLabel={role ? ta('actions.save') : ta('actions.create')}
          isPending={mutation.isPending}
        />
      </Stack>
    </form>
  );
}
