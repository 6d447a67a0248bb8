import {
  getSuperAdminResearchConfigsV2, putSuperAdminResearchConfigsV2, type ResearchConfigGroups, type ResearchConfigOverrides, type WorkspaceTarget,
} from '@legal/api';
import { Alert, Badge, Button, Group, NumberInput, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { SectionCard } from '../../../components/SectionCard';
import { api } from '../../../lib/api';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import '../research-i18n';

type Config = ResearchConfigGroups['categories'][number]['configs'][number];
type Value = Config['value'];

const overridesOf = (groups: ResearchConfigGroups): Record<string, Value> =>
  Object.fromEntries(groups.categories.flatMap((c) => c.configs).filter((k) => k.isOverridden).map((k) => [k.key, k.value]));

/** The input a key's meta asks for: a number within its bounds, a switch, or its options. */
function ConfigInput({ config, value, onChange }: { config: Config; value: Value; onChange: (next: Value) => void }) {
  const { locale } = useLocaleFormat();
  const label = config.label[locale];
  const description = config.description[locale];
  switch (config.type) {
    case 'BOOLEAN':
      return <Switch label={label} description={description} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'ENUM':
      return (
        <Select
          label={label}
          description={description}
          data={(config.options ?? []).map((o) => ({ value: o.value, label: o.label[locale] }))}
          value={String(value)}
          allowDeselect={false}
          onChange={(next) => next !== null && onChange(next)}
        />
      );
    default:
      return (
        <NumberInput
          label={label}
          description={description}
          value={typeof value === 'number' ? value : undefined}
          min={config.min ?? undefined}
          max={config.max ?? undefined}
          step={config.step ?? undefined}
          allowDecimal={config.type === 'NUMBER'}
          decimalScale={config.type === 'NUMBER' ? 2 : undefined}
          suffix={config.unit ? ` ${config.unit[locale]}` : undefined}
          clampBehavior="strict"
          onChange={(next) => typeof next === 'number' && onChange(next)}
        />
      );
  }
}

function defaultText(config: Config, locale: 'ko' | 'en', yes: string, no: string): string {
  if (config.type === 'BOOLEAN') return config.defaultValue ? yes : no;
  if (config.type === 'ENUM') return config.options?.find((o) => o.value === config.defaultValue)?.label[locale] ?? String(config.defaultValue);
  return `${config.defaultValue}${config.unit ? ` ${config.unit[locale]}` : ''}`;
}

function ConfigsForm({ target, groups }: { target: WorkspaceTarget; groups: ResearchConfigGroups }) {
  const { t } = useTranslation('research');
  const { locale } = useLocaleFormat();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, Value>>(() => overridesOf(groups));
  const save = useMutation({
    mutationFn: () => api.call(putSuperAdminResearchConfigsV2, { body: { ...target, configs: draft as ResearchConfigOverrides }, suppressErrorToast: true }),
    onSuccess: (saved) => client.setQueryData(['super-admin', 'research-configs', target], saved),
  });
  const set = (config: Config, value: Value) =>
    setDraft((current) => {
      const { [config.key]: _dropped, ...rest } = current;
      // The default is no override: the workspace follows it if it changes.
      return value === config.defaultValue ? rest : { ...rest, [config.key]: value };
    });
  return (
    <Stack gap="lg">
      {groups.categories.map((category) => (
        <section key={category.category} aria-label={category.label[locale]}>
          <Stack gap="sm">
          <Stack gap={2}>
            <Title order={4} size="h5">{category.label[locale]}</Title>
            <Text size="sm" c="dimmed">{category.description[locale]}</Text>
          </Stack>
          {category.configs.map((config) => {
            const isOverridden = Object.hasOwn(draft, config.key);
            return (
              <Stack key={config.key} gap={4}>
                <ConfigInput config={config} value={isOverridden ? draft[config.key]! : config.defaultValue} onChange={(next) => set(config, next)} />
                <Group gap="xs">
                  <Text size="xs" c="dimmed">{t('admin.configs.default', { value: defaultText(config, locale, t('admin.configs.on'), t('admin.configs.off')) })}</Text>
                  {isOverridden ? (
                    <>
                      <Badge size="xs" variant="light" tt="none">{t('admin.configs.overridden')}</Badge>
                      <Button size="compact-xs" variant="subtle" onClick={() => set(config, config.defaultValue)} aria-label={t('admin.configs.resetLabel', { name: config.label[locale] })}>
                        {t('admin.configs.reset')}
                      </Button>
                    </>
                  ) : null}
                </Group>
              </Stack>
            );
          })}
          </Stack>
        </section>
      ))}
      {save.isError ? <ErrorState error={save.error} title={t('admin.settings.saveFailed')} /> : null}
      {save.isSuccess ? <Alert color="teal" variant="light" role="status">{t('admin.settings.saved')}</Alert> : null}
      <Group justify="flex-end">
        <Button onClick={() => save.mutate()} loading={save.isPending}>{t('admin.configs.save')}</Button>
      </Group>
    </Stack>
  );
}

/** A workspace's research configs, rendered from each key's meta, grouped by config category. */
export function ResearchConfigsCard({ target }: { target: WorkspaceTarget }) {
  const { t } = useTranslation('research');
  const configs = useQuery({
    queryKey: ['super-admin', 'research-configs', target],
    queryFn: ({ signal }) => api.call(getSuperAdminResearchConfigsV2, { signal, query: target }),
  });
  return (
    <SectionCard title={t('admin.configs.title')} description={t('admin.configs.description')} order={2}>
      {configs.isPending ? (
        <LoadingState />
      ) : configs.isError ? (
        <ErrorState error={configs.error} onRetry={() => void configs.refetch()} />
      ) : configs.data.categories.length === 0 ? (
        <EmptyState title={t('admin.configs.empty')} />
      ) : (
        <ConfigsForm target={target} groups={configs.data} />
      )}
    </SectionCard>
  );
}
