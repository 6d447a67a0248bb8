import { editPreset, type PresetMetaOptions, publishPreset, type PublishedPreset, type StepCode } from '@legal/api';
import { Alert, Button, Checkbox, Group, List, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { bodyFieldErrors, conflictReason } from '../../../lib/forms/form-errors';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import { confirmAction } from '../../admin/confirm';
import './workflow-presets-i18n';

export const PRESETS_KEY = ['super-admin', 'workflowPresets'] as const;
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

/** The modal's choices for a new preset (the required steps only) or for one being edited (its steps). */
function draftOf(options: PresetMetaOptions, preset: PublishedPreset | null): Draft {
  return Object.fromEntries(
    options.steps.map((s) => {
      const step = preset?.steps.find((p) => p.stepCode === s.stepCode);
      return [s.stepCode, { isIncluded: s.isRequired || step !== undefined, isOptional: step?.isOptional ?? false }];
    }),
  ) as Draft;
}

/**
 * Publishes a new preset from the meta options, or edits a published one (`preset`: its code is
 * fixed; saving asks first, since new workflows run the edit while running ones keep their steps).
 */
export function PresetFormModal({ options, preset, isOpen, onClose }: { options: PresetMetaOptions; preset: PublishedPreset | null; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('workflowPresets');
  const { locale } = useLocaleFormat();
  const client = useQueryClient();
  const isEdit = preset !== null;
  const [code, setCode] = useState(preset?.presetType ?? '');
  const [nameKo, setNameKo] = useState(preset?.name.ko ?? '');
  const [nameEn, setNameEn] = useState(preset?.name.en ?? '');
  const [draft, setDraft] = useState<Draft>(() => draftOf(options, preset));
  const body = publishBody(options, { code, nameKo, nameEn, draft });
  const save = useMutation({
    mutationFn: () =>
      preset
        ? api.call(editPreset, { params: { presetType: preset.presetType }, body: { name: body.name, steps: body.steps, revision: preset.revision }, suppressErrorToast: true })
        : api.call(publishPreset, { body, suppressErrorToast: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: PRESETS_KEY });
      notifications.show({ color: 'green', message: isEdit ? t('edit.saved') : t('publish.published') });
      close();
    },
    // Someone else changed or withdrew it meanwhile: show the list as it is now.
    onError: (error) => {
      if (conflictReason(error)) void client.invalidateQueries({ queryKey: PRESETS_KEY });
    },
  });
  function close() {
    save.reset();
    onClose();
  }
  const submit = () => {
    if (!isEdit) return save.mutate();
    confirmAction({ title: t('edit.confirmTitle'), message: t('edit.confirmMessage', { name: body.name[locale] }), confirmLabel: t('edit.confirm'), cancelLabel: t('edit.back'), onConfirm: () => save.mutate() });
  };
  const set = (step: StepCode, patch: Partial<Draft[StepCode]>) => setDraft((d) => ({ ...d, [step]: { ...d[step], ...patch } }));
  const codes = body.steps.map((s) => s.stepCode);
  const isPairBroken = codes.includes('ASSIGNMENT') !== codes.includes('LEGAL_REVIEW');
  const isCodeBad = code.trim() !== '' && !CODE.test(code.trim());
  const canSubmit = CODE.test(code.trim()) && nameKo.trim() !== '' && nameEn.trim() !== '' && !isPairBroken;
  const stepName = (step: StepCode) => options.steps.find((s) => s.stepCode === step)!.name[locale];
  const roleName = (role: string) => options.actorRoles.find((r) => r.code === role)?.name[locale] ?? role;
  const title = isEdit ? t('edit.title', { code: preset.presetType }) : t('publish.title');
  return (
    <Modal opened={isOpen} onClose={() => !save.isPending && close()} title={title} size="lg">
      <Stack gap="sm">
        {isEdit ? <Alert color="blue" variant="light">{t('edit.runningKeep')}</Alert> : null}
        <TextInput
          label={t('publish.code')}
          description={isEdit ? t('edit.codeFixed') : t('publish.codeHint')}
          required
          readOnly={isEdit}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
          error={isCodeBad ? t('publish.codeInvalid') : undefined}
        />
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
        {save.error ? (
          <Alert color="red" role="alert">
            <List size="sm">{errorLines(save.error).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={save.isPending}>{t('publish.cancel')}</Button>
          <Button onClick={submit} disabled={!canSubmit} loading={save.isPending}>{isEdit ? t('edit.submit') : t('publish.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
