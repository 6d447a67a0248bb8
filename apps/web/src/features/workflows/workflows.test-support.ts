import { type Approval, type TodoItem, type Workflow, type WorkflowAbilities, type WorkflowProcessSummary, getConhubContractV3, getContractPermissions } from '@legal/api';
import { type FakeApi, ok } from '../../test/fake-api';
import { detailOf, permissionsOf, signInAs, WRITER } from '../contracts/contracts.test-support';

/** For the workflow screens' tests (not a test file itself): fixtures and a signed-in member of hanbit. */

export const MEMBER = { userId: 41, displayName: '김민준' };
export const ASSIGNER = { userId: 42, displayName: '이서연' };
export const REVIEWER = { userId: 43, displayName: '박지훈' };
export const APPROVER = { userId: 44, displayName: '최유나' };

/** Abilities of a caller who may manage nothing (each test grants what it shows). */
export const NO_ABILITIES: WorkflowAbilities = {
  canWithdraw: false, canSetApprovalLine: false, canSaveApprovalDraft: false, canCancelApproval: false, canCancelSigning: false, memberSteps: [], presetTargets: [],
};

export function workflowOf(over: Partial<Workflow> = {}): Workflow {
  return {
    workflowId: 900,
    contractId: 7,
    presetType: 'LEGAL_REVIEW_AND_APPROVAL',
    processStatus: 'IN_REVIEW',
    currentStepCode: 'LEGAL_REVIEW',
    round: 1,
    revision: 4,
    requester: MEMBER,
    message: '자동 갱신 조항을 봐 주세요.',
    desiredReviewDeadline: '2026-12-10',
    steps: [
      { stepCode: 'REQUEST', order: 1, group: 'REQUEST', status: 'DONE', members: [{ ...MEMBER, role: 'REQUESTER' }], startedAt: '2026-11-20T01:00:00.000Z', completedAt: '2026-11-20T01:00:00.000Z' },
      { stepCode: 'ASSIGNMENT', order: 2, group: 'REVIEW', status: 'DONE', members: [{ ...ASSIGNER, role: 'ASSIGNER' }], startedAt: '2026-11-20T01:00:00.000Z', completedAt: '2026-11-21T01:00:00.000Z' },
      { stepCode: 'LEGAL_REVIEW', order: 3, group: 'REVIEW', status: 'ACTIVE', members: [{ ...REVIEWER, role: 'REVIEWER' }], startedAt: '2026-11-21T01:00:00.000Z', completedAt: null },
      { stepCode: 'APPROVAL', order: 4, group: 'APPROVAL', status: 'WAITING', members: [], startedAt: null, completedAt: null },
      { stepCode: 'SIGNING', order: 5, group: 'SIGNING', status: 'WAITING', members: [], startedAt: null, completedAt: null },
    ],
    approval: null,
    allowedActions: [
      { stepCode: 'LEGAL_REVIEW', actionId: 'RETURN' },
      { stepCode: 'LEGAL_REVIEW', actionId: 'COMPLETE_REVIEW' },
    ],
    abilities: NO_ABILITIES,
    approvalDraft: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-21T01:00:00.000Z',
    completedAt: null,
    ...over,
  };
}

export function summaryOf(workflowId: number, over: Partial<WorkflowProcessSummary> = {}): WorkflowProcessSummary {
  return {
    workflowId, contractId: workflowId - 893, contractTitle: `용역계약 ${workflowId}`, contractType: 'SERVICE', language: 'ko', presetType: 'LEGAL_REVIEW',
    processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', round: 1, requester: MEMBER, owner: MEMBER, assignees: [], desiredReviewDeadline: null,
    createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z', ...over,
  };
}

export function todoOf(contractId: number, over: Partial<TodoItem> = {}): TodoItem {
  return {
    contractId, contractTitle: `계약 ${contractId}`, contractType: 'SERVICE', workflowId: 800 + contractId, stepCode: 'LEGAL_REVIEW', processStatus: 'IN_REVIEW',
    myRole: 'REVIEWER', requester: MEMBER, waitingSince: '2026-11-21T01:00:00.000Z', desiredReviewDeadline: null, overdue: false, ...over,
  };
}

export function approvalOf(approvalId: number, over: Partial<Approval> = {}): Approval {
  return {
    approvalId, workflowId: 900, contractId: 7, contractTitle: '용역계약 7', status: 'IN_PROGRESS', round: 1,
    approvers: [
      { ...APPROVER, lineOrder: 1, decision: 'PENDING', decidedAt: null, comment: null, documentRevision: null },
    ],
    requestedBy: MEMBER, comment: null, createdAt: '2026-11-22T01:00:00.000Z', completedAt: null, ...over,
  };
}

export function pageOf<T>(content: T[], page = 0, size = 10, totalElements = content.length) {
  return { content, page, size, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / size)) };
}

/** A writer on contract 7 (DRAFT unless told), with the contract page's own calls answered. */
export function serveContract(permissions: string[] = WRITER, contract: Parameters<typeof detailOf>[0] = {}): FakeApi {
  return signInAs(permissions)
    .on(getConhubContractV3, ok(detailOf({ status: 'IN_REVIEW', ...contract })))
    .on(getContractPermissions, ok(permissionsOf()));
}
