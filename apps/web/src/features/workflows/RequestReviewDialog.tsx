import { StartWorkflowBodySchema, type Workflow, type WorkflowPreset } from '@legal/api';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea, Timeline } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n';
import { type FormErrors, schemaErrors, serverErrors } from '../../lib/forms/form-errors';
import { type PickedUser, UserPicker } from './UserPicker';
import { type Attached, WorkflowAttachments } from './WorkflowAttachments';
import { useWorkflowLabels } from './workflow-labels';
import { postStartWorkflow, useWorkflowPresets, useWorkflowRefresh } from './workflow-queries';
import './workflows-i18n';

const todayIso = () => new Date().toISOString().slice(0, 10);

export const hasApprovalStep = (preset: WorkflowPreset | undefined) => Boolean(preset?.steps.some((s) => s.stepCode === 'APPROVAL'));

/** The request body as the form holds it: approvers in order, one line each (sequential approval). */
export function requestBody(input: { presetType: string; message: string; deadline: string; files: Attached[]; approvers: PickedUser[]; withApproval: boolean }) {
  return {
    presetType: input.presetType,
    ...(input.message.trim() ? { message: input.message.trim() } : {}),
    ...(input.deadline ? { desiredReviewDeadline: input.deadline } : {}),
    fileKeys: input.files.map((f) => f.fileKey),
    ...(input.withApproval && input.approvers.length > 0 ? { approvalLines: input.approvers.map((a) => ({ userIds: [a.userId], mode: 'ALL' as const })) } : {}),
  };
}

/** The same checks as the server's schema, plus a deadline that is not already past. */
export function validateRequest(body: ReturnType<typeof requestBody>, today: string = todayIso()): FormErrors<'required' | 'tooLong' | 'invalid' | 'past'> {
  const errors: FormErrors<'required' | 'tooLong' | 'invalid' | 'past'> = { ...schemaErrors(StartWorkflowBodySchema.safeParse(body)) };
  if (!body.presetType) errors.presetType = { key: 'required' };
  if (errors.presetType && 'key' in errors.presetType && errors.presetType.key === 'invalid') errors.presetType = { key: 'required' };
  if (body.desiredReviewDeadline && !errors.desiredReviewDeadline && body.desiredReviewDeadline < today) errors.desiredReviewDeadline = { key: 'past' };
  return errors;
}

function StepPreview({ preset }: { preset: WorkflowPreset }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const steps = [...preset.steps].sort((a, b) => a.order - b.order);
  return (
    <Stack gap={4} component="section" aria-label={t('request.stepsPreview')}>
      <Text size="sm" fw={500}>
        {t('request.stepsPreview')}
      </Text>
      <Timeline bulletSize={16} lineWidth={2} active={-1}>
        {steps.map((step) => (
          <Timeline.Item key={step.stepCode} title={labels.step(step.stepCode)}>
            <Text size="xs" c="dimmed">
              {t('request.actor', { role: labels.role(step.actorRule.role) })}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/**
 * "Request review" from a contract: a preset with its steps, a message, the desired review
 * deadline, attachments and (for presets with approval) the approvers in order.
 */
export function RequestReviewDialog({ contractId, opened, onClose }: { contractId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('workflows');
  const presets = useWorkflowPresets(opened);
  const refresh = useWorkflowRefresh(contractId);
  const [presetType, setPresetType] = useState<string>('');
  const [message, setMessage] = useState('');
  const [deadline, setDeadline] = useState('');
  const [files, setFiles] = useState<Attached[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const [approvers, setApprovers] = useState<PickedUser[]>([]);
  const [errors, setErrors] = useState<FormErrors<'required' | 'tooLong' | 'invalid' | 'past'>>({});
  const onFiles = useCallback((next: Attached[]) => setFiles(next), []);
  const choices = (presets.data ?? []).filter((p) => p.presetType !== 'NONE');
  const preset = choices.find((p) => p.presetType === presetType);
  const withApproval = hasApprovalStep(preset);
  const { locale } = useLocaleFormat();

  const start = useMutation({
    mutationFn: (body: ReturnType<typeof requestBody>) => postStartWorkflow(contractId, body as Parameters<typeof postStartWorkflow>[1]),
    onSuccess: (workflow: Workflow) => {
      refresh(workflow);
      onClose();
    },
    onError: (error) => {
      const fields = serverErrors(error);
      if (fields) setErrors(fields);
    },
  });

  const submit = () => {
    const body = requestBody({ presetType, message, deadline, files, approvers, withApproval });
    const found = validateRequest(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    start.mutate(body);
  };

  const errorText = (field: string) => {
    const error = errors[field];
    if (!error) return undefined;
    return 'text' in error ? error.text : t(`request.errors.${field}.${error.key}`, { defaultValue: t(`form.${error.key}`) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('request.title')} size="lg">
      {presets.isPending ? (
        <LoadingState />
      ) : presets.isError ? (
        <ErrorState error={presets.error} onRetry={() => void presets.refetch()} />
      ) : (
        <Stack gap="md">
          <Select
            label={t('request.preset')}
            placeholder={t('request.presetPlaceholder')}
            data={choices.map((p) => ({ value: p.presetType, label: p.name[locale] }))}
            value={presetType || null}
            onChange={(value) => setPresetType(value ?? '')}
            error={errorText('presetType')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {preset ? <StepPreview preset={preset} /> : null}
          <Textarea label={t('request.message')} autosize minRows={3} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={errorText('message')} />
          <TextInput type="date" label={t('request.deadline')} value={deadline} min={todayIso()} onChange={(e) => setDeadline(e.currentTarget.value)} error={errorText('desiredReviewDeadline')} />
          <WorkflowAttachments label={t('request.files')} onChange={onFiles} onUploadingChange={setIsUploading} />
          {withApproval ? (
            <UserPicker
              label={t('request.approvers')}
              description={t('request.approversHint')}
              permission="approval.approval.approve"
              value={approvers}
              onChange={setApprovers}
              error={errorText('approvalLines')}
              maxValues={10}
            />
          ) : null}
          {start.isError && !serverErrors(start.error) ? (
            <Alert color="red" role="alert">
              {start.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={submit} loading={start.isPending} disabled={isUploading}>
              {t('request.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
