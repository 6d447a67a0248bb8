import { activatePrompt, createPrompt, listPrompts, type Prompt } from '@legal/api';
import { Accordion, Badge, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import './ai-platform-i18n';

const KEY = ['super-admin', 'prompts'] as const;

/** `/super-admin/prompts`: every prompt by key and language with its versions; edit as a new version, activate one. */
export function PromptsPage() {
  const { t } = useTranslation('aiPlatform');
  useDocumentTitle(t('prompts.title'));
  const query = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.call(listPrompts, { signal, query: {} }) });
  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <EmptyState title={t('prompts.emptyTitle')} description={t('prompts.emptyDescription')} />;
  else {
    const groups = new Map<string, Prompt[]>();
    for (const p of query.data) groups.set(`${p.key}|${p.language}`, [...(groups.get(`${p.key}|${p.language}`) ?? []), p]);
    body = (
      <Accordion variant="separated">
        {[...groups.entries()].map(([id, versions]) => (
          <PromptGroup key={id} id={id} versions={versions} />
        ))}
      </Accordion>
    );
  }
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('prompts.title')}</Title>
          <Text c="dimmed">{t('prompts.description')}</Text>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}

function PromptGroup({ id, versions }: { id: string; versions: Prompt[] }) {
  const { t, i18n } = useTranslation('aiPlatform');
  const queryClient = useQueryClient();
  const active = versions.find((v) => v.isActive) ?? versions[0]!;
  const [draft, setDraft] = useState(active.text);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const create = useMutation({
    mutationFn: (isActive: boolean) => api.call(createPrompt, { body: { key: active.key, language: active.language, text: draft, isActive } }),
    onSuccess: (created) => {
      notifications.show({ color: 'green', message: t('prompts.created', { version: created.version }) });
      refresh();
    },
  });
  const activate = useMutation({ mutationFn: (promptId: number) => api.call(activatePrompt, { params: { promptId }, body: { isActive: true } }), onSuccess: refresh });
  return (
    <Accordion.Item value={id}>
      <Accordion.Control>
        <Group gap="sm">
          <Text fw={600}>{active.key}</Text>
          <Badge variant="outline">{active.language}</Badge>
          <Text size="sm" c="dimmed">
            {t('prompts.activeVersion', { version: active.version, count: versions.length })}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          <Textarea label={t('prompts.text')} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} autosize minRows={8} maxRows={24} />
          {create.isError ? <ErrorState error={create.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => create.mutate(false)} loading={create.isPending} disabled={draft.trim().length < 20}>
              {t('prompts.saveVersion')}
            </Button>
            <Button onClick={() => create.mutate(true)} loading={create.isPending} disabled={draft.trim().length < 20}>
              {t('prompts.saveAndActivate')}
            </Button>
          </Group>
          <Stack gap={4}>
            {versions.map((v) => (
              <Group key={v.promptId} justify="space-between">
                <Text size="sm">
                  {t('prompts.version', { version: v.version })} · {v.createdBy?.name ?? t('prompts.shipped')} · {new Date(v.createdAt).toLocaleString(i18n.language)}
                </Text>
                {v.isActive ? (
                  <Badge color="green">{t('prompts.active')}</Badge>
                ) : (
                  <Button size="xs" variant="light" onClick={() => activate.mutate(v.promptId)} loading={activate.isPending}>
                    {t('prompts.activate', { version: v.version })}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
