import {
  LOCALES, type Locale, PRODUCT_TYPES, type ProductType, UpdateWorkspaceSettingsBodySchema, WORKSPACE_SETTINGS_LIMITS, type WorkspaceSettings,
} from '@legal/api';
import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { SectionCard } from '../../../components/SectionCard';
import { type BoundedErrorKey, conflictReason, type FormError, type FormErrors, formErrorText, schemaErrorsByPath, serverErrors } from '../../../lib/forms/form-errors';
import { setLauncher } from '../../../lib/session';
import { adminPath } from '../admin-areas';
import { AdminPageHeader } from '../AdminPageHeader';
import { StorageUsageCard } from './StorageUsageCard';
import { useUpdateWorkspaceSettings, useWorkspaceSettings } from './workspace-settings-queries';
import { StaleVersionAlert } from './StaleVersionAlert';
import '../admin-i18n';
import './workspace-settings-i18n';

type Values = Pick<WorkspaceSettings, 'name' | 'defaultLocale' | 'passwordMaxAgeDays' | 'isTwoFactorRequired' | 'sessionIdleMinutes' | 'products'> & { memo: string };

const valuesOf = (s: WorkspaceSettings): Values => ({
  name: s.name,
  memo: s.memo ?? '',
  defaultLocale: s.defaultLocale,
  passwordMaxAgeDays: s.passwordMaxAgeDays,
  isTwoFactorRequired: s.isTwoFactorRequired,
  sessionIdleMinutes: s.sessionIdleMinutes,
  products: s.products,
});

/** The fields whose value differs from what was loaded (the body of the PUT). */
function changedFields(loaded: Values, values: Values): Partial<Values> {
  const changed: Partial<Values> = {};
  for (const key of Object.keys(values) as Array<keyof Values>) {
    if (JSON.stringify(values[key]) !== JSON.stringify(loaded[key])) Object.assign(changed, { [key]: values[key] });
  }
  return changed;
}

const { passwordMaxAgeDays: ageBounds, sessionIdleMinutes: idleBounds } = WORKSPACE_SETTINGS_LIMITS;

/** `/:workspaceName/admin/settings`: name, memo, default language, products, security policy and storage use. */
export function SettingsPage() {
  const { t } = useTranslation('workspaceSettings');
  useDocumentTitle(t('settings.documentTitle'));
  const query = useWorkspaceSettings();
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('settings.title')} description={t('settings.description')} />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <SettingsForm key={query.data.updatedAt} settings={query.data} onReload={() => void query.refetch()} />
      )}
      <StorageUsageCard />
    </Stack>
  );
}

function SettingsForm({ settings, onReload }: { settings: WorkspaceSettings; onReload: () => void }) {
  const { t } = useTranslation('workspaceSettings');
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const mutation = useUpdateWorkspaceSettings();
  const loaded = valuesOf(settings);
  const [values, setValues] = useState<Values>(loaded);
  const [errors, setErrors] = useState<FormErrors<BoundedErrorKey>>({});
  const [isStale, setIsStale] = useState(false);

  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const message = (error: FormError<BoundedErrorKey> | undefined, bounds?: { min: number; max: number }) => formErrorText(error, (key) => t(`errors.${key}`, bounds ?? {}));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = changedFields(loaded, values);
    if (Object.keys(changed).length === 0) {
      notifications.show({ message: t('settings.unchanged') });
      return;
    }
    const body = { ...changed, ...(changed.memo !== undefined ? { memo: changed.memo.trim() || null } : {}), expectedUpdatedAt: settings.updatedAt };
    const found = schemaErrorsByPath(UpdateWorkspaceSettingsBodySchema.safeParse(body));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(body, {
      onSuccess: ({ saved, entries }) => {
        notifications.show({ color: 'green', message: ta('feedback.saved') });
        if (entries) setLauncher(entries);
        // A new name is a new address: move there with the fresh launcher in the same render.
        if (saved.name !== settings.name) navigate(adminPath(saved.name, 'settings'), { replace: true });
      },
      onError: (error) => {
        const reason = conflictReason(error);
        if (reason === 'NAME_TAKEN') setErrors({ name: { text: t('settings.nameTaken') } });
        else if (reason === 'STALE') setIsStale(true);
        else setErrors(serverErrors(error, { byPath: true }) ?? {});
      },
    });
  };

  const otherError = mutation.isError && !serverErrors(mutation.error, { byPath: true }) && !conflictReason(mutation.error) ? mutation.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {isStale ? <StaleVersionAlert onReload={onReload} /> : null}
        {otherError ? <ErrorState error={otherError} /> : null}

        <SectionCard title={t('settings.general')}>
          <Stack gap="sm">
            <TextInput
              label={t('settings.name')}
              description={t('settings.nameHint')}
              value={values.name}
              onChange={(event) => change('name', event.currentTarget.value)}
              maxLength={WORKSPACE_SETTINGS_LIMITS.nameMaxLength}
              error={message(errors.name)}
              withAsterisk
            />
            <Textarea
              label={t('settings.memo')}
              value={values.memo}
              onChange={(event) => change('memo', event.currentTarget.value)}
              maxLength={WORKSPACE_SETTINGS_LIMITS.memoMaxLength}
              autosize
              minRows={2}
              error={message(errors.memo)}
            />
            <Select
              label={t('settings.defaultLocale')}
              data={LOCALES.map((locale) => ({ value: locale, label: t(`settings.locales.${locale}`) }))}
              value={values.defaultLocale}
              onChange={(value) => value && change('defaultLocale', value as Locale)}
              allowDeselect={false}
              error={message(errors.defaultLocale)}
              w={{ base: '100%', sm: 240 }}
            />
            <Checkbox.Group
              label={t('settings.products')}
              description={t('settings.productsHint')}
              value={values.products}
              onChange={(value) => change('products', PRODUCT_TYPES.filter((p) => value.includes(p)) as ProductType[])}
              error={message(errors.products)}
            >
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
                {PRODUCT_TYPES.map((product) => (
                  <Checkbox key={product} value={product} label={t(`settings.productNames.${product}`)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Stack>
        </SectionCard>

        <SectionCard title={t('settings.security')}>
          <Stack gap="sm">
            <NumberInput
              label={t('settings.passwordMaxAgeDays')}
              description={t('settings.passwordMaxAgeDaysHint', ageBounds)}
              value={values.passwordMaxAgeDays}
              onChange={(value) => change('passwordMaxAgeDays', Number(value))}
              min={ageBounds.min}
              max={ageBounds.max}
              allowDecimal={false}
              clampBehavior="none"
              error={message(errors.passwordMaxAgeDays, ageBounds)}
              w={{ base: '100%', sm: 240 }}
            />
            <NumberInput
              label={t('settings.sessionIdleMinutes')}
              description={t('settings.sessionIdleMinutesHint', idleBounds)}
              value={values.sessionIdleMinutes}
              onChange={(value) => change('sessionIdleMinutes', Number(value))}
              min={idleBounds.min}
              max={idleBounds.max}
              allowDecimal={false}
              clampBehavior="none"
              error={message(errors.sessionIdleMinutes, idleBounds)}
              w={{ base: '100%', sm: 240 }}
            />
            <Switch
              label={t('settings.isTwoFactorRequired')}
              description={t('settings.isTwoFactorRequiredHint')}
              checked={values.isTwoFactorRequired}
              onChange={(event) => change('isTwoFactorRequired', event.currentTarget.checked)}
            />
          </Stack>
        </SectionCard>

        <Group justify="flex-end">
          <Button variant="default" onClick={() => { setValues(loaded); setErrors({}); }} disabled={mutation.isPending}>
            {ta('actions.reset')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {ta('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
