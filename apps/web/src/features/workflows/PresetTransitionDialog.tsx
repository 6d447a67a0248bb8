import { type Workflow } from '@legal/api';
import { Modal, Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { FormFooter } from '../../components/FormFooter';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n';
import { serverErrors } from '../../lib/forms/form-errors';
import { isConflict, postPresetTransition } from './workflow-actions';
import { useWorkflowLabels } from './workflow-labels';
import { useWorkflowMeta } from './workflow-queries';
import './workflows-i18n';

/**
 * Switches the running workflow to another preset at the step both share (e.g. approval added
 * after a review-only request). The targets are the server's (`abilities.presetTargets`), named as
 * the workspace names them (the meta call); a stale revision closes it and the panel reloads.
 */
export function PresetTransitionDialog({ workflow, onClose, onDone, onConflict }: {
  workflow: Workflow;
  onClose: () => void;
  onDone: (workflow: Workflow) => void;
  onConflict: (error: unknown) => void;
}) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const { locale } = useLocaleFormat();
  const meta = useWorkflowMeta();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameOf = (code: string) => meta.data?.presetTypes.find((p) => p.code === code)?.name[locale] ?? code;

  const send = useMutation({
    mutationFn: (presetType: string) => postPresetTransition(workflow, presetType),
    onSuccess: onDone,
    onError: (failure) => {
      if (isConflict(failure)) return onConflict(failure);
      const fields = serverErrors(failure);
      setError(fields?.presetType && 'text' in fields.presetType ? fields.presetType.text : failure.message);
    },
  });

  const submit = () => {
    setError(null);
    if (!target) return setError(t('preset.required'));
    send.mutate(target);
  };

  let body;
  if (meta.isPending) body = <LoadingState />;
  else if (meta.isError) body = <ErrorState error={meta.error} onRetry={() => void meta.refetch()} />;
  else {
    body = (
      <Stack gap="md">
        <Text size="sm">
          {t('preset.current', { name: nameOf(workflow.presetType), step: workflow.currentStepCode ? labels.step(workflow.currentStepCode) : '' })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('preset.hint')}
        </Text>
        <Radio.Group label={t('preset.target')} value={target} onChange={setTarget} error={error ?? undefined}>
          <Stack gap="xs" mt="xs">
            {workflow.abilities.presetTargets.map((code) => (
              <Radio key={code} value={code} label={nameOf(code)} />
            ))}
          </Stack>
        </Radio.Group>
        <FormFooter failure={null} onCancel={onClose} cancelLabel={t('actions.cancel')} submitLabel={t('preset.submit')} isPending={send.isPending} onSubmit={submit} />
      </Stack>
    );
  }
  return (
    <Modal opened onClose={onClose} title={t('preset.title')} size="md">
      {body}
    </Modal>
  );
}
