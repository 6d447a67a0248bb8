import { UpdateUserBodySchema, USER_LIMITS, type UserOptions, type WorkspaceUserDetail } from '@legal/api';
import { Button, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormErrors, formErrorText, schemaErrors, serverErrors } from '../../../lib/forms/form-errors';
import { useUserMutations } from './user-queries';
import './users-i18n';

interface Values {
  displayName: string;
  phone: string;
  employeeNumber: string;
  divisionId: string | null;
  jobTitleId: string | null;
  jobPositionIds: string[];
}

const valuesOf = (user: WorkspaceUserDetail): Values => ({
  displayName: user.displayName,
  phone: user.phone ?? '',
  employeeNumber: user.employeeNumber ?? '',
  divisionId: user.divisionId ? String(user.divisionId) : null,
  jobTitleId: user.jobTitleId ? String(user.jobTitleId) : null,
  jobPositionIds: user.jobPositions.map((p) => String(p.id)),
});

const idOrNull = (value: string | null) => (value ? Number(value) : null);
const toData = (items: Array<{ id: number; name: string }>) => items.map((item) => ({ value: String(item.id), label: item.name }));

/** The choices of a picker: the workspace's list, or (before it loads) just the member's own value. */
function choices(list: Array<{ id: number; name: string }> | undefined, own: Array<{ id: number | null; name: string | null }>) {
  if (list) return toData(list);
  return toData(own.filter((o): o is { id: number; name: string } => o.id !== null && o.name !== null));
}

/** The member's profile in this workspace: names, phone, employee number, division, job title and positions. */
export function UserProfileForm({ user, options }: { user: WorkspaceUserDetail; options: UserOptions | undefined }) {
  const { t } = useTranslation('users');
  const { update } = useUserMutations(user.userId);
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [errors, setErrors] = useState<FormErrors>({});
  const isReadOnly = !user.abilities.canUpdate;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const problem = (field: keyof Values) => formErrorText(errors[field], (key) => t(`profile.errors.${key}`));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      displayName: values.displayName,
      phone: values.phone.trim() || null,
      employeeNumber: values.employeeNumber.trim() || null,
      divisionId: idOrNull(values.divisionId),
      jobTitleId: idOrNull(values.jobTitleId),
      jobPositionIds: values.jobPositionIds.map(Number),
    };
    const found = schemaErrors(UpdateUserBodySchema.safeParse(body));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(body, {
      onSuccess: () => notifications.show({ color: 'green', message: t('profile.saved') }),
      onError: (error) => setErrors(serverErrors(error) ?? {}),
    });
  };

  const otherError = update.isError && !serverErrors(update.error) ? update.error : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.title')}>
      <Stack gap="sm">
        {isReadOnly ? (
          <Text size="sm" c="dimmed">
            {t('profile.readOnly')}
          </Text>
        ) : null}
        <TextInput
          label={t('profile.displayName')}
          value={values.displayName}
          onChange={(event) => set('displayName', event.currentTarget.value)}
          maxLength={USER_LIMITS.displayNameMaxLength}
          error={problem('displayName')}
          disabled={isReadOnly}
          required
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('profile.phone')}
            type="tel"
            value={values.phone}
            onChange={(event) => set('phone', event.currentTarget.value)}
            maxLength={USER_LIMITS.phoneMaxLength}
            error={problem('phone')}
            disabled={isReadOnly}
          />
          <TextInput
            label={t('profile.employeeNumber')}
            value={values.employeeNumber}
            onChange={(event) => set('employeeNumber', event.currentTarget.value)}
            maxLength={USER_LIMITS.employeeNumberMaxLength}
            error={problem('employeeNumber')}
            disabled={isReadOnly}
          />
        </Group>
        <Select
          label={t('profile.division')}
          placeholder={t('profile.none')}
          data={choices(options?.divisions, [{ id: user.divisionId, name: user.divisionName }])}
          value={values.divisionId}
          onChange={(value) => set('divisionId', value)}
          error={problem('divisionId')}
          disabled={isReadOnly}
          searchable
          clearable
        />
        <Select
          label={t('profile.jobTitle')}
          placeholder={t('profile.none')}
          data={choices(options?.jobTitles, [{ id: user.jobTitleId, name: user.jobTitleName }])}
          value={values.jobTitleId}
          onChange={(value) => set('jobTitleId', value)}
          error={problem('jobTitleId')}
          disabled={isReadOnly}
          clearable
        />
        <MultiSelect
          label={t('profile.jobPositions')}
          placeholder={values.jobPositionIds.length ? undefined : t('profile.none')}
          data={choices(options?.jobPositions, user.jobPositions)}
          value={values.jobPositionIds}
          onChange={(value) => set('jobPositionIds', value)}
          error={problem('jobPositionIds')}
          disabled={isReadOnly}
          clearable
        />
        {otherError ? (
          <Text size="sm" c="red" role="alert">
            {otherError.message}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={isReadOnly}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
