import { StartWorkflowBodySchema, type Workflow, type WorkflowPreset } from '@legal/api';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n';
import { type FormErrors, schemaErrors, serverErrors } from '../../lib/forms/form-errors';
import { ApprovalLineBuilder, checkLines, filledLines, hasLineErrors, type LineErrors, lineErrorsFrom, lineIds, type PickedLines } from './ApprovalLineBuilder';
import { type Attached, WorkflowAttachments } from './WorkflowAttachments';
import { useWorkflowLabels } from './workflow-labels';
import { postStartWorkflow, useWorkflowPresets, useWorkflowRefresh } from './workflow-queries';
import './workflows-i18n';

const todayIso = () => new Date().toISOString().slice(0, 10);

export const hasApprovalStep = (preset: WorkflowPreset | undefined) => Boolean(preset?.steps.some((s) => s.stepCode === 'APPROVAL'));

/** The request body as the form holds it: the approval lines in order (a line's approvers decide in parallel), empty lines left out. */
export function requestBody(input: { presetType: string; message: string; deadline: string; files: Attached[]; lines: PickedLines; withApproval: boolean }) {
  const lines = lineIds(input.lines);
  return {
    presetType: input.presetType,
    ...(input.message.trim() ? { message: input.message.trim() } : {}),
    ...(input.deadline ? { desiredReviewDeadline: input.deadline } : {}),
    fileKeys: input.files.map((f) => f.fileKey),
    ...(input.withApproval && lines.length > 0 ? { approvalLines: lines.map((userIds) => ({ userIds, mode: 'ALL' as const })) } : {}),
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
 * deadline, attachments and (for presets with approval) the approval line: lines in order, the
 * approvers of a line in parallel.
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
  const [lines, setLines] = useState<PickedLines>([[]]);
  const [lineErrors, setLineErrors] = useState<LineErrors>({ lines: {} });
  const [errors, setErrors] = useState<FormErrors<'required' | 'tooLong' | 'invalid' | 'past'>>({});
  const onFiles = useCallback((next: Attached[]) => setFiles(next), []);
  const choices = (presets.data ?? []).filter((p) => p.presetType !== 'NONE');
  const preset = choices.find((p) => p.presetType === presetType);
  const withApproval = hasApprovalStep(preset);
  const { locale } = useLocaleFormat();

  const start = useMutation({
    mutationFn: ({ body }: { body: ReturnType<typeof requestBody>; sent: PickedLines }) => postStartWorkflow(contractId, body as Parameters<typeof postStartWorkflow>[1]),
    onSuccess: (workflow: Workflow) => {
      refresh(workflow);
      onClose();
    },
    onError: (error, { sent }) => {
      const fields = serverErrors(error);
      if (fields) setErrors(fields);
      // approvalLines.<line>.userIds.<i>: shown under that line, naming the user.
      setLineErrors(lineErrorsFrom(error, 'approvalLines', sent));
    },
  });

  const submit = () => {
    // Empty lines are dropped first, so a 400's line index names the line on screen.
    const sent = withApproval ? filledLines(lines) : [];
    if (withApproval) setLines(sent.length > 0 ? sent : [[]]);
    const body = requestBody({ presetType, message, deadline, files, lines: sent, withApproval });
    const found = validateRequest(body);
    const foundLines = checkLines(sent, false, { required: '', twice: (name) => t('line.twice', { name }) });
    setErrors(found);
    setLineErrors(foundLines);
    if (Object.keys(found).length > 0 || hasLineErrors(foundLines)) return;
    start.mutate({ body, sent });
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
          <DateInput label={t('request.deadline')} value={deadline} min={todayIso()} isRangeCheckedByForm onChange={setDeadline} error={errorText('desiredReviewDeadline')} />
          <WorkflowAttachments label={t('request.files')} onChange={onFiles} onUploadingChange={setIsUploading} />
          {withApproval ? (
            <ApprovalLineBuilder
              lines={lines}
              onChange={setLines}
              errors={{ general: lineErrors.general ?? (Object.keys(lineErrors.lines).length === 0 ? errorText('approvalLines') : undefined), lines: lineErrors.lines }}
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
