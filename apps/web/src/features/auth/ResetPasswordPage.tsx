import { AUTH_LIMITS, NewPasswordSchema, ResetMessageBodySchema, resetPassword, sendResetMessage } from '@legal/api';
import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../app/paths';
import { api, isApiError } from '../../lib/api';

const LIMITS = { min: AUTH_LIMITS.passwordMinLength, max: AUTH_LIMITS.passwordMaxLength };

/** Whether a failed reset names the token (invalid, used or expired) rather than the password. */
function isTokenProblem(error: unknown): boolean {
  if (!isApiError(error) || error.code !== 'ERROR_VALIDATION') return false;
  const fieldErrors = (error.data as { fieldErrors?: Array<{ field: string }> } | null)?.fieldErrors ?? [];
  return fieldErrors.some((f) => f.field === 'body.token');
}

/** Asks for a reset link by login id; always answers "sent" (the server does not tell whether the account exists). */
function RequestLinkForm() {
  const { t } = useTranslation('auth');
  const [loginId, setLoginId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({ mutationFn: (body: { loginId: string }) => api.call(sendResetMessage, { body, suppressErrorToast: true }) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ResetMessageBodySchema.safeParse({ loginId });
    setError(parsed.success ? undefined : t('validation.loginIdRequired'));
    if (parsed.success) mutation.mutate(parsed.data);
  };

  if (mutation.isSuccess) {
    return (
      <Alert color="green" title={t('reset.sentTitle')} role="status">
        {t('reset.sentMessage', { minutes: 30 })}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reset.requestHelp')}
        </Text>
        <TextInput
          label={t('fields.loginId')}
          placeholder={t('fields.loginIdPlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={loginId}
          onChange={(event) => setLoginId(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {mutation.isError ? (
          <Text size="sm" c="red" role="alert">
            {mutation.error.message}
          </Text>
        ) : null}
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('reset.sendLink')}
        </Button>
      </Stack>
    </form>
  );
}

/** Sets the new password with the token of the mailed link. */
function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const mutation = useMutation({
    mutationFn: (newPassword: string) => api.call(resetPassword, { body: { token, newPassword }, suppressErrorToast: true }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { password?: string; confirm?: string } = {};
    if (!NewPasswordSchema.safeParse(password).success) found.password = t('reset.passwordRule', LIMITS);
    if (password !== confirm) found.confirm = t('reset.mismatch');
    setErrors(found);
    if (!found.password && !found.confirm) mutation.mutate(password);
  };

  if (mutation.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" title={t('reset.doneTitle')} role="status">
          {t('reset.doneMessage')}
        </Alert>
        <Button component={Link} to={PATHS.signIn} replace fullWidth>
          {t('reset.toSignIn')}
        </Button>
      </Stack>
    );
  }
  const failure = mutation.isError ? (isTokenProblem(mutation.error) ? t('reset.invalidToken') : mutation.error.message) : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('reset.newPassword')}
          description={t('reset.passwordRule', LIMITS)}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          visibilityToggleButtonProps={{ 'aria-label': t('fields.toggleVisibility') }}
          data-autofocus
        />
        <PasswordInput
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={errors.confirm}
          visibilityToggleButtonProps={{ 'aria-label': t('fields.toggleVisibility') }}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * `/reset-password`: without a token, asks for a reset link by mail; with `?token=` (the mailed
 * link), sets the new password.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <Container size={440} py={{ base: 40, md: 72 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="lg">
          {token ? t('reset.newTitle') : t('reset.title')}
        </Title>
        {token ? <NewPasswordForm token={token} /> : <RequestLinkForm />}
      </Paper>
      <Text size="sm" ta="center" mt="md">
        <Anchor component={Link} to={PATHS.signIn}>
          {t('reset.backToSignIn')}
        </Anchor>
      </Text>
    </Container>
  );
}
