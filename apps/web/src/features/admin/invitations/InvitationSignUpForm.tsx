import { AcceptInvitationBodySchema, AUTH_LIMITS, INVITATION_NAME_MAX_LENGTH, NewPasswordSchema } from '@legal/api';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldNames } from '../../../lib/forms/form-errors';
import './invitations-i18n';

const LIMITS = { min: AUTH_LIMITS.passwordMinLength, max: AUTH_LIMITS.passwordMaxLength };

type Errors = Partial<Record<'name' | 'password' | 'confirm', string>>;

export interface InvitationSignUpFormProps {
  loginId: string;
  /** The failure of the last attempt: the fields the server named are marked. */
  error: unknown;
  isBusy: boolean;
  onSubmit: (account: { name: string; password: string }) => void;
}

/** Sign-up by invitation: a name and a password (the rules shown and checked first), twice. */
export function InvitationSignUpForm({ loginId, error, isBusy, onSubmit }: InvitationSignUpFormProps) {
  const { t } = useTranslation('invitations');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const fromServer = serverFieldNames(error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const parsed = AcceptInvitationBodySchema.pick({ name: true }).safeParse({ name });
    if (!parsed.success || !name.trim()) found.name = t('accept.nameRequired');
    if (!NewPasswordSchema.safeParse(password).success || password.trim().toLowerCase() === loginId) found.password = t('accept.passwordInvalid');
    if (password !== confirm) found.confirm = t('accept.mismatch');
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ name: name.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('accept.signUpHelp')}</Text>
        <TextInput label={t('accept.email')} value={loginId} readOnly autoComplete="username" />
        <TextInput
          label={t('accept.name')}
          placeholder={t('accept.namePlaceholder')}
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={INVITATION_NAME_MAX_LENGTH}
          error={errors.name ?? (fromServer.has('name') ? t('accept.nameRequired') : undefined)}
          required
          data-autofocus
        />
        <PasswordInput
          label={t('accept.password')}
          description={t('accept.passwordRule', LIMITS)}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password ?? (fromServer.has('password') ? t('accept.passwordInvalid') : undefined)}
          visibilityToggleButtonProps={{ 'aria-label': t('accept.toggleVisibility') }}
          required
        />
        <PasswordInput
          label={t('accept.confirmPassword')}
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={errors.confirm}
          visibilityToggleButtonProps={{ 'aria-label': t('accept.toggleVisibility') }}
          required
        />
        <Button type="submit" fullWidth loading={isBusy}>
          {t('accept.signUpSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
