import { getPresetMetaOptions, listPublishedPresets, type PresetMetaOptions, publishPreset, type PublishedPreset, type StepCode } from '@legal/api';
import { Alert, Badge, Button, Checkbox, Container, Group, List, Modal, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { api } from '../../../lib/api';
import { bodyFieldErrors } from '../../../lib/forms/form-errors';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import './workflow-presets-i18n';

const KEY = ['super-admin', 'workflowPresets'] as const;
const CODE = /^[A-Z][A-Z0-9_]{1,39}$/;

/** The field reasons of a 400, else the message. */
export function errorLines(error: unknown): string[] {
  const fields = bodyFieldErrors(error);
  if (fields?.length) return fields.map((f) => `${f.path}: ${f.reason}`);
  return [error instanceof Error ? error.message : String(error)];
}

type Draft = Record<StepCode, { isIncluded: boolean; isOptional: boolean }>;

/** The body from the modal's choices: the included steps in the engine's order (the meta options' order). */
export function publishBody(options: PresetMetaOptions, input: { code: string; nameKo: string; nameEn: string; draft: Draft }) {
  return {
    presetType: input.code.trim(),
    name: { ko: input.nameKo.trim(), en: input.nameEn.trim() },
    steps: options.steps.filter((s) => s.isRequired || input.draft[s.stepCode].isIncluded).map((s) => ({ stepCode: s.stepCode, isOptional: s.canBeOptional && input.draft[s.stepCode].isOptional })),
  };
}

function PublishModal({ options, isOpen, onClose }: { options: PresetMetaOptions; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('workflowPresets');
  const { locale } = useLocaleFormat();
  const client = useQueryClient();
  const blank = () => Object.fromEntries(options.steps.map((s) => [s.stepCode, { isIncluded: s.isRequired, isOptional: false }])) as Draft;
  const [code, setCode] = useState('');
  const [nameKo, setNameKo] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [draft, setDraft] = useState<Draft>(blank);
  const body = publishBody(options, { code, nameKo, nameEn, draft });
  const publish = useMutation({
    mutationFn: () => api.call(publishPreset, { body, suppressErrorToast: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      notifications.show({ color: 'green', message: t('publish.published') });
      close();
    },
  });
  function close() {
    setCode('');
    setNameKo('');
    setNameEn('');
    setDraft(blank());
    publish.reset();
    onClose();
  }
  const set = (step: StepCode, patch: Partial<Draft[StepCode]>) => setDraft((d) => ({ ...d, [step]: { ...d[step], ...patch } }));
  const codes = body.steps.map((s) => s.stepCode);
  const isPairBroken = codes.includes('ASSIGNMENT') !== codes.includes('LEGAL_REVIEW');
  const isCodeBad = code.trim() !== '' && !CODE.test(code.trim());
  const canSubmit = CODE.test(code.trim()) && nameKo.trim() !== '' && nameEn.trim() !== '' && !isPairBroken;
  const stepName = (step: StepCode) => options.steps.find((s) => s.stepCode === step)!.name[locale];
  const roleName = (role: string) => options.actorRoles.find((r) => r.code === role)?.name[locale] ?? role;
  return (
    <Modal opened={isOpen} onClose={() => !publish.isPending && close()} title={t('publish.title')} size="lg">
      <Stack gap="sm">
        <TextInput label={t('publish.code')} description={t('publish.codeHint')} required value={code} onChange={(e) => setCode(e.currentTarget.value.toUpperCase())} error={isCodeBad ? t('publish.codeInvalid') : undefined} />
        <Group grow>
          <TextInput label={t('publish.nameKo')} required value={nameKo} onChange={(e) => setNameKo(e.currentTarget.value)} maxLength={60} />
          <TextInput label={t('publish.nameEn')} required value={nameEn} onChange={(e) => setNameEn(e.currentTarget.value)} maxLength={60} />
        </Group>
        <Stack gap={6} role="group" aria-label={t('publish.steps')}>
          <Text size="sm" fw={500}>{t('publish.steps')}</Text>
          <Text size="xs" c="dimmed">{t('publish.stepsHint')}</Text>
          {options.steps.map((s) => (
            <Group key={s.stepCode} justify="space-between" wrap="nowrap">
              <Checkbox
                label={<>{s.name[locale]} <Text span size="xs" c="dimmed">{t('publish.actor', { role: roleName(s.actorRule.role) })}</Text></>}
                aria-label={t('publish.include', { step: s.name[locale] })}
                checked={s.isRequired || draft[s.stepCode].isIncluded}
                disabled={s.isRequired}
                onChange={(e) => set(s.stepCode, { isIncluded: e.currentTarget.checked })}
              />
              {s.canBeOptional ? (
                <Switch
                  size="sm"
                  label={t('publish.optionalLabel')}
                  aria-label={t('publish.optional', { step: s.name[locale] })}
                  checked={draft[s.stepCode].isOptional}
                  disabled={!draft[s.stepCode].isIncluded}
                  onChange={(e) => set(s.stepCode, { isOptional: e.currentTarget.checked })}
                />
              ) : null}
            </Group>
          ))}
        </Stack>
        {isPairBroken ? <Text size="sm" c="red">{t('publish.assignmentNeedsReview')}</Text> : null}
        <Text size="sm">{t('publish.preview', { steps: body.steps.map((s) => stepName(s.stepCode)).join(' → ') })}</Text>
        {publish.error ? (
          <Alert color="red" role="alert">
            <List size="sm">{errorLines(publish.error).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={publish.isPending}>{t('publish.cancel')}</Button>
          <Button onClick={() => publish.mutate()} disabled={!canSubmit} loading={publish.isPending}>{t('publish.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PresetRow({ preset, options }: { preset: PublishedPreset; options: PresetMetaOptions }) {
  const { t } = useTranslation('workflowPresets');
  const { locale } = useLocaleFormat();
  const stepName = (step: StepCode) => options.steps.find((s) => s.stepCode === step)?.name[locale] ?? step;
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
      <Table.Td><Badge variant="light" color={preset.isBuiltIn ? 'gray' : 'blue'}>{preset.isBuiltIn ? t('superAdmin.builtIn') : t('superAdmin.published')}</Badge></Table.Td>
    </Table.Tr>
  );
}

/** `/super-admin/workflow-presets`: the published presets and publishing a new one from the meta options. */
export function WorkflowPresetsSuperAdminPage() {
  const { t } = useTranslation('workflowPresets');
  useDocumentTitle(t('superAdmin.title'));
  const [isPublishing, setIsPublishing] = useState(false);
  const list = useQuery({ queryKey: [...KEY, 'list'], queryFn: ({ signal }) => api.call(listPublishedPresets, { signal }) });
  const options = useQuery({ queryKey: [...KEY, 'options'], queryFn: ({ signal }) => api.call(getPresetMetaOptions, { signal }), staleTime: Infinity });
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{list.data.map((p) => <PresetRow key={p.presetType} preset={p} options={options.data} />)}</Table.Tbody>
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
          <Button onClick={() => setIsPublishing(true)} disabled={!options.data}>{t('superAdmin.publishNew')}</Button>
        </Group>
        {body}
      </Stack>
      {options.data ? <PublishModal options={options.data} isOpen={isPublishing} onClose={() => setIsPublishing(false)} /> : null}
    </Container>
  );
}
