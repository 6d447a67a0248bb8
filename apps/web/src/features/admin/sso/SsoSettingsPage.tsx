import { SsoIssuerSchema, type SsoConfigView } from '@legal/api';
import { ActionIcon, Alert, Badge, Button, Card, Checkbox, Code, CopyButton, Group, PasswordInput, Stack, Switch, TagsInput, Text, TextInput, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { IconCheck } from '../../../components/icons';
import { AdminPageHeader } from '../AdminPageHeader';
import { confirmAction } from '../confirm';
import '../admin-i18n';
import { DiscoveryResult } from './DiscoveryResult';
import { bodyOf, formValuesOf, serverSsoErrors, type SsoField, type SsoFormErrors, type SsoFormValues, validateSsoForm } from './sso-form';
import { type SsoConfigMutations, useSsoConfig, useSsoConfigMutations } from './sso-queries';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
import './sso-i18n';

/**
 * `/:workspaceName/admin/sso`: the workspace's OpenID Connect provider (workspace.config.write).
 * Shows the redirect URI to register at the provider, tests the issuer's discovery document,
 * saves (the secret is write-only) and deletes the configuration.
 */
export function SsoSettingsPage() {
  const { t } = useTranslation('sso');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(t('documentTitle'));
  const query = useSsoConfig();
  const mutations = useSsoConfigMutations({
    onSaved: () => notifications.show({ color: 'green', message: tAdmin('feedback.saved') }),
    onDeleted: () => notifications.show({ color: 'green', message: tAdmin('feedback.deleted') }),
  });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} title={t('loadError')} onRetry={() => void query.refetch()} />;
  // A new form whenever the stored configuration changes (saved, deleted, another workspace).
  return <SsoSettingsForm key={query.data.config?.updatedAt ?? 'none'} view={query.data} mutations={mutations} />;
}

function RedirectUri({ uri }: { uri: string }) {
  const { t } = useTranslation('sso');
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={500} size="sm" id="sso-redirect-uri">
        {t('redirectUri.label')}
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {t('redirectUri.description')}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code aria-labelledby="sso-redirect-uri" style={{ wordBreak: 'break-all' }}>
          {uri}
        </Code>
        <CopyButton value={uri}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('redirectUri.copied') : t('redirectUri.copy')} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('redirectUri.copy')}>
                {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Card>
  );
}

function SsoSettingsForm({ view, mutations }: { view: SsoConfigView; mutations: SsoConfigMutations }) {
  const { t } = useTranslation('sso');
  const { t: tAdmin } = useTranslation('admin');
  const { save, remove, test } = mutations;
  const config = view.config;
  const [values, setValues] = useState<SsoFormValues>(() => formValuesOf(config));
  const [errors, setErrors] = useState<SsoFormErrors>({});

  const change = <K extends keyof SsoFormValues>(field: K, value: SsoFormValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (field in errors) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const problem = (field: SsoField) => {
    const key = errors[field];
    return key ? t(`validation.${key}`) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSsoForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(bodyOf(values), {
      onError: (error) => {
        const fieldErrors = serverSsoErrors(error);
        if (fieldErrors) setErrors(fieldErrors);
      },
    });
  };

  const runTest = () => {
    const issuer = values.issuer.trim();
    if (issuer && !SsoIssuerSchema.safeParse(issuer).success) {
      setErrors((previous) => ({ ...previous, issuer: 'issuer' }));
      return;
    }
    test.mutate(issuer || undefined, {
      onError: (error) => {
        const fieldErrors = serverSsoErrors(error);
        if (fieldErrors) setErrors((previous) => ({ ...previous, ...fieldErrors }));
      },
    });
  };

  const askDelete = () =>
    confirmAction({
      title: t('confirmDelete.title'),
      message: t('confirmDelete.message'),
      confirmLabel: tAdmin('actions.delete'),
      cancelLabel: tAdmin('actions.cancel'),
      isDestructive: true,
      onConfirm: () => remove.mutate(),
    });

  const saveFailure = save.isError && !serverSsoErrors(save.error) ? save.error : null;
  const testFailure = test.isError && !serverSsoErrors(test.error) ? test.error : null;
  const status = config === null ? 'notConfigured' : config.isEnabled ? 'enabled' : 'disabled';

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        badge={
          <Badge variant="light" color={status === 'enabled' ? 'green' : 'gray'}>
            {t(`status.${status}`)}
          </Badge>
        }
      />

      <RedirectUri uri={view.redirectUri} />

      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate aria-label={t('title')}>
          <Stack gap="sm" maw={640}>
            <TextInput
              label={t('fields.issuer')}
              description={t('fields.issuerDescription')}
              placeholder={t('fields.issuerPlaceholder')}
              required
              value={values.issuer}
              onChange={(event) => change('issuer', event.currentTarget.value)}
              error={problem('issuer')}
            />
            <TextInput
              label={t('fields.clientId')}
              required
              autoComplete="off"
              value={values.clientId}
              onChange={(event) => change('clientId', event.currentTarget.value)}
              error={problem('clientId')}
            />
            <PasswordInput
              label={t('fields.clientSecret')}
              description={config?.hasClientSecret ? t('fields.clientSecretStored') : t('fields.clientSecretNew')}
              autoComplete="new-password"
              value={values.clientSecret}
              disabled={values.removeSecret}
              onChange={(event) => change('clientSecret', event.currentTarget.value)}
              error={problem('clientSecret')}
              visibilityToggleButtonProps={{ 'aria-label': t('fields.toggleVisibility') }}
            />
            {config?.hasClientSecret ? (
              <Checkbox label={t('fields.removeSecret')} checked={values.removeSecret} onChange={(event) => change('removeSecret', event.currentTarget.checked)} />
            ) : null}
            <TextInput
              label={t('fields.scopes')}
              description={t('fields.scopesDescription')}
              value={values.scopes}
              onChange={(event) => change('scopes', event.currentTarget.value)}
              error={problem('scopes')}
            />
            <TagsInput
              label={t('fields.allowedDomains')}
              description={t('fields.allowedDomainsDescription')}
              placeholder={t('fields.allowedDomainsPlaceholder')}
              value={values.allowedDomains}
              onChange={(domains) => change('allowedDomains', domains.map((d) => d.trim().toLowerCase()).filter(Boolean))}
              error={problem('allowedDomains')}
              clearable
            />
            <Switch label={t('fields.isEnabled')} checked={values.isEnabled} onChange={(event) => change('isEnabled', event.currentTarget.checked)} />
            {saveFailure ? (
              <Alert color="red" role="alert">
                {saveFailure.message}
              </Alert>
            ) : null}
            <Group justify="space-between" mt="xs">
              <Group gap="sm">
                <Button type="submit" loading={save.isPending}>
                  {tAdmin('actions.save')}
                </Button>
                <Button variant="light" onClick={runTest} loading={test.isPending} disabled={!values.issuer.trim() && !config}>
                  {t('actions.testDiscovery')}
                </Button>
              </Group>
              {config ? (
                <Button variant="subtle" color="red" onClick={askDelete} loading={remove.isPending}>
                  {t('actions.delete')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
      </Card>

      {test.data ? <DiscoveryResult result={test.data} /> : null}
      {testFailure ? (
        <Alert color="red" role="alert">
          {testFailure.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
