import { type Workflow } from '@legal/api';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalLineDialog } from './ApprovalLineDialog';
import { PresetTransitionDialog } from './PresetTransitionDialog';
import { StepMembersDialog } from './StepMembersDialog';
import { WorkflowConfirmDialog } from './WorkflowConfirmDialog';
import { cancelStep, withdrawWorkflow } from './workflow-actions';
import './workflows-i18n';

type Manage = 'preset' | 'members' | 'line' | 'cancelApproval' | 'cancelSigning' | 'withdraw';

/** The manage buttons the caller's abilities allow, in this order. */
export function manageButtons(workflow: Workflow): Manage[] {
  const a = workflow.abilities;
  const shown: Array<[Manage, boolean]> = [
    ['line', a.canSetApprovalLine || a.canSaveApprovalDraft],
    ['members', a.memberSteps.length > 0],
    ['preset', a.presetTargets.length > 0],
    ['cancelApproval', a.canCancelApproval],
    ['cancelSigning', a.canCancelSigning],
    ['withdraw', a.canWithdraw],
  ];
  return shown.filter(([, isShown]) => isShown).map(([key]) => key);
}

/**
 * Managing the workflow beside its step actions: the approval line (parallel approvers, drafts),
 * who acts at a step, another preset, canceling the approval line or the signing, withdrawing the
 * request. Each button shows only when the server's `abilities` allow its call now.
 * `onDone(next)` after a change (null: the workflow was withdrawn), `onConflict` after a 409.
 */
export function WorkflowManage({ workflow, onDone, onConflict }: { workflow: Workflow; onDone: (workflow?: Workflow) => void; onConflict: (error: unknown) => void }) {
  const { t } = useTranslation('workflows');
  const [open, setOpen] = useState<Manage | null>(null);
  const buttons = manageButtons(workflow);
  if (buttons.length === 0) return null;
  const close = () => setOpen(null);
  const done = (next?: Workflow | null) => {
    setOpen(null);
    onDone(next ?? undefined);
  };
  const conflict = (error: unknown) => {
    setOpen(null);
    onConflict(error);
  };
  const dialogProps = { workflow, onClose: close, onDone: done, onConflict: conflict };
  return (
    <>
      <Group gap="xs" role="group" aria-label={t('manage.title')}>
        {buttons.map((key) => (
          <Button key={key} size="xs" variant={key === 'line' ? 'light' : 'default'} color={key.startsWith('cancel') || key === 'withdraw' ? 'red' : undefined} onClick={() => setOpen(key)} data-manage={key}>
            {t(`manage.${key}`)}
          </Button>
        ))}
      </Group>
      {open === 'line' ? <ApprovalLineDialog {...dialogProps} onDraftSaved={() => onDone()} /> : null}
      {open === 'members' ? <StepMembersDialog {...dialogProps} /> : null}
      {open === 'preset' ? <PresetTransitionDialog {...dialogProps} /> : null}
      {open === 'cancelApproval' || open === 'cancelSigning' ? (
        <WorkflowConfirmDialog
          title={t(`manage.${open}`)}
          message={t(`manage.${open}Confirm`)}
          confirmLabel={t(`manage.${open}`)}
          withComment
          onConfirm={(comment) => cancelStep(workflow, open === 'cancelApproval' ? 'APPROVAL' : 'SIGNING', comment)}
          onClose={close}
          onDone={done}
          onConflict={conflict}
        />
      ) : null}
      {open === 'withdraw' ? (
        <WorkflowConfirmDialog
          title={t('manage.withdraw')}
          message={t('manage.withdrawConfirm')}
          confirmLabel={t('manage.withdraw')}
          withComment={false}
          onConfirm={() => withdrawWorkflow(workflow)}
          onClose={close}
          onDone={done}
          onConflict={conflict}
        />
      ) : null}
    </>
  );
}
