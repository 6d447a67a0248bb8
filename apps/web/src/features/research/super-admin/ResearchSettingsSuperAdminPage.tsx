import {
  getSuperAdminSampleQuestions, getSuperAdminWorkspaceTags, putSuperAdminWorkspaceTags, RESEARCH_SETTINGS_LIMITS, saveSuperAdminSampleQuestions, type WorkspaceTarget,
} from '@legal/api';
import { Alert, Button, Card, Container, Group, Stack, TagsInput, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { api } from '../../../lib/api';
import { useWorkspaceTarget, WorkspaceTargetPicker } from '../../ai-platform/WorkspaceTargetPicker';
import '../research-i18n';
import { GeneralCategoriesCard } from './GeneralCategoriesCard';
import { ResearchConfigsCard } from './ResearchConfigsCard';

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

function TagsCard({ target, initial }: { target: WorkspaceTarget; initial: string[] }) {
  const { t } = useTranslation('research');
  const client = useQueryClient();
  const [tags, setTags] = useState(initial);
  const save = useMutation({
    mutationFn: () => api.call(putSuperAdminWorkspaceTags, { body: { ...target, tags }, suppressErrorToast: true }),
    onSuccess: (saved) => client.setQueryData(['super-admin', 'research-tags', target], saved),
  });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">{t('admin.settings.tags')}</Title>
        <Text size="sm" c="dimmed">{t('admin.settings.tagsHint', { max: RESEARCH_SETTINGS_LIMITS.tags })}</Text>
        <TagsInput label={t('admin.settings.tags')} value={tags} onChange={setTags} maxTags={RESEARCH_SETTINGS_LIMITS.tags} clearable />
        {save.isError ? <ErrorState error={save.error} title={t('admin.settings.saveFailed')} /> : null}
        {save.isSuccess ? <Alert color="teal" variant="light" role="status">{t('admin.settings.saved')}</Alert> : null}
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending}>{t('admin.settings.saveTags')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function SampleQuestionsCard({ target, initial }: { target: WorkspaceTarget; initial: { ko: string[]; en: string[]; isDefault: boolean } }) {
  const { t } = useTranslation('research');
  const client = useQueryClient();
  const [ko, setKo] = useState(initial.isDefault ? '' : initial.ko.join('\n'));
  const [en, setEn] = useState(initial.isDefault ? '' : initial.en.join('\n'));
  const save = useMutation({
    mutationFn: () => api.call(saveSuperAdminSampleQuestions, { body: { ...target, ko: lines(ko), en: lines(en) }, suppressErrorToast: true }),
    onSuccess: (saved) => client.setQueryData(['super-admin', 'research-samples', target], saved),
  });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">{t('admin.settings.samples')}</Title>
        <Text size="sm" c="dimmed">{t('admin.settings.samplesHint', { max: RESEARCH_SETTINGS_LIMITS.sampleQuestions })}</Text>
        <Textarea label={t('admin.settings.samplesKo')} value={ko} onChange={(e) => setKo(e.currentTarget.value)} autosize minRows={3} placeholder={initial.isDefault ? initial.ko.join('\n') : undefined} />
        <Textarea label={t('admin.settings.samplesEn')} value={en} onChange={(e) => setEn(e.currentTarget.value)} autosize minRows={3} placeholder={initial.isDefault ? initial.en.join('\n') : undefined} />
        {save.isError ? <ErrorState error={save.error} title={t('admin.settings.saveFailed')} /> : null}
        {save.isSuccess ? <Alert color="teal" variant="light" role="status">{t('admin.settings.saved')}</Alert> : null}
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending}>{t('admin.settings.saveSamples')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Settings({ target }: { target: WorkspaceTarget }) {
  const tags = useQuery({ queryKey: ['super-admin', 'research-tags', target], queryFn: ({ signal }) => api.call(getSuperAdminWorkspaceTags, { signal, query: target }) });
  const samples = useQuery({ queryKey: ['super-admin', 'research-samples', target], queryFn: ({ signal }) => api.call(getSuperAdminSampleQuestions, { signal, query: target }) });
  if (tags.isPending || samples.isPending) return <LoadingState />;
  if (tags.isError) return <ErrorState error={tags.error} onRetry={() => void tags.refetch()} />;
  if (samples.isError) return <ErrorState error={samples.error} onRetry={() => void samples.refetch()} />;
  return (
    <Stack gap="lg">
      <ResearchConfigsCard target={target} />
      <GeneralCategoriesCard target={target} />
      <TagsCard target={target} initial={tags.data.tags} />
      <SampleQuestionsCard target={target} initial={samples.data} />
    </Stack>
  );
}

/** `/super-admin/research-settings?tenantId=&workspaceId=`: a workspace's research configs, general categories, topic tags and sample questions. */
export function ResearchSettingsSuperAdminPage() {
  const { t } = useTranslation('research');
  useDocumentTitle(t('admin.settings.title'));
  const target = useWorkspaceTarget();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('admin.settings.title')}</Title>
          <Text c="dimmed">{t('admin.settings.description')}</Text>
        </Stack>
        <WorkspaceTargetPicker />
        {target ? <Settings key={`${target.tenantId}:${target.workspaceId}`} target={target} /> : <Text c="dimmed">{t('admin.chooseWorkspace')}</Text>}
      </Stack>
    </Container>
  );
}
