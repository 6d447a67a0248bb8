import { ApproveRoleRequestBodySchema, RejectRoleRequestBodySchema, ROLE_REQUEST_LIMITS, type RoleRequest } from '@legal/api';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsTable } from '../../../components/DetailsTable';
import { useFormatDateTime } from '../../../lib/i18n';
import { fieldIssues } from '../../../lib/forms/field-issues';
import { useRoleRequestMutations } from './role-request-queries';
import '../admin-i18n';
import './role-requests-i18n';

export interface DecideRoleRequestDialogProps {
  /** The request to decide; null = closed. */
  request: RoleRequest | null;
  onClose: () => void;
}

/** The form of one request: mounted per request (keyed), so each starts empty. */
function DecideForm({ request, onClose, onBusyChange }: { request: RoleRequest; onClose: () => void; onBusyChange: (isBusy: boolean) => void }) {
  const { t } = useTranslation('roleRequests');
  const { t: ta } = useTranslation('admin');
  const formatDateTime = useFormatDateTime();
  const { approve, reject } = useRoleRequestMutations();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const failure = approve.error ?? reject.error;
  const isBusy = approve.isPending || reject.isPending;

  const decide = (isApproved: boolean) => {
    const parsed = (isApproved ? ApproveRoleRequestBodySchema : RejectRoleRequestBodySchema).safeParse({ comment });
    const issue = fieldIssues(parsed).comment;
    if (issue) {
      setCommentError(issue.code === 'too_big' ? t('decide.commentTooLong', { max: ROLE_REQUEST_LIMITS.commentMaxLength }) : t('decide.commentRequired'));
      return;
    }
    setCommentError(undefined);
    onBusyChange(true);
    const options = (message: string) => ({
      onSuccess: () => {
        notifications.show({ color: 'green', message });
        onClose();
      },
      onSettled: () => onBusyChange(false),
    });
    const trimmed = comment.trim();
    if (isApproved) approve.mutate({ roleRequestId: request.id, comment: trimmed || undefined }, options(t('decide.approved')));
    else reject.mutate({ roleRequestId: request.id, comment: trimmed }, options(t('decide.rejected')));
  };

  return (
    <Stack gap="md">
      <DetailsTable
        rows={[
          [t('decide.requester'), `${request.requester.displayName} (${request.requester.loginId})`],
          [t('decide.role'), request.role.name],
          [t('decide.reason'), request.reason ?? t('table.none')],
          [t('decide.createdAt'), formatDateTime(request.createdAt)],
        ]}
      />
      {failure ? (
        <Alert color="red" role="alert">
          {failure.message}
        </Alert>
      ) : null}
      <Textarea
        label={t('decide.comment')}
        placeholder={t('decide.commentPlaceholder')}
        description={t('decide.commentHelp')}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        error={commentError}
        rows={3}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isBusy}>
          {ta('actions.cancel')}
        </Button>
        <Button color="red" variant="light" onClick={() => decide(false)} loading={reject.isPending} disabled={approve.isPending}>
          {t('decide.reject')}
        </Button>
        <Button color="green" onClick={() => decide(true)} loading={approve.isPending} disabled={reject.isPending}>
          {t('decide.approve')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Approve (the role is granted at once) or reject a pending request, with a comment mailed to the
 * requester (required to reject). The comment is checked with the server's own schemas first.
 */
export function DecideRoleRequestDialog({ request, onClose }: DecideRoleRequestDialogProps) {
  const { t } = useTranslation('roleRequests');
  const { t: ta } = useTranslation('admin');
  const [isBusy, setIsBusy] = useState(false);
  const close = () => {
    if (!isBusy) onClose();
  };
  return (
    <Modal opened={request !== null} onClose={close} title={t('decide.title')} centered closeButtonProps={{ 'aria-label': ta('actions.close') }}>
      {request ? <DecideForm key={request.id} request={request} onClose={onClose} onBusyChange={setIsBusy} /> : null}
    </Modal>
  );
}
