import { type StepCode, type WorkflowAction } from '@legal/api';
import { Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { WorkflowActionDialog } from './WorkflowActionDialog';
import { fetchCurrentWorkflow, useWorkflowRefresh, useWorkflowsKey } from './workflow-queries';
import './workflows-i18n';

/**
 * An action taken from a list (assign from the board, approve from the inbox): reads the
 * contract's current workflow for its revision, then opens the action's dialog.
 */
export function ContractActionDialog({ contractId, action, stepCode, onClose, onConflict }: {
  contractId: number;
  action: WorkflowAction;
  stepCode: StepCode;
  onClose: () => void;
  onConflict: () => void;
}) {
  const { t } = useTranslation('workflows');
  const base = useWorkflowsKey();
  const refresh = useWorkflowRefresh(contractId);
  const workflow = useQuery({
    queryKey: [...base, 'contract', contractId, 'current', 'for-action'],
    queryFn: () => fetchCurrentWorkflow(contractId),
    gcTime: 0,
    staleTime: 0,
  });
  if (workflow.isPending || workflow.isError) {
    return (
      <Modal opened onClose={onClose} title={t('dialog.loading')}>
        {workflow.isPending ? <LoadingState /> : <ErrorState error={workflow.error} onRetry={() => void workflow.refetch()} />}
      </Modal>
    );
  }
  return (
    <WorkflowActionDialog
      workflow={workflow.data}
      action={action}
      stepCode={stepCode}
      onClose={onClose}
      onDone={(next) => {
        refresh(next);
        onClose();
      }}
      onConflict={() => {
        refresh();
        onConflict();
        onClose();
      }}
    />
  );
}
