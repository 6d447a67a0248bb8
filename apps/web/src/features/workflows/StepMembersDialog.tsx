import { type StepCode, type Workflow } from '@legal/api';
import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter';
import { bodyFieldErrors } from '../../lib/forms/form-errors';
import { type PickedUser, UserPicker } from './UserPicker';
import { isConflict, putStepMembers } from './workflow-actions';
import { useWorkflowLabels } from './workflow-labels';
import { type UserPermissionFilter } from './workflow-queries';
import './workflows-i18n';

/** The steps whose members are set (steps/members; the server lists which in `abilities.memberSteps`). */
type MemberStep = 'ASSIGNMENT' | 'LEGAL_REVIEW' | 'APPROVAL';

/** The permission a step's members need (the server's rule; the picker offers only holders). */
export const MEMBER_PERMISSION: Record<MemberStep, NonNullable<UserPermissionFilter>> = {
  ASSIGNMENT: 'legal.review.assign',
  LEGAL_REVIEW: 'legal.review.review',
  APPROVAL: 'approval.approval.approve',
};

const byLine = <T extends { lineOrder: number }>(list: readonly T[]) => [...list].sort((a, b) => a.lineOrder - b.lineOrder);

/** Who acts at the step now: the assigners, the reviewers, or the approvers not yet decided (of the running line, else the draft). */
export function membersOf(workflow: Workflow, stepCode: StepCode): PickedUser[] {
  const role = stepCode === 'ASSIGNMENT' ? 'ASSIGNER' : 'REVIEWER';
  if (stepCode !== 'APPROVAL') return (workflow.steps.find((s) => s.stepCode === stepCode)?.members ?? []).filter((m) => m.role === role).map(({ userId, displayName }) => ({ userId, displayName }));
  const line = workflow.approval?.status === 'IN_PROGRESS' ? workflow.approval : workflow.approvalDraft;
  return byLine(line?.approvers ?? []).filter((a) => a.decision === 'PENDING').map(({ userId, displayName }) => ({ userId, displayName }));
}

/** Approvers of the running line who decided already: they stay as they are. */
const decidedOf = (workflow: Workflow) => (workflow.approval?.status === 'IN_PROGRESS' ? byLine(workflow.approval.approvers).filter((a) => a.decision !== 'PENDING') : []);

/**
 * Sets who acts at a step that has not finished (steps/members): assigners, reviewers (with
 * legal.review.assign) or the approvers not yet decided (the requester or the owner). The steps
 * offered are the server's (`abilities.memberSteps`); a 400 about a user is shown next to them.
 */
export function StepMembersDialog({ workflow, onClose, onDone, onConflict }: {
  workflow: Workflow;
  onClose: () => void;
  onDone: (workflow: Workflow) => void;
  onConflict: (error: unknown) => void;
}) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const steps = workflow.abilities.memberSteps;
  const first = steps.includes(workflow.currentStepCode as StepCode) ? (workflow.currentStepCode as StepCode) : steps[0]!;
  const [stepCode, setStepCode] = useState<StepCode>(first);
  const [picked, setPicked] = useState<Partial<Record<StepCode, PickedUser[]>>>({});
  const [userErrors, setUserErrors] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const value = picked[stepCode] ?? membersOf(workflow, stepCode);
  const decided = stepCode === 'APPROVAL' ? decidedOf(workflow) : [];

  const send = useMutation({
    mutationFn: (users: PickedUser[]) => putStepMembers(workflow, stepCode, users.map((u) => u.userId)),
    onSuccess: onDone,
    onError: (refusal, users) => {
      if (isConflict(refusal)) return onConflict(refusal);
      const fields = bodyFieldErrors(refusal);
      if (!fields) return setFailure(refusal.message);
      // userIds.<i>: that user, named beside the reason; anything else as it came.
      setUserErrors(fields.map(({ path, reason }) => {
        const [field, index] = path.split('.');
        const user = field === 'userIds' && index !== undefined ? users[Number(index)] : undefined;
        return user ? `${user.displayName ?? t('people.unknown', { id: user.userId })}: ${reason}` : reason;
      }));
    },
  });

  const submit = () => {
    setError(null);
    setFailure(null);
    setUserErrors([]);
    if (value.length === 0) return setError(t('members.required'));
    send.mutate(value);
  };

  return (
    <Modal opened onClose={onClose} title={t('members.title')} size="lg">
      <Stack gap="md">
        {steps.length > 1 ? (
          <SegmentedControl
            aria-label={t('members.step')}
            value={stepCode}
            onChange={(next) => {
              setStepCode(next as StepCode);
              setError(null);
              setUserErrors([]);
            }}
            data={steps.map((code) => ({ value: code, label: labels.step(code) }))}
          />
        ) : null}
        {decided.length > 0 ? (
          <Text size="xs" c="dimmed">
            {t('members.decided', { names: decided.map((a) => a.displayName ?? t('people.unknown', { id: a.userId })).join(', ') })}
          </Text>
        ) : null}
        <UserPicker
          key={stepCode}
          label={t(`members.label.${stepCode as MemberStep}`)}
          description={stepCode === 'APPROVAL' ? t('members.approvalHint') : undefined}
          permission={MEMBER_PERMISSION[stepCode as MemberStep]}
          value={value}
          onChange={(next) => setPicked((all) => ({ ...all, [stepCode]: next }))}
          error={error ?? undefined}
          maxValues={50}
        />
        {userErrors.length > 0 ? (
          <Stack gap={2} role="alert">
            {userErrors.map((text) => (
              <Text key={text} size="sm" c="red">
                {text}
              </Text>
            ))}
          </Stack>
        ) : null}
        <FormFooter failure={failure} onCancel={onClose} cancelLabel={t('actions.cancel')} submitLabel={t('members.submit')} isPending={send.isPending} onSubmit={submit} />
      </Stack>
    </Modal>
  );
}
