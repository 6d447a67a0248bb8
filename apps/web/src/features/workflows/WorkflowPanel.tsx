import { type Approval, type ContractDetail, type StepCode, type Workflow, type WorkflowAction, type WorkflowStep } from '@legal/api';
import { Alert, Badge, Button, Group, Stack, Tabs, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { SectionCard } from '../../components/SectionCard';
import { SendForSignatureButton } from '../esign/SendForSignatureButton';
import { useFormatDateTime, useLocaleFormat } from '../../lib/i18n';
import { RequestReviewDialog } from './RequestReviewDialog';
import { WorkflowActionDialog } from './WorkflowActionDialog';
import { WorkflowComments } from './WorkflowComments';
import { WorkflowEvents } from './WorkflowEvents';
import { WorkflowManage } from './WorkflowManage';
import { ACTION_ORDER, conflictMessage } from './workflow-actions';
import { statusColor, useWorkflowLabels } from './workflow-labels';
import { useCurrentWorkflow, useWorkflowRefresh } from './workflow-queries';
import './workflows-i18n';

const STEP_COLOR: Record<WorkflowStep['status'], string> = { DONE: 'green', ACTIVE: 'blue', WAITING: 'gray', SKIPPED: 'gray' };

/** The steps in order: done, active, waiting or skipped, with who acts and when it started and ended. */
function StepsTimeline({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const formatDateTime = useFormatDateTime();
  const steps = [...workflow.steps].sort((a, b) => a.order - b.order);
  const active = steps.reduce((last, step, index) => (step.status === 'DONE' || step.status === 'SKIPPED' || step.status === 'ACTIVE' ? index : last), -1);
  return (
    <Timeline active={active} bulletSize={18} lineWidth={2} aria-label={t('panel.steps')}>
      {steps.map((step) => (
        <Timeline.Item
          key={step.stepCode}
          color={STEP_COLOR[step.status]}
          title={
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {labels.step(step.stepCode)}
              </Text>
              <Badge size="xs" variant="light" color={STEP_COLOR[step.status]} data-testid={`step-status-${step.stepCode}`}>
                {t(`stepStatus.${step.status}`)}
              </Badge>
            </Group>
          }
        >
          {step.members.length > 0 ? (
            <Text size="xs">
              {step.members.map((m) => `${m.displayName ?? t('people.unknown', { id: m.userId })} (${labels.role(m.role)})`).join(', ')}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {step.completedAt
              ? t('panel.completedAt', { at: formatDateTime(step.completedAt) })
              : step.startedAt
                ? t('panel.startedAt', { at: formatDateTime(step.startedAt) })
                : t('panel.notStarted')}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The approval line (or the draft saved ahead): who decides in which order (a line's approvers in parallel), and what each decided. */
function ApprovalLine({ approval, title }: { approval: Approval | null; title: string }) {
  const { t } = useTranslation('workflows');
  const formatDateTime = useFormatDateTime();
  if (!approval) return null;
  const approvers = [...approval.approvers].sort((a, b) => a.lineOrder - b.lineOrder);
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {approvers.map((a) => (
        <Group key={`${a.lineOrder}-${a.userId}`} gap="xs">
          <Text size="sm">
            {a.lineOrder}. {a.displayName ?? t('people.unknown', { id: a.userId })}
          </Text>
          <Badge size="xs" variant="light" color={a.decision === 'APPROVED' ? 'green' : a.decision === 'REJECTED' ? 'red' : 'gray'}>
            {t(`decision.${a.decision}`)}
          </Badge>
          {a.decidedAt ? (
            <Text size="xs" c="dimmed">
              {formatDateTime(a.decidedAt)}
            </Text>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}

function WorkflowSummary({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const format = useLocaleFormat();
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color={statusColor(workflow.processStatus)} data-testid="process-status" data-status={workflow.processStatus}>
          {labels.status(workflow.processStatus)}
        </Badge>
        <Badge variant="outline" data-testid="round" data-round={workflow.round}>
          {t('panel.round', { round: workflow.round })}
        </Badge>
        {workflow.currentStepCode ? (
          <Text size="sm" c="dimmed">
            {t('panel.currentStep', { step: labels.step(workflow.currentStepCode) })}
          </Text>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t('panel.requestedBy', { name: workflow.requester.displayName ?? t('people.unknown', { id: workflow.requester.userId }) })}
        {workflow.desiredReviewDeadline ? ` · ${t('panel.deadline', { date: format.isoDate(workflow.desiredReviewDeadline) })}` : ''}
      </Text>
      {workflow.message ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {workflow.message}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The buttons of the caller's allowed actions (the server decides them), in a fixed order. */
function ActionButtons({ workflow, onPick }: { workflow: Workflow; onPick: (action: WorkflowAction, stepCode: StepCode) => void }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const allowed = [...workflow.allowedActions].sort((a, b) => ACTION_ORDER.indexOf(a.actionId) - ACTION_ORDER.indexOf(b.actionId));
  if (allowed.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('panel.actions')}>
      {allowed.map((a) => (
        <Button
          key={`${a.stepCode}-${a.actionId}`}
          size="xs"
          variant={a.actionId === 'CANCEL' || a.actionId === 'REJECT' || a.actionId === 'RECALL' ? 'light' : 'filled'}
          color={a.actionId === 'CANCEL' || a.actionId === 'REJECT' ? 'red' : undefined}
          onClick={() => onPick(a.actionId, a.stepCode)}
          data-action={a.actionId}
        >
          {labels.action(a.actionId)}
        </Button>
      ))}
    </Group>
  );
}

const canStartAgain = (workflow: Workflow | null) => workflow === null || workflow.processStatus === 'CANCELED';

/**
 * The workflow on the contract page: its status, round and steps, the approval line, the
 * caller's action buttons, the comment thread and the event list. With no running workflow, the
 * contract's editors may request a review.
 */
export function WorkflowPanel({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('workflows');
  const current = useCurrentWorkflow(contract.id);
  const refresh = useWorkflowRefresh(contract.id);
  const [isRequesting, setIsRequesting] = useState(false);
  const [picked, setPicked] = useState<{ action: WorkflowAction; stepCode: StepCode } | null>(null);
  // After a 409: null text for "someone acted meanwhile", else the server's reason.
  const [notice, setNotice] = useState<{ text: string | null } | null>(null);
  const onConflict = (error?: unknown) => {
    setNotice({ text: error === undefined ? null : conflictMessage(error) });
    refresh();
  };
  const onDone = (next?: Workflow) => {
    setNotice(null);
    refresh(next);
  };
  const canRequest = contract.abilities.canUpdate && (contract.status === 'DRAFT' || contract.status === 'IN_REVIEW');

  let body;
  if (current.isPending) body = <LoadingState />;
  else if (current.isError) body = <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  else {
    const workflow = current.data;
    body = (
      <Stack gap="md">
        {notice ? (
          <Alert color="orange" role="alert" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={t('actions.close')}>
            {notice.text ?? t('panel.conflict')}
          </Alert>
        ) : null}
        {workflow === null ? (
          <EmptyState title={t('panel.emptyTitle')} description={t('panel.emptyDescription')} />
        ) : (
          <>
            <WorkflowSummary workflow={workflow} />
            <Group gap="xs">
              <ActionButtons workflow={workflow} onPick={(action, stepCode) => setPicked({ action, stepCode })} />
              <SendForSignatureButton contract={contract} workflow={workflow} />
            </Group>
            <WorkflowManage workflow={workflow} onDone={onDone} onConflict={onConflict} />
            <StepsTimeline workflow={workflow} />
            <ApprovalLine approval={workflow.approval} title={t('panel.approvalLine')} />
            <ApprovalLine approval={workflow.approvalDraft} title={t('panel.approvalDraft')} />
          </>
        )}
        {canStartAgain(workflow) && canRequest ? (
          <Group>
            <Button onClick={() => setIsRequesting(true)}>{t('request.open')}</Button>
          </Group>
        ) : null}
        {workflow !== null ? (
          <Tabs defaultValue="comments" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="comments">{t('comments.title')}</Tabs.Tab>
              <Tabs.Tab value="events">{t('events.title')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="comments" pt="sm">
              <WorkflowComments contractId={contract.id} canComment={workflow.completedAt === null} />
            </Tabs.Panel>
            <Tabs.Panel value="events" pt="sm">
              <WorkflowEvents contractId={contract.id} />
            </Tabs.Panel>
          </Tabs>
        ) : null}
        {picked && workflow ? (
          <WorkflowActionDialog
            workflow={workflow}
            action={picked.action}
            stepCode={picked.stepCode}
            onClose={() => setPicked(null)}
            onDone={(next) => {
              setPicked(null);
              onDone(next);
            }}
            onConflict={(error) => {
              setPicked(null);
              onConflict(error);
            }}
          />
        ) : null}
      </Stack>
    );
  }
  return (
    <SectionCard order={2} title={t('panel.title')}>
      {body}
      {isRequesting ? <RequestReviewDialog contractId={contract.id} opened onClose={() => setIsRequesting(false)} /> : null}
    </SectionCard>
  );
}
