import { type LoginBody } from '@legal/api';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { credentialsIssues, type CredentialsIssues } from './credentials-check';
import { LoginFailureAlert } from './LoginFailureAlert';
import { type LoginFailure } from './login-outcome';

export interface CredentialsFormProps {
  values: LoginBody;
  onChange: (values: LoginBody) => void;
  onSubmit: (values: LoginBody) => void;
  failure: LoginFailure | null;
  isBusy: boolean;
}

/** Login id and password, checked with the server schema's rules before sending (credentials-check.ts). */
export function CredentialsForm({ values, onChange, onSubmit, failure, isBusy }: CredentialsFormProps) {
  const { t } = useTranslation('auth');
  const [errors, setErrors] = useState<CredentialsIssues>({});

  const message = (field: keyof LoginBody) => {
    const issue = errors[field];
    if (!issue) return undefined;
    return issue === 'tooLong' ? t(`validation.${field}TooLong`) : t(`validation.${field}Required`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issues = credentialsIssues(values);
    setErrors(issues);
    if (Object.keys(issues).length === 0) onSubmit({ loginId: values.loginId.trim(), password: values.password });
  };

  const change = (field: keyof LoginBody, value: string) => {
    onChange({ ...values, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? <LoginFailureAlert failure={failure} /> : null}
        <TextInput
          label={t('fields.loginId')}
          placeholder={t('fields.loginIdPlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.loginId}
          onChange={(event) => change('loginId', event.currentTarget.value)}
          error={message('loginId')}
          data-autofocus
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          error={message('password')}
          visibilityToggleButtonProps={{ 'aria-label': t('fields.toggleVisibility') }}
        />
        <Button type="submit" fullWidth loading={isBusy} mt="xs">
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
