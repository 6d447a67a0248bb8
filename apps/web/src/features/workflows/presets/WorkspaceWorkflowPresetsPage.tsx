import { getWorkspacePresets, type PutWorkspacePresetsBody, putWorkspacePresets, type StepCode, workspaceKey, type WorkspacePresetSetting } from '@legal/api';
import { Alert, Badge, Button, Checkbox, Group, List, NumberInput, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { SectionCard } from '../../../components/SectionCard';
import { api } from '../../../lib/api';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import { type SessionState, useSession } from '../../../lib/session';
import { AdminPageHeader } from '../../admin/AdminPageHeader';
import { useWorkflowLabels } from '../workflow-labels';
import { errorLines } from './PresetFormModal';
import './workflow-presets-i18n';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

interface Draft {
  isEnabled: boolean;
  nameKo: string;
  nameEn: string;
  offStepCodes: StepCode[];
  days: number | null;
}

const draftOf = (s: WorkspacePresetSetting): Draft => ({
  isEnabled: s.isEnabled,
  nameKo: s.customName?.ko ?? '',
  nameEn: s.customName?.en ?? '',
  offStepCodes: s.steps.filter((step) => !step.isOn).map((step) => step.stepCode),
  days: s.defaultReviewDeadlineDays,
});

/** The PUT body: every preset as drafted; a name only when both languages are given. */
export function adaptationBody(settings: WorkspacePresetSetting[], drafts: Record<string, Draft>): PutWorkspacePresetsBody {
  return {
    presets: settings.map((s) => {
      const d = drafts[s.presetType] ?? draftOf(s);
      const hasName = d.nameKo.trim() !== '' && d.nameEn.trim() !== '';
      return { presetType: s.presetType, isEnabled: d.isEnabled, name: hasName ? { ko: d.nameKo.trim(), en: d.nameEn.trim() } : null, offStepCodes: d.offStepCodes, defaultReviewDeadlineDays: d.days };
    }),
  };
}

function PresetsTable({ settings }: { settings: WorkspacePresetSetting[] }) {
  const { t } = useTranslation('workflowPresets');
  const { locale } = useLocaleFormat();
  const labels = useWorkflowLabels();
  const client = useQueryClient();
  const key = ['workflowPresetSettings', useSession(selectWorkspaceKey)];
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const draft = (s: WorkspacePresetSetting) => drafts[s.presetType] ?? draftOf(s);
  const set = (s: WorkspacePresetSetting, patch: Partial<Draft>) => setDrafts((all) => ({ ...all, [s.presetType]: { ...draft(s), ...patch } }));
  const save = useMutation({
    mutationFn: () => api.call(putWorkspacePresets, { body: adaptationBody(settings, drafts), suppressErrorToast: true }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      setDrafts({});
      // The request-review dialog and the meta labels read the workspace's presets.
      void client.invalidateQueries({ queryKey: ['workflows'] });
      notifications.show({ color: 'green', message: t('workspace.saved') });
    },
  });
  const isHalfNamed = settings.some((s) => {
    const d = draft(s);
    return (d.nameKo.trim() === '') !== (d.nameEn.trim() === '');
  });
  return (
    <Stack gap="sm">
      <Table aria-label={t('workspace.caption')} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('workspace.enabled')}</Table.Th>
            <Table.Th>{t('workspace.name')}</Table.Th>
            <Table.Th>{t('workspace.optionalSteps')}</Table.Th>
            <Table.Th>{t('workspace.deadlineDays')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {settings.map((s) => {
            const d = draft(s);
            const shown = s.name[locale];
            const optional = s.steps.filter((step) => step.isOptional);
            return (
              <Table.Tr key={s.presetType}>
                <Table.Td>
                  <Switch aria-label={t('workspace.enabledFor', { name: shown })} checked={d.isEnabled} onChange={(e) => set(s, { isEnabled: e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Text size="sm" fw={500}>{shown}</Text>
                      {s.isBuiltIn ? <Badge size="xs" variant="light" color="gray">{t('workspace.builtIn')}</Badge> : null}
                    </Group>
                    <Text size="xs" c="dimmed">{t('workspace.publishedName', { name: s.publishedName[locale] })}</Text>
                    <Group gap="xs" grow>
                      <TextInput size="xs" aria-label={t('workspace.nameKo', { name: shown })} placeholder={s.publishedName.ko} value={d.nameKo} maxLength={60} onChange={(e) => set(s, { nameKo: e.currentTarget.value })} />
                      <TextInput size="xs" aria-label={t('workspace.nameEn', { name: shown })} placeholder={s.publishedName.en} value={d.nameEn} maxLength={60} onChange={(e) => set(s, { nameEn: e.currentTarget.value })} />
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {optional.length === 0 ? (
                    <Text size="sm" c="dimmed">{t('workspace.noOptionalSteps')}</Text>
                  ) : (
                    <Stack gap={4}>
                      {optional.map((step) => (
                        <Checkbox
                          key={step.stepCode}
                          label={labels.step(step.stepCode)}
                          aria-label={t('workspace.stepOn', { name: shown, step: labels.step(step.stepCode) })}
                          checked={!d.offStepCodes.includes(step.stepCode)}
                          onChange={(e) => set(s, { offStepCodes: e.currentTarget.checked ? d.offStepCodes.filter((c) => c !== step.stepCode) : [...d.offStepCodes, step.stepCode] })}
                        />
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    w={110}
                    aria-label={t('workspace.deadlineDaysFor', { name: shown })}
                    description={t('workspace.deadlineHint')}
                    min={1}
                    max={365}
                    allowDecimal={false}
                    value={d.days ?? ''}
                    onChange={(v) => set(s, { days: typeof v === 'number' ? v : null })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {isHalfNamed ? <Text size="sm" c="red">{t('workspace.nameBoth')}</Text> : null}
      {save.error ? (
        <Alert color="red" role="alert">
          <List size="sm">{errorLines(save.error).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={() => save.mutate()} disabled={Object.keys(drafts).length === 0 || isHalfNamed} loading={save.isPending}>{t('workspace.save')}</Button>
      </Group>
    </Stack>
  );
}

/** `/:workspaceName/admin/workflow-presets`: which published workflows the workspace offers and how it adapts them. */
export function WorkspaceWorkflowPresetsPage() {
  const { t } = useTranslation('workflowPresets');
  useDocumentTitle(t('workspace.title'));
  const key = ['workflowPresetSettings', useSession(selectWorkspaceKey)];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api.call(getWorkspacePresets, { signal }) });
  let body;
  if (query.error && !query.data) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <LoadingState />;
  else if (query.data.length === 0) body = <EmptyState title={t('workspace.emptyTitle')} description={t('workspace.emptyDescription')} />;
  else body = <PresetsTable key={query.dataUpdatedAt} settings={query.data} />;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('workspace.title')} description={t('workspace.description')} />
      <SectionCard title={t('workspace.caption')}>{body}</SectionCard>
    </Stack>
  );
}
