import { type StepCode, type Workflow, type WorkflowAction } from '@legal/api';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrors } from '../../lib/forms/form-errors';
import { type PickedUser, UserPicker } from './UserPicker';
import { type Attached, WorkflowAttachments } from './WorkflowAttachments';
import { type ActionInput, formOf, isConflict, performAction } from './workflow-actions';
import { useWorkflowLabels } from './workflow-labels';
import { useCountsByMember } from './workflow-queries';
import './workflows-i18n';

const COMMENT_MAX = 5000;

/** The reviewer picker with each reviewer's open and recent reviews, for balancing. */
function ReviewerPicker({ value, onChange, error }: { value: PickedUser[]; onChange: (next: PickedUser[]) => void; error?: string }) {
  const { t } = useTranslation('workflows');
  const counts = useCountsByMember();
  const describe = (userId: number) => {
    const row = counts.data?.find((c) => c.userId === userId);
    return row ? t('assign.load', { inReview: row.inReview, returned: row.returned, completed: row.completedLast30Days }) : undefined;
  };
  return <UserPicker label={t('assign.reviewers')} permission="legal.review.review" value={value} onChange={onChange} describe={describe} error={error} />;
}

/**
 * The dialog of one action: reviewers for an assignment, a comment (required to return or
 * reject), a reason (cancel, skips), or the executed copy (complete signing), plus attachments.
 * It sends the revision the panel read; a 409 closes it and the panel says someone acted.
 */
export function WorkflowActionDialog({ workflow, action, stepCode, onClose, onDone, onConflict }: {
  workflow: Workflow;
  action: WorkflowAction;
  stepCode: StepCode;
  onClose: () => void;
  onDone: (workflow: Workflow) => void;
  onConflict: (error?: unknown) => void;
}) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const form = formOf(action);
  const [comment, setComment] = useState('');
  const [reviewers, setReviewers] = useState<PickedUser[]>(() =>
    action === 'REASSIGN' ? (workflow.steps.find((s) => s.stepCode === 'LEGAL_REVIEW')?.members.filter((m) => m.role === 'REVIEWER') ?? []) : [],
  );
  const [files, setFiles] = useState<Attached[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFiles = useCallback((next: Attached[]) => setFiles(next), []);

  const send = useMutation({
    mutationFn: (input: ActionInput) => performAction(workflow, input),
    onSuccess: onDone,
    onError: (failure) => {
      if (isConflict(failure)) return onConflict(failure);
      const fields = serverErrors(failure);
      setError(fields ? Object.values(fields).map((f) => (f && 'text' in f ? f.text : '')).join(' ') : failure.message);
    },
  });

  const submit = () => {
    setError(null);
    if (form === 'assign' && reviewers.length === 0) return setError(t('assign.required'));
    if ((form === 'commentRequired' || form === 'reasonRequired') && !comment.trim()) {
      return setError(t(form === 'commentRequired' ? 'dialog.commentRequired' : 'dialog.reasonRequired'));
    }
    if (comment.length > COMMENT_MAX) return setError(t('form.tooLong'));
    if (form === 'executedCopy' && files.length !== 1) return setError(t('signing.fileRequired'));
    send.mutate({ action, stepCode, comment, assigneeUserIds: reviewers.map((r) => r.userId), fileKeys: files.map((f) => f.fileKey) });
  };

  const textLabel = form === 'reasonRequired' ? t('dialog.reason') : form === 'commentRequired' ? t('dialog.commentRequiredLabel') : t('dialog.comment');
  return (
    <Modal opened onClose={onClose} title={t('dialog.title', { action: labels.action(action) })} size="lg">
      <Stack gap="md">
        {form === 'assign' ? <ReviewerPicker value={reviewers} onChange={setReviewers} /> : null}
        {form === 'executedCopy' ? (
          <WorkflowAttachments label={t('signing.executedCopy')} isSingle onChange={onFiles} onUploadingChange={setIsUploading} />
        ) : null}
        <Textarea label={textLabel} autosize minRows={3} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
        {form !== 'executedCopy' && form !== 'reasonRequired' ? (
          <WorkflowAttachments label={t('dialog.files')} onChange={onFiles} onUploadingChange={setIsUploading} />
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={send.isPending} disabled={isUploading} color={action === 'REJECT' || action === 'CANCEL' ? 'red' : undefined}>
            {labels.action(action)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
