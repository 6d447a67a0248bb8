import {
  AI_DRIVER_NAMES, getSuperAdminWorkspaceAiConfig, getSuperAdminWorkspaceAiServiceConfig, putSuperAdminWorkspaceAiConfig,
  putSuperAdminWorkspaceAiServiceConfig, testSuperAdminWorkspaceAiConfig, type AiConnectionTest, type WorkspaceAiConfig, type WorkspaceAiServiceConfig,
} from '@legal/api';
import { Alert, Badge, Button, Card, Checkbox, Container, Group, PasswordInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import { PlaybookExcelSection } from './PlaybookExcelSection';
import { useWorkspaceTarget, WorkspaceTargetPicker, type WorkspaceTarget } from './WorkspaceTargetPicker';
import './ai-platform-i18n';

/** `/super-admin/ai-settings?tenantId=&workspaceId=`: a workspace's AI provider, its AI services, a connection test and its playbook as Excel. */
export function AiSettingsPage() {
  const { t } = useTranslation('aiPlatform');
  useDocumentTitle(t('settings.title'));
  const target = useWorkspaceTarget();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('settings.title')}</Title>
          <Text c="dimmed">{t('settings.description')}</Text>
        </Stack>
        <WorkspaceTargetPicker />
        {target ? <AiSettings key={`${target.tenantId}:${target.workspaceId}`} target={target} /> : <Text c="dimmed">{t('target.choose')}</Text>}
      </Stack>
    </Container>
  );
}

function AiSettings({ target }: { target: WorkspaceTarget }) {
  const config = useQuery({
    queryKey: ['super-admin', 'ai-config', target],
    queryFn: ({ signal }) => api.call(getSuperAdminWorkspaceAiConfig, { signal, query: target }),
  });
  const services = useQuery({
    queryKey: ['super-admin', 'ai-services', target],
    queryFn: ({ signal }) => api.call(getSuperAdminWorkspaceAiServiceConfig, { signal, query: target }),
  });
  if (config.isPending || services.isPending) return <LoadingState />;
  if (config.isError) return <ErrorState error={config.error} onRetry={() => void config.refetch()} />;
  if (services.isError) return <ErrorState error={services.error} onRetry={() => void services.refetch()} />;
  return (
    <Stack gap="lg">
      <ProviderForm target={target} config={config.data} />
      <ServicesForm target={target} services={services.data} />
      <PlaybookExcelSection target={target} />
    </Stack>
  );
}

function ProviderForm({ target, config }: { target: WorkspaceTarget; config: WorkspaceAiConfig }) {
  const { t } = useTranslation('aiPlatform');
  const queryClient = useQueryClient();
  const [driver, setDriver] = useState<string>(config.isOverride ? config.driver : 'DEFAULT');
  const [baseUrl, setBaseUrl] = useState(config.baseUrl ?? '');
  const [chatModel, setChatModel] = useState(config.chatModel ?? '');
  const [embeddingModel, setEmbeddingModel] = useState(config.embeddingModel ?? '');
  // The stored key is never sent to the browser: this field only ever holds a new one.
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [test, setTest] = useState<AiConnectionTest | null>(null);

  const save = useMutation({
    mutationFn: () =>
      api.call(putSuperAdminWorkspaceAiConfig, {
        body: {
          ...target,
          driver: driver === 'DEFAULT' ? null : (driver as WorkspaceAiConfig['driver']),
          baseUrl: baseUrl.trim() || null,
          chatModel: chatModel.trim() || null,
          embeddingModel: embeddingModel.trim() || null,
          ...(removeKey ? { apiKey: null } : apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['super-admin', 'ai-config', target], saved);
      setApiKey('');
      setRemoveKey(false);
      notifications.show({ color: 'green', message: t('settings.saved') });
    },
  });
  const runTest = useMutation({ mutationFn: () => api.call(testSuperAdminWorkspaceAiConfig, { body: target }), onSuccess: setTest });
  const isModel = driver === 'OPENAI_COMPATIBLE' || driver === 'ANTHROPIC';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ai-provider-title">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4" id="ai-provider-title">
              {t('settings.provider')}
            </Title>
            <Badge variant="light" color={config.canGenerate ? 'green' : 'gray'}>
              {config.canGenerate ? t('settings.canGenerate') : t('settings.builtInOnly')}
            </Badge>
          </Group>
          <Select
            label={t('settings.driver')}
            value={driver}
            onChange={(v) => setDriver(v ?? 'DEFAULT')}
            allowDeselect={false}
            data={[{ value: 'DEFAULT', label: t('driver.DEFAULT') }, ...AI_DRIVER_NAMES.map((d) => ({ value: d, label: t(`driver.${d}`) }))]}
          />
          {isModel ? (
            <>
              <TextInput label={t('settings.baseUrl')} description={t('settings.baseUrlHint')} value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} placeholder="https://api.openai.com/v1" />
              <TextInput label={t('settings.chatModel')} value={chatModel} onChange={(e) => setChatModel(e.currentTarget.value)} required />
              <TextInput label={t('settings.embeddingModel')} value={embeddingModel} onChange={(e) => setEmbeddingModel(e.currentTarget.value)} />
              <PasswordInput
                label={t('settings.apiKey')}
                description={config.hasApiKey ? t('settings.apiKeyStored', { fingerprint: config.apiKeyFingerprint ?? '' }) : t('settings.apiKeyNone')}
                value={apiKey}
                onChange={(e) => setApiKey(e.currentTarget.value)}
                autoComplete="off"
                disabled={removeKey}
              />
              {config.hasApiKey ? <Checkbox label={t('settings.removeKey')} checked={removeKey} onChange={(e) => setRemoveKey(e.currentTarget.checked)} /> : null}
            </>
          ) : null}
          {save.isError ? <ErrorState error={save.error} /> : null}
          {test ? (
            <Alert color={test.ok ? 'green' : 'red'} title={test.ok ? t('settings.testOk', { latency: test.latencyMs }) : t('settings.testFailed', { failure: test.failure })}>
              {test.message ?? test.model}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => runTest.mutate()} loading={runTest.isPending}>
              {t('settings.test')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ServicesForm({ target, services }: { target: WorkspaceTarget; services: WorkspaceAiServiceConfig }) {
  const { t } = useTranslation('aiPlatform');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: { feature: WorkspaceAiServiceConfig['features'][number]['feature']; isEnabled: boolean }) =>
      api.call(putSuperAdminWorkspaceAiServiceConfig, { body: { ...target, features: [change] } }),
    onSuccess: (saved) => queryClient.setQueryData(['super-admin', 'ai-services', target], saved),
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ai-services-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="ai-services-title">
          {t('settings.services')}
        </Title>
        {services.features.map((f) => (
          <Switch
            key={f.feature}
            label={t(`service.${f.feature}`)}
            checked={f.isEnabled}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ feature: f.feature, isEnabled: e.currentTarget.checked })}
          />
        ))}
      </Stack>
    </Card>
  );
}
