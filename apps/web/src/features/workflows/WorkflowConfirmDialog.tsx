import { type Workflow } from '@legal/api';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrors } from '../../lib/forms/form-errors';
import { isConflict } from './workflow-actions';
import './workflows-i18n';

const COMMENT_MAX = 5000;

/**
 * A confirmation before a call that undoes part of the workflow (withdraw the request, cancel the
 * approval line, cancel the signing), with an optional comment recorded on its event when the
 * call takes one. A 409 closes it and the panel reloads; other failures stay in it.
 */
export function WorkflowConfirmDialog({ title, message, confirmLabel, withComment, onConfirm, onClose, onDone, onConflict }: {
  title: string;
  message: string;
  confirmLabel: string;
  withComment: boolean;
  onConfirm: (comment: string) => Promise<Workflow | null>;
  onClose: () => void;
  onDone: (workflow: Workflow | null) => void;
  onConflict: (error: unknown) => void;
}) {
  const { t } = useTranslation('workflows');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (text: string) => onConfirm(text),
    onSuccess: onDone,
    onError: (failure) => {
      if (isConflict(failure)) return onConflict(failure);
      const fields = serverErrors(failure);
      setError(fields ? Object.values(fields).map((f) => (f && 'text' in f ? f.text : '')).join(' ') : failure.message);
    },
  });
  const submit = () => {
    setError(null);
    if (comment.length > COMMENT_MAX) return setError(t('form.tooLong'));
    send.mutate(comment);
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {withComment ? <Textarea label={t('dialog.comment')} autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} /> : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={send.isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
