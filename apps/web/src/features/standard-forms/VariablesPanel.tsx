import { CONTRACT_FIELD_MAPPINGS, type StandardFormDetail, type VariableConfig, VARIABLE_TYPES, type VariableType } from '@legal/api';
import { Alert, Badge, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Table, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { isApiError } from '../../lib/api';
import { bodyFieldErrors } from '../../lib/forms/form-errors';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { useSaveConfigs } from './standard-form-queries';
import './standard-forms-i18n';

type Issues = Record<string, string>;

/** `variables.2.label.ko` -> the variable's key and the field inside it. */
function issuesByVariable(error: unknown, variables: readonly VariableConfig[]): Record<string, Issues> {
  const out: Record<string, Issues> = {};
  for (const { path, reason } of bodyFieldErrors(error) ?? []) {
    const [head, index, ...rest] = path.split('.');
    if (head !== 'variables' || index === undefined) continue;
    const key = variables[Number(index)]?.key ?? index;
    (out[key] ??= {})[rest.join('.') || '_'] = reason;
  }
  return out;
}

export function ConfigEditorCard({ config, onChange, issues }: { config: VariableConfig; onChange: (next: VariableConfig) => void; issues: Issues }) {
  const { t } = useTranslation('standardForms');
  const set = (patch: Partial<VariableConfig>) => onChange({ ...config, ...patch });
  const help = config.help ?? { ko: '', en: '' };
  return (
    <Card withBorder radius="md" padding="md" component="fieldset" aria-label={t('variables.editorFor', { key: config.key })}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} ff="monospace">{`{{${config.key}}}`}</Text>
          {issues._ ? <Text size="sm" c="red">{issues._}</Text> : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('variables.labelKo')} value={config.label.ko} onChange={(e) => set({ label: { ...config.label, ko: e.currentTarget.value } })} error={issues['label.ko'] ?? (config.label.ko.trim() ? undefined : t('errors.required'))} />
          <TextInput label={t('variables.labelEn')} value={config.label.en} onChange={(e) => set({ label: { ...config.label, en: e.currentTarget.value } })} error={issues['label.en'] ?? (config.label.en.trim() ? undefined : t('errors.required'))} />
          <Select label={t('variables.type')} data={VARIABLE_TYPES.map((type) => ({ value: type, label: t(`variableTypes.${type}`) }))} value={config.type} allowDeselect={false} onChange={(value) => set({ type: (value ?? 'TEXT') as VariableType })} error={issues.type} />
          <Select label={t('variables.mapsTo')} data={CONTRACT_FIELD_MAPPINGS.map((field) => ({ value: field, label: t(`mappings.${field}`) }))} value={config.mapsTo} clearable placeholder={t('variables.noMapping')} onChange={(value) => set({ mapsTo: value as VariableConfig['mapsTo'] })} error={issues.mapsTo} />
          <TextInput label={t('variables.helpKo')} value={help.ko} onChange={(e) => set({ help: { ...help, ko: e.currentTarget.value } })} error={issues['help.ko']} />
          <TextInput label={t('variables.helpEn')} value={help.en} onChange={(e) => set({ help: { ...help, en: e.currentTarget.value } })} error={issues['help.en']} />
          <TextInput label={t('variables.defaultValue')} description={t('variables.defaultHint')} value={config.defaultValue ?? ''} onChange={(e) => set({ defaultValue: e.currentTarget.value === '' ? null : e.currentTarget.value })} error={issues.defaultValue} />
          <NumberInput label={t('variables.order')} min={0} value={config.order} onChange={(value) => set({ order: typeof value === 'number' ? value : 0 })} error={issues.order} />
        </SimpleGrid>
        {config.type === 'CHOICE' ? (
          <TagsInput label={t('variables.options')} value={config.options} onChange={(options) => set({ options })} error={issues.options} />
        ) : null}
        {config.type === 'TEXT' ? (
          <TextInput label={t('variables.pattern')} value={config.pattern ?? ''} onChange={(e) => set({ pattern: e.currentTarget.value || null })} error={issues.pattern} />
        ) : null}
        <Checkbox label={t('variables.required')} checked={config.required} onChange={(e) => set({ required: e.currentTarget.checked })} disabled={config.type === 'OPTIONAL_CLAUSE'} />
      </Stack>
    </Card>
  );
}

/** Saving with PUT template/configs, checked before sending (labels are required). */
function ConfigEditor({ form, onDone }: { form: StandardFormDetail; onDone: () => void }) {
  const { t } = useTranslation('standardForms');
  const save = useSaveConfigs(form.standardFormId);
  const [variables, setVariables] = useState<VariableConfig[]>(form.variables);
  const issues = issuesByVariable(save.error, variables);
  const isIncomplete = variables.some((v) => !v.label.ko.trim() || !v.label.en.trim());
  const normalize = (v: VariableConfig): VariableConfig => ({
    ...v,
    label: { ko: v.label.ko.trim(), en: v.label.en.trim() },
    help: v.help && (v.help.ko.trim() || v.help.en.trim()) ? { ko: v.help.ko.trim(), en: v.help.en.trim() } : null,
    required: v.type === 'OPTIONAL_CLAUSE' ? false : v.required,
    options: v.type === 'CHOICE' ? v.options : [],
  });
  const submit = () => {
    if (isIncomplete) return;
    save.mutate({ version: form.version, variables: variables.map(normalize) }, { onSuccess: onDone });
  };
  const isStale = isApiError(save.error) && save.error.code === 'ERROR_CONFLICT';
  return (
    <Stack gap="md">
      {variables.map((config, i) => (
        <ConfigEditorCard key={config.key} config={config} issues={issues[config.key] ?? {}} onChange={(next) => setVariables(variables.map((v, j) => (j === i ? next : v)))} />
      ))}
      {isStale ? <Alert color="orange" role="alert">{t('errors.stale')}</Alert> : save.error && Object.keys(issues).length === 0 ? <Alert color="red" role="alert">{save.error.message}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={save.isPending}>{t('actions.cancel')}</Button>
        <Button onClick={submit} loading={save.isPending} disabled={isIncomplete}>{t('variables.save')}</Button>
      </Group>
    </Stack>
  );
}

/** The variables of the latest version as a table; writers edit their configs. */
export function VariablesPanel({ form }: { form: StandardFormDetail }) {
  const { t } = useTranslation('standardForms');
  const { locale } = useLocaleFormat();
  const [isEditing, setIsEditing] = useState(false);
  if (form.variables.length === 0) return <EmptyState title={t('variables.emptyTitle')} description={t('variables.emptyDescription')} />;
  if (isEditing) return <ConfigEditor key={form.version} form={form} onDone={() => setIsEditing(false)} />;
  return (
    <Stack gap="sm">
      {form.abilities.edit ? (
        <Group justify="flex-end">
          <Button variant="light" onClick={() => setIsEditing(true)}>{t('variables.edit')}</Button>
        </Group>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t('variables.caption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('variables.key')}</Table.Th>
              <Table.Th>{t('variables.label')}</Table.Th>
              <Table.Th>{t('variables.type')}</Table.Th>
              <Table.Th>{t('variables.required')}</Table.Th>
              <Table.Th>{t('variables.mapsTo')}</Table.Th>
              <Table.Th>{t('variables.defaultValue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...form.variables].sort((a, b) => a.order - b.order).map((v) => (
              <Table.Tr key={v.key}>
                <Table.Td ff="monospace">{v.key}</Table.Td>
                <Table.Td>{v.label[locale]}</Table.Td>
                <Table.Td><Badge variant="light" size="sm">{t(`variableTypes.${v.type}`)}</Badge></Table.Td>
                <Table.Td>{v.required ? t('variables.yes') : t('variables.no')}</Table.Td>
                <Table.Td>{v.mapsTo ? t(`mappings.${v.mapsTo}`) : '-'}</Table.Td>
                <Table.Td>{v.defaultValue ?? '-'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
