import type { ProcessStatus, StepCode, WorkflowAction, WorkflowMeta, WorkflowPreset } from '@legal/api';

/**
 * The built-in presets (docs/workflows.md). A preset is an ordered list of steps, each with the
 * role and permission that acts there and the actions it allows; the state machine
 * (workflow.state.ts) enforces them.
 */
export type PresetType = Exclude<WorkflowPreset['presetType'], 'NONE'>;
export type StepGroup = WorkflowPreset['steps'][number]['group'];

export const PERMISSIONS = {
  assign: 'legal.review.assign',
  review: 'legal.review.review',
  approve: 'approval.approval.approve',
  skipApproval: 'legal.review.approve',
  contractAdmin: 'contract.contract.admin',
} as const;

const STEP_DEFS: Record<StepCode, Omit<WorkflowPreset['steps'][number], 'order'>> = {
  REQUEST: { stepCode: 'REQUEST', group: 'REQUEST', actorRule: { role: 'REQUESTER', permission: null }, actions: ['SUBMIT', 'CANCEL'] },
  ASSIGNMENT: { stepCode: 'ASSIGNMENT', group: 'REVIEW', actorRule: { role: 'ASSIGNER', permission: PERMISSIONS.assign }, actions: ['ASSIGN', 'RETURN', 'CANCEL'] },
  LEGAL_REVIEW: { stepCode: 'LEGAL_REVIEW', group: 'REVIEW', actorRule: { role: 'REVIEWER', permission: PERMISSIONS.review }, actions: ['COMPLETE_REVIEW', 'RETURN', 'REASSIGN', 'CANCEL'] },
  APPROVAL: { stepCode: 'APPROVAL', group: 'APPROVAL', actorRule: { role: 'APPROVER', permission: PERMISSIONS.approve }, actions: ['APPROVE', 'REJECT', 'RECALL', 'SKIP_APPROVAL', 'CANCEL'] },
  SIGNING: { stepCode: 'SIGNING', group: 'SIGNING', actorRule: { role: 'SIGNER', permission: null }, actions: ['COMPLETE_SIGNING', 'SKIP_SIGNING', 'CANCEL'] },
  EXECUTION: { stepCode: 'EXECUTION', group: 'SIGNING', actorRule: { role: 'REQUESTER', permission: null }, actions: ['COMPLETE_SIGNING', 'CANCEL'] },
};

const STEPS_OF: Record<PresetType, readonly StepCode[]> = {
  LEGAL_REVIEW: ['REQUEST', 'ASSIGNMENT', 'LEGAL_REVIEW', 'EXECUTION'],
  APPROVAL: ['REQUEST', 'APPROVAL', 'SIGNING', 'EXECUTION'],
  LEGAL_REVIEW_AND_APPROVAL: ['REQUEST', 'ASSIGNMENT', 'LEGAL_REVIEW', 'APPROVAL', 'SIGNING', 'EXECUTION'],
  SIGNING: ['REQUEST', 'SIGNING', 'EXECUTION'],
};

const NAMES: Record<PresetType, { ko: string; en: string }> = {
  LEGAL_REVIEW: { ko: '법무 검토', en: 'Legal review' },
  APPROVAL: { ko: '결재', en: 'Approval' },
  LEGAL_REVIEW_AND_APPROVAL: { ko: '법무 검토 후 결재', en: 'Legal review and approval' },
  SIGNING: { ko: '서명', en: 'Signing' },
};

export const PRESET_TYPES = Object.keys(STEPS_OF) as PresetType[];

export function isPresetType(value: string): value is PresetType {
  return value in STEPS_OF;
}

export function stepsOf(presetType: PresetType): readonly StepCode[] {
  return STEPS_OF[presetType];
}

export function stepGroupOf(stepCode: StepCode): StepGroup {
  return STEP_DEFS[stepCode].group;
}

export function actionsAt(stepCode: StepCode): readonly WorkflowAction[] {
  return STEP_DEFS[stepCode].actions;
}

export function presetOf(presetType: PresetType): WorkflowPreset {
  return {
    presetType,
    name: NAMES[presetType],
    steps: STEPS_OF[presetType].map((code, i) => ({ ...STEP_DEFS[code], order: i + 1, actions: [...STEP_DEFS[code].actions] })),
  };
}

export const ALL_PRESETS: WorkflowPreset[] = PRESET_TYPES.map(presetOf);

// Meta (labels) ---------------------------------------------------------------------------------

const STEP_NAMES: Record<StepCode, { ko: string; en: string }> = {
  REQUEST: { ko: '요청', en: 'Request' },
  ASSIGNMENT: { ko: '배정', en: 'Assignment' },
  LEGAL_REVIEW: { ko: '법무 검토', en: 'Legal review' },
  APPROVAL: { ko: '결재', en: 'Approval' },
  SIGNING: { ko: '서명', en: 'Signing' },
  EXECUTION: { ko: '체결', en: 'Execution' },
};

export const ACTION_NAMES: Record<WorkflowAction, { ko: string; en: string }> = {
  SUBMIT: { ko: '제출', en: 'Submit' },
  ASSIGN: { ko: '배정', en: 'Assign' },
  REASSIGN: { ko: '재배정', en: 'Reassign' },
  COMPLETE_REVIEW: { ko: '검토 완료', en: 'Complete review' },
  RETURN: { ko: '반려(보완 요청)', en: 'Return for revision' },
  APPROVE: { ko: '승인', en: 'Approve' },
  REJECT: { ko: '거절', en: 'Reject' },
  RECALL: { ko: '회수', en: 'Recall' },
  CANCEL: { ko: '취소', en: 'Cancel' },
  SKIP_APPROVAL: { ko: '결재 생략', en: 'Skip approval' },
  SKIP_SIGNING: { ko: '서명 생략', en: 'Skip signing' },
  COMPLETE_SIGNING: { ko: '체결본 등록', en: 'Upload the executed copy' },
};

type StatusGroup = WorkflowMeta['processStatuses'][number]['group'];
const STATUS_INFO: Record<ProcessStatus, { name: { ko: string; en: string }; group: StatusGroup }> = {
  REQUESTED: { name: { ko: '검토 요청됨', en: 'Requested' }, group: 'WAITING_ON_LEGAL' },
  IN_REVIEW: { name: { ko: '검토 중', en: 'In review' }, group: 'WAITING_ON_LEGAL' },
  RETURNED: { name: { ko: '보완 요청', en: 'Returned' }, group: 'WAITING_ON_REQUESTER' },
  REVIEW_COMPLETED: { name: { ko: '검토 완료', en: 'Review completed' }, group: 'WAITING_ON_REQUESTER' },
  IN_APPROVAL: { name: { ko: '결재 중', en: 'In approval' }, group: 'WAITING_ON_APPROVAL' },
  REJECTED: { name: { ko: '결재 거절', en: 'Rejected' }, group: 'WAITING_ON_REQUESTER' },
  RECALLED: { name: { ko: '회수됨', en: 'Recalled' }, group: 'WAITING_ON_REQUESTER' },
  IN_SIGNING: { name: { ko: '서명 중', en: 'In signing' }, group: 'WAITING_ON_SIGNING' },
  EXECUTED: { name: { ko: '체결 완료', en: 'Executed' }, group: 'DONE' },
  CANCELED: { name: { ko: '취소됨', en: 'Canceled' }, group: 'STOPPED' },
};
const GROUP_NAMES: Record<StatusGroup, { ko: string; en: string }> = {
  WAITING_ON_LEGAL: { ko: '법무 대기', en: 'Waiting on legal' },
  WAITING_ON_REQUESTER: { ko: '요청자 대기', en: 'Waiting on the requester' },
  WAITING_ON_APPROVAL: { ko: '결재 대기', en: 'Waiting on approval' },
  WAITING_ON_SIGNING: { ko: '서명 대기', en: 'Waiting on signing' },
  DONE: { ko: '완료', en: 'Done' },
  STOPPED: { ko: '중단', en: 'Stopped' },
};

export function workflowMeta(): WorkflowMeta {
  const statuses = Object.entries(STATUS_INFO) as Array<[ProcessStatus, (typeof STATUS_INFO)[ProcessStatus]]>;
  return {
    presetTypes: PRESET_TYPES.map((code) => ({ code, name: NAMES[code] })),
    stepInfos: (Object.keys(STEP_DEFS) as StepCode[]).map((code) => ({ code, name: STEP_NAMES[code], group: STEP_DEFS[code].group })),
    actions: (Object.keys(ACTION_NAMES) as WorkflowAction[]).map((code) => ({ code, name: ACTION_NAMES[code] })),
    processStatuses: statuses.map(([code, info]) => ({ code, name: info.name, group: info.group })),
    groupedStatusInfos: (Object.keys(GROUP_NAMES) as StatusGroup[]).map((group) => ({
      group,
      name: GROUP_NAMES[group],
      statuses: statuses.filter(([, info]) => info.group === group).map(([code]) => code),
    })),
  };
}

export function processStatusName(status: ProcessStatus, locale: 'ko' | 'en'): string {
  return STATUS_INFO[status].name[locale];
}
export function stepName(step: StepCode, locale: 'ko' | 'en'): string {
  return STEP_NAMES[step][locale];
}
/** A preset's name; NONE (a contract drafted without a workflow) has none to show. */
export function presetName(presetType: PresetType | 'NONE', locale: 'ko' | 'en'): string | null {
  return presetType === 'NONE' ? null : NAMES[presetType][locale];
}
