import { SafeNextPathSchema, ssoLogin, SsoLoginBodySchema } from '@legal/api';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../lib/api';
import { browserNavigation } from './leave-app';
import './sso-i18n';

export interface SsoSignInDialogProps {
  /** Where the app goes after the sign-in (`?next=` of the sign-in page), when it is a path of this site. */
  next: string | null;
  onClose: () => void;
}

/**
 * Asks for the workspace name and sends the browser to the workspace's provider. The server
 * answers 404 for a workspace without (enabled) SSO and 503 when its provider cannot be reached.
 */
export function SsoSignInDialog({ next, onClose }: SsoSignInDialogProps) {
  const { t } = useTranslation('sso');
  const [workspaceName, setWorkspaceName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = SsoLoginBodySchema.safeParse({
      workspaceName,
      ...(next && SafeNextPathSchema.safeParse(next).success ? { next } : {}),
    });
    if (!body.success) {
      setProblem(t('signIn.required'));
      return;
    }
    setIsBusy(true);
    setProblem(null);
    try {
      const data = await api.call(ssoLogin, { body: body.data, suppressErrorToast: true });
      browserNavigation.assign(data.authorizationUrl);
    } catch (error) {
      setIsBusy(false);
      if (isApiError(error) && error.status === 404) setProblem(t('signIn.notAvailable'));
      else if (isApiError(error) && error.status === 503) setProblem(t('signIn.unavailable'));
      else if (isApiError(error) && error.status === 400) setProblem(t('signIn.required'));
      else setProblem(isApiError(error) ? error.message : t('errors.unknown'));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('signIn.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('signIn.description')}
          </Text>
          <TextInput
            label={t('signIn.workspaceName')}
            placeholder={t('signIn.workspacePlaceholder')}
            autoComplete="organization"
            data-autofocus
            required
            value={workspaceName}
            onChange={(event) => {
              setWorkspaceName(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isBusy}>
              {t('signIn.cancel')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {t('signIn.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
