import { AUTH_LIMITS, changePassword } from '@legal/api';
import { Button, Card, Group, List, PasswordInput, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconCircleDashed } from '../../components/icons';
import { api } from '../../lib/api';
import { setAlertLevel } from '../../lib/session';
import {
  passwordHints,
  serverPasswordErrors,
  validatePasswordChange,
  type PasswordChangeField,
  type PasswordChangeValues,
  type PasswordErrors,
} from './password-change-rules';
import './account-i18n';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const LIMITS = { min: AUTH_LIMITS.passwordMinLength, max: AUTH_LIMITS.passwordMaxLength };

/**
 * Changes the password (current, new, confirmation), checked with NewPasswordSchema's rules
 * while typing. The server ends every other session of the user; the notification says so.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const hints = passwordHints(values);

  const mutation = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api.call(changePassword, { body, suppressErrorToast: true }),
    onSuccess: (data) => {
      setValues(EMPTY);
      setErrors({});
      setAlertLevel('NONE');
      notifications.show({ color: 'green', title: t('password.successTitle'), message: t('password.successMessage', { count: data.revokedSessions }) });
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
    onError: (error) => {
      const fieldErrors = serverPasswordErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
    },
  });

  const problem = (field: PasswordChangeField) => {
    const found = errors[field];
    if (!found) return undefined;
    return 'key' in found ? t(`password.errors.${found.key}`, LIMITS) : found.text;
  };

  const change = (field: PasswordChangeField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };

  const otherError = mutation.isError && !serverPasswordErrors(mutation.error) ? mutation.error : null;
  const rules = (['minLength', 'maxLength', 'differs', 'matches'] as const).map((rule) => (
    <List.Item
      key={rule}
      icon={
        <ThemeIcon size={18} radius="xl" variant="light" color={hints[rule] ? 'green' : 'gray'} aria-hidden="true">
          {hints[rule] ? <IconCheck size={12} /> : <IconCircleDashed size={12} />}
        </ThemeIcon>
      }
    >
      <Text size="xs" c={hints[rule] ? undefined : 'dimmed'}>
        {t(`password.rules.${rule}`, LIMITS)}
        <VisuallyHidden>{` (${t(hints[rule] === null ? 'password.rulePending' : hints[rule] ? 'password.ruleMet' : 'password.ruleUnmet')})`}</VisuallyHidden>
      </Text>
    </List.Item>
  ));

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="password-title">
      <Title order={2} size="h4" id="password-title" mb="md">
        {t('password.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(event) => change('currentPassword', event.currentTarget.value)}
            error={problem('currentPassword')}
            visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
          />
          <PasswordInput
            label={t('password.new')}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(event) => change('newPassword', event.currentTarget.value)}
            error={problem('newPassword')}
            visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => change('confirmPassword', event.currentTarget.value)}
            error={problem('confirmPassword')}
            visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
          />
          <List spacing={4} size="xs" center aria-label={t('password.rulesLabel')} aria-live="polite">
            {rules}
          </List>
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError.message}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
