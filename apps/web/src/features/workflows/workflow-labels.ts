import { type ProcessStatus, type StepCode, type WorkflowAction } from '@legal/api';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n';
import { useWorkflowMeta } from './workflow-queries';
import './workflows-i18n';

type Kind = 'step' | 'action' | 'status' | 'role' | 'preset';

/**
 * The words of the server's vocabulary: the meta call's ko/en labels once loaded (the server owns
 * steps, actions and statuses), the catalogue's own words until then or when it fails.
 */
export function useWorkflowLabels() {
  const { t } = useTranslation('workflows');
  const meta = useWorkflowMeta();
  const { locale } = useLocaleFormat();
  const fromMeta = (kind: Kind, code: string): string | undefined => {
    const data = meta.data;
    if (!data) return undefined;
    const list = kind === 'step' ? data.stepInfos : kind === 'action' ? data.actions : kind === 'status' ? data.processStatuses : kind === 'preset' ? data.presetTypes : [];
    return list.find((item) => item.code === code)?.name[locale];
  };
  const label = (kind: Kind, code: string): string => fromMeta(kind, code) ?? t(`vocab.${kind}.${code}`, { defaultValue: code });
  return {
    step: (code: StepCode) => label('step', code),
    action: (code: WorkflowAction) => label('action', code),
    status: (code: ProcessStatus) => label('status', code),
    role: (code: string) => label('role', code),
    preset: (code: string) => label('preset', code),
  };
}

/** The colour of a process status badge. */
export function statusColor(status: ProcessStatus): string {
  switch (status) {
    case 'EXECUTED':
    case 'REVIEW_COMPLETED':
      return 'green';
    case 'RETURNED':
    case 'REJECTED':
      return 'orange';
    case 'RECALLED':
    case 'CANCELED':
      return 'gray';
    case 'IN_APPROVAL':
    case 'IN_SIGNING':
      return 'violet';
    default:
      return 'blue';
  }
}
