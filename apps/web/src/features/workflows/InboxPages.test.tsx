import { actOnCurrentStep, countAssignmentsByMember, getCurrentWorkflow, listApprovals, listToBeAssignedV2, listUsersWithDivisions } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { signInAs } from '../contracts/contracts.test-support';
import { isMyTurn } from './ApprovalsPage';
import { APPROVER, MEMBER, REVIEWER, approvalOf, pageOf, summaryOf, workflowOf } from './workflows.test-support';

const approver = (userId: number, lineOrder: number, decision: 'PENDING' | 'APPROVED' = 'PENDING') =>
  ({ userId, displayName: `u${userId}`, lineOrder, decision, decidedAt: null, comment: null, documentRevision: null });

describe('isMyTurn', () => {
  it('is the caller\'s turn only on the earliest undecided line of an approval in progress', () => {
    const line = approvalOf(1, { approvers: [approver(44, 1, 'APPROVED'), approver(41, 2), approver(45, 3)] });
    expect(isMyTurn(line, 41)).toBe(true);
    expect(isMyTurn(line, 45)).toBe(false);
    expect(isMyTurn(line, 44)).toBe(false);
    expect(isMyTurn({ ...line, status: 'CANCELED' }, 41)).toBe(false);
    expect(isMyTurn(line, null)).toBe(false);
  });
});

describe('the approvals inbox', () => {
  it('lists what waits on me and approves with the revision of the contract\'s workflow', { timeout: 25_000 }, async () => {
    const fake = signInAs(['contract.contract.read', 'approval.approval.approve'])
      .on(listApprovals, ok(pageOf([approvalOf(31, { approvers: [approver(MEMBER.userId, 1)] })])))
      .on(getCurrentWorkflow, ok(workflowOf({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', revision: 9, allowedActions: [{ stepCode: 'APPROVAL', actionId: 'APPROVE' }] })))
      .on(actOnCurrentStep, ok(workflowOf({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING' })));
    const { router } = renderApp('/hanbit/workflows/approvals');
    const table = await screen.findByRole('table', { name: '결재함' }, { timeout: 8000 });
    expect(fake.calls(listApprovals)[0]!.query.get('waitingOnMe')).toBe('true');
    await userEvent.click(within(table).getByRole('button', { name: '용역계약 7 승인' }));
    const dialog = await screen.findByRole('dialog', { name: '승인' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '의견 (선택)' }), '이상 없습니다.');
    await userEvent.click(within(dialog).getByRole('button', { name: '승인' }));
    await waitFor(() => expect(fake.calls(actOnCurrentStep)).toHaveLength(1));
    expect(fake.calls(actOnCurrentStep)[0]!.body).toMatchObject({ stepCode: 'APPROVAL', actionId: 'APPROVE', revision: 9, comment: '이상 없습니다.' });

    // "All" lives in the address and drops the waiting filter.
    await userEvent.click(screen.getByText('전체'));
    await waitFor(() => expect(router.state.location.search).toBe('?view=all'));
    await waitFor(() => expect(fake.calls(listApprovals).at(-1)!.query.has('waitingOnMe')).toBe(false));
  });

  it('says someone acted meanwhile when the decision answers 409', { timeout: 25_000 }, async () => {
    signInAs(['contract.contract.read', 'approval.approval.approve'])
      .on(listApprovals, ok(pageOf([approvalOf(31, { approvers: [approver(MEMBER.userId, 1)] })])))
      .on(getCurrentWorkflow, ok(workflowOf({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', revision: 9 })))
      .on(actOnCurrentStep, fail(409, 'ERROR_CONFLICT', 'stale'));
    renderApp('/hanbit/workflows/approvals');
    await userEvent.click(await screen.findByRole('button', { name: '용역계약 7 반려' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '반려' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '의견' }), '금액 확인 필요');
    await userEvent.click(within(dialog).getByRole('button', { name: '반려' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('그사이 다른 사람이 먼저 처리했습니다');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the assignment board', () => {
  it('lists requests to assign and each reviewer\'s load, and assigns from a row', { timeout: 25_000 }, async () => {
    const fake = signInAs(['contract.contract.read', 'legal.review.assign'])
      .on(listToBeAssignedV2, ok(pageOf([summaryOf(900, { contractId: 7, contractTitle: '용역계약 7' })])))
      .on(countAssignmentsByMember, ok([{ ...REVIEWER, inReview: 3, returned: 1, completedLast30Days: 7 }, { ...APPROVER, inReview: 0, returned: 0, completedLast30Days: 2 }]))
      .on(getCurrentWorkflow, ok(workflowOf({ processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', revision: 2 })))
      .on(listUsersWithDivisions, ok([{ ...REVIEWER, email: null, divisionName: '법무팀', jobTitle: null }]))
      .on(actOnCurrentStep, ok(workflowOf()));
    renderApp('/hanbit/workflows/assignments');
    const chart = await screen.findByRole('list', { name: '검토자별 업무량' }, { timeout: 8000 });
    expect(within(chart).getByRole('listitem', { name: '박지훈: 검토 중 3, 반송 1, 최근 30일 완료 7' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '배정을 기다리는 요청' });
    await userEvent.click(within(table).getByRole('button', { name: '용역계약 7 배정' }));
    const dialog = await screen.findByRole('dialog', { name: '배정' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: '검토자' }));
    await userEvent.click(await screen.findByRole('option', { name: /^박지훈/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '배정' }));
    await waitFor(() => expect(fake.calls(actOnCurrentStep)).toHaveLength(1));
    expect(fake.calls(actOnCurrentStep)[0]!.body).toMatchObject({ stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', revision: 2, assigneeUserIds: [43] });
  });

  it('is closed to a member without the assign permission', { timeout: 20_000 }, async () => {
    const fake = signInAs(['contract.contract.read']);
    renderApp('/hanbit/workflows/assignments');
    expect(await screen.findByRole('heading', { name: /권한/ }, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(listToBeAssignedV2)).toHaveLength(0);
  });
});
