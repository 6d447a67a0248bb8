import { type StandardFormDetail, type VariableConfig } from '@legal/api';
import { Alert, Anchor, Button, Container, Grid, Group, Select, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../app/pages/NotFoundPage';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { isApiError } from '../../lib/api';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { useHasAnyPermission, useSession } from '../../lib/session';
import { contractPath } from '../contracts/contracts-path';
import { type Person, PersonPicker } from '../contracts/PeoplePicker';
import { useWorkflowPresets } from '../workflows/workflow-queries';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { type DraftErrors, type DraftInputs, draftValues, initialInputs, validateInputs, valueOf } from './draft-values';
import { useDraftContract, useDraftingConfigs, useStandardForm, useTemplate } from './standard-form-queries';
import { standardFormPath } from './standard-forms-path';
import { DRAFT_PERMISSIONS, FORM_READ_PERMISSIONS } from './standard-forms-permissions';
import { parseFormId } from './StandardFormPage';
import { fillTemplate } from './template-text';
import { FilledTemplate } from './TemplateText';
import { VariableInput } from './VariableInput';
import './standard-forms-i18n';

/** A 400's field errors as `{ values: {key: reason}, fields: {title: reason} }`: fieldErrors (`body.values.<key>`, `body.title`) or data.fields (`values.<key>` with a message). */
export function draftServerErrors(error: unknown): { values: Record<string, string>; fields: Record<string, string> } | null {
  if (!isApiError(error) || error.code !== 'ERROR_VALIDATION') return null;
  const data = error.data as { fieldErrors?: unknown; fields?: unknown } | undefined;
  const list = [data?.fieldErrors, data?.fields].flatMap((l) => (Array.isArray(l) ? (l as Array<{ field?: unknown; path?: unknown; reason?: unknown; message?: unknown }>) : []));
  const out = { values: {} as Record<string, string>, fields: {} as Record<string, string> };
  for (const item of list) {
    const raw = typeof item.field === 'string' ? item.field : typeof item.path === 'string' ? item.path : '';
    const path = raw.replace(/^body\./, '');
    const reason = typeof item.reason === 'string' ? item.reason : typeof item.message === 'string' ? item.message : '';
    const [head, key] = path.split('.');
    if (head === 'values' && key) out.values[key] ??= reason;
    else if (head) out.fields[head] ??= reason;
  }
  return out;
}

const selectMe = (s: { userInfo: { id: number } | null }) => s.userInfo?.id ?? null;

function Wizard({ workspaceName, form }: { workspaceName: string; form: StandardFormDetail }) {
  const { t } = useTranslation('standardForms');
  const { locale } = useLocaleFormat();
  const navigate = useNavigate();
  const version = form.latestVersion;
  const configs = useDraftingConfigs(form.standardFormId, version);
  const template = useTemplate(form.standardFormId, version);
  const draft = useDraftContract();
  const myId = useSession(selectMe);
  const [step, setStep] = useState(0);
  const [inputs, setInputs] = useState<DraftInputs | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [title, setTitle] = useState('');
  const [owner, setOwner] = useState<Person | null>(null);
  const [preset, setPreset] = useState('NONE');
  // The workflows this workspace offers, by its names (a preset it switched off is not offered).
  const presets = useWorkflowPresets(true);
  const presetChoices = [
    { value: 'NONE', label: t('presets.NONE') },
    ...(presets.data ?? []).filter((p) => p.presetType !== 'NONE').map((p) => ({ value: p.presetType, label: p.name[locale] })),
  ];
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const ordered = useMemo(() => [...(configs.data ?? [])].sort((a, b) => a.order - b.order), [configs.data]);
  const values = useMemo(() => inputs ?? (configs.data ? initialInputs(configs.data) : {}), [inputs, configs.data]);
  const pieces = useMemo(
    () => (template.data ? fillTemplate(template.data.text, ordered, Object.fromEntries(ordered.map((c) => [c.key, valueOf(c, values[c.key])])), locale) : []),
    [template.data, ordered, values, locale],
  );

  if (configs.error || template.error) return <ErrorState error={configs.error ?? template.error} onRetry={() => { void configs.refetch(); void template.refetch(); }} />;
  if (!configs.data || !template.data) return <LoadingState />;

  const titleMapped = ordered.find((c) => c.mapsTo === 'TITLE');
  const defaultTitle = (titleMapped && typeof values[titleMapped.key] === 'string' ? String(values[titleMapped.key]).trim() : '') || form.title;
  const errorText = (config: VariableConfig) => {
    const error = errors[config.key];
    if (!error) return undefined;
    return 'text' in error ? error.text : t(`draft.errors.${error.key}`, { min: config.minLength, max: config.maxLength });
  };
  const checkValues = () => {
    const found = validateInputs(ordered, values);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(2);
  };
  const submit = () => {
    setFieldErrors({});
    draft.mutate(
      {
        standardFormId: form.standardFormId,
        templateVersion: version,
        values: draftValues(ordered, values),
        title: title.trim() || undefined,
        ownerUserId: owner?.userId ?? undefined,
        workflowPresetType: preset,
      },
      {
        onSuccess: (contract) => navigate(contractPath(workspaceName, contract.id)),
        onError: (error) => {
          const mapped = draftServerErrors(error);
          if (!mapped) return;
          setFieldErrors(mapped.fields);
          if (Object.keys(mapped.values).length > 0) {
            setErrors(Object.fromEntries(Object.entries(mapped.values).map(([key, text]) => [key, { text }])));
            setStep(1);
          }
        },
      },
    );
  };
  const generalError = draft.error && !draftServerErrors(draft.error) ? draft.error : null;
  const isStale = isApiError(draft.error) && draft.error.code === 'ERROR_CONFLICT';

  return (
    <Stepper active={step} onStepClick={(next) => next < step && setStep(next)} allowNextStepsSelect={false}>
      <Stepper.Step label={t('draft.step1')} description={t('draft.step1Hint')}>
        <Stack gap="sm" mt="md">
          <Text>{t('draft.confirmForm', { title: form.title, version })}</Text>
          <Text size="sm" c="dimmed">{t('draft.confirmVariables', { count: ordered.length })}</Text>
          <Group><Button onClick={() => setStep(1)}>{t('draft.next')}</Button></Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label={t('draft.step2')} description={t('draft.step2Hint')}>
        <Grid mt="md" gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <form aria-label={t('draft.valuesForm')} noValidate onSubmit={(e) => { e.preventDefault(); checkValues(); }}>
            <Stack gap="sm">
              {ordered.map((config) => (
                <VariableInput key={config.key} config={config} value={values[config.key]} error={errorText(config)} locale={locale} onChange={(next) => setInputs({ ...values, [config.key]: next })} />
              ))}
              {Object.keys(errors).length > 0 ? <Alert color="red" role="alert">{t('draft.fixErrors', { count: Object.keys(errors).length })}</Alert> : null}
              <Group>
                <Button variant="default" onClick={() => setStep(0)}>{t('draft.back')}</Button>
                <Button type="submit">{t('draft.next')}</Button>
              </Group>
            </Stack>
            </form>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <FilledTemplate pieces={pieces} label={t('draft.preview')} />
          </Grid.Col>
        </Grid>
      </Stepper.Step>
      <Stepper.Step label={t('draft.step3')} description={t('draft.step3Hint')}>
        <Stack gap="sm" mt="md" maw={560}>
          <TextInput label={t('draft.contractTitle')} placeholder={defaultTitle} description={t('draft.contractTitleHint')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={fieldErrors.title} maxLength={200} />
          <PersonPicker label={t('draft.owner')} value={owner} onChange={setOwner} error={fieldErrors.ownerUserId} />
          {owner === null && myId !== null ? <Text size="xs" c="dimmed">{t('draft.ownerDefault')}</Text> : null}
          <Select label={t('draft.workflowPreset')} data={presetChoices} value={preset} allowDeselect={false} disabled={presets.isLoading} onChange={(value) => setPreset(value ?? 'NONE')} error={fieldErrors.workflowPresetType} />
          {isStale ? <Alert color="orange" role="alert">{t('draft.stale')}</Alert> : generalError ? <Alert color="red" role="alert">{generalError.message}</Alert> : null}
          <Group>
            <Button variant="default" onClick={() => setStep(1)} disabled={draft.isPending}>{t('draft.back')}</Button>
            <Button onClick={submit} loading={draft.isPending}>{t('draft.submit')}</Button>
          </Group>
        </Stack>
      </Stepper.Step>
    </Stepper>
  );
}

function WizardScreen({ workspaceName, standardFormId }: { workspaceName: string; standardFormId: number }) {
  const { t } = useTranslation('standardForms');
  const form = useStandardForm(standardFormId);
  useDocumentTitle(t('draft.title'));
  if (isApiError(form.error) && form.error.status === 404) return <NotFoundPage />;
  if (form.error) return <ErrorState error={form.error} onRetry={() => void form.refetch()} />;
  if (!form.data) return <LoadingState />;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={standardFormPath(workspaceName, standardFormId)} size="sm">{form.data.title}</Anchor>
          <Title order={1}>{t('draft.title')}</Title>
        </Stack>
        {form.data.abilities.draft ? <Wizard workspaceName={workspaceName} form={form.data} /> : <Alert color="orange">{t('draft.notDraftable')}</Alert>}
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/standard-forms/:standardFormId/draft`: draft a contract from the form (3 steps). */
export function DraftWizardPage() {
  const { standardFormId } = useParams();
  const id = parseFormId(standardFormId);
  const canRead = useHasAnyPermission(FORM_READ_PERMISSIONS);
  const canDraft = useHasAnyPermission(DRAFT_PERMISSIONS);
  return (
    <WorkspaceGate product="CLM">
      {(entry) => (!canRead || !canDraft ? <ForbiddenState /> : id === null ? <NotFoundPage /> : <WizardScreen workspaceName={entry.workspaceName} standardFormId={id} />)}
    </WorkspaceGate>
  );
}
