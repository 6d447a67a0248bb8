import type { PresetMetaOptions, ProcessStatus, StepCode, WorkflowAction, WorkflowMeta, WorkflowPreset } from '@legal/api';
import { STEP_CODES, STEP_MEMBER_ROLES } from '@legal/api';

/**
 * The presets (docs/workflows.md). A preset is an ordered list of steps, each with the role and
 * permission that acts there and the actions it allows; the state machine (workflow.state.ts)
 * enforces them. Four are built in (seeded as published in workflow_presets); super admins publish
 * more from the same building blocks (workflow-presets.service.ts), so a preset type is a code.
 */
export type PresetType = string;
export type BuiltInPresetType = 'LEGAL_REVIEW' | 'APPROVAL' | 'LEGAL_REVIEW_AND_APPROVAL' | 'SIGNING';
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

/** The built-ins: their steps and which of them a workspace may switch off. */
export const BUILT_IN_PRESETS: ReadonlyArray<{ presetType: BuiltInPresetType; name: { ko: string; en: string }; steps: ReadonlyArray<{ stepCode: StepCode; isOptional: boolean }> }> = [
  {
    presetType: 'LEGAL_REVIEW',
    name: { ko: '법무 검토', en: 'Legal review' },
    steps: [{ stepCode: 'REQUEST', isOptional: false }, { stepCode: 'ASSIGNMENT', isOptional: true }, { stepCode: 'LEGAL_REVIEW', isOptional: false }, { stepCode: 'EXECUTION', isOptional: false }],
  },
  {
    presetType: 'APPROVAL',
    name: { ko: '결재', en: 'Approval' },
    steps: [{ stepCode: 'REQUEST', isOptional: false }, { stepCode: 'APPROVAL', isOptional: false }, { stepCode: 'SIGNING', isOptional: true }, { stepCode: 'EXECUTION', isOptional: false }],
  },
  {
    presetType: 'LEGAL_REVIEW_AND_APPROVAL',
    name: { ko: '법무 검토 후 결재', en: 'Legal review and approval' },
    steps: [
      { stepCode: 'REQUEST', isOptional: false }, { stepCode: 'ASSIGNMENT', isOptional: true }, { stepCode: 'LEGAL_REVIEW', isOptional: false },
      { stepCode: 'APPROVAL', isOptional: false }, { stepCode: 'SIGNING', isOptional: true }, { stepCode: 'EXECUTION', isOptional: false },
    ],
  },
  { presetType: 'SIGNING', name: { ko: '서명', en: 'Signing' }, steps: [{ stepCode: 'REQUEST', isOptional: false }, { stepCode: 'SIGNING', isOptional: false }, { stepCode: 'EXECUTION', isOptional: false }] },
];

const BUILT_IN = new Map(BUILT_IN_PRESETS.map((p) => [p.presetType as string, p]));
export const PRESET_TYPES: BuiltInPresetType[] = BUILT_IN_PRESETS.map((p) => p.presetType);

/** One of the four built-ins. */
export function isPresetType(value: string): value is BuiltInPresetType {
  return BUILT_IN.has(value);
}

/** The steps of a built-in preset (tests and the engine's defaults). */
export function stepsOf(presetType: PresetType): readonly StepCode[] {
  const preset = BUILT_IN.get(presetType);
  if (!preset) throw new Error(`not a built-in preset: ${presetType}`);
  return preset.steps.map((s) => s.stepCode);
}

export function stepGroupOf(stepCode: StepCode): StepGroup {
  return STEP_DEFS[stepCode].group;
}

export function actionsAt(stepCode: StepCode): readonly WorkflowAction[] {
  return STEP_DEFS[stepCode].actions;
}

/** A preset on the wire from its steps (those a workspace switched off left out by the caller). */
export function presetFrom(presetType: PresetType, name: { ko: string; en: string }, stepCodes: readonly StepCode[], defaultReviewDeadlineDays: number | null = null): WorkflowPreset {
  return {
    presetType,
    name,
    steps: stepCodes.map((code, i) => ({ ...STEP_DEFS[code], order: i + 1, actions: [...STEP_DEFS[code].actions] })),
    defaultReviewDeadlineDays,
  };
}

export function presetOf(presetType: BuiltInPresetType): WorkflowPreset {
  const preset = BUILT_IN.get(presetType)!;
  return presetFrom(presetType, preset.name, stepsOf(presetType));
}

export const ALL_PRESETS: WorkflowPreset[] = PRESET_TYPES.map(presetOf);

// Publishing: what the engine can run ------------------------------------------------------------

/** Steps that every preset has (never optional). */
const REQUIRED_STEPS: readonly StepCode[] = ['REQUEST', 'EXECUTION'];
/** Steps a preset may mark optional: ASSIGNMENT (the workspace's reviewers review directly), APPROVAL, SIGNING. */
const OPTIONAL_ALLOWED: readonly StepCode[] = ['ASSIGNMENT', 'APPROVAL', 'SIGNING'];

/**
 * Why a step list cannot be published (field errors under `field`), empty when the engine runs it:
 * REQUEST first, EXECUTION last, each step once in the engine's order (STEP_CODES), ASSIGNMENT
 * and LEGAL_REVIEW together, only ASSIGNMENT, APPROVAL and SIGNING optional.
 */
export function presetStepProblems(steps: ReadonlyArray<{ stepCode: StepCode; isOptional: boolean }>, field = 'body.steps'): Array<{ field: string; reason: string }> {
  const problems: Array<{ field: string; reason: string }> = [];
  const codes = steps.map((s) => s.stepCode);
  if (codes[0] !== 'REQUEST') problems.push({ field, reason: 'the first step is REQUEST' });
  if (codes[codes.length - 1] !== 'EXECUTION') problems.push({ field, reason: 'the last step is EXECUTION' });
  if (new Set(codes).size !== codes.length) problems.push({ field, reason: 'each step once' });
  const order = codes.map((c) => STEP_CODES.indexOf(c));
  if (order.some((o, i) => i > 0 && o <= order[i - 1]!)) problems.push({ field, reason: `steps go in the engine's order: ${STEP_CODES.join(', ')}` });
  if (codes.includes('ASSIGNMENT') !== codes.includes('LEGAL_REVIEW')) problems.push({ field, reason: 'ASSIGNMENT and LEGAL_REVIEW go together' });
  steps.forEach((s, i) => {
    if (s.isOptional && !OPTIONAL_ALLOWED.includes(s.stepCode)) problems.push({ field: `${field}.${i}.isOptional`, reason: `${s.stepCode} cannot be optional` });
  });
  return problems;
}

const ROLE_NAMES: Record<(typeof STEP_MEMBER_ROLES)[number], { ko: string; en: string }> = {
  REQUESTER: { ko: '요청자', en: 'Requester' },
  ASSIGNER: { ko: '배정자', en: 'Assigner' },
  REVIEWER: { ko: '검토자', en: 'Reviewer' },
  APPROVER: { ko: '결재자', en: 'Approver' },
  SIGNER: { ko: '서명 담당자', en: 'Signer' },
};

/** The building blocks of a preset (super-admin meta options). */
export function presetMetaOptions(): PresetMetaOptions {
  return {
    steps: STEP_CODES.map((code) => ({
      ...STEP_DEFS[code],
      actions: [...STEP_DEFS[code].actions],
      name: STEP_NAMES[code],
      canBeOptional: OPTIONAL_ALLOWED.includes(code),
      isRequired: REQUIRED_STEPS.includes(code),
    })),
    actions: (Object.keys(ACTION_NAMES) as WorkflowAction[]).map((code) => ({ code, name: ACTION_NAMES[code] })),
    actorRoles: STEP_MEMBER_ROLES.map((code) => ({ code, name: ROLE_NAMES[code] })),
  };
}

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
  CANCEL: { ko: '워크플로 취소', en: 'Cancel workflow' },
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

/** The meta labels; `presetTypes` are the workspace's (workflow-presets.service.ts), the built-ins by default. */
export function workflowMeta(presetTypes: WorkflowMeta['presetTypes'] = BUILT_IN_PRESETS.map((p) => ({ code: p.presetType, name: p.name }))): WorkflowMeta {
  const statuses = Object.entries(STATUS_INFO) as Array<[ProcessStatus, (typeof STATUS_INFO)[ProcessStatus]]>;
  return {
    presetTypes,
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
