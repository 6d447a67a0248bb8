import { getPresetMetaOptions, listPublishedPresets, type PresetMetaOptions, type PublishedPreset, type StepCode, withdrawPreset } from '@legal/api';
import { Badge, Button, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { api } from '../../../lib/api';
import { conflictReason } from '../../../lib/forms/form-errors';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import { confirmAction } from '../../admin/confirm';
import { errorLines, PRESETS_KEY, PresetFormModal } from './PresetFormModal';
import './workflow-presets-i18n';

const KIND_COLOR = { builtIn: 'gray', published: 'blue', withdrawn: 'red' } as const;

function PresetRow({ preset, options, onEdit }: { preset: PublishedPreset; options: PresetMetaOptions; onEdit: (preset: PublishedPreset) => void }) {
  const { t } = useTranslation('workflowPresets');
  const { locale } = useLocaleFormat();
  const client = useQueryClient();
  const stepName = (step: StepCode) => options.steps.find((s) => s.stepCode === step)?.name[locale] ?? step;
  const withdraw = useMutation({
    mutationFn: () => api.call(withdrawPreset, { params: { presetType: preset.presetType }, body: { revision: preset.revision }, suppressErrorToast: true }),
    onSuccess: () => notifications.show({ color: 'green', message: t('withdraw.done', { name: preset.name[locale] }) }),
    onError: (error) => notifications.show({ color: 'red', message: errorLines(error).join(' ') }),
    // Success, or someone else changed it meanwhile: show the list as it is now.
    onSettled: (_data, error) => {
      if (!error || conflictReason(error)) void client.invalidateQueries({ queryKey: PRESETS_KEY });
    },
  });
  const askWithdraw = () =>
    confirmAction({
      title: t('withdraw.confirmTitle', { name: preset.name[locale] }),
      message: t('withdraw.confirmMessage'),
      confirmLabel: t('withdraw.confirm'),
      cancelLabel: t('withdraw.keep'),
      isDestructive: true,
      onConfirm: () => withdraw.mutate(),
    });
  const kind = preset.isBuiltIn ? 'builtIn' : preset.status === 'WITHDRAWN' ? 'withdrawn' : 'published';
  const isChangeable = kind === 'published';
  return (
    <Table.Tr>
      <Table.Td><Text ff="monospace" size="sm">{preset.presetType}</Text></Table.Td>
      <Table.Td>{preset.name[locale]}</Table.Td>
      <Table.Td>
        {preset.steps.map((s, i) => (
          <Text span size="sm" key={s.stepCode}>
            {i > 0 ? ' → ' : ''}
            {stepName(s.stepCode)}
            {s.isOptional ? <Text span size="xs" c="dimmed"> ({t('publish.optionalLabel')})</Text> : null}
          </Text>
        ))}
      </Table.Td>
      <Table.Td><Badge variant="light" color={KIND_COLOR[kind]}>{t(`superAdmin.${kind}`)}</Badge></Table.Td>
      <Table.Td>
        {isChangeable ? (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="xs" variant="light" aria-label={t('edit.open', { name: preset.name[locale] })} onClick={() => onEdit(preset)} disabled={withdraw.isPending}>{t('edit.button')}</Button>
            <Button size="xs" variant="default" color="red" aria-label={t('withdraw.open', { name: preset.name[locale] })} onClick={askWithdraw} loading={withdraw.isPending}>{t('withdraw.button')}</Button>
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** `/super-admin/workflow-presets`: the published presets; publishing a new one from the meta options, editing or withdrawing one. */
export function WorkflowPresetsSuperAdminPage() {
  const { t } = useTranslation('workflowPresets');
  useDocumentTitle(t('superAdmin.title'));
  // The form: closed, a new preset, or the preset being edited.
  const [form, setForm] = useState<{ preset: PublishedPreset | null } | null>(null);
  const list = useQuery({ queryKey: [...PRESETS_KEY, 'list'], queryFn: ({ signal }) => api.call(listPublishedPresets, { signal }) });
  const options = useQuery({ queryKey: [...PRESETS_KEY, 'options'], queryFn: ({ signal }) => api.call(getPresetMetaOptions, { signal }), staleTime: Infinity });
  const error = list.error ?? options.error;
  let body;
  if (error && !(list.data && options.data)) body = <ErrorState error={error} onRetry={() => { void list.refetch(); void options.refetch(); }} />;
  else if (!list.data || !options.data) body = <LoadingState />;
  else if (list.data.length === 0) body = <EmptyState title={t('superAdmin.emptyTitle')} description={t('superAdmin.emptyDescription')} />;
  else {
    body = (
      <Table aria-label={t('superAdmin.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('superAdmin.code')}</Table.Th>
            <Table.Th>{t('superAdmin.name')}</Table.Th>
            <Table.Th>{t('superAdmin.steps')}</Table.Th>
            <Table.Th>{t('superAdmin.kind')}</Table.Th>
            <Table.Th aria-label={t('superAdmin.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{list.data.map((p) => <PresetRow key={p.presetType} preset={p} options={options.data} onEdit={(preset) => setForm({ preset })} />)}</Table.Tbody>
      </Table>
    );
  }
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1} size="h2">{t('superAdmin.title')}</Title>
            <Text size="sm" c="dimmed">{t('superAdmin.description')}</Text>
          </Stack>
          <Button onClick={() => setForm({ preset: null })} disabled={!options.data}>{t('superAdmin.publishNew')}</Button>
        </Group>
        {body}
      </Stack>
      {options.data && form ? (
        <PresetFormModal key={form.preset ? `${form.preset.presetType}@${form.preset.revision}` : 'new'} options={options.data} preset={form.preset} isOpen onClose={() => setForm(null)} />
      ) : null}
    </Container>
  );
}
