import { ApproveDeletionRequestBodySchema, DELETION_REQUEST_LIMITS, RejectDeletionRequestBodySchema, type SuperAdminDeletionRequest } from '@legal/api';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { type BoundedErrorKey, conflictReason, type FormErrors, formErrorText, schemaErrorsByPath, serverErrors } from '../../../lib/forms/form-errors';
import { useDeletionDecisions } from './workspace-settings-queries';
import '../admin-i18n';
import './workspace-settings-i18n';

export type Decision = { action: 'approve' | 'reject'; request: SuperAdminDeletionRequest };

/** Approve (comment optional) or reject (comment required) one request; the requester gets a mail either way. */
export function DeletionDecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const { t } = useTranslation('workspaceSettings');
  const { t: ta } = useTranslation('admin');
  const title = decision?.action === 'approve' ? t('superAdmin.approveTitle') : t('superAdmin.rejectTitle');
  return (
    <Modal opened={decision !== null} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': ta('actions.close') }}>
      {decision ? <DecisionForm key={`${decision.action}-${decision.request.id}`} decision={decision} onDone={onClose} /> : null}
    </Modal>
  );
}

function DecisionForm({ decision, onDone }: { decision: Decision; onDone: () => void }) {
  const { t } = useTranslation('workspaceSettings');
  const { t: ta } = useTranslation('admin');
  const { approve, reject } = useDeletionDecisions();
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FormErrors<BoundedErrorKey>>({});
  const isApprove = decision.action === 'approve';
  const mutation = isApprove ? approve : reject;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = isApprove ? { comment: comment.trim() || undefined } : { comment };
    const found = schemaErrorsByPath((isApprove ? ApproveDeletionRequestBodySchema : RejectDeletionRequestBodySchema).safeParse(body));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const options = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: isApprove ? t('superAdmin.approved') : t('superAdmin.rejected') });
        onDone();
      },
      onError: (error: unknown) => setErrors(serverErrors(error, { byPath: true }) ?? {}),
    };
    if (isApprove) approve.mutate({ requestId: decision.request.id, comment: body.comment }, options);
    else reject.mutate({ requestId: decision.request.id, comment }, options);
  };

  const commentError = formErrorText(errors.comment, (key) => t(`errors.${key}`));
  const isDecided = conflictReason(mutation.error) !== null;
  const otherError = mutation.isError && !serverErrors(mutation.error, { byPath: true }) && !isDecided ? mutation.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t(isApprove ? 'superAdmin.approveMessage' : 'superAdmin.rejectMessage', { name: decision.request.workspaceName })}</Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {t('deletion.reasonValue', { reason: decision.request.reason })}
        </Text>
        {isDecided ? <Alert color="orange">{t('superAdmin.alreadyDecided')}</Alert> : null}
        {otherError ? <ErrorState error={otherError} /> : null}
        <Textarea
          label={isApprove ? t('superAdmin.commentOptional') : t('superAdmin.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={DELETION_REQUEST_LIMITS.commentMaxLength}
          autosize
          minRows={3}
          withAsterisk={!isApprove}
          error={commentError}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {ta('actions.cancel')}
          </Button>
          <Button type="submit" color={isApprove ? 'red' : undefined} loading={mutation.isPending}>
            {isApprove ? t('superAdmin.approve') : t('superAdmin.reject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
