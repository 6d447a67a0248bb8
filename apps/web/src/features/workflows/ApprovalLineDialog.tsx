import { type Workflow } from '@legal/api';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalLineBuilder, checkLines, filledLines, hasLineErrors, type LineErrors, lineErrorsFrom, lineIds, linesFromApproval, type PickedLines } from './ApprovalLineBuilder';
import { isConflict, postApprovalDraft, postApprovalLine } from './workflow-actions';
import './workflows-i18n';

const COMMENT_MAX = 5000;

/**
 * Sets the approval line of the workflow (approvals v3: lines in order, parallel approvers within
 * a line) or saves it as a draft (approvals/draft) that starts when the workflow reaches approval.
 * It opens with the saved draft, which "restore" brings back after edits. Each button shows only
 * when the workflow's abilities allow its call; a 409 closes it and the panel reloads.
 */
export function ApprovalLineDialog({ workflow, onClose, onDone, onDraftSaved, onConflict }: {
  workflow: Workflow;
  onClose: () => void;
  onDone: (workflow: Workflow) => void;
  onDraftSaved: () => void;
  onConflict: (error: unknown) => void;
}) {
  const { t } = useTranslation('workflows');
  const draft = workflow.approvalDraft;
  const [lines, setLines] = useState<PickedLines>(() => linesFromApproval(draft));
  const [comment, setComment] = useState(draft?.comment ?? '');
  const [errors, setErrors] = useState<LineErrors>({ lines: {} });
  const [message, setMessage] = useState<{ tone: 'error' | 'saved'; text: string } | null>(null);
  const { canSetApprovalLine, canSaveApprovalDraft } = workflow.abilities;

  const onFailure = (failure: Error, sent: PickedLines) => {
    if (isConflict(failure)) return onConflict(failure);
    const found = lineErrorsFrom(failure, 'lines', sent);
    if (hasLineErrors(found)) return setErrors(found);
    setMessage({ tone: 'error', text: failure.message });
  };
  const start = useMutation({
    mutationFn: (sent: PickedLines) => postApprovalLine(workflow, lineIds(sent), comment),
    onSuccess: onDone,
    onError: onFailure,
  });
  const save = useMutation({
    mutationFn: (sent: PickedLines) => postApprovalDraft(workflow, lineIds(sent), comment),
    onSuccess: () => {
      setMessage({ tone: 'saved', text: t('line.saved') });
      onDraftSaved();
    },
    onError: onFailure,
  });

  const submit = (how: 'start' | 'save') => {
    setMessage(null);
    // Empty lines are dropped first, so a 400's line index names the line on screen.
    const sent = filledLines(lines);
    const found = checkLines(sent, true, { required: t('line.required'), twice: (name) => t('line.twice', { name }) });
    if (comment.length > COMMENT_MAX) return setMessage({ tone: 'error', text: t('form.tooLong') });
    setLines(sent.length > 0 ? sent : [[]]);
    setErrors(found);
    if (hasLineErrors(found)) return;
    (how === 'start' ? start : save).mutate(sent);
  };

  const isBusy = start.isPending || save.isPending;
  return (
    <Modal opened onClose={onClose} title={t('line.dialogTitle')} size="lg">
      <Stack gap="md">
        {draft ? (
          <Alert color="blue" variant="light">
            <Group justify="space-between" gap="xs">
              <span>{t('line.draftLoaded')}</span>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => {
                  setLines(linesFromApproval(draft));
                  setComment(draft.comment ?? '');
                  setErrors({ lines: {} });
                }}
              >
                {t('line.restore')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <ApprovalLineBuilder lines={lines} onChange={setLines} errors={errors} />
        <Textarea label={t('dialog.comment')} autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
        {message ? (
          <Alert color={message.tone === 'saved' ? 'green' : 'red'} role={message.tone === 'saved' ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
          {canSaveApprovalDraft ? (
            <Button variant="light" onClick={() => submit('save')} loading={save.isPending} disabled={isBusy}>
              {t('line.saveDraft')}
            </Button>
          ) : null}
          {canSetApprovalLine ? (
            <Button onClick={() => submit('start')} loading={start.isPending} disabled={isBusy}>
              {t('line.start')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
